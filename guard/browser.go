package guard

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/gate"
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

// LaunchOption changes how Launch starts Chromium.
type LaunchOption func(*launchConfig)

type launchConfig struct {
	userAgent string
	proxy     string
	guarded   *Proxy
	flags     map[string]any
	prefs     map[string]any
	dataDir   string
	headful   bool
}

// WithUserAgent sets the browser's User-Agent header for every tab and
// worker (Chromium's --user-agent). Give it your crawler's, with its
// product token: robots.txt is fetched with it too.
func WithUserAgent(ua string) LaunchOption { return func(c *launchConfig) { c.userAgent = ua } }

// WithProxy sends the browser's requests through a proxy
// (Chromium's --proxy-server, such as "http://proxy:3128").
func WithProxy(proxy string) LaunchOption { return func(c *launchConfig) { c.proxy = proxy } }

// WithGuardProxy sends every request of the browser, loopback included,
// through the guard's proxy p (Chromium's --proxy-server and
// --proxy-bypass-list=<-loopback>): once the guard's process is gone, the
// browser reaches nothing. Give the Guard the same p (Guard.Proxy). It
// cannot be combined with WithProxy.
func WithGuardProxy(p *Proxy) LaunchOption { return func(c *launchConfig) { c.guarded = p } }

// WithFlag adds a command-line flag ("name", without the dashes; true for
// a flag without a value). The guard's own flags cannot be taken away:
// disable-features is added to, not replaced.
func WithFlag(name string, value any) LaunchOption {
	return func(c *launchConfig) {
		if c.flags == nil {
			c.flags = map[string]any{}
		}
		c.flags[name] = value
	}
}

// WithPref sets a profile preference, by its dotted name
// ("intl.accept_languages"), in the profile's Preferences file before the
// browser starts. The guard's own (network prediction off) win.
func WithPref(name string, value any) LaunchOption {
	return func(c *launchConfig) {
		if c.prefs == nil {
			c.prefs = map[string]any{}
		}
		c.prefs[name] = value
	}
}

// WithUserDataDir runs the browser on the profile in dir, which is kept
// (by default a new empty profile is made and removed with the browser).
func WithUserDataDir(dir string) LaunchOption { return func(c *launchConfig) { c.dataDir = dir } }

// WithHeadful shows the browser's window (by default it is headless).
func WithHeadful() LaunchOption { return func(c *launchConfig) { c.headful = true } }

// guardPrefs are the profile preferences of every browser Launch starts.
// Network prediction off (2 is "never"): Chromium then makes no
// speculative loads, speculation rules' prefetch and prerender included,
// whose requests the browser makes outside the pages' loaders, where the
// Fetch domain does not pause them.
var guardPrefs = map[string]any{"net.network_prediction_options": 2}

