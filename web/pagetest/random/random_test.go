package random_test

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/netguard"
	"github.com/robotstxt/robotstxt/server"
	"github.com/robotstxt/robotstxt/web/internal/pagetesting"
)

var (
	seedFlag    = flag.Uint64("seed", 0, "seed of the random actions (0: one derived from the time, logged)")
	actionsFlag = flag.Int("actions", 0, "how many random actions (0: $ROBOTSTXT_RANDOM_ACTIONS, else 200)")
	shrinkFlag  = flag.Duration("shrink", 2*time.Minute, "time spent replaying shorter sequences after a failure (0: none)")
	goOnFlag    = flag.Bool("keep-going", false, "report every break and go on, instead of stopping at the first (no shrinking)")
	settleFlag  = flag.Duration("settle", 90*time.Second, "how long the page may take to catch up with an action")
)

// defaultActions keeps the CI run within a few minutes on a loaded 2-core
// machine; -actions or ROBOTSTXT_RANDOM_ACTIONS run thousands.
const defaultActions = 200

func actionCount(t *testing.T) int {
	if *actionsFlag > 0 {
		return *actionsFlag
	}
	if s := os.Getenv("ROBOTSTXT_RANDOM_ACTIONS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n <= 0 {
			t.Fatalf("ROBOTSTXT_RANDOM_ACTIONS=%q: want a positive number", s)
		}
		return n
	}
	return defaultActions
}

// Issue 40: long random sequences of what users do, and after every action
// (right after it, and again once the page has caught up when the action
// says so) no answer on screen is about another text than the one in the
// editor unless it is marked as being recomputed (pagetesting.Screen.Breaks).
func TestBrowserRandomActions(t *testing.T) {
	pagetesting.BrowserTest(t)
	seed := *seedFlag
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	n := actionCount(t)
	t.Logf("seed %d, %d actions (go test ./web/pagetest/random -run TestBrowserRandomActions -seed %d -actions %d)", seed, n, seed, n)
	actions := generate(seed, n)

	s := newSites(t)
	b := pagetesting.NewBrowserWith(t, server.Options{Fetch: &server.FetchOptions{Fetcher: &fetch.Fetcher{Guard: &netguard.Policy{AllowPrivate: true}}}})
	ctx := b.Tab(t)
	p := &player{t: t, b: b, ctx: ctx, sites: s, files: newFiles(t), keepGoing: *goOnFlag}
	start := time.Now()
	p.reset()
	f := p.play(actions)
	if p.keepGoing {
		for _, f := range p.found {
			t.Errorf("seed %d: %s\nscreen:\n%s", seed, f, f.screen)
		}
		t.Logf("%d actions, %d checks (%d once settled) in %s, %d breaks", n, p.checks, p.settled, time.Since(start).Round(time.Millisecond), len(p.found))
		return
	}
	if f == nil {
		t.Logf("%d actions, %d checks (%d once settled) in %s: no stale answer on screen", n, p.checks, p.settled, time.Since(start).Round(time.Millisecond))
		for _, pr := range b.Problems() {
			t.Errorf("browser console: %s", pr)
		}
		return
	}
	t.Errorf("seed %d: %s\nscreen:\n%s\nthe %d actions so far:\n%s", seed, f, f.screen, f.index+1, listing(actions[:f.index+1]))
	if *shrinkFlag <= 0 {
		return
	}
	short, tries := p.shrink(actions[:f.index+1], f.kind(), time.Now().Add(*shrinkFlag))
	if short == nil {
		t.Logf("no sequence ending with the failing action failed again within -shrink (%d replays): the break may depend on timing", tries)
		return
	}
	t.Errorf("seed %d: shortest failing sequence found (%d replays), %d actions; %s\nscreen:\n%s\nactions:\n%s", seed, tries, len(short.actions), short.failure, short.failure.screen, listing(short.actions))
}

// ---- actions ---------------------------------------------------------

