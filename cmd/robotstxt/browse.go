package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/netip"
	"net/url"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/remote"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/guard"
	"github.com/robotstxt/robotstxt/netguard"
)

func runBrowse(ctx context.Context, c *cli, args []string) error {
	fs := c.newFlags("browse", "--agent TOKEN [--scope FILE] [--allow-private] [--wait load|networkidle] [--screenshot FILE] [--records FILE] [--json] [--attach ENDPOINT] [--gate-url URL] [--urls FILE|-] [URL]",
		`Load URL in headless Chromium with every request of the page decided first
by robots.txt for TOKEN: the document, its redirects, images, scripts,
stylesheets, fonts, frames (from other sites too), fetch() and XHR calls,
workers' requests and websockets. A request robots.txt disallows, or the
scope denies, fails in the browser as blocked by the client and never
reaches its origin; one whose robots.txt cannot be had (unreachable,
rate-limited) is held, and fails the same way unless --hold-wait lets it
wait. A ws: or wss: URL is decided by the robots.txt of its http: or https:
origin. data:, blob: and about: URLs are not subject to robots.txt.

Each origin's robots.txt is fetched once, by the crawler-side fetcher, not by
the browser. Without --scope, collection is approved for everything the page
loads, so robots.txt alone decides; with it, the scope file (YAML or JSON, as
for "robotstxt gate") decides collection too.

The page's requests and the robots.txt fetches refuse loopback, private and
link-local destinations unless --allow-private (or --allow-range) is given.

The summary counts the requests admitted, dropped and held per origin and
resource type, and says what the page lost. --records writes one decision
record per request (JSON Lines): the gate's fields plus resourceType,
frameURL, initiator, and targetStatus (the target's HTTP status, "blocked",
or null with targetError), apart from policyStatus.

Every tab, popup and window.open of the browser is guarded from its first
request, and the records say which tab (tabId). The browser started has
network prediction off, so that it makes no speculative loads (speculation
rules' prefetch and prerender), which no browser API lets the guard pause.
The page's User-Agent is the --user-agent header (default the agent token),
as for the robots.txt fetches.

--attach ENDPOINT guards a Chromium that someone else started with
--remote-debugging-port (Playwright, Puppeteer, a browser farm): ENDPOINT is
http://127.0.0.1:9222 or the browser's ws:// URL. With a URL, the page is
loaded in a new tab of that browser; without one, every tab, popup and
worker of the browser is guarded until the command is interrupted: the
records are written as the requests are answered or stopped (a service
worker's request for a frame, or a CORS preflight, up to 2 s later, once the
request it belongs to is known), and the summary when interrupted. The attached browser's requests get the
--user-agent header (default the agent token) from the guard. A document loaded before the guard
attached is recorded as unguarded. A script's own requests outside the
browser (Playwright's page.request, context.request, route.fetch; Node's
fetch) are not the browser's, and the guard cannot stop them:
--decide-addr 127.0.0.1:0 answers the guard's decisions for them (POST
/api/v1/decide, as serve --gate), for guardedFetch in integrations/browser,
which asks before it sends and records each. A browser that makes speculative loads
is refused: start it on a profile whose Default/Preferences sets
{"net": {"network_prediction_options": 2}} (see docs/browse.md). So is
Chromium's headless shell (Playwright's default headless browser), which
makes them whatever its profile says: attach to the full Chromium.
--attach exits with status 1 when the browser goes away (closed, crashed
or killed).

The guard is also the browser's proxy: the browser browse starts sends
every request through a proxy on a loopback port of this process, which
relays only what the guard admitted; should the command die, the browser
reaches nothing. With --attach, --proxy-addr 127.0.0.1:PORT serves that
proxy on a port you chose, and the browser must be started with
--proxy-server=http://127.0.0.1:PORT --proxy-bypass-list=<-loopback>
(Playwright: proxy: {server: 'http://127.0.0.1:PORT'}): the guard checks
that it is, and refuses a browser that is not. --attach needs
--proxy-addr, or --no-proxy to guard a browser started without the proxy,
which then goes on unguarded should this command die.

--json writes, instead of the text summary, one JSON object per page for
programs: url, finalURL, status (the final document's HTTP status, or
null), loaded, error, navigation, agent, requests, counts (admit, drop,
hold), notRecorded, robotsFetched, byType, and the records themselves
(records), or, with --records FILE, recordsFile and recordsLine (the first
line of the page's records in it). The fields are listed in docs/browse.md.

--urls FILE loads many pages, one after the other, in one browser and one
tab: the page URLs one per line (blank lines and lines starting with #
skipped; - reads standard input). Each page's robots.txt files are
fetched once for the whole batch. Each page gets its own summary (with
--json, one object per line: JSON Lines) and its own records, those made
while it loaded, written as each page ends.

--gate-url URL takes the decisions from the fleet's decision service
("robotstxt serve --gate" at URL, POST /api/v1/decide) instead of deciding
here: a farm of browsers then makes one robots.txt fetch per origin between
them and shares the fleet's holds; the scope is the service's. A service
that is down, answers with an error, or does not answer within
--gate-timeout holds the request: it is refused and recorded unresolved,
never let through. The destination check of the page's requests stays here.

Needs Chromium (Debian/Ubuntu: apt-get install chromium); --chromium or
$ROBOTSTXT_CHROMIUM give its path.

Exit status: 0 when the page (with --urls, every page) loaded, 1 when a
page's top-level document (or a redirect of it) was dropped or held, or did
not load, 2 on a usage error or when Chromium is missing.`,
		`  robotstxt browse --agent ExampleBot https://example.com/
  robotstxt browse --agent ExampleBot --records records.jsonl --wait networkidle https://example.com/
  robotstxt browse --agent ExampleBot --scope scope.yaml --screenshot page.png https://example.com/
  robotstxt browse --agent ExampleBot --allow-private http://127.0.0.1:8080/
  robotstxt browse --agent ExampleBot --attach http://127.0.0.1:9222 --proxy-addr 127.0.0.1:8899 --records records.jsonl
  robotstxt browse --agent ExampleBot --json https://example.com/
  robotstxt browse --agent ExampleBot --json --urls pages.txt > summaries.jsonl`)
	agent := fs.String("agent", "", "your crawler's product `token`, such as ExampleBot (required)")
	alias(fs, "agent", "a")
	scopeFile := fs.String("scope", "", "collection scope `file`, YAML or JSON (default: approve everything the page loads)")
	allowPrivate := fs.Bool("allow-private", false, "let the page and the robots.txt fetches reach loopback, private and link-local addresses; refused by default")
	var ranges prefixList
	fs.Var(&ranges, "allow-range", "let the page and the robots.txt fetches reach this address `range` (CIDR) although it is not public; repeatable")
	wait := fs.String("wait", "load", "when the page is loaded: `load` (the load event) or networkidle (no request for 500 ms)")
	shot := fs.String("screenshot", "", "write a PNG screenshot of the page, once loaded, to `file`")
	recordsFile := fs.String("records", "", "write the decision records, one JSON object per line, to `file` (-: standard output, and the summary to standard error)")
	ua := fs.String("user-agent", "", "User-Agent `header` of the page's requests and the robots.txt fetches (default: the agent token; an attached browser's requests get it too, its websockets keep its own)")
	var flags flagList
	fs.Var(&flags, "chromium-flag", "add this command-line `flag` (name or name=value, without dashes) to the Chromium started; repeatable")
	attach := fs.String("attach", "", "guard the Chromium at this DevTools `endpoint` (http://127.0.0.1:9222 or its ws:// URL) instead of starting one; without URL, until interrupted")
	proxyAddr := fs.String("proxy-addr", "", "with --attach: serve the guard's proxy at this loopback `address` (127.0.0.1:PORT), which the browser was started with as --proxy-server; it then reaches nothing once the guard is gone")
	noProxy := fs.Bool("no-proxy", false, "with --attach: guard a browser started without the guard's proxy (no --proxy-addr): should this command die, that browser goes on unguarded")
	decideAddr := fs.String("decide-addr", "", "with --attach: answer the guard's decisions for requests a script makes outside the browser (guardedFetch, integrations/browser) on this loopback `address` (127.0.0.1:0 picks a port); its URL is printed on standard error")
	holdWait := fs.Duration("hold-wait", 0, "let a held request wait up to this long for its origin's robots.txt to resolve, at least 1m (an unreachable robots.txt is fetched again after 1m, doubling; default: fail at once)")
	timeout := fs.Duration("timeout", 60*time.Second, "bound on the whole page load")
	chromium := fs.String("chromium", "", "`path` of the Chromium binary (default: $ROBOTSTXT_CHROMIUM, or chromium on the PATH)")
	gateURL := fs.String("gate-url", "", "take the decisions from the decision service (serve --gate) at this `URL`, such as http://127.0.0.1:8080, instead of deciding here")
	gateTokenFile := fs.String("gate-token-file", "", "with --gate-url: send the bearer token in this `file` (serve --gate-token-file)")
	gateTimeout := fs.Duration("gate-timeout", guard.DefaultRemoteTimeout, "with --gate-url: bound on one decision; a request the service has not decided by then is held")
	jsonOut := fs.Bool("json", false, "write one JSON summary object per page to standard output instead of the text summary")
	urlsFile := fs.String("urls", "", "load the page URLs in `file`, one per line (-: standard input), one after the other in one browser; a summary and records per page")
	purpose := fs.String("purpose", "", "what the crawler fetches for: train-ai, search or ai-input; a request whose `purpose` the site refuses (Content-Usage n, Content-Signal no) is blocked")
	// No --max-price: the browser's own requests offer no price.
	sign := addSignFlags(fs, "", false)
	if err := c.parseFlags(fs, args); err != nil {
		return err
	}
	if *purpose != "" && !robotstxt.IsPurpose(*purpose) {
		return usagef("browse: --purpose must be one of %s, not %q", strings.Join(robotstxt.Purposes, ", "), *purpose)
	}
	if !robotstxt.IsProductToken(*agent) {
		if *agent == "" {
			return usagef("browse: give your crawler's product token with --agent (run \"robotstxt browse --help\")")
		}
		return usagef("browse: --agent %q is not a product token (letters, digits, '-', '_' and '.', such as ExampleBot); give the full User-Agent header with --user-agent", *agent)
	}
	if *urlsFile != "" && fs.NArg() > 0 {
		return usagef("browse: give the page URLs with --urls or as an argument, not both")
	}
	if fs.NArg() > 1 || (fs.NArg() == 0 && *attach == "" && *urlsFile == "") {
		return usagef("browse: give one URL (run \"robotstxt browse --help\")")
	}
	target := fs.Arg(0)
	if err := browseURLCheck(target); target != "" && err != nil {
		return usagef("browse: %v", err)
	}
	targets := []string{target}
	if *urlsFile != "" {
		if *shot != "" {
			return usagef("browse: --screenshot takes one page, not --urls")
		}
		var r io.Reader = c.stdin
		if *urlsFile != "-" {
			f, err := os.Open(*urlsFile)
			if err != nil {
				return usagef("browse: %v", err)
			}
			defer f.Close()
			r = f
		}
		ts, err := readBrowseURLs(r)
		if err != nil {
			return usagef("browse: --urls %s: %v", browseClean(*urlsFile), err)
		}
		targets, target = ts, ts[0]
	}
	var remote *guard.RemoteGate
	if *gateURL != "" {
		u, err := url.Parse(*gateURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return usagef("browse: --gate-url %q is not the http or https URL of a decision service", *gateURL)
		}
		if *scopeFile != "" {
			return usagef("browse: --scope with --gate-url: the decision service's scope decides")
		}
		if *gateTimeout <= 0 {
			return usagef("browse: --gate-timeout must be positive")
		}
		remote = &guard.RemoteGate{URL: *gateURL, Agent: *agent, Purpose: *purpose, Timeout: *gateTimeout}
		if *gateTokenFile != "" {
			b, err := os.ReadFile(*gateTokenFile)
			if err != nil {
				return usagef("browse: --gate-token-file: %v", err)
			}
			if remote.Token = strings.TrimSpace(string(b)); remote.Token == "" {
				return usagef("browse: --gate-token-file %s is empty", browseClean(*gateTokenFile))
			}
		}
	} else if *gateTokenFile != "" {
		return usagef("browse: --gate-token-file without --gate-url")
	}
	if *jsonOut && *recordsFile == "-" {
		return usagef("browse: --json and --records - both write to standard output: give --records a file")
	}
	if *attach != "" {
		u, err := url.Parse(*attach)
		if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https" && u.Scheme != "ws" && u.Scheme != "wss") {
			return usagef("browse: --attach %q is not a DevTools endpoint (http://HOST:PORT or the browser's ws:// URL)", *attach)
		}
		if *chromium != "" || len(flags) > 0 {
			return usagef("browse: --attach with --chromium or --chromium-flag: the attached browser is someone else's")
		}
		// Fail closed by construction: without the proxy, the guard's
		// death would leave the browser unguarded; that takes a choice.
		if *proxyAddr == "" && !*noProxy {
			return usagef("browse: --attach needs --proxy-addr 127.0.0.1:PORT, the address the browser was started with as --proxy-server (it then reaches nothing once the guard is gone), or --no-proxy to guard it without that backstop (see docs/browse.md)")
		}
		if *proxyAddr != "" && *noProxy {
			return usagef("browse: --proxy-addr with --no-proxy: choose one")
		}
	} else if *proxyAddr != "" {
		return usagef("browse: --proxy-addr without --attach: the browser browse starts gets a proxy of the guard's own")
	} else if *noProxy {
		return usagef("browse: --no-proxy without --attach: the browser browse starts always goes through the guard's proxy")
	}
	if *decideAddr != "" {
		if *attach == "" {
			return usagef("browse: --decide-addr without --attach: it serves a script that drives the attached browser")
		}
		host, _, err := net.SplitHostPort(*decideAddr)
		if a, perr := netip.ParseAddr(host); err != nil || perr != nil || !a.IsLoopback() {
			return usagef("browse: --decide-addr %q is not a loopback address and port, such as 127.0.0.1:0", *decideAddr)
		}
	}
	var waitFor guard.Wait
	switch *wait {
	case "load":
		waitFor = guard.WaitLoad
	case "networkidle":
		waitFor = guard.WaitNetworkIdle
	default:
		return usagef("browse: --wait is load or networkidle, not %q", *wait)
	}
	if *timeout <= 0 || *holdWait < 0 {
		return usagef("browse: --timeout must be positive and --hold-wait not negative")
	}
	if *holdWait > 0 && *holdWait < gate.DefaultMinBackoff {
		// The policy of an origin that failed is fetched again no sooner
		// than that (or its Retry-After): a shorter wait never sees it.
		return usagef("browse: --hold-wait %s is shorter than the wait before an unreachable robots.txt is fetched again (%s after the first failure, doubling after each; or the origin's Retry-After): a held request would fail before its robots.txt is fetched again; give at least %s", *holdWait, gate.DefaultMinBackoff, gate.DefaultMinBackoff)
	}
	// No scope: the guard approves every URL for collection, so that
	// robots.txt alone decides (guard.Guard's Gate), as from Go.
	var scope *gate.Scope
	var err error
	if *scopeFile != "" {
		if scope, err = gate.LoadScope(*scopeFile); err != nil {
			return usagef("browse: %v", err)
		}
	}
	exe := *chromium
	if *attach != "" {
		// Someone else's browser: nothing to find.
	} else if exe == "" {
		exe, err = guard.FindChromium()
		if err != nil {
			return usagef("browse: %v", err)
		}
	} else if p, err := exec.LookPath(exe); err != nil {
		return usagef("browse: Chromium not found at %s (Debian/Ubuntu: apt-get install -y chromium)", exe)
	} else {
		exe = p
	}
	header := *ua
	if header == "" {
		header = *agent
	}

	// Open the records file first: a bad path is a usage error, found
	// before the page is loaded.
	var recOut io.Writer
	if name := *recordsFile; name == "-" {
		recOut = c.stdout
	} else if name != "" {
		f, err := os.Create(name)
		if err != nil {
			return usagef("browse: %v", err)
		}
		defer f.Close()
		recOut = f
	}

	net := &netguard.Policy{AllowPrivate: *allowPrivate, Allow: ranges}
	fetcher := &fetch.Fetcher{UserAgent: header, Guard: net}
	if err := sign.apply("browse", fetcher); err != nil {
		return err
	}
	client := &gate.Client{Fetcher: fetcher}
	g := &guard.Guard{Gate: &gate.Gate{Agent: *agent, Client: client, Scope: scope, Purpose: *purpose}, Net: net, HoldWait: *holdWait,
		CheckWorkerScripts: *attach != "", Remote: remote, Signer: fetcher.Signer}
	if *attach != "" {
		// Someone else's browser has its own User-Agent: the guard sets
		// the crawler's on each request it lets go on.
		g.UserAgent = header
	}
	// The guard's proxy (guard/proxy.go): the browser's only way out, so
	// that it reaches nothing once this process is gone.
	if *attach == "" || *proxyAddr != "" {
		addr := *proxyAddr
		if addr == "" {
			addr = "127.0.0.1:0"
		}
		px, err := guard.NewProxy(addr)
		if err != nil {
			return usagef("browse: --proxy-addr: %v", err)
		}
		defer px.Close()
		g.Proxy = px
	}

	interrupted := ctx
	if *attach != "" && target == "" {
		// Until interrupted: the browser's connection outlives the signal,
		// so that the guard detaches and the records are written.
		ctx = context.WithoutCancel(ctx)
	}
	batch := *urlsFile != ""
	// The browser's start is bounded by --timeout, and so is each page.
	lctx, lcancel := context.WithCancel(ctx)
	defer lcancel()
	startTimer := time.AfterFunc(*timeout, lcancel)
	var bctx context.Context
	var stop context.CancelFunc
	if *attach != "" {
		bctx, stop, err = attachBrowser(context.WithoutCancel(lctx), *attach)
	} else {
		opts := []guard.LaunchOption{guard.WithUserAgent(header), guard.WithGuardProxy(g.Proxy)}
		for _, f := range flags {
			name, value, ok := strings.Cut(strings.TrimLeft(f, "-"), "=")
			if ok {
				opts = append(opts, guard.WithFlag(name, value))
			} else {
				opts = append(opts, guard.WithFlag(name, true))
			}
		}
		bctx, stop, err = guard.Launch(lctx, exe, opts...)
	}
	if !startTimer.Stop() {
		err = fmt.Errorf("the browser did not start within %s", *timeout)
	}
	if err != nil {
		if stop != nil {
			stop()
		}
		return usagef("browse: %v", err)
	}
	defer stop()
	if err := g.Attach(bctx); err != nil {
		if errors.Is(err, guard.ErrSpeculativeLoads) || errors.Is(err, guard.ErrPreloadingUnknown) || errors.Is(err, guard.ErrNotProxied) {
			return usagef("browse: %v", err)
		}
		return err
	}
	if *decideAddr != "" {
		u, err := g.ListenOutside(ctx, *decideAddr)
		if err != nil {
			return usagef("browse: --decide-addr: %v", err)
		}
		// Before the "guarding" line, which a script waits for.
		fmt.Fprintf(c.stderr, "decide   %s (requests outside the browser: POST /api/v1/decide)\n", u)
	}
	out := c.stdout
	if *recordsFile == "-" {
		out = c.stderr
	}
	w := &browseWriter{out: out, rec: recOut, json: *jsonOut, agent: *agent, recordsFile: *recordsFile}
	if target == "" {
		fmt.Fprintf(c.stderr, "guarding %s: every tab, popup and worker, until interrupted\n", browseClean(*attach))
		if g.Proxy == nil {
			fmt.Fprintf(c.stderr, "browse: warning: --no-proxy: should this command die, the browser goes on unguarded (see docs/browse.md)\n")
		}
		// The browser gone (closed, crashed, killed): nothing left to guard.
		gone := bctx.Done()
		// The records are written as the requests are answered (or
		// stopped), not only at the end.
		st := &browseStream{w: recOut}
		var goneErr error
		tick := time.NewTicker(250 * time.Millisecond)
	wait:
		for {
			select {
			case <-interrupted.Done():
				break wait
			case <-gone:
				goneErr = &exitError{code: exitFindings, msg: "browse: the browser at " + browseClean(*attach) + " went away (closed, crashed or killed): nothing is guarded any more"}
				break wait
			case <-tick.C:
				if err := st.flush(g.Records(), false); err != nil {
					tick.Stop()
					return err
				}
			}
		}
		tick.Stop()
		// The guard goes first: the browser is someone else's.
		dctx, dcancel := context.WithTimeout(context.WithoutCancel(ctx), detachWait)
		g.Detach(dctx)
		dcancel()
		recs := g.Records()
		if err := st.flush(recs, true); err != nil {
			return err
		}
		if !*jsonOut {
			fmt.Fprintf(out, "browser  %s (attached: every tab guarded)\n", browseClean(*attach))
		}
		w.rec, w.streamed = nil, recOut != nil
		if err := w.page("", recs, browseNavigation(recs, string(g.MainFrame())), "", client.Stats().Fetches, g.Stats().Overflow); err != nil {
			return err
		}
		if f, ok := recOut.(*os.File); ok && f != os.Stdout {
			if err := f.Close(); err != nil {
				return fmt.Errorf("browse: writing records: %v", err)
			}
		}
		return goneErr
	}

	var failures []string
	var werr, shotErr error
	fetched := client.Stats().Fetches
	for i, t := range targets {
		if interrupted.Err() != nil {
			failures = append(failures, fmt.Sprintf("interrupted before %d of %d pages", len(targets)-i, len(targets)))
			break
		}
		pctx, pcancel := context.WithTimeout(bctx, *timeout)
		p, loadErr := g.LoadPage(pctx, t, waitFor)
		if loadErr != nil && pctx.Err() != nil && !errors.Is(loadErr, guard.ErrCrashed) && !errors.Is(loadErr, guard.ErrBrowserGone) {
			loadErr = fmt.Errorf("the page did not finish loading within %s", *timeout)
		}
		if *shot != "" && p.Failed == "" && loadErr == nil {
			png, err := guard.Screenshot(pctx)
			if err == nil {
				err = os.WriteFile(*shot, png, 0o644)
			}
			shotErr = err
		}
		pcancel()
		recs, nav, overflow := p.Records, p.Navigation, 0
		if !batch {
			// One page: its records are complete once the browser is
			// gone. The browser goes first: detached, the guard would
			// leave its pages (popups still loading, say) running
			// unguarded.
			if *attach == "" {
				stop()
			}
			dctx, dcancel := context.WithTimeout(context.WithoutCancel(ctx), detachWait)
			g.Detach(dctx)
			dcancel()
			recs = g.Records()
			nav = browseNavigation(recs, string(g.MainFrame()))
			overflow = g.Stats().Overflow
		}
		verdict := browseVerdict(nav, p.Failed, loadErr)
		now := client.Stats().Fetches
		if err := w.page(t, recs, nav, verdict, now-fetched, overflow); err != nil && werr == nil {
			werr = err
		}
		fetched = now
		if verdict != "" {
			failures = append(failures, verdict)
			if batch && !*jsonOut {
				fmt.Fprintf(c.stderr, "browse: %s: %s\n", browseClean(t), browseClean(verdict))
			}
		}
	}
	if batch {
		if *attach == "" {
			stop()
		}
		dctx, dcancel := context.WithTimeout(context.WithoutCancel(ctx), detachWait)
		g.Detach(dctx)
		dcancel()
		if n := g.Stats().Overflow; n > 0 && werr == nil {
			fmt.Fprintf(c.stderr, "browse: %d more requests were decided but not recorded (record limit)\n", n)
		}
	}
	if err := w.close(); err != nil && werr == nil {
		werr = err
	}
	switch {
	case werr != nil:
		return werr
	case shotErr != nil:
		return fmt.Errorf("browse: screenshot: %v", shotErr)
	case len(failures) == 0:
		return nil
	case !batch:
		return &exitError{code: exitFindings, msg: "browse: " + browseClean(failures[0])}
	}
	return &exitError{code: exitFindings, msg: fmt.Sprintf("browse: %d of %d pages were not loaded", len(failures), len(targets))}
}

