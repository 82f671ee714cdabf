package guard

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"os/exec"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// ErrNoChromium is returned by FindChromium when no browser is installed.
var ErrNoChromium = errors.New("guard: Chromium is not installed (Debian/Ubuntu: apt-get install -y chromium; or set ROBOTSTXT_CHROMIUM to its path)")

// FindChromium returns the path of a Chromium or Chrome binary:
// $ROBOTSTXT_CHROMIUM, else the first of chromium, chromium-browser,
// google-chrome found on the PATH.
func FindChromium() (string, error) {
	for _, name := range []string{os.Getenv("ROBOTSTXT_CHROMIUM"), "/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome"} {
		if name == "" {
			continue
		}
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", ErrNoChromium
}

// Launch starts a headless Chromium (execPath; "" finds one) with a new
// empty profile and returns a chromedp context for its first tab. The
// browser and the profile go away with cancel.
//
// The flags keep the browser from making requests of its own (component
// updates, sync, background networking) and from using QUIC, whose
// requests the guard would see all the same but which loopback tests do
// not serve.
func Launch(ctx context.Context, execPath string) (context.Context, context.CancelFunc, error) {
	if execPath == "" {
		p, err := FindChromium()
		if err != nil {
			return nil, nil, err
		}
		execPath = p
	}
	dir, err := os.MkdirTemp("", "robotstxt-browse-")
	if err != nil {
		return nil, nil, err
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(execPath),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.UserDataDir(dir),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-default-browser-check", true),
		// Keep sandboxed about:srcdoc and about:blank frames in their
		// parent's process, where the guard's websocket check reaches them
		// before their first line (in a process of their own, Chromium
		// starts them without the pause the guard asks for).
		chromedp.Flag("disable-features", "IsolateSandboxedIframes"),
		chromedp.WindowSize(1280, 800),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	bctx, cancelBrowser := chromedp.NewContext(actx, chromedp.WithErrorf(QuietErrorf(log.Printf)))
	cancel := func() {
		cancelBrowser()
		cancelAlloc()
		os.RemoveAll(dir)
	}
	if err := chromedp.Do(bctx); err != nil {
		cancel()
		return nil, nil, fmt.Errorf("guard: starting %s: %w", execPath, err)
	}
	return bctx, cancel, nil
}

// QuietErrorf wraps chromedp's error logger (chromedp.WithErrorf) so that
// it drops the line chromedp writes when a session it did not attach ends:
// "executor for ... doesn't exist". The guard's browser-wide attachment to
// shared workers makes one per worker; it is not an error. Launch uses it;
// give it to the browsers you start yourself.
func QuietErrorf(f func(string, ...any)) func(string, ...any) {
	return func(format string, args ...any) {
		if format == "executor for %q doesn't exist" {
			return
		}
		f(format, args...)
	}
}

// Wait says when a page load is over.
type Wait string

const (
	WaitLoad        Wait = "load"        // the load event of the top-level document
	WaitNetworkIdle Wait = "networkidle" // no request for 500 ms after the load
)

// Load navigates the tab of ctx (guarded by g) to rawURL and waits until
// the page loaded as wait says, or the navigation failed, or ctx ended. It
// returns the browser's error text when the navigation failed
// ("net::ERR_BLOCKED_BY_CLIENT" when the guard stopped the document or one
// of its redirects); the records say why.
func (g *Guard) Load(ctx context.Context, rawURL string, wait Wait) (failed string, err error) {
	t := chromedp.FromContext(ctx).Target
	if t == nil {
		return "", errors.New("guard: Load before Attach")
	}
	var s cdp.Session = t
	lctx, cancel := context.WithCancel(ctx)
	defer cancel()
	loaded := cdp.Events(lctx, s, page.LoadEventFired)
	life := cdp.Events(lctx, s, page.LifecycleEvent)
	res, err := cdp.Call(ctx, s, page.Navigate, page.NavigateParams{URL: rawURL})
	if err != nil {
		return "", err
	}
	if res.ErrorText != "" {
		return res.ErrorText, nil
	}
	switch wait {
	case WaitNetworkIdle:
		for ev, err := range life {
			if err != nil {
				return "", err
			}
			if ev.Name == "networkIdle" && ev.FrameID == g.mainFrame && ev.LoaderID == res.LoaderID {
				return "", nil
			}
		}
	default:
		for _, err := range loaded {
			if err != nil {
				return "", err
			}
			return "", nil
		}
	}
	return "", ctx.Err()
}

// Screenshot captures the visible part of the page as PNG.
func Screenshot(ctx context.Context) ([]byte, error) {
	sctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	return chromedp.Run(sctx, chromedp.CaptureScreenshot())
}