// action is one thing a user does. Everything random is drawn when the
// sequence is made, so that a sequence can be replayed as it is (to shrink
// it); positions in the text are fractions of its length then.
type action struct {
	Kind   string
	Text   string  // what is typed, pasted, or put in a field
	Other  string  // a second field (many URLs: the URLs)
	A, B   float64 // positions in the text, as fractions of its length
	N      int     // a choice: a site, a variant, a bit set
	Settle bool    // wait for the page to catch up afterwards, and check again
}

func (a action) String() string {
	s := a.Kind
	switch a.Kind {
	case "type", "paste":
		s += fmt.Sprintf(" %q at %.2f", a.Text, a.A)
		if a.Kind == "paste" && a.B > a.A {
			s += fmt.Sprintf("–%.2f", a.B)
		}
	case "delete":
		s += fmt.Sprintf(" %.2f–%.2f", a.A, a.B)
	case "replace", "compare":
		s += fmt.Sprintf(" with %q", a.Text)
	case "fetch":
		s += " " + siteNames[a.N]
	case "example", "lang":
		s += " " + a.Text
	case "agent", "url":
		how := "pasted"
		if a.N&1 == 1 {
			how = "typed"
		}
		s += fmt.Sprintf(" %q %s", a.Text, how)
		if a.N&2 == 2 {
			s += ", then Check"
		}
	case "many":
		s += fmt.Sprintf(" agents %q urls %q", a.Text, a.Other)
	case "builder":
		s += fmt.Sprintf(" categories %v merge %v use %v", builderCategories(a.N), a.N&256 != 0, a.N&512 != 0)
	case "reload":
		if a.Text != "" {
			s += fmt.Sprintf(" right after typing %q", a.Text)
		}
	}
	if a.Settle {
		s += " · settle"
	}
	return s
}

func listing(actions []action) string {
	var b strings.Builder
	for i, a := range actions {
		fmt.Fprintf(&b, "%4d  %s\n", i+1, a)
	}
	return b.String()
}

var (
	lines = []string{
		"User-agent: *\n", "User-agent: Googlebot\n", "User-agent: GPTBot\n", "User-agent: Yandex\n",
		"User-agent: Googlebot-Image\n", "Disallow: /private/\n", "Allow: /private/press/\n", "Disallow: /search\n",
		"Allow: /search/about\n", "Disallow: /*.pdf$\n", "Disallow: /\n", "Allow: /\n", "Disallow: /x?y\n",
		"Disallow:\n", "\n", "\n", "# a comment\n", "Sitemap: https://www.example.com/sitemap.xml\n",
		"Crawl-delay: 5\n", "Disallow: /fast/\n", "Allow: /slow/g\n", "Content-Usage: train-ai=n\n",
	}
	fragments = []string{"Disall", "ow: /p", "User-", "agent: Bingbot", "\n", "/", "*", "$", "Allow: /s\n", "rivate", " ", "#"}
	agents    = []string{"Googlebot", "Googlebot-Image", "Bingbot", "GPTBot", "YandexBot", "*", "", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "examplebot"}
	urls      = []string{"/", "", "/private/x", "/private/press/a", "/search", "/search/about", "/x?y=1", "https://www.example.com/private/x",
		"private/x", "/fast/1", "/fast/ok", "/slow/g", "/generated/5/", "/late/x", "/doc.pdf", "/robots.txt"}
	examples = []string{"examplebot", "longest", "wildcards", "ai", "yandex", "mistakes", "staging"}
	langs    = []string{"en", "ru", "ro"}
)

// weights are how often each kind of action comes: editing most.
var weights = []struct {
	kind string
	n    int
}{
	{"type", 10}, {"paste", 8}, {"delete", 5}, {"replace", 5}, {"fetch", 8}, {"release", 2}, {"cancel", 1},
	{"example", 3}, {"agent", 5}, {"url", 5}, {"check", 2}, {"fallback", 2}, {"allcrawlers", 1},
	{"many", 4}, {"compare", 3}, {"builder", 2}, {"logs", 2}, {"sitemap", 2}, {"reload", 2}, {"lang", 2},
}

