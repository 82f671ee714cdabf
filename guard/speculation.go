package guard

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/chromedp/cdproto"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/preload"
)

// ErrSpeculativeLoads is returned by Attach for a browser that makes
// speculative loads: speculation rules' prefetch and prerender, which
// Chromium makes outside the pages' loaders, where the Fetch domain does
// not pause them (the leak page's test counts them at its servers). No
// command-line flag of Chromium turns them off; the profile preference
// net.network_prediction_options = 2 does. Launch sets it; for a browser
// you start yourself, write it in the profile's Default/Preferences before
// the start (see docs/browse.md).
var ErrSpeculativeLoads = errors.New(`guard: this browser makes speculative loads (speculation rules' prefetch and prerender), which the guard cannot intercept: start it on a profile whose Default/Preferences file sets {"net": {"network_prediction_options": 2}} (guard.Launch does; see docs/browse.md)`)

// ErrPreloadingUnknown is returned by Attach for a browser whose Preload
// domain answers but does not report whether it makes speculative loads.
// Chromium's headless shell (Debian's chromium-headless-shell, and what
// Playwright launches headless unless given another browser) is one: it
// makes speculation rules' prefetch and prerender whatever its profile
// says, out of the Fetch domain's sight (TestAttachRefusesHeadlessShell
// loads the leak page in one, unguarded, and counts them at the servers).
// Launch the full Chromium instead.
var ErrPreloadingUnknown = errors.New("guard: the browser did not say whether it makes speculative loads (Preload domain): Chromium's headless shell (chromium-headless-shell, Playwright's default headless browser) makes them whatever its profile says, out of the guard's sight; launch the full Chromium (Playwright: executablePath or channel \"chromium\"; see docs/browse.md)")

// checkPreloading asks the tab whether the browser preloads (the Preload
// domain reports the state when enabled) and refuses a browser that does.
// A browser without the Preload domain (it answers that the method does
// not exist) predates speculation rules' loads in other processes and is
// let through. Any other failure to ask, a timeout on a loaded machine
// included, refuses: the answer must not depend on how fast the browser
// answers (it once let a browser with prediction on through).
func checkPreloading(ctx context.Context, tab cdp.Session) error {
	cctx, cancel := context.WithTimeout(ctx, preloadWait)
	defer cancel()
	states := cdp.Events(cctx, tab, preload.PreloadEnabledStateUpdated)
	if _, err := cdp.Call(cctx, tab, preload.Enable, cdp.Empty{}); err != nil {
		var e *cdproto.Error
		if errors.As(err, &e) && e.Code == methodNotFound {
			return nil
		}
		return fmt.Errorf("%w (Preload.enable: %v)", ErrPreloadingUnknown, err)
	}
	defer cdp.Call(ctx, tab, preload.Disable, cdp.Empty{})
	for ev, err := range states {
		if err != nil {
			break
		}
		if !ev.DisabledByPreference && !ev.DisabledByDataSaver && !ev.DisabledByBatterySaver &&
			!(ev.DisabledByHoldbackPrefetchSpeculationRules && ev.DisabledByHoldbackPrerenderSpeculationRules) {
			return ErrSpeculativeLoads
		}
		return nil
	}
	return ErrPreloadingUnknown
}

// preloadWait bounds the question; generous, for a loaded machine (a
// browser that does not answer in time is refused, not let through).
const preloadWait = 30 * time.Second

// methodNotFound is JSON-RPC's error code for a method the browser does
// not have.
const methodNotFound = -32601