// browseVerdict says why a page was not loaded, "" when it was: its last
// top-level document was dropped or held, the load failed, or the browser
// gave an error text.
func browseVerdict(nav []guard.Record, failed string, loadErr error) string {
	switch {
	case len(nav) > 0 && nav[len(nav)-1].Action != gate.Admit:
		last := nav[len(nav)-1]
		return fmt.Sprintf("the page was not loaded: %s %s: %s", last.Action, last.TargetURL, last.Reason)
	case loadErr != nil:
		return loadErr.Error()
	case failed != "":
		return "the page did not load: " + failed
	}
	return ""
}

// readBrowseURLs reads --urls: one http or https URL a line, blank lines
// and # comments skipped; at most maxBrowseURLs, each line at most 8 KiB.
func readBrowseURLs(r io.Reader) ([]string, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 8<<10)
	var urls []string
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if err := browseURLCheck(line); err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		if len(urls) == maxBrowseURLs {
			return nil, fmt.Errorf("more than %d URLs", maxBrowseURLs)
		}
		urls = append(urls, line)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, errors.New("a line longer than 8 KiB")
		}
		return nil, err
	}
	if len(urls) == 0 {
		return nil, errors.New("no URL")
	}
	return urls, nil
}

const maxBrowseURLs = 100_000

