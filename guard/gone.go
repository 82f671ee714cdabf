package guard

import (
	"context"
	"errors"
	"fmt"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/inspector"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// ErrCrashed is returned by Load and LoadPage when the tab's renderer
// crashed (or was killed) while the page loaded.
var ErrCrashed = errors.New("guard: the page's renderer crashed")

// ErrBrowserGone is returned by Load and LoadPage when the connection to
// the browser was lost while the page loaded: the browser crashed, was
// killed, or was closed.
var ErrBrowserGone = errors.New("guard: the browser went away (crashed, killed or closed)")

// errTabGone: the tab's session ended with the browser still there.
var errTabGone = errors.New("guard: the tab was closed while the page loaded")

// tabLife returns a context for a page load in the tab t that ends, with
// ErrCrashed as its cause, when the browser reports the tab crashed.
func (g *Guard) tabLife(ctx context.Context, t *chromedp.Target) (context.Context, context.CancelFunc) {
	lctx, cancel := context.WithCancelCause(ctx)
	// The browser reports it to a client that discovers targets; the tab's
	// own session, once its Inspector domain is on.
	crashed := cdp.Events(lctx, g.browser, target.TargetCrashed) // subscribed now
	tabCrashed := cdp.Events(lctx, t, inspector.TargetCrashed)
	go func() {
		for ev, err := range crashed {
			if err != nil {
				return
			}
			if ev.TargetID == t.TargetID {
				cancel(fmt.Errorf("%w (%s, code %d)", ErrCrashed, ev.Status, ev.ErrorCode))
				return
			}
		}
	}()
	go func() {
		for _, err := range tabCrashed {
			if err == nil {
				cancel(ErrCrashed)
			}
			return
		}
	}()
	cdp.Call(lctx, t, inspector.Enable, cdp.Empty{})
	return lctx, func() { cancel(nil) }
}

// loadEnded says why a page load in lctx (from tabLife, within ctx) ended
// with err, or with its events' end (err nil): the tab crashed, the browser
// went away, or err itself.
func loadEnded(ctx, lctx context.Context, err error) error {
	if c := context.Cause(lctx); errors.Is(c, ErrCrashed) {
		return c
	}
	if browserLost(ctx) {
		return ErrBrowserGone
	}
	if err == nil {
		if err = ctx.Err(); err == nil {
			err = errTabGone
		}
	}
	return err
}

// browserLost reports whether the connection to the browser of ctx is lost.
func browserLost(ctx context.Context) bool {
	c := chromedp.FromContext(ctx)
	if c == nil || c.Browser == nil {
		return false
	}
	select {
	case <-c.Browser.LostConnection:
		return true
	default:
		return false
	}
}
