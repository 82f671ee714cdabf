package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/cache"
	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
)

func runGate(ctx context.Context, c *cli, args []string) error {
	fs := c.newFlags("gate", "--agent TOKEN [--scope FILE] [--recheck] [--ordered] [FILE]",
		`Read crawl tasks as JSON lines, one object per line with a "url" field and
any other fields, and write one line per task as soon as it is decided: the
task's own fields unchanged, then "decision" (the decision record) and "gate":

  admit   robots.txt allows the URL for TOKEN and the scope approves it
  hold    unresolved on either side: robots.txt could not be had (unreachable,
          rate-limited, or refused: its address is not public) or the scope
          does not cover the URL, or robots.txt answered 401/403
  drop    robots.txt disallows the URL, or the scope denies it, or the site
          refuses the task's declared purpose (--purpose, a "purpose" field)

Lines come out in completion order, so that an origin whose robots.txt is
slow holds back only its own tasks; match them by your own fields (an "id").
--ordered keeps the input order instead, holding at most --window tasks
while an early one waits. Each origin's robots.txt is fetched once.

The URL decided on is the one a browser requests: dot segments resolved
("/a/../b" and "/a/%2e%2e/b" are "/b"), the host in punycode without a
trailing dot, no user information; it is the record's targetURL. The scope file (YAML or JSON) lists
the URL prefixes approved and denied for collection; without one, nothing is
admitted. With --recheck, the input is lines the gate wrote before (admitted
tasks not yet started): each is decided again under the current policy, and
"policyChanged" says whether the policy version (its digest) changed.

robots.txt is never fetched from loopback, private, link-local or other
non-public addresses (every address connected to is checked, redirects and
DNS answers included) unless --allow-private or --allow-range says so.

Tasks are read from FILE, or standard input. Memory stays bounded whatever
their number. A progress line is shown on standard error when it is a
terminal.

Exit status: 0 when every line was a task, 1 when some were not (they are
answered with an "error" field and "gate":"drop"), 2 on a usage error.`,
		`  printf '{"url":"https://example.com/a","id":1}\n' | robotstxt gate --agent ExampleBot --scope scope.yaml
  robotstxt gate --agent ExampleBot --scope scope.yaml tasks.jsonl > decided.jsonl
  jq -c 'select(.gate == "admit")' decided.jsonl > queue.jsonl
  robotstxt gate --agent ExampleBot --scope scope.yaml --recheck queue.jsonl

scope.yaml:

  approved:
    - https://example.com/
  denied:
    - https://example.com/account/`)
	agent := fs.String("agent", "", "your crawler's product `token`, such as ExampleBot (required)")
	alias(fs, "agent", "a")
	scopeFile := fs.String("scope", "", "collection scope `file`, YAML or JSON (approved and denied URL prefixes)")
	recheck := fs.Bool("recheck", false, "decide again for lines the gate wrote before, adding \"policyChanged\"")
	ua := fs.String("user-agent", "", "User-Agent `header` for fetching robots.txt (default: the agent token)")
	workers := fs.Int("workers", 16, "decide this many tasks at once (tasks waiting for a robots.txt do not hold one)")
	window := fs.Int("window", gate.DefaultWindow, "keep at most this many `tasks` in flight, waiting ones included")
	ordered := fs.Bool("ordered", false, "write the lines in input order rather than as tasks are decided")
	origins := fs.Int("cache-origins", cache.DefaultEntries, "keep the policies of at most this many origins in memory")
	timeout := fs.Duration("timeout", fetch.DefaultHeaderTimeout, "bound on connecting, on waiting for the headers and on reading the body, each")
	total := fs.Duration("total-timeout", fetch.DefaultTimeout, "bound on each robots.txt fetch as a whole: every redirect and the body together")
	guard := addGuardFlags(fs)
	sign := addSignFlags(fs, "", true)
	purpose := fs.String("purpose", "", "what the crawler fetches for: train-ai, search or ai-input; a task whose `purpose` the site refuses (Content-Usage n, Content-Signal no) is dropped; a task's \"purpose\" field overrides it")
	if err := c.parseFlags(fs, args); err != nil {
		return err
	}
	if *purpose != "" && !robotstxt.IsPurpose(*purpose) {
		return usagef("gate: --purpose must be one of %s", strings.Join(robotstxt.Purposes, ", "))
	}
	if !robotstxt.IsProductToken(*agent) {
		if *agent == "" {
			return usagef("gate: give your crawler's product token with --agent (run \"robotstxt gate --help\")")
		}
		return usagef("gate: --agent %q is not a product token (letters, '-' and '_' only, such as ExampleBot); give the full User-Agent header with --user-agent", *agent)
	}
	if fs.NArg() > 1 {
		return usagef("gate: give at most one input file")
	}
	if *workers <= 0 || *window <= 0 || *origins <= 0 || *timeout <= 0 || *total <= 0 {
		return usagef("gate: --workers, --window, --cache-origins, --timeout and --total-timeout must be positive")
	}
	var scope *gate.Scope
	if *scopeFile != "" {
		s, err := gate.LoadScope(*scopeFile)
		if err != nil {
			return usagef("gate: %v", err)
		}
		scope = s
	}
	var in io.Reader = c.stdin
	if name := fs.Arg(0); name != "" && name != "-" {
		f, closeF, err := c.openFile(name)
		if err != nil {
			return openError(err)
		}
		defer closeF()
		in = f
	}
	header := *ua
	if header == "" {
		header = *agent
	}
	fetcher := &fetch.Fetcher{UserAgent: header, ConnectTimeout: *timeout, HeaderTimeout: *timeout, BodyTimeout: *timeout,
		Timeout: *total, Guard: guard.policy(), Now: c.now}
	if err := sign.apply("gate", fetcher); err != nil {
		return err
	}
	client := &gate.Client{Fetcher: fetcher, Cache: cache.NewMemory(*origins, 0), Now: c.now}
	g := &gate.Gate{Agent: *agent, Client: client, Scope: scope, Purpose: *purpose}
	var counters gate.Counters
	stop := func() {}
	if isTerminal(c.stderr) {
		stop = gateProgress(c.stderr, &counters, client)
	}
	err := g.Stream(ctx, in, c.stdout, gate.StreamOptions{Workers: *workers, Window: *window, Ordered: *ordered,
		Recheck: *recheck, Counters: &counters})
	stop()
	if err != nil {
		return err
	}
	if n := counters.Invalid.Load(); n > 0 {
		msg := fmt.Sprintf("gate: %d input lines are not tasks (answered with an \"error\" field)", n)
		if n == 1 {
			msg = "gate: 1 input line is not a task (answered with an \"error\" field)"
		}
		return &exitError{code: exitFindings, msg: msg}
	}
	return nil
}

// gateProgress redraws one status line on w until stop is called, then
// leaves the final counts. A line of counts rather than a bar: the number of
// tasks on a stream is not known in advance.
func gateProgress(w io.Writer, cnt *gate.Counters, client *gate.Client) (stop func()) {
	start := time.Now()
	draw := func(final bool) {
		n := cnt.Tasks.Load() + cnt.Invalid.Load()
		rate := float64(n) / max(time.Since(start).Seconds(), 1e-3)
		end := ""
		if final {
			end = "\n"
		}
		fmt.Fprintf(w, "\r\x1b[Kgate: %d tasks  admit %d  hold %d  drop %d  (%d robots.txt fetched, %.0f tasks/s)%s",
			n, cnt.Admit.Load(), cnt.Hold.Load(), cnt.Drop.Load(), client.Stats().Fetches, rate, end)
	}
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(200 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				draw(true)
				return
			case <-t.C:
				draw(false)
			}
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}