// Launch starts a headless Chromium (execPath; "" finds one) with a new
// empty profile and returns a chromedp context for its first tab. The
// browser and the profile go away with cancel.
//
// The flags keep the browser from making requests of its own (component
// updates, sync, background networking) and from using QUIC, whose
// requests the guard would see all the same but which loopback tests do
// not serve; the profile turns network prediction off (guardPrefs).
func Launch(ctx context.Context, execPath string, options ...LaunchOption) (context.Context, context.CancelFunc, error) {
	var conf launchConfig
	for _, o := range options {
		o(&conf)
	}
	if execPath == "" {
		p, err := FindChromium()
		if err != nil {
			return nil, nil, err
		}
		execPath = p
	}
	dir, remove := conf.dataDir, false
	if dir == "" {
		d, err := os.MkdirTemp("", "robotstxt-browse-")
		if err != nil {
			return nil, nil, err
		}
		dir, remove = d, true
	}
	prefs := maps.Clone(conf.prefs)
	if prefs == nil {
		prefs = map[string]any{}
	}
	maps.Copy(prefs, guardPrefs)
	if err := writePrefs(filepath.Join(dir, "Default", "Preferences"), prefs); err != nil {
		if remove {
			os.RemoveAll(dir)
		}
		return nil, nil, fmt.Errorf("guard: the profile's preferences: %w", err)
	}
	// Keep sandboxed about:srcdoc and about:blank frames in their parent's
	// process, where the guard's websocket check reaches them before their
	// first line (in a process of their own, Chromium starts them without
	// the pause the guard asks for).
	features := "IsolateSandboxedIframes"
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(execPath),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.UserDataDir(dir),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-default-browser-check", true),
		chromedp.WindowSize(1280, 800),
	}
	if !conf.headful {
		opts = append(opts, chromedp.Headless)
	}
	if conf.userAgent != "" {
		opts = append(opts, chromedp.UserAgent(conf.userAgent))
	}
	if conf.proxy != "" && conf.guarded != nil {
		if remove {
			os.RemoveAll(dir)
		}
		return nil, nil, errors.New("guard: WithProxy and WithGuardProxy: the browser has one proxy")
	}
	if conf.proxy != "" {
		opts = append(opts, chromedp.ProxyServer(conf.proxy))
	}
	if p := conf.guarded; p != nil {
		opts = append(opts, chromedp.ProxyServer(p.URL()), chromedp.Flag("proxy-bypass-list", "<-loopback>"))
	}
	for name, v := range conf.flags {
		if name == "disable-features" {
			if s, ok := v.(string); ok && s != "" {
				features += "," + s
			}
			continue
		}
		opts = append(opts, chromedp.Flag(name, v))
	}
	opts = append(opts, chromedp.Flag("disable-features", features))
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	bctx, cancelBrowser := chromedp.NewContext(actx, chromedp.WithErrorf(QuietErrorf(log.Printf)))
	cancel := func() {
		cancelBrowser()
		cancelAlloc()
		if remove {
			os.RemoveAll(dir)
		}
	}
	if err := chromedp.Do(bctx); err != nil {
		cancel()
		return nil, nil, fmt.Errorf("guard: starting %s: %w", execPath, err)
	}
	return bctx, cancel, nil
}

// writePrefs merges prefs (dotted names) into the Preferences file at
// path, which Chromium reads when it starts.
func writePrefs(path string, prefs map[string]any) error {
	doc := map[string]any{}
	if b, err := os.ReadFile(path); err == nil {
		if err := json.Unmarshal(b, &doc); err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if doc == nil {
		doc = map[string]any{} // the file said null
	}
	for name, v := range prefs {
		setPref(doc, strings.Split(name, "."), v)
	}
	b, err := json.Marshal(doc)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o600)
}