func browseURLCheck(raw string) error {
	if u, err := url.Parse(raw); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%q is not an http or https URL", browseClean(raw))
	}
	return nil
}

// attachBrowser connects to a Chromium that someone else started and opens
// a tab of the guard's own in it (closed at the end; the browser and its
// other tabs are left as they are).
func attachBrowser(ctx context.Context, endpoint string) (context.Context, context.CancelFunc, error) {
	actx, cancelAlloc := remote.NewAllocator(ctx, endpoint)
	bctx, cancelTab := chromedp.NewContext(actx, chromedp.WithErrorf(guard.QuietErrorf(log.Printf)))
	stop := func() {
		cancelTab()
		cancelAlloc()
	}
	// The first Do's context is the tab's life: bound the start by a timer.
	timer := time.AfterFunc(30*time.Second, stop)
	err := chromedp.Do(bctx)
	timer.Stop()
	if err != nil {
		stop()
		return nil, nil, fmt.Errorf("attaching to the browser at %s: %v", endpoint, err)
	}
	return bctx, stop, nil
}

// browseWriter writes each page's records and summary as the page ends.
type browseWriter struct {
	out         io.Writer // the summaries
	rec         io.Writer // the records, nil when not asked for
	json        bool
	agent       string
	recordsFile string
	lines       int // records written so far
	pages       int
	streamed    bool // the records went out as they came (browseStream)
}

