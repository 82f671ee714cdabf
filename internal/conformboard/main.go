// Command conformboard grades the real crawlers this machine can run on the
// conformance site (package conform, "robotstxt conform") and writes the
// scoreboard of docs/crawler-conformance.md:
//
//	go run ./internal/conformboard            # print the table
//	go run ./internal/conformboard -update    # rewrite it in the page
//	go run ./internal/conformboard -slow      # HTTrack and Crawlee's own mode too
//	go run ./internal/conformboard -only Scrapy   # the crawlers named so
//
// A crawler whose program is missing is left out with a message (run
// .ci/run, or see its lines, to install them). ROBOTSTXT_CONFORM_SLOW=1 is
// the same as -slow. Run it from the repository's root.
package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/robotstxt/robotstxt/conform"
)

// crawler is one crawler of the scoreboard.
type crawler struct {
	name, about string
	agent       string
	// argv has {url}, {urls}, {cacert} (conform.Run's) and {bin} (the
	// folder of the programs built for the run: robotstxt, colly). Each
	// crawler that can be told to trust the site's certificate ({cacert})
	// is, so that robots-per-scheme grades it: wget by its option, Go and
	// Python programs by SSL_CERT_FILE, Node by NODE_EXTRA_CA_CERTS.
	// Scrapy does not check certificates; HTTrack has no way to be told.
	argv []string
	// needs are programs or files that must exist ({home} is $HOME).
	needs []string
	slow  bool
	// ours: the project's gate decides; TestBoard fails on any failed check.
	ours bool
	// gate: the board starts "robotstxt serve --gate" on loopback for the
	// crawler, trusting the site's certificate; {gate} in argv is its URL.
	gate bool
	// version prints the crawler's version (a command, or "" for none).
	version []string
}

func nodeModules() string {
	if d := os.Getenv("ROBOTSTXT_CONFORM_NODE_MODULES"); d != "" {
		return d
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".cache", "robotstxt-conform", "node_modules")
}