// setPref sets the value at the path of names in doc, making the objects
// on the way (and replacing what is not one).
func setPref(doc map[string]any, names []string, v any) {
	for _, n := range names[:len(names)-1] {
		next, ok := doc[n].(map[string]any)
		if !ok {
			next = map[string]any{}
			doc[n] = next
		}
		doc = next
	}
	doc[names[len(names)-1]] = v
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

// Page is what LoadPage saw of one page load.
type Page struct {
	URL string // the URL asked for
	// Failed is the browser's error text when the navigation failed
	// ("net::ERR_BLOCKED_BY_CLIENT" when the guard stopped the document
	// or one of its redirects).
	Failed string
	// Navigation are the records of the tab's top-level documents: the
	// first, its redirects, and those that replaced it (client-side
	// redirects). The last one is what the page ended as.
	Navigation []Record
	// Records are the records of the requests made from the navigation's
	// start until the wait ended, in every tab and worker of the browser
	// (a popup the page opened included), in the order they were made.
	Records []Record
}

// Final is the record of the document the page ended as, nil when none
// was requested.
func (p *Page) Final() *Record {
	if len(p.Navigation) == 0 {
		return nil
	}
	return &p.Navigation[len(p.Navigation)-1]
}

// Loaded reports whether the page ended as an admitted document that the
// target answered, and the navigation did not fail.
func (p *Page) Loaded() bool {
	f := p.Final()
	return p.Failed == "" && f != nil && f.Action == gate.Admit && f.TargetStatus.Code != 0
}

// Load is LoadPage returning the browser's error text only.
func (g *Guard) Load(ctx context.Context, rawURL string, wait Wait) (failed string, err error) {
	p, err := g.LoadPage(ctx, rawURL, wait)
	return p.Failed, err
}

// LoadPage navigates the tab of ctx (guarded by g) to rawURL and waits
// until the page loaded as wait says, or the navigation failed, or ctx
// ended, and returns that page's records. Pages loaded one after the other
// in one browser (a batch) each get their own: the records made while each
// loaded.
func (g *Guard) LoadPage(ctx context.Context, rawURL string, wait Wait) (Page, error) {
	p := Page{URL: rawURL}
	g.mu.Lock()
	start := len(g.records)
	g.mu.Unlock()
	failed, err := g.load(ctx, rawURL, wait)
	p.Failed = failed
	c := chromedp.FromContext(ctx)
	g.mu.Lock()
	end := len(g.records)
	g.mu.Unlock()
	p.Records = g.recordsRange(start, end)
	for i := range p.Records {
		// Still waiting for its decision: a hold, not a zero record.
		g.undecidedWhenRead(&p.Records[i])
	}
	if c != nil && c.Target != nil {
		for _, r := range p.Records {
			if r.ResourceType == TypeDocument && r.Tab == string(c.Target.TargetID) {
				p.Navigation = append(p.Navigation, r)
			}
		}
	}
	return p, err
}

func (g *Guard) load(ctx context.Context, rawURL string, wait Wait) (failed string, err error) {
	c := chromedp.FromContext(ctx)
	if c == nil {
		return "", errors.New("guard: Load with no chromedp context")
	}
	if c.Target == nil {
		// A tab of the program's own, not started yet (chromedp.NewContext
		// on the guarded browser): the guard follows it from its start.
		if err := chromedp.Do(ctx); err != nil {
			return "", err
		}
	}
	t := c.Target
	// A new tab: the guard prepares it before it navigates (tabs.go).
	if err := g.tabReady(ctx, cdp.FrameID(t.TargetID)); err != nil {
		return "", fmt.Errorf("guard: this tab could not be guarded: %w", err)
	}
	var s cdp.Session = t
	// A crash of the tab, or the browser gone, ends the wait (gone.go).
	lctx, cancel := g.tabLife(ctx, t)
	defer cancel()
	loaded := cdp.Events(lctx, s, page.LoadEventFired)
	life := cdp.Events(lctx, s, page.LifecycleEvent)
	res, err := cdp.Call(lctx, s, page.Navigate, page.NavigateParams{URL: rawURL})
	if err != nil {
		return "", loadEnded(ctx, lctx, err)
	}
	if res.ErrorText != "" {
		return res.ErrorText, nil
	}
	switch wait {
	case WaitNetworkIdle:
		// The page's own document, or one that replaced it (a client-side
		// redirect: location.replace, a meta refresh, or the error page of
		// one the guard blocked), each with a loader of its own.
		loaders := map[cdp.LoaderID]bool{res.LoaderID: true}
		for ev, err := range life {
			if err != nil {
				return "", loadEnded(ctx, lctx, err)
			}
			if ev.FrameID != cdp.FrameID(t.TargetID) {
				continue
			}
			if ev.Name == "init" {
				loaders[ev.LoaderID] = true
			}
			if ev.Name == "networkIdle" && loaders[ev.LoaderID] {
				return "", nil
			}
		}
	default:
		for _, err := range loaded {
			if err != nil {
				return "", loadEnded(ctx, lctx, err)
			}
			return "", nil
		}
	}
	// The tab's events ended: its session is gone.
	return "", loadEnded(ctx, lctx, nil)
}

// Screenshot captures the visible part of the page as PNG.
func Screenshot(ctx context.Context) ([]byte, error) {
	sctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	return chromedp.Run(sctx, chromedp.CaptureScreenshot())
}