func generate(seed uint64, n int) []action {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	total := 0
	for _, w := range weights {
		total += w.n
	}
	pick := func(list []string) string { return list[rng.IntN(len(list))] }
	file := func(max int) string {
		var b strings.Builder
		for range 1 + rng.IntN(max) {
			b.WriteString(pick(lines))
		}
		return b.String()
	}
	list := func(from []string, max int) string {
		var out []string
		for range 1 + rng.IntN(max) {
			if s := pick(from); s != "" {
				out = append(out, s)
			}
		}
		return strings.Join(out, "\n")
	}
	out := make([]action, n)
	for i := 0; i < n; i++ {
		r := rng.IntN(total)
		var a action
		for _, w := range weights {
			if r < w.n {
				a.Kind = w.kind
				break
			}
			r -= w.n
		}
		a.A, a.B = rng.Float64(), rng.Float64()
		if a.A > a.B {
			a.A, a.B = a.B, a.A
		}
		a.N = rng.IntN(1024)
		switch a.Kind {
		case "type":
			if rng.IntN(2) == 0 {
				a.Text = pick(lines)
			} else {
				a.Text = pick(fragments)
			}
		case "paste":
			a.Text = file(4)
			if rng.IntN(2) == 0 {
				a.B = a.A // at the caret, replacing nothing
			}
		case "delete":
			a.B = min(1, a.A+rng.Float64()*0.3)
		case "replace":
			if rng.IntN(8) == 0 {
				a.Text = ""
			} else {
				a.Text = file(12)
			}
		case "fetch":
			// fast sites most, then the others; a huge one seldom.
			a.N = []int{0, 0, 0, 1, 1, 1, 2, 2, 3, 4, 5, 6}[rng.IntN(12)]
		case "example":
			a.Text = pick(examples)
		case "agent":
			a.Text = pick(agents)
		case "url":
			a.Text = pick(urls)
		case "many":
			a.Text = list(agents, 3)
			a.Other = list(urls, 8)
		case "compare":
			a.Text = file(8)
		case "reload":
			if rng.IntN(2) == 0 {
				a.Text = pick(lines)
			}
		case "lang":
			a.Text = pick(langs)
		}
		a.Settle = rng.IntN(2) == 0
		out[i] = a
		if a.Kind == "fetch" && a.N == hugeSite {
			// The huge file is then edited like any other: the editor lays
			// out only the block an edit touches (textbox.js).
			out[i].Settle = true
		}
	}
	return out
}

// hugeSite is the index of the site serving 700 KB.
const hugeSite = 6

// The builder's categories, as builder.js lists them.
var categories = []string{"search", "ai-training", "ai-assistant", "ai-search", "seo", "archive", "ads", "other"}

func builderCategories(n int) []string {
	var out []string
	for i, c := range categories {
		if n&(1<<i) != 0 {
			out = append(out, c)
		}
	}
	return out
}

// ---- the sites the page's server fetches -----------------------------

var siteNames = []string{"fast", "fast2", "slow", "missing (404)", "down (503)", "closed port", "huge (700 KB)"}

type sites struct {
	urls    []string // by siteNames' index
	arrived chan struct{}
	release chan struct{}
}

func newSites(t *testing.T) *sites {
	s := &sites{arrived: make(chan struct{}, 1024), release: make(chan struct{})}
	serve := func(h http.HandlerFunc) string { return pagetesting.Origin(t, h) }
	text := func(body string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(body)) }
	}
	var big strings.Builder
	big.WriteString("User-agent: *\n")
	for i := 0; big.Len() < 700<<10; i++ {
		fmt.Fprintf(&big, "Disallow: /generated/%d/\n", i)
	}
	// Past the 500 KiB crawlers read: a group the verdict must not use.
	big.WriteString("User-agent: Googlebot\nDisallow: /late/\n")
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	s.urls = []string{
		serve(text(pagetesting.RobotsText)),
		serve(text("User-agent: *\nDisallow: /fast/\nAllow: /fast/ok\n\nUser-agent: GPTBot\nDisallow: /\n")),
		serve(func(w http.ResponseWriter, r *http.Request) {
			select {
			case s.arrived <- struct{}{}:
			default:
			}
			select {
			case <-s.release:
				w.Write([]byte("User-agent: *\nDisallow: /slow/\n\nUser-agent: Googlebot\nAllow: /slow/g\n"))
			case <-r.Context().Done():
			}
		}),
		serve(http.NotFound),
		serve(func(w http.ResponseWriter, r *http.Request) { http.Error(w, "busy", http.StatusServiceUnavailable) }),
		closed.URL,
		serve(text(big.String())),
	}
	// Released before the servers close (cleanups run last first).
	t.Cleanup(func() { close(s.release) })
	return s
}