// browseStream writes the records of an attached browser as each request
// is answered or stopped, each once, and the rest at the end.
type browseStream struct {
	w       io.Writer // nil: no records asked for
	written []bool
	doneAt  []int // the flush that first found each record done (0: none yet)
	flushes int
	linked  func(guard.Record) bool // guard.Record.Linked unless a test says
}

// linkWait is how many flushes (250 ms apart) an answered request waits
// for the links the tab's Network domain gives (guard.Record.Linked: a
// service worker's request to the frame's request it answers for, a CORS
// preflight to the request it precedes), which the tab reports on a
// session of its own and so may report after the answer (most under
// load). Once linked, or after the wait, it is written; a worker's request
// for no frame waits the whole 2 seconds.
const linkWait = 8

// streamLinkWait is the wait the streams use: linkWait, except in the tests
// that check the links of streamed records, which raise it so as to wait
// for the links themselves, however late a loaded machine reports them.
var streamLinkWait atomic.Int64

func init() { streamLinkWait.Store(linkWait) }

// flush writes the records not written yet that are done (all: every one).
func (s *browseStream) flush(recs []guard.Record, all bool) error {
	if s.w == nil {
		return nil
	}
	s.flushes++
	linked := guard.Record.Linked
	if s.linked != nil {
		linked = s.linked
	}
	bw := bufio.NewWriter(s.w)
	for i, r := range recs {
		if i >= len(s.written) {
			s.written = append(s.written, false)
			s.doneAt = append(s.doneAt, 0)
		}
		if s.written[i] {
			continue
		}
		if !all {
			if !r.Done() {
				continue
			}
			if s.doneAt[i] == 0 {
				s.doneAt[i] = s.flushes
			}
			if !linked(r) && int64(s.flushes-s.doneAt[i]) < streamLinkWait.Load() {
				continue
			}
		}
		b, err := r.MarshalJSON()
		if err != nil {
			return err
		}
		bw.Write(b)
		bw.WriteByte('\n')
		s.written[i] = true
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("browse: writing records: %v", err)
	}
	return nil
}