// crawlers lists the scoreboard's crawlers, in column order.
func crawlers() []crawler {
	nm := nodeModules()
	return []crawler{
		{name: "ours (gate)", agent: "conformbot", ours: true,
			about:   "`robotstxt gate` deciding each seed URL ({urls}), wget fetching what it admits: conform/crawlers/gate.sh",
			argv:    []string{"sh", "conform/crawlers/gate.sh", "{bin}/robotstxt", "conformbot", "{urls}", "{cacert}"},
			needs:   []string{"wget"},
			version: []string{"{bin}/robotstxt", "version"}},
		{name: "ours (browse, seed URLs)", agent: "conformbot", ours: true,
			about: "`robotstxt browse --urls {urls}`: each seed URL loaded in headless Chromium, every request of the page decided first by robots.txt (fetched by the crawler-side fetcher, which trusts {cacert}; Chromium takes the https pages with ignore-certificate-errors). Not a crawler that follows links: graded on the seed URLs, which list every probe",
			argv: []string{"env", "SSL_CERT_FILE={cacert}", "{bin}/robotstxt", "browse", "--agent", "conformbot", "--user-agent", "conformbot/1.0",
				"--allow-private", "--chromium-flag", "ignore-certificate-errors", "--urls", "{urls}"},
			needs:   []string{"chromium"},
			version: []string{"{bin}/robotstxt", "version"}},
		{name: "wget", agent: "wget",
			about:   "`wget -r -l 5 -H -e robots=on --timeout=5 --tries=1` from the start page (wget reads the group \"wget\")",
			argv:    []string{"wget", "-r", "-l", "5", "-H", "-e", "robots=on", "--timeout=5", "--tries=1", "--ca-certificate={cacert}", "-q", "-P", "out", "{url}"},
			needs:   []string{"wget"},
			version: []string{"wget", "--version"}},
		{name: "Scrapy", agent: "conformbot",
			about:   "Scrapy (Debian's python3-scrapy) with ROBOTSTXT_OBEY, following every link: conform/crawlers/scrapy_spider.py",
			argv:    []string{"/usr/bin/scrapy", "runspider", "conform/crawlers/scrapy_spider.py", "-a", "start={url}", "-s", "USER_AGENT=conformbot/1.0"},
			needs:   []string{"/usr/bin/scrapy"},
			version: []string{"/usr/bin/scrapy", "version"}},
		{name: "Scrapy + ours (serve --gate)", agent: "conformbot", ours: true, gate: true,
			about:   "the same Scrapy without ROBOTSTXT_OBEY, each request asked of `robotstxt serve --gate --crawl-delay` (the embedded store) through integrations/scrapy's downloader middleware: conform/crawlers/scrapy_gate_spider.py",
			argv:    []string{"/usr/bin/scrapy", "runspider", "conform/crawlers/scrapy_gate_spider.py", "-a", "start={url}", "-s", "ROBOTSTXT_GATE_URL={gate}", "-s", "USER_AGENT=conformbot/1.0"},
			needs:   []string{"/usr/bin/scrapy"},
			version: []string{"/usr/bin/scrapy", "version"}},
		{name: "urllib.robotparser", agent: "conformbot",
			about:   "a breadth-first crawler on Python's urllib.robotparser: conform/crawlers/urllib_crawler.py",
			argv:    []string{"env", "SSL_CERT_FILE={cacert}", "/usr/bin/python3", "conform/crawlers/urllib_crawler.py", "{url}", "conformbot"},
			needs:   []string{"/usr/bin/python3"},
			version: []string{"/usr/bin/python3", "--version"}},
		{name: "robots-parser (npm)", agent: "conformbot",
			about:   "a breadth-first crawler on npm robots-parser 3.0.1, with RFC 9309's status handling around it: conform/crawlers/robots_parser_crawler.cjs",
			argv:    []string{"env", "NODE_EXTRA_CA_CERTS={cacert}", "node", "conform/crawlers/robots_parser_crawler.cjs", "{url}", "conformbot"},
			needs:   []string{"node", filepath.Join(nm, "robots-parser")},
			version: []string{"node", "-p", "'robots-parser ' + require('robots-parser/package.json').version"}},
		{name: "colly", agent: "conformbot",
			about:   "colly v2.3.0 with IgnoreRobotsTxt false, following every link: conform/crawlers/colly (a module of its own)",
			argv:    []string{"env", "SSL_CERT_FILE={cacert}", "{bin}/colly", "{url}", "conformbot"},
			needs:   []string{"go"},
			version: []string{"go", "list", "-C", "conform/crawlers/colly", "-m", "-f", "colly {{.Version}}", "github.com/gocolly/colly/v2"}},
		{name: "Crawlee", agent: "conformbot", slow: true,
			about:   "Crawlee's HttpCrawler (@crawlee/http 3.18.1) with respectRobotsTxtFile {userAgent: \"conformbot\"}, every link enqueued: conform/crawlers/crawlee_crawler.cjs",
			argv:    []string{"env", "NODE_EXTRA_CA_CERTS={cacert}", "node", "conform/crawlers/crawlee_crawler.cjs", "{url}", "conformbot"},
			needs:   []string{"node", filepath.Join(nm, "@crawlee", "http")},
			version: []string{"node", "-p", "'@crawlee/http ' + require('@crawlee/http/package.json').version"}},
		{name: "Crawlee + ours (serve --gate)", agent: "conformbot", ours: true,
			about:   "the same HttpCrawler without respectRobotsTxtFile, each request asked of `robotstxt serve --gate --crawl-delay` through integrations/crawlee/robotstxt-gate.cjs: conform/crawlers/crawlee_gate_crawler.cjs",
			argv:    []string{"env", "NODE_EXTRA_CA_CERTS={cacert}", "SSL_CERT_FILE={cacert}", "node", "conform/crawlers/crawlee_gate_crawler.cjs", "{url}", "conformbot", "{bin}/robotstxt"},
			needs:   []string{"node", filepath.Join(nm, "@crawlee", "http")},
			version: []string{"node", "-p", "'@crawlee/http ' + require('@crawlee/http/package.json').version"}},
		{name: "HTTrack", agent: "conformbot", slow: true,
			about:   "HTTrack (Debian) with -s2 (always follow robots.txt) and the filter +* to follow every host",
			argv:    []string{"httrack", "{url}", "-O", "out", "-r4", "-s2", "-F", "conformbot/1.0", "+*", "-q", "-T5", "-R1", "-c4", "-%v0"},
			needs:   []string{"httrack"},
			version: []string{"httrack", "--version"}},
	}
}