// answerSlow lets every request the slow site holds answer.
func (s *sites) answerSlow() {
	for {
		select {
		case s.release <- struct{}{}:
		default:
			return
		}
	}
}

type files struct{ log, sitemap string }

func newFiles(t *testing.T) files {
	dir := t.TempDir()
	const ua = `"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"`
	var log strings.Builder
	for i, p := range []string{"/private/x", "/search", "/robots.txt", "/fast/1", "/x?y=1"} {
		fmt.Fprintf(&log, "66.249.66.%d - - [30/Nov/2026:10:%02d:00 +0000] \"GET %s HTTP/1.1\" 200 123 \"-\" %s\n", i+1, i, p, ua)
	}
	fmt.Fprintf(&log, "203.0.113.9 - - [30/Nov/2026:10:59:00 +0000] \"GET /private/y HTTP/1.1\" 200 9 \"-\" \"GPTBot/1.0\"\n")
	sm := `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>https://www.example.com/private/x</loc></url>
<url><loc>https://www.example.com/search/about</loc></url>
<url><loc>https://www.example.com/fast/1</loc></url>
<url><loc>https://www.example.com/</loc></url>
</urlset>
`
	return files{log: pagetesting.WriteFile(t, dir, "access.log", log.String()), sitemap: pagetesting.WriteFile(t, dir, "sitemap.xml", sm)}
}

// ---- playing a sequence ----------------------------------------------

type player struct {
	t     *testing.T
	b     *pagetesting.Browser
	ctx   context.Context
	sites *sites
	files files
	// slowPending: the last fetch asked for is the slow site's, held until
	// a release; the page's fetch box stays busy meanwhile.
	slowPending bool
	// reloadText is the editor's text before a reload (with what was
	// typed right before it), for reloaded to compare.
	reloadText string
	checks     int
	settled    int
	// keepGoing: every break is kept in found and the sequence goes on.
	keepGoing bool
	// deadline, when set, ends a replay (shrink).
	deadline time.Time
	found    []*failure
}

// failure is the first break of a sequence: the action after which it was
// seen, when, what is wrong and the screen then.
type failure struct {
	index  int
	action action
	when   string
	what   []string
	screen string
}

// kind is what broke (the view, or the wait), for a shorter sequence to
// count only when it breaks the same way.
func (f *failure) kind() string {
	if len(f.what) == 0 {
		return f.when
	}
	k, _, _ := strings.Cut(f.what[0], ":")
	return f.when + " / " + k
}

func (f *failure) String() string {
	return fmt.Sprintf("after action %d (%s), %s:\n  %s", f.index+1, f.action, f.when, strings.Join(f.what, "\n  "))
}

// reset opens the page afresh: empty storage, no fetch pending.
func (p *player) reset() {
	p.sites.answerSlow()
	p.slowPending = false
	p.b.Open(p.t, p.ctx, "")
	p.b.ForgetProblems()
	if err := p.poll(`!document.getElementById("fetch-site").hidden`, *settleFlag); err != nil {
		p.t.Fatalf("the fetch box does not show: %v", err)
	}
}