func (w *browseWriter) page(target string, recs, nav []guard.Record, verdict string, fetches int64, overflow int) error {
	first := w.lines + 1
	if w.rec != nil {
		bw := bufio.NewWriter(w.rec)
		for _, r := range recs {
			b, err := r.MarshalJSON()
			if err != nil {
				return err
			}
			bw.Write(b)
			bw.WriteByte('\n')
		}
		if err := bw.Flush(); err != nil {
			return fmt.Errorf("browse: writing records: %v", err)
		}
		w.lines += len(recs)
	}
	w.pages++
	if !w.json {
		if w.pages > 1 {
			fmt.Fprintln(w.out)
		}
		printBrowse(w.out, target, w.agent, recs, nav, fetches, overflow)
		return nil
	}
	sum := newBrowseSummary(target, w.agent, recs, nav, verdict, fetches, overflow)
	if w.rec != nil || w.streamed {
		sum.Records = nil
		if w.recordsFile != "-" {
			sum.RecordsFile = &w.recordsFile
		}
		if len(recs) > 0 {
			sum.RecordsLine = &first
		}
	}
	enc := json.NewEncoder(w.out)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(sum); err != nil {
		return fmt.Errorf("browse: writing the summary: %v", err)
	}
	return nil
}

// close closes the records file, reporting a failed write.
func (w *browseWriter) close() error {
	if f, ok := w.rec.(*os.File); ok && f != os.Stdout {
		if err := f.Close(); err != nil {
			return fmt.Errorf("browse: writing records: %v", err)
		}
	}
	return nil
}