// missing returns what c needs and this machine lacks, or "".
func (c crawler) missing() string {
	for _, n := range c.needs {
		if strings.ContainsRune(n, os.PathSeparator) {
			if _, err := os.Stat(n); err != nil {
				return n
			}
		} else if _, err := exec.LookPath(n); err != nil {
			return n
		}
	}
	return ""
}

// graded is one crawler's run.
type graded struct {
	crawler
	version string
	report  *conform.Report
	run     conform.RunResult
	err     error
}

// timeout bounds each crawler's run.
const timeout = 100 * time.Second

// build compiles the programs the crawlers run into dir: robotstxt, and
// colly's module when colly is to run.
func build(dir string, colly bool) error {
	cmds := [][]string{{"go", "build", "-o", filepath.Join(dir, "robotstxt"), "./cmd/robotstxt"}}
	if colly {
		cmds = append(cmds, []string{"go", "build", "-C", "conform/crawlers/colly", "-o", filepath.Join(dir, "colly"), "."})
	}
	for _, a := range cmds {
		cmd := exec.Command(a[0], a[1:]...)
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("%s: %v\n%s", strings.Join(a, " "), err, out)
		}
	}
	return nil
}

// gradeAll runs each crawler in turn (one at a time: the machine is
// shared) and grades it. log receives progress.
func gradeAll(ctx context.Context, cs []crawler, log io.Writer) ([]graded, error) {
	abs, err := filepath.Abs(".")
	if err != nil {
		return nil, err
	}
	bin, err := os.MkdirTemp("", "conformboard-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(bin)
	colly := false
	for _, c := range cs {
		colly = colly || c.name == "colly"
	}
	if err := build(bin, colly); err != nil {
		return nil, err
	}
	os.Setenv("NODE_PATH", nodeModules())
	expand := func(a string) string {
		a = strings.ReplaceAll(a, "{bin}", bin)
		if strings.HasPrefix(a, "conform/") {
			a = filepath.Join(abs, a)
		}
		return a
	}
	var out []graded
	for _, c := range cs {
		g := graded{crawler: c}
		argv := make([]string, len(c.argv))
		for i, a := range c.argv {
			argv[i] = expand(a)
		}
		if len(c.version) > 0 {
			va := make([]string, len(c.version))
			for i, a := range c.version {
				va[i] = strings.ReplaceAll(a, "{bin}", bin)
			}
			cmd := exec.CommandContext(ctx, va[0], va[1:]...)
			cmd.Dir = abs
			v, _ := cmd.Output()
			g.version = firstLine(string(v))
		}
		fmt.Fprintf(log, "conformboard: %s ...\n", c.name)
		site, err := conform.Start(conform.Options{Agent: c.agent, Lifetime: timeout + time.Minute})
		if err != nil {
			return nil, err
		}
		var crawlerOut, gateOut bytes.Buffer
		stop := func() {}
		if c.gate {
			var endpoint string
			endpoint, stop, err = startGate(ctx, filepath.Join(bin, "robotstxt"), c.agent, site.CACert(), &gateOut)
			if err != nil {
				site.Close()
				return nil, err
			}
			for i := range argv {
				argv[i] = strings.ReplaceAll(argv[i], "{gate}", endpoint)
			}
		}
		g.run, g.err = conform.Run(ctx, site, argv, timeout, &crawlerOut, &crawlerOut)
		stop()
		site.Close()
		if g.err != nil {
			fmt.Fprintf(log, "conformboard: %s: %v\n%s%s", c.name, g.err, tail(gateOut.String(), 1000), tail(crawlerOut.String(), 2000))
		}
		g.report = conform.Grade(site.Log())
		fmt.Fprintf(log, "conformboard: %s: %s in %s\n", c.name, g.report.Summary(), g.run.Duration.Round(time.Second))
		out = append(out, g)
	}
	return out, nil
}

// startGate starts "robotstxt serve --gate" on a free loopback port (the
// embedded store, Crawl-delay applied, every origin in scope, trusting the
// site's certificate), and returns its URL and how to stop it. Its output
// goes to out (its standard error; read it after stop).
func startGate(ctx context.Context, robotstxt, agent string, cacert []byte, out io.Writer) (string, func(), error) {
	dir, err := os.MkdirTemp("", "conformboard-gate-")
	if err != nil {
		return "", nil, err
	}
	scope, cert := filepath.Join(dir, "scope.json"), filepath.Join(dir, "cacert.pem")
	os.WriteFile(scope, []byte(`{"approved":["*"]}`+"\n"), 0o644)
	if err := os.WriteFile(cert, cacert, 0o644); err != nil {
		os.RemoveAll(dir)
		return "", nil, err
	}
	cmd := exec.CommandContext(ctx, robotstxt, "serve", "--gate", "--agent", agent, "--scope", scope, "--allow-private",
		"--addr", "127.0.0.1:0", "--user-agent", agent+"/1.0", "--fetch-timeout", "5s", "--crawl-delay")
	cmd.Env = append(os.Environ(), "SSL_CERT_FILE="+cert)
	cmd.Stderr = out
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		os.RemoveAll(dir)
		return "", nil, err
	}
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return "", nil, err
	}
	stop := func() {
		cmd.Process.Kill()
		cmd.Wait()
		os.RemoveAll(dir)
	}
	// The first line names the address: "... open http://127.0.0.1:PORT/ ...".
	line, _ := bufio.NewReader(pipe).ReadString('\n')
	go io.Copy(io.Discard, pipe)
	m := regexp.MustCompile(`http://127\.0\.0\.1:\d+`).FindString(line)
	if m == "" {
		stop()
		return "", nil, fmt.Errorf("serve --gate: no address in %q", line)
	}
	return m, stop, nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(s)
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// cell is a result in the table.
func cell(result string) string {
	switch result {
	case conform.Pass:
		return "✅"
	case conform.Fail:
		return "❌"
	case conform.Noted:
		return "ℹ️"
	}
	return "—"
}

