package verify

import (
	"context"
	"net/netip"
)

// Status is the verdict on a request's claimed identity.
type Status string

const (
	Verified     Status = "verified"
	Spoofed      Status = "spoofed"
	Unverifiable Status = "unverifiable"
)

// Why a verdict is Unverifiable (Verdict.Reason).
const (
	// ReasonNothingPublished: the operator publishes no list and documents
	// no reverse DNS (or is unknown).
	ReasonNothingPublished = "nothing-published"
	// ReasonNoList: the operator publishes lists, but none for this
	// crawler, and documents no reverse DNS; the address is in none of its
	// lists.
	ReasonNoList = "no-list-for-crawler"
	// ReasonDNSOff: only reverse DNS could tell, and it is off.
	ReasonDNSOff = "dns-off"
	// ReasonDNSUnanswered: reverse DNS gave no answer (no resolver,
	// refused, timed out, or the lookup budget was spent).
	ReasonDNSUnanswered = "dns-unanswered"
	// ReasonNoAddress: the request has no client address.
	ReasonNoAddress = "no-address"
)

// Verifier judges claimed identities. A nil DNS turns reverse DNS off
// (--no-dns).
type Verifier struct {
	Ranges *Ranges
	DNS    *DNS
}

// Verdict is a Verify answer and how it was reached.
type Verdict struct {
	Status Status `json:"status"`
	// Method is "ip-list", "dns" (forward-confirmed reverse DNS), or ""
	// when Unverifiable.
	Method string `json:"method,omitempty"`
	// Name is the confirmed host name when Method is "dns".
	Name string `json:"name,omitempty"`
	// List is the list (a Source's File) the address was found in, when
	// Verified by "ip-list".
	List string `json:"list,omitempty"`
	// UserTriggered: List is a list of user-triggered fetchers.
	UserTriggered bool `json:"userTriggered,omitempty"`
	// Reason says why a verdict is Unverifiable (a Reason constant).
	Reason string `json:"reason,omitempty"`
}

// Verify judges a request from addr that claims a crawler of operator,
// by all of the operator's lists (VerifyCrawler checks a crawler against
// its own):
//
//   - in one of the operator's published lists: Verified;
//   - else, if the operator documents reverse DNS and DNS is on: a
//     confirmed name is Verified, a refuted one Spoofed;
//   - else, if the operator publishes lists (loaded here): Spoofed, since
//     the address is in none of them;
//   - else (nothing to check against, or DNS gave no answer):
//     Unverifiable, with the reason.
func (v *Verifier) Verify(ctx context.Context, operator string, addr netip.Addr) Verdict {
	return v.verify(ctx, operator, "", addr)
}

// VerifyCrawler judges a request from addr that claims the crawler token
// of operator. The lists that name the crawler (Source.Crawlers) decide:
// an address in none of them is not the crawler, even when another list
// of the operator holds it (a ChatGPT-User address claiming GPTBot is
// Spoofed). A crawler that no list names is Verified by any list of its
// operator, and otherwise left to reverse DNS or Unverifiable, never
// Spoofed by lists that do not speak for it.
func (v *Verifier) VerifyCrawler(ctx context.Context, operator, token string, addr netip.Addr) Verdict {
	if token == "" {
		return Verdict{Status: Unverifiable, Reason: ReasonNothingPublished}
	}
	return v.verify(ctx, operator, token, addr)
}

func (v *Verifier) verify(ctx context.Context, operator, token string, addr netip.Addr) Verdict {
	op := findOperator(operator)
	if op == nil {
		return Verdict{Status: Unverifiable, Reason: ReasonNothingPublished}
	}
	if !addr.IsValid() {
		return Verdict{Status: Unverifiable, Reason: ReasonNoAddress}
	}
	named := token != "" && op.names(token)
	hasList := false // a list that speaks for the claim is loaded
	if v.Ranges != nil {
		for i := range op.Sources {
			s := &op.Sources[i]
			if named && !s.names(token) {
				continue
			}
			if !v.Ranges.HasList(s.File) {
				continue
			}
			hasList = true
			if v.Ranges.InList(s.File, addr) {
				return Verdict{Status: Verified, Method: "ip-list", List: s.File, UserTriggered: s.UserTriggered}
			}
		}
	}
	canSpoof := hasList && (token == "" || named)
	reason := ReasonNothingPublished
	if len(op.DNS) > 0 {
		if v.DNS == nil {
			reason = ReasonDNSOff
		} else {
			switch res, name := v.DNS.Check(ctx, operator, op.DNS, addr); res {
			case DNSConfirmed:
				return Verdict{Status: Verified, Method: "dns", Name: name}
			case DNSRefuted:
				return Verdict{Status: Spoofed, Method: "dns"}
			}
			reason = ReasonDNSUnanswered
		}
	} else if hasList {
		reason = ReasonNoList
	}
	if canSpoof {
		return Verdict{Status: Spoofed, Method: "ip-list"}
	}
	return Verdict{Status: Unverifiable, Reason: reason}
}

// Checkable reports whether the operator publishes anything to verify its
// crawlers by (a list or reverse-DNS domains).
func Checkable(operator string) bool {
	op := findOperator(operator)
	return op != nil && (len(op.DNS) > 0 || len(op.Sources) > 0)
}