// browseSummary is the --json summary of one page (docs/browse.md).
type browseSummary struct {
	URL           *string            `json:"url"`      // null when attached with no page
	FinalURL      *string            `json:"finalURL"` // the last top-level document
	Status        *int               `json:"status"`   // its HTTP status
	Loaded        bool               `json:"loaded"`
	Error         *string            `json:"error"`
	Navigation    []browseNavStep    `json:"navigation"`
	Agent         string             `json:"agent"`
	Requests      int                `json:"requests"`
	Counts        browseCounts       `json:"counts"`
	NotRecorded   int                `json:"notRecorded"`
	RobotsFetched int64              `json:"robotsFetched"`
	ByType        []browseTypeCounts `json:"byType"`
	Records       []guard.Record     `json:"records"`     // null with --records
	RecordsFile   *string            `json:"recordsFile"` // with --records FILE
	RecordsLine   *int               `json:"recordsLine"` // the page's first record's line in it
}

type browseNavStep struct {
	URL          string             `json:"url"`
	Gate         gate.Action        `json:"gate"`
	TargetStatus guard.TargetStatus `json:"targetStatus"` // as in a record: a code, "blocked" or null
}

type browseCounts struct {
	Admit int `json:"admit"`
	Drop  int `json:"drop"`
	Hold  int `json:"hold"`
	// Unguarded: documents and workers that ran before the guard attached.
	Unguarded int `json:"unguarded"`
}