// play runs the actions and checks the screen after each; it returns the
// first break, or nil.
func (p *player) play(actions []action) *failure {
	for i, a := range actions {
		// A replay while shrinking stops at its deadline, before a wait
		// that could outlast it: not a failure.
		if !p.deadline.IsZero() && time.Until(p.deadline) < *settleFlag {
			return nil
		}
		// seen is the screen the last check read: a failure shows it, not a
		// later one (the page goes on changing).
		var seen *pagetesting.Screen
		fail := func(when string, what ...string) *failure {
			f := &failure{index: i, action: a, when: when, what: what}
			if seen != nil {
				f.screen = seen.Describe()
			} else if s, err := p.screen(); err == nil {
				f.screen = s.Describe()
			}
			if p.keepGoing {
				p.t.Logf("break: %s\nscreen:\n%s", f, f.screen)
				p.found = append(p.found, f)
				return nil
			}
			return f
		}
		start := time.Now()
		if err := p.do(a); err != nil {
			if f := fail("doing it", err.Error()); f != nil {
				return f
			}
			continue
		}
		done := time.Since(start)
		if a.Kind == "reload" {
			if what := p.reloaded(); what != "" {
				if f := fail("after the reload", what); f != nil {
					return f
				}
			}
		}
		// Right after the action, before any wait: every view is already
		// either right or marked as being recomputed.
		if what := p.check(&seen); len(what) > 0 {
			if f := fail("right after it", what...); f != nil {
				return f
			}
		}
		if a.Settle {
			if err := p.settle(); err != nil {
				seen = nil
				if f := fail("waiting for the page to catch up", err.Error()); f != nil {
					return f
				}
			} else {
				p.settled++
				if what := p.check(&seen); len(what) > 0 {
					if f := fail("once the page caught up", what...); f != nil {
						return f
					}
				}
			}
		}
		if testing.Verbose() {
			p.t.Logf("%4d %s (done in %s): %s", i+1, time.Since(start).Round(time.Millisecond), done.Round(time.Millisecond), a)
		}
	}
	return nil
}

// reloaded says what is wrong with the text after a reload: "" when it is
// the text before the reload.
func (p *player) reloaded() string {
	got, err := eval[string](p.ctx, `document.getElementById("robots").value`)
	if err != nil {
		return err.Error()
	}
	if got != p.reloadText {
		return fmt.Sprintf("the editor holds %q, want the text before the reload %q", clip(got), clip(p.reloadText))
	}
	return ""
}

func clip(s string) string {
	if len(s) > 300 {
		return fmt.Sprintf("%s… (%d bytes)", s[:300], len(s))
	}
	return s
}

func (p *player) screen() (pagetesting.Screen, error) {
	var s pagetesting.Screen
	var err error
	for range 5 {
		if s, err = pagetesting.TryReadScreen(p.ctx); err == nil || !navigating(err) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	return s, err
}

func navigating(err error) bool {
	return strings.Contains(err.Error(), "Cannot find context") || strings.Contains(err.Error(), "Inspected target navigated") ||
		strings.Contains(err.Error(), "Execution context was destroyed")
}

// check reads the screen into *seen and lists its breaks.
func (p *player) check(seen **pagetesting.Screen) []string {
	p.checks++
	s, err := p.screen()
	if err != nil {
		*seen = nil
		return []string{err.Error()}
	}
	*seen = &s
	return s.Breaks()
}

// settle waits until the page has caught up with the inputs (and with the
// fetch asked for, unless it is the slow site's, held until released).
func (p *player) settle() error {
	cond := pagetesting.SettledJS
	if !p.slowPending {
		cond = `(document.getElementById("fetch-site").getAttribute("aria-busy") !== "true" && ` + cond + `)`
	}
	if err := p.poll(cond, *settleFlag); err != nil {
		return fmt.Errorf("the page did not catch up within %s: %v", *settleFlag, err)
	}
	return nil
}

// poll waits for a JavaScript condition, across a navigation.
func (p *player) poll(cond string, limit time.Duration) error {
	var err error
	for range 3 {
		_, err = chromedp.Run(p.ctx, chromedp.Poll[chromedp.Void](cond,
			chromedp.WithPollingInterval(25*time.Millisecond), chromedp.WithPollingTimeout(limit)))
		if err == nil || !navigating(err) {
			break
		}
	}
	return err
}

func eval[T any](ctx context.Context, expr string) (T, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[T](expr))
}