// table writes the scoreboard: one row per check, one column per crawler,
// the counts, then each crawler's setup and why each of its checks failed.
func table(gs []graded) string {
	var b strings.Builder
	b.WriteString("| check | reference |")
	for _, g := range gs {
		fmt.Fprintf(&b, " %s |", g.name)
	}
	b.WriteString("\n|---|---|")
	for range gs {
		b.WriteString("---|")
	}
	b.WriteString("\n")
	for i, c := range conform.Checks() {
		fmt.Fprintf(&b, "| `%s` | %s |", c.ID, c.Ref)
		for _, g := range gs {
			fmt.Fprintf(&b, " %s |", cell(g.report.Checks[i].Result))
		}
		b.WriteString("\n")
	}
	for _, r := range []string{conform.Fail, conform.Noted, conform.NotExercised} {
		fmt.Fprintf(&b, "| **%s** | |", map[string]string{conform.Fail: "failed", conform.Noted: "noted", conform.NotExercised: "not exercised"}[r])
		for _, g := range gs {
			fmt.Fprintf(&b, " %d |", g.report.Counts[r])
		}
		b.WriteString("\n")
	}
	b.WriteString("\n✅ pass · ❌ fail · ℹ️ noted (differs where RFC 9309 leaves room; not a failure) · — not exercised\n")
	b.WriteString("\n### The crawlers\n\n")
	for _, g := range gs {
		v := g.version
		if v == "" {
			v = "version unknown"
		}
		fmt.Fprintf(&b, "- **%s** (%s, agent `%s`): %s.", g.name, strings.ReplaceAll(v, "|", "/"), g.agent, g.about)
		if !g.run.Exited {
			fmt.Fprintf(&b, " Stopped after %s.", timeout)
		}
		b.WriteString("\n")
	}
	b.WriteString("\n### The checks\n\n| check | what it tests |\n|---|---|\n")
	for _, c := range conform.Checks() {
		fmt.Fprintf(&b, "| `%s` | %s |\n", c.ID, mdText(c.Title))
	}
	b.WriteString("\n### Why each check failed\n")
	for _, g := range gs {
		var lines []string
		for _, r := range g.report.Checks {
			if r.Result == conform.Fail {
				lines = append(lines, fmt.Sprintf("- `%s`: %s", r.ID, mdText(r.Detail)))
			}
		}
		if len(lines) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n**%s**\n\n%s\n", g.name, strings.Join(lines, "\n"))
	}
	return b.String()
}

