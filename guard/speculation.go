package guard

import (
	"context"
	"errors"
	"time"

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

// checkPreloading asks the tab whether the browser preloads (the Preload
// domain reports the state when enabled) and refuses a browser that does.
// A browser without the Preload domain predates speculation rules' loads
// in other processes and is let through.
func checkPreloading(ctx context.Context, tab cdp.Session) error {
	cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	states := cdp.Events(cctx, tab, preload.PreloadEnabledStateUpdated)
	if _, err := cdp.Call(cctx, tab, preload.Enable, cdp.Empty{}); err != nil {
		return nil
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
	return errors.New("guard: the browser did not say whether it makes speculative loads (Preload domain)")
}