func js(ctx context.Context, expr string) error {
	_, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](expr))
	return err
}

// insertText types text at the focused field's caret, as a paste does.
func insertText(text string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, input.InsertText, input.InsertTextParams{Text: text})
		return err
	})
}

// selectText focuses the editor and selects from fraction a to b of its
// text (a caret when they are equal).
func selectText(a, b float64) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
		const ta = document.getElementById("robots");
		ta.focus();
		const n = ta.value.length;
		ta.setSelectionRange(Math.floor(%g * n), Math.floor(%g * n));
	})()`, a, b))
}

// setField sets a field's value as a paste does: one input event.
func setField(id, value string) string {
	return fmt.Sprintf(`(() => { const e = document.getElementById(%q); e.value = %q; e.dispatchEvent(new Event("input", {bubbles: true})) })()`, id, value)
}

// do performs one action. An action whose control is not there (Cancel
// with no fetch pending) does nothing.
func (p *player) do(a action) error {
	ctx := p.ctx
	switch a.Kind {
	case "type":
		return chromedp.Do(ctx, selectText(a.A, a.A), chromedp.KeyEvent(a.Text))
	case "paste":
		return chromedp.Do(ctx, selectText(a.A, a.B), insertText(a.Text))
	case "delete":
		return chromedp.Do(ctx, selectText(a.A, a.B), chromedp.KeyEvent(kb.Backspace))
	case "replace":
		if a.Text == "" {
			return chromedp.Do(ctx, selectText(0, 1), chromedp.KeyEvent(kb.Backspace))
		}
		return chromedp.Do(ctx, selectText(0, 1), insertText(a.Text))
	case "fetch":
		p.slowPending = a.N == 2
		return js(ctx, fmt.Sprintf(`(() => { document.getElementById("fetch-url").value = %q; document.getElementById("fetch-go").click() })()`, p.sites.urls[a.N]))
	case "release":
		p.sites.answerSlow()
		p.slowPending = false
	case "cancel":
		p.slowPending = false
		return js(ctx, `(() => { const c = document.getElementById("fetch-cancel"); if (!c.hidden) c.click() })()`)
	case "example":
		return js(ctx, fmt.Sprintf(`(() => { const e = document.getElementById("example"); e.value = %q; e.dispatchEvent(new Event("change")) })()`, a.Text))
	case "agent", "url":
		id := a.Kind
		if a.N&1 == 1 && a.Text != "" {
			// Typed key by key into the emptied field.
			if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const e = document.getElementById(%q); e.value = ""; e.focus() })()`, id)),
				chromedp.KeyEvent(a.Text)); err != nil {
				return err
			}
		} else if err := js(ctx, setField(id, a.Text)); err != nil {
			return err
		}
		if a.N&2 == 2 {
			return js(ctx, `document.getElementById("check-form").requestSubmit()`)
		}
	case "check":
		return js(ctx, `document.getElementById("check-form").requestSubmit()`)
	case "fallback":
		return js(ctx, `document.getElementById("fallback").click()`)
	case "allcrawlers":
		return js(ctx, `(() => { const b = document.querySelector("#matrix-body button.more"); if (b) b.click() })()`)
	case "many":
		return js(ctx, fmt.Sprintf(`(() => { %s; %s; document.getElementById("many-run").click() })()`, setField("many-agents", a.Text), setField("many-urls", a.Other)))
	case "compare":
		return js(ctx, fmt.Sprintf(`(() => { %s; document.getElementById("compare-run").click() })()`, setField("compare-text", a.Text)))
	case "builder":
		if err := js(ctx, fmt.Sprintf(`(() => {
			const n = %d;
			document.querySelectorAll("#builder-categories [data-category]").forEach((c, i) => { c.checked = (n & (1 << i)) !== 0 });
			document.getElementById("builder-merge").checked = (n & 256) !== 0;
			document.getElementById("builder-run").click();
		})()`, a.N)); err != nil {
			return err
		}
		if a.N&512 == 0 {
			return nil
		}
		if err := p.poll(`!document.getElementById("builder-use").disabled || document.getElementById("builder-out").textContent !== ""`, *settleFlag); err != nil {
			return fmt.Errorf("the builder gives nothing: %v", err)
		}
		return js(ctx, `(() => { const u = document.getElementById("builder-use"); if (!u.disabled) u.click() })()`)
	case "logs":
		return chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID("logs-file"), []string{p.files.log}))
	case "sitemap":
		return chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID("sitemaps-file"), []string{p.files.sitemap}))
	case "lang":
		return js(ctx, fmt.Sprintf(`document.querySelector('.langs button[data-lang=%q]').click()`, a.Text))
	case "reload":
		p.slowPending = false
		// The text to keep is the one in the editor when the page is left
		// (a fetch may still change it until then): recorded at pagehide,
		// in the tab's session storage, which a reload keeps.
		keep := `window.addEventListener("pagehide", () => sessionStorage.setItem("random.before", document.getElementById("robots").value));
			sessionStorage.removeItem("random.before");`
		if a.Text == "" {
			if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](keep), chromedp.Navigate(p.b.URL+"/")); err != nil {
				return err
			}
		} else {
			// Typed and reloaded in one task: only the save on pagehide
			// can keep the edit.
			if err := js(ctx, fmt.Sprintf(`(() => {
				%s
				window.beforeReload = true;
				const ta = document.getElementById("robots");
				ta.value += %q;
				ta.dispatchEvent(new Event("input"));
				location.reload();
			})()`, keep, a.Text)); err != nil && !navigating(err) {
				return err
			}
		}
		if err := p.poll(`!window.beforeReload && document.body.dataset.engine === "ready" && document.body.dataset.settled === "true"`, *settleFlag); err != nil {
			return err
		}
		before, err := eval[string](ctx, `sessionStorage.getItem("random.before") ?? "(no pagehide)"`)
		p.reloadText = before
		return err
	default:
		return fmt.Errorf("unknown action %q", a.Kind)
	}
	return nil
}

