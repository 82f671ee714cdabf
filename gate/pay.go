package gate

import (
	"context"
	"time"

	"github.com/robotstxt/robotstxt/fetch"
)

// TargetPaymentRequired is the target status of a page answered 402 (pay
// per crawl): neither a success nor an error. It is not retried blindly:
// the origin is held, as for a 429, unless the crawler accepts the price.
const TargetPaymentRequired = "payment-required"

// DefaultPaymentHold is how long a target's 402 without Retry-After holds
// its origin: the same request gets the same answer until the crawler
// offers a price, so asking again soon only repeats it.
const DefaultPaymentHold = time.Hour

// ReportPayment records a target's 402 answer with its crawler-price
// (price, "" when the answer gave none). When the Politeness's MaxPrice
// covers the price (same currency, not more), nothing is held and accepted
// is true: the crawler asks again offering its price (crawler-max-price,
// signed). Otherwise the origin is held for retryAfter (capped at MaxHold)
// or DefaultPaymentHold, the price in the hold's detail.
func (p *Politeness) ReportPayment(ctx context.Context, origin, price string, retryAfter time.Duration, now time.Time) (h OriginHold, held, accepted bool, err error) {
	if covers(p.MaxPrice, price) {
		return OriginHold{}, false, true, nil
	}
	d := DefaultPaymentHold
	if retryAfter > 0 {
		d = min(retryAfter, orDur(p.MaxHold, DefaultMaxHold))
	}
	until := now.Add(d).UTC()
	if r := until.Truncate(time.Second); !r.Equal(until) {
		until = r.Add(time.Second)
	}
	h = OriginHold{Until: until, HTTPStatus: 402, Detail: TargetPaymentRequired}
	switch {
	case price != "" && p.MaxPrice != "":
		h.Detail += ": crawler-price " + price + " above the crawler's " + p.MaxPrice
	case price != "":
		h.Detail += ": crawler-price " + price
	}
	if retryAfter > 0 {
		h.Detail += "; Retry-After " + retryAfter.String()
	}
	return h, true, false, p.s().HoldOrigin(ctx, origin, h)
}

// covers reports whether the price offered max pays the price asked.
func covers(max, price string) bool {
	if max == "" || price == "" {
		return false
	}
	m, err1 := fetch.ParsePrice(max)
	a, err2 := fetch.ParsePrice(price)
	return err1 == nil && err2 == nil && m.Currency == a.Currency && m.Micros >= a.Micros
}