// mdText shortens a detail for the page and keeps it one line of plain
// Markdown.
func mdText(s string) string {
	if len(s) > 240 {
		s = strings.ToValidUTF8(s[:240], "") + "..."
	}
	return strings.NewReplacer("\n", " ", "|", `\|`, "<", "&lt;", ">", "&gt;", "*", `\*`, "_", `\_`, "`", "'").Replace(s)
}

const (
	page      = "docs/crawler-conformance.md"
	beginMark = "<!-- scoreboard: generated by \"go run ./internal/conformboard -update\"; do not edit by hand -->"
	endMark   = "<!-- end of scoreboard -->"
)

// update replaces the scoreboard between the markers of the page.
func update(path, board string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	s := string(b)
	i, j := strings.Index(s, beginMark), strings.Index(s, endMark)
	if i < 0 || j < i {
		return errors.New(path + ": no scoreboard markers")
	}
	s = s[:i+len(beginMark)] + "\n\n" + board + "\n" + s[j:]
	return os.WriteFile(path, []byte(s), 0o644)
}

func main() {
	write := flag.Bool("update", false, "rewrite the scoreboard in "+page)
	only := flag.String("only", "", "grade only the crawlers whose name contains this text (with -update: refused)")
	slow := flag.Bool("slow", os.Getenv("ROBOTSTXT_CONFORM_SLOW") == "1", "grade the slow crawlers too (HTTrack, Crawlee's own mode)")
	flag.Parse()
	var cs []crawler
	if *only != "" && *write {
		fmt.Fprintln(os.Stderr, "conformboard: -only and -update: the page lists every crawler")
		os.Exit(2)
	}
	for _, c := range crawlers() {
		if *only != "" && !strings.Contains(c.name, *only) {
			continue
		}
		if c.slow && !*slow {
			fmt.Fprintf(os.Stderr, "conformboard: %s left out (slow; -slow grades it)\n", c.name)
			continue
		}
		if m := c.missing(); m != "" {
			fmt.Fprintf(os.Stderr, "conformboard: %s left out: %s is missing (see .ci/run)\n", c.name, m)
			continue
		}
		cs = append(cs, c)
	}
	gs, err := gradeAll(context.Background(), cs, os.Stderr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "conformboard:", err)
		os.Exit(1)
	}
	board := table(gs)
	if !*write {
		fmt.Print(board)
		return
	}
	if err := update(page, board); err != nil {
		fmt.Fprintln(os.Stderr, "conformboard:", err)
		os.Exit(1)
	}
}
