package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/url"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
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
	fs := c.newFlags("browse", "--agent TOKEN [--scope FILE] [--allow-private] [--wait load|networkidle] [--screenshot FILE] [--records FILE] [--attach ENDPOINT] [URL]",
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
worker of the browser is guarded until the command is interrupted, and the
summary and records are written then. A document loaded before the guard
attached is recorded as not guarded. A browser that makes speculative loads
is refused: start it on a profile whose Default/Preferences sets
{"net": {"network_prediction_options": 2}} (see docs/browse.md).

Needs Chromium (Debian/Ubuntu: apt-get install chromium); --chromium or
$ROBOTSTXT_CHROMIUM give its path.

Exit status: 0 when the page loaded, 1 when the top-level document (or a
redirect of it) was dropped or held, or did not load, 2 on a usage error or
when Chromium is missing.`,
		`  robotstxt browse --agent ExampleBot https://example.com/
  robotstxt browse --agent ExampleBot --records records.jsonl --wait networkidle https://example.com/
  robotstxt browse --agent ExampleBot --scope scope.yaml --screenshot page.png https://example.com/
  robotstxt browse --agent ExampleBot --allow-private http://127.0.0.1:8080/
  robotstxt browse --agent ExampleBot --attach http://127.0.0.1:9222 --records records.jsonl`)
	agent := fs.String("agent", "", "your crawler's product `token`, such as ExampleBot (required)")
	alias(fs, "agent", "a")
	scopeFile := fs.String("scope", "", "collection scope `file`, YAML or JSON (default: approve everything the page loads)")
	allowPrivate := fs.Bool("allow-private", false, "let the page and the robots.txt fetches reach loopback, private and link-local addresses; refused by default")
	var ranges prefixList
	fs.Var(&ranges, "allow-range", "let the page and the robots.txt fetches reach this address `range` (CIDR) although it is not public; repeatable")
	wait := fs.String("wait", "load", "when the page is loaded: `load` (the load event) or networkidle (no request for 500 ms)")
	shot := fs.String("screenshot", "", "write a PNG screenshot of the page, once loaded, to `file`")
	recordsFile := fs.String("records", "", "write the decision records, one JSON object per line, to `file` (-: standard output, and the summary to standard error)")
	ua := fs.String("user-agent", "", "User-Agent `header` of the page's requests and the robots.txt fetches (default: the agent token; an attached browser keeps its own)")
	var flags flagList
	fs.Var(&flags, "chromium-flag", "add this command-line `flag` (name or name=value, without dashes) to the Chromium started; repeatable")
	attach := fs.String("attach", "", "guard the Chromium at this DevTools `endpoint` (http://127.0.0.1:9222 or its ws:// URL) instead of starting one; without URL, until interrupted")
	holdWait := fs.Duration("hold-wait", 0, "let a held request wait up to this long for its origin's robots.txt to resolve, at least 1m (an unreachable robots.txt is fetched again after 1m, doubling; default: fail at once)")
	timeout := fs.Duration("timeout", 60*time.Second, "bound on the whole page load")
	chromium := fs.String("chromium", "", "`path` of the Chromium binary (default: $ROBOTSTXT_CHROMIUM, or chromium on the PATH)")
	purpose := fs.String("purpose", "", "what the crawler fetches for: train-ai, search or ai-input; a request whose `purpose` the site refuses (Content-Usage n, Content-Signal no) is blocked")
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
	if fs.NArg() > 1 || (fs.NArg() == 0 && *attach == "") {
		return usagef("browse: give one URL (run \"robotstxt browse --help\")")
	}
	target := fs.Arg(0)
	if u, err := url.Parse(target); target != "" && (err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "") {
		return usagef("browse: %q is not an http or https URL", target)
	}
	if *attach != "" {
		u, err := url.Parse(*attach)
		if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https" && u.Scheme != "ws" && u.Scheme != "wss") {
			return usagef("browse: --attach %q is not a DevTools endpoint (http://HOST:PORT or the browser's ws:// URL)", *attach)
		}
		if *chromium != "" || len(flags) > 0 {
			return usagef("browse: --attach with --chromium or --chromium-flag: the attached browser is someone else's")
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
	var scope *gate.Scope
	var err error
	if *scopeFile != "" {
		scope, err = gate.LoadScope(*scopeFile)
	} else {
		scope, err = gate.ParseScope([]byte(`approved: ["*"]`), "yaml")
	}
	if err != nil {
		return usagef("browse: %v", err)
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
	client := &gate.Client{Fetcher: &fetch.Fetcher{UserAgent: header, Guard: net}}
	g := &guard.Guard{Gate: &gate.Gate{Agent: *agent, Client: client, Scope: scope, Purpose: *purpose}, Net: net, HoldWait: *holdWait,
		CheckWorkerScripts: *attach != ""}

	interrupted := ctx
	if *attach != "" && target == "" {
		// Until interrupted: the browser's connection outlives the signal,
		// so that the guard detaches and the records are written.
		ctx = context.WithoutCancel(ctx)
	}
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	var bctx context.Context
	var stop context.CancelFunc
	if *attach != "" {
		bctx, stop, err = attachBrowser(context.WithoutCancel(ctx), *attach)
	} else {
		opts := []guard.LaunchOption{guard.WithUserAgent(header)}
		for _, f := range flags {
			name, value, ok := strings.Cut(strings.TrimLeft(f, "-"), "=")
			if ok {
				opts = append(opts, guard.WithFlag(name, value))
			} else {
				opts = append(opts, guard.WithFlag(name, true))
			}
		}
		bctx, stop, err = guard.Launch(ctx, exe, opts...)
	}
	if err != nil {
		return usagef("browse: %v", err)
	}
	defer stop()
	if err := g.Attach(bctx); err != nil {
		if errors.Is(err, guard.ErrSpeculativeLoads) {
			return usagef("browse: %v", err)
		}
		return err
	}
	var failed string
	var loadErr error
	if target == "" {
		fmt.Fprintf(c.stderr, "guarding %s: every tab, popup and worker, until interrupted\n", browseClean(*attach))
		<-interrupted.Done()
	} else {
		failed, loadErr = g.Load(bctx, target, waitFor)
		if loadErr != nil && ctx.Err() != nil {
			loadErr = fmt.Errorf("the page did not finish loading within %s", *timeout)
		}
	}
	var shotErr error
	if *shot != "" && failed == "" && loadErr == nil {
		png, err := guard.Screenshot(bctx)
		if err == nil {
			err = os.WriteFile(*shot, png, 0o644)
		}
		shotErr = err
	}
	if *attach == "" {
		// The browser goes first: detached, the guard would leave its
		// pages (popups still loading, say) running unguarded.
		stop()
	}
	dctx, dcancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	g.Detach(dctx)
	dcancel()
	recs := g.Records()

	out := c.stdout
	if recOut != nil {
		if err := writeBrowseRecords(recOut, recs); err != nil {
			return err
		}
		if *recordsFile == "-" {
			out = c.stderr
		}
	}
	nav := browseNavigation(recs, string(g.MainFrame()))
	if target == "" {
		fmt.Fprintf(out, "browser  %s (attached: every tab guarded)\n", browseClean(*attach))
	}
	printBrowse(out, target, *agent, recs, nav, client.Stats().Fetches, g.Stats().Overflow)
	if shotErr != nil {
		return fmt.Errorf("browse: screenshot: %v", shotErr)
	}
	switch {
	case len(nav) > 0 && nav[len(nav)-1].Action != gate.Admit:
		last := nav[len(nav)-1]
		return &exitError{code: exitFindings, msg: fmt.Sprintf("browse: the page was not loaded: %s %s: %s",
			last.Action, browseClean(last.TargetURL), browseClean(last.Reason))}
	case loadErr != nil:
		return &exitError{code: exitFindings, msg: "browse: " + browseClean(loadErr.Error())}
	case failed != "":
		return &exitError{code: exitFindings, msg: "browse: the page did not load: " + browseClean(failed)}
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

func writeBrowseRecords(w io.Writer, recs []guard.Record) error {
	bw := bufio.NewWriter(w)
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
	if f, ok := w.(*os.File); ok && f != os.Stdout {
		if err := f.Close(); err != nil {
			return fmt.Errorf("browse: writing records: %v", err)
		}
	}
	return nil
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
	var admit, drop, hold int
	type key struct{ origin, typ string }
	type counts struct{ admit, drop, hold int }
	by := map[key]*counts{}
	type lossKey struct{ origin, typ, cause string }
	lost := map[lossKey]int{}
	for _, r := range recs {
		origin := r.Origin
		if !r.Subject {
			origin = "(not subject to robots.txt)"
		}
		k := key{origin, r.ResourceType}
		if by[k] == nil {
			by[k] = &counts{}
		}
		switch r.Action {
		case gate.Admit:
			admit++
			by[k].admit++
		case gate.Drop:
			drop++
			by[k].drop++
			lost[lossKey{origin, r.ResourceType, browseCause(r)}]++
		default:
			hold++
			by[k].hold++
			lost[lossKey{origin, r.ResourceType, browseCause(r)}]++
		}
	}
	if target != "" {
		fmt.Fprintf(w, "page     %s\n", page)
	}
	fmt.Fprintf(w, "agent    %s\n", agent)
	fmt.Fprintf(w, "requests %d: %d admitted, %d dropped, %d held; %d robots.txt fetched\n", len(recs), admit, drop, hold, fetches)
	if overflow > 0 {
		fmt.Fprintf(w, "         %d more requests were decided but not recorded (record limit)\n", overflow)
	}
	keys := make([]key, 0, len(by))
	for k := range by {
		keys = append(keys, k)
	}
	// By type first: a page's kinds of request are few and stable.
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].typ != keys[j].typ {
			return keys[i].typ < keys[j].typ
		}
		return keys[i].origin < keys[j].origin
	})
	if len(keys) > 0 {
		fmt.Fprintf(w, "\n%5s  %5s  %5s  %-17s  %s\n", "ADMIT", "DROP", "HOLD", "TYPE", "ORIGIN")
		for _, k := range keys {
			n := by[k]
			fmt.Fprintf(w, "%5d  %5d  %5d  %-17s  %s\n", n.admit, n.drop, n.hold, k.typ, browseClean(k.origin))
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

// browseCause says in a few words why a request was not admitted.
func browseCause(r guard.Record) string {
	switch {
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