type browseTypeCounts struct {
	ResourceType string `json:"resourceType"`
	Origin       string `json:"origin"` // "" for URLs not subject to robots.txt
	Subject      bool   `json:"robotsSubject"`
	browseCounts
}

func newBrowseSummary(target, agent string, recs, nav []guard.Record, verdict string, fetches int64, overflow int) browseSummary {
	sum := browseSummary{Agent: agent, Requests: len(recs), NotRecorded: overflow, RobotsFetched: fetches,
		Loaded: verdict == "", Navigation: []browseNavStep{}, ByType: []browseTypeCounts{}, Records: recs}
	if sum.Records == nil {
		sum.Records = []guard.Record{}
	}
	if target != "" {
		sum.URL = &target
	}
	if verdict != "" {
		sum.Error = &verdict
	}
	for _, r := range nav {
		sum.Navigation = append(sum.Navigation, browseNavStep{URL: r.TargetURL, Gate: r.Action, TargetStatus: r.TargetStatus})
	}
	if len(nav) > 0 {
		last := nav[len(nav)-1]
		sum.FinalURL = &last.TargetURL
		if c := last.TargetStatus.Code; c != 0 {
			sum.Status = &c
		}
	}
	t := browseTally(recs)
	sum.Counts = t.total
	for _, k := range t.keys {
		sum.ByType = append(sum.ByType, browseTypeCounts{ResourceType: k.typ, Origin: k.origin, Subject: k.subject, browseCounts: *t.by[k]})
	}
	return sum
}

// browseTally counts the records by action, and by resource type and
// origin (sorted by type, then origin).
type browseTallied struct {
	total browseCounts
	keys  []browseKey
	by    map[browseKey]*browseCounts
}

type browseKey struct {
	origin, typ string
	subject     bool
}

func browseTally(recs []guard.Record) browseTallied {
	t := browseTallied{by: map[browseKey]*browseCounts{}}
	for _, r := range recs {
		origin := r.Origin
		if !r.Subject {
			origin = ""
		}
		k := browseKey{origin, r.ResourceType, r.Subject}
		if t.by[k] == nil {
			t.by[k] = &browseCounts{}
			t.keys = append(t.keys, k)
		}
		switch r.Action {
		case gate.Admit:
			t.total.Admit++
			t.by[k].Admit++
		case gate.Drop:
			t.total.Drop++
			t.by[k].Drop++
		case guard.Unguarded:
			t.total.Unguarded++
			t.by[k].Unguarded++
		default:
			t.total.Hold++
			t.by[k].Hold++
		}
	}
	// By type first: a page's kinds of request are few and stable.
	sort.Slice(t.keys, func(i, j int) bool {
		if t.keys[i].typ != t.keys[j].typ {
			return t.keys[i].typ < t.keys[j].typ
		}
		if t.keys[i].origin != t.keys[j].origin {
			return t.keys[i].origin < t.keys[j].origin
		}
		return t.keys[j].subject
	})
	return t
}

// browseNavigation returns the records of the top-level navigations of the
// tab: the first document, the redirects that followed from it, and the
// documents that replaced it (client-side redirects: location.replace, a
// meta refresh). The last one is what the page ended as.
func browseNavigation(recs []guard.Record, tab string) []guard.Record {
	var nav []guard.Record
	for _, r := range recs {
		if r.ResourceType == guard.TypeDocument && r.Tab == tab {
			nav = append(nav, r)
		}
	}
	return nav
}