// ---- shrinking -------------------------------------------------------

type shrunk struct {
	actions []action
	failure *failure
}

// shrink replays shorter sequences than the failing one, each on a fresh
// page, until the deadline: first its last 1, 2, 4, … actions (what broke
// the page is most often just before the break), then, as delta debugging
// does, the shortest failing one without halves, quarters, … of it. It
// returns the shortest sequence that broke the same way, or nil when none
// did before the deadline.
func (p *player) shrink(actions []action, kind string, deadline time.Time) (*shrunk, int) {
	tries := 0
	p.deadline = deadline
	defer func() { p.deadline = time.Time{} }()
	try := func(seq []action, want string) *failure {
		tries++
		p.reset()
		f := p.play(seq)
		if f == nil || f.kind() != want {
			return nil
		}
		return f
	}
	var best *shrunk
	for k := 1; best == nil; k *= 2 {
		k = min(k, len(actions))
		if !time.Now().Before(deadline) {
			return nil, tries
		}
		if f := try(actions[len(actions)-k:], kind); f != nil {
			best = &shrunk{actions: actions[len(actions)-k:][:f.index+1], failure: f}
		} else if k == len(actions) {
			return nil, tries
		}
	}
	for chunk := len(best.actions) / 2; chunk >= 1 && time.Now().Before(deadline); chunk /= 2 {
		for start := 0; start < len(best.actions) && time.Now().Before(deadline); {
			end := min(start+chunk, len(best.actions))
			cand := append(append([]action{}, best.actions[:start]...), best.actions[end:]...)
			if len(cand) == 0 {
				start = end
				continue
			}
			if f := try(cand, best.failure.kind()); f != nil {
				best = &shrunk{actions: cand[:f.index+1], failure: f}
			} else {
				start = end
			}
		}
	}
	return best, tries
}