// printBrowse writes the summary: what was loaded, the counts per origin
// and resource type, and what the page lost.
func printBrowse(w io.Writer, target, agent string, recs []guard.Record, nav []guard.Record, fetches int64, overflow int) {
	page := browseClean(target) + " (not loaded)"
	if len(nav) > 0 {
		page = browseClean(target)
		for _, r := range nav[1:] {
			page += " -> " + browseClean(r.TargetURL)
		}
		last := nav[len(nav)-1]
		page += fmt.Sprintf(" (%s: %s)", last.Action, browseStatus(last.TargetStatus))
	}
	t := browseTally(recs)
	type lossKey struct{ origin, typ, cause string }
	lost := map[lossKey]int{}
	for _, r := range recs {
		if r.Action != gate.Admit && r.Action != guard.Unguarded {
			lost[lossKey{browseOrigin(r.Origin, r.Subject), r.ResourceType, browseCause(r)}]++
		}
	}
	if target != "" {
		fmt.Fprintf(w, "page     %s\n", page)
	}
	fmt.Fprintf(w, "agent    %s\n", agent)
	fmt.Fprintf(w, "requests %d: %d admitted, %d dropped, %d held; %d robots.txt fetched\n", len(recs), t.total.Admit, t.total.Drop, t.total.Hold, fetches)
	if t.total.Unguarded > 0 {
		fmt.Fprintf(w, "         %d not guarded: loaded before the guard attached, nothing decided\n", t.total.Unguarded)
	}
	if overflow > 0 {
		fmt.Fprintf(w, "         %d more requests were decided but not recorded (record limit)\n", overflow)
	}
	if len(t.keys) > 0 {
		fmt.Fprintf(w, "\n%5s  %5s  %5s  %-17s  %s\n", "ADMIT", "DROP", "HOLD", "TYPE", "ORIGIN")
		for _, k := range t.keys {
			n := t.by[k]
			fmt.Fprintf(w, "%5d  %5d  %5d  %-17s  %s\n", n.Admit, n.Drop, n.Hold, k.typ, browseClean(browseOrigin(k.origin, k.subject)))
		}
	}
	if len(lost) == 0 {
		fmt.Fprint(w, "\nThe page lost nothing: every request was admitted.\n")
		return
	}
	lk := make([]lossKey, 0, len(lost))
	for k := range lost {
		lk = append(lk, k)
	}
	sort.Slice(lk, func(i, j int) bool {
		a, b := lk[i], lk[j]
		if a.typ != b.typ {
			return a.typ < b.typ
		}
		if a.origin != b.origin {
			return a.origin < b.origin
		}
		return a.cause < b.cause
	})
	fmt.Fprint(w, "\nWhat the page lost:\n")
	for _, k := range lk {
		fmt.Fprintf(w, "  %d %s from %s %s\n", lost[k], browseNoun(k.typ, lost[k]), browseClean(k.origin), browseClean(k.cause))
	}
}

// browseOrigin is how the summary names an origin.
func browseOrigin(origin string, subject bool) string {
	if !subject {
		return "(not subject to robots.txt)"
	}
	return origin
}

// browseCause says in a few words why a request was not admitted.
func browseCause(r guard.Record) string {
	switch {
	case r.RepDecision == gate.RepAllow && r.CollectionDecision == gate.Approved:
		// Allowed, yet not admitted: the guard refused it for a reason of
		// its own (a tab not ready), which comes first in the reason.
		why, _, _ := strings.Cut(r.Reason, "; robots.txt: ")
		return "refused by the guard: " + why
	case r.Destination == guard.DestinationRefused:
		return "refused: " + strings.TrimSuffix(strings.TrimPrefix(r.Reason, "destination refused: "), " (robots.txt not fetched)")
	case r.RepDecision == gate.RepDisallow && r.MatchedRule != nil:
		return fmt.Sprintf("blocked by its robots.txt line %d (%s: %s)", r.MatchedRule.Line, r.MatchedRule.Kind, r.MatchedRule.Pattern)
	case r.CollectionDecision == gate.Denied:
		return "denied by the scope"
	case r.RepDecision == gate.RepUnresolved:
		s := "held: its robots.txt is " + string(r.PolicyStatus)
		if r.PolicyHTTPStatus != 0 {
			s += " (HTTP " + strconv.Itoa(r.PolicyHTTPStatus) + ")"
		}
		if r.PolicyStatus == "" {
			s = "held: " + r.Reason
		}
		return s
	case r.CollectionDecision == gate.Unresolved && (r.PolicyHTTPStatus == 401 || r.PolicyHTTPStatus == 403):
		return fmt.Sprintf("held: its robots.txt answered HTTP %d, which calls for a decision by a person", r.PolicyHTTPStatus)
	case r.CollectionDecision == gate.Unresolved:
		return "held: no scope entry covers it"
	}
	return string(r.Action) + ": " + r.Reason
}

func browseNoun(typ string, n int) string {
	switch typ {
	case guard.TypeXHR, guard.TypeFetch, guard.TypeOther:
		typ += " request"
	}
	if n == 1 {
		return typ
	}
	return typ + "s"
}

func browseStatus(s guard.TargetStatus) string {
	switch {
	case s.Blocked:
		return "blocked by the guard"
	case s.Challenge != "":
		return "HTTP " + strconv.Itoa(s.Code) + ", a challenge page (" + s.Challenge + ")"
	case s.Price != "":
		return "HTTP 402 payment required (crawler-price " + browseClean(s.Price) + ")"
	case s.Code != 0:
		return "HTTP " + strconv.Itoa(s.Code)
	case s.Error != "":
		return s.Error
	}
	return "no answer"
}

// browseClean makes text from the page safe to print on a terminal: control
// characters (escape sequences included) are shown escaped.
func browseClean(s string) string {
	if !strings.ContainsFunc(s, isControlRune) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if isControlRune(r) {
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func isControlRune(r rune) bool { return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) }

// flagList is a repeatable string flag.
type flagList []string

func (l *flagList) String() string { return strings.Join(*l, ",") }

func (l *flagList) Set(v string) error {
	if strings.TrimLeft(v, "-") == "" {
		return errors.New("a flag name is needed")
	}
	*l = append(*l, v)
	return nil
}

// detachWait bounds how long browse waits, once a page is done, for the
// decisions still under way (a robots.txt fetch can take seconds on a
// loaded machine), so that every record it writes has its decision. Each
// decision is bounded on its own; this only stops a stuck one from holding
// the command.
const detachWait = 30 * time.Second
