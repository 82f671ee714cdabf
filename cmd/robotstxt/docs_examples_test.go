package main

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/diff"
	"github.com/robotstxt/robotstxt/internal/docexample"
	"github.com/robotstxt/robotstxt/internal/redistest"
	"github.com/robotstxt/robotstxt/internal/testutil"
	"github.com/robotstxt/robotstxt/server"
)

// docClockStart is the clock of every page's examples until a
// "clock" note sets another.
var docClockStart = time.Date(2026, 11, 30, 10, 32, 11, 0, time.UTC)

// TestDocExamples runs every command example of README.md, docs/*.md and
// docs/cli/*.md (a fenced block with "$ " lines) as docs/development.md
// describes, and compares what each command prints with the output the page
// shows under it, byte for byte. -update rewrites the outputs in the pages.
// An example that cannot run is marked <!-- example: not run: REASON -->;
// any other example that does not run is a failure.
func TestDocExamples(t *testing.T) {
	pages := []string{"../../README.md"}
	for _, pattern := range []string{"../../docs/*.md", "../../docs/cli/*.md"} {
		more, _ := filepath.Glob(pattern)
		pages = append(pages, more...)
	}
	var total docCounts
	for _, path := range pages {
		// Absolute: the examples run in a scratch folder.
		path, _ := filepath.Abs(path)
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		page := docexample.Parse(string(raw))
		root, _ := filepath.Abs("../..")
		rel, _ := filepath.Rel(root, path)
		name := strings.TrimSuffix(filepath.ToSlash(rel), ".md")
		t.Run(name, func(t *testing.T) {
			n := runDocPage(t, name, path, page)
			if n.found > 0 {
				t.Logf("%s.md: %d examples, %d run, %d marked not run, %d skipped", name, n.found, n.ran, len(n.marked), len(n.skipped))
			}
			if !t.Failed() && n.ran+len(n.marked)+len(n.skipped) != n.found {
				t.Errorf("%s.md: %d examples, %d run, %d marked not run, %d skipped: every example must run or be marked",
					name, n.found, n.ran, len(n.marked), len(n.skipped))
			}
			total.found += n.found
			total.ran += n.ran
			total.marked = append(total.marked, n.marked...)
			total.skipped = append(total.skipped, n.skipped...)
		})
	}
	for _, m := range total.marked {
		t.Logf("marked not run: %s", m)
	}
	for _, m := range total.skipped {
		t.Logf("skipped: %s", m)
	}
	t.Logf("doc examples: %d found, %d run, %d marked not run, %d skipped", total.found, total.ran, len(total.marked), len(total.skipped))
}

// docCounts counts the examples of pages: found, run, marked not run (with
// the page, line and reason) and skipped (browser examples under -short or
// without Chromium).
type docCounts struct {
	found, ran      int
	marked, skipped []string
}

// docPage is the state of one page's examples: its scratch folder, its
// stand-in sites and its clock, kept from one example to the next.
type docPage struct {
	t      *testing.T
	name   string
	dir    string // the scratch folder, the examples' working directory
	data   string // testdata/docs/<page>, absolute
	sites  []*docSite
	clock  *fakeClock
	status int // the exit status of the last command, for $?
	redis  string
}

// docSite is a loopback server standing in for an address a page shows.
type docSite struct {
	doc, real string // host:port as the page shows it and as served
	mu        sync.Mutex
	h         http.Handler
}

func (s *docSite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	h := s.h
	s.mu.Unlock()
	if h == nil {
		http.Error(w, "no site", http.StatusBadGateway)
		return
	}
	h.ServeHTTP(w, r)
}

// runDocPage runs the examples of one page.
func runDocPage(t *testing.T, name, path string, page *docexample.Page) (n docCounts) {
	d := &docPage{t: t, name: name, dir: t.TempDir(), clock: &fakeClock{t: docClockStart}}
	d.data, _ = filepath.Abs(filepath.Join("testdata", "docs", filepath.FromSlash(name)))
	if err := os.CopyFS(d.dir, os.DirFS(d.data)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	old := watchClock
	watchClock = d.clock
	t.Cleanup(func() { watchClock = old })
	t.Chdir(d.dir)
	outputs := map[int][]string{}
	differ := false
	for bi, b := range page.Blocks {
		at := fmt.Sprintf("%s.md:%d", name, b.Line)
		if b.IsExample() {
			n.found++
		}
		skip := false
		for _, note := range b.Notes {
			verb, rest, _ := strings.Cut(note, " ")
			rest = strings.TrimSpace(rest)
			switch verb {
			case "not":
				reason, ok := strings.CutPrefix(note, "not run:")
				if !ok || strings.TrimSpace(reason) == "" {
					t.Errorf("%s: write <!-- example: not run: REASON -->", at)
				}
				n.marked = append(n.marked, at+": "+strings.TrimSpace(reason))
				skip = true
			case "file":
				if b.IsExample() || rest == "" {
					t.Errorf("%s: a file note needs a name and a block without commands", at)
				}
				d.write(rest, d.toReal(b.Text()))
			case "site":
				d.site(at, rest)
			case "serve":
				d.serve(at, rest)
			case "clock":
				tm, err := time.Parse(time.RFC3339, rest)
				if err != nil {
					t.Errorf("%s: clock: %v", at, err)
				}
				d.clock.mu.Lock()
				d.clock.t = tm
				d.clock.mu.Unlock()
			default:
				t.Errorf("%s: unknown note %q (file, site, serve, clock, not run)", at, note)
			}
		}
		if !b.IsExample() || skip {
			continue
		}
		if why := d.skipBrowser(b); why != "" {
			n.skipped = append(n.skipped, at+": "+why)
			continue
		}
		var outs []string
		ok := true
		for _, st := range b.Steps() {
			got, err := d.step(st.Command)
			if err != nil {
				t.Errorf("%s: $ %s: %v (mark the block <!-- example: not run: REASON --> if it cannot run)", at, st.Command, err)
				ok = false
				break
			}
			outs = append(outs, got)
			if got != st.Output {
				differ = true
				if !*testutil.Update {
					t.Errorf("%s: $ %s\n--- the page shows\n%s--- it prints\n%s", at, st.Command, st.Output, got)
				}
			}
		}
		if ok {
			n.ran++
			outputs[bi] = outs
		}
	}
	text := page.Rewrite(outputs)
	for _, c := range docexample.Counts(text) {
		f, ok := docCounters[c.Name]
		if !ok {
			if _, elsewhere := docCountsElsewhere[c.Name]; !elsewhere {
				t.Errorf("%s.md: no figure %q in docCounters (or docCountsElsewhere)", name, c.Name)
			}
			continue
		}
		if want := f(); c.Text != want {
			differ = true
			if !*testutil.Update {
				t.Errorf("%s.md: the figure %s is %q, not %q (-update rewrites it)", name, c.Name, want, c.Text)
			}
			text = docexample.SetCount(text, c.Name, want)
		}
	}
	if differ && *testutil.Update {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s.md: rewritten", name)
	}
	return n
}

// docCounters compute the figures that pages quote in prose, marked
// <!-- count: NAME -->FIGURE<!-- /count -->.
var docCounters = map[string]func() string{
	// The crawlers diff compares when none are given and the files name
	// none outside the registry.
	"diff-crawlers": func() string {
		return strconv.Itoa(len(diff.DefaultAgents(robotstxt.Parse(nil))))
	},
}

// docCountsElsewhere are the figures other tests check, with the test.
var docCountsElsewhere = map[string]string{
	"fix-corpus":  "lint's TestFixCorpus (the shared corpus)",
	"fix-parsers": "lint's TestFixCorpusOtherParsers (the shared corpus, urllib and Protego)",
}

// skipBrowser says why an example of "robotstxt browse" is not run: under
// -short, or without Chromium (a failure under CI=true).
func (d *docPage) skipBrowser(b docexample.Block) string {
	browser := false
	for _, st := range b.Steps() {
		if strings.HasPrefix(st.Command, "robotstxt browse") {
			browser = true
		}
	}
	if !browser {
		return ""
	}
	if testing.Short() {
		return "a browser example, left out by -short"
	}
	if _, err := exec.LookPath(cmp.Or(os.Getenv("ROBOTSTXT_CHROMIUM"), "chromium")); err != nil {
		if os.Getenv("CI") == "true" {
			d.t.Fatalf("Chromium is needed by the browse examples of %s.md (apt-get install chromium)", d.name)
		}
		return "Chromium not installed"
	}
	return ""
}

// write writes a file of the scratch folder.
func (d *docPage) write(name, content string) {
	p := filepath.Join(d.dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		d.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		d.t.Fatal(err)
	}
}

// serve handles a note "serve URL ARGS...": "robotstxt serve ARGS" runs
// in-process on a loopback port, standing in for URL's host and port until
// the page's end. REDIS in ARGS is the URL of a redis-server started for
// the page (the test is skipped without one, and fails under CI=true).
func (d *docPage) serve(at, note string) {
	raw, rest, _ := strings.Cut(note, " ")
	u, err := url.Parse(raw)
	if err != nil || u.Port() == "" {
		d.t.Errorf("%s: serve %q: want a URL with a host and a port", at, raw)
		return
	}
	args := []string{"serve", "--quiet", "--addr", "127.0.0.1:0"}
	for _, a := range strings.Fields(rest) {
		if a == "REDIS" {
			if d.redis == "" {
				d.redis = redistest.Start(d.t).URL()
			}
			a = d.redis
		}
		args = append(args, a)
	}
	ctx, cancel := context.WithCancel(context.Background())
	r, w := io.Pipe()
	var errb bytes.Buffer
	done := make(chan int, 1)
	go func() {
		c := &cli{stdin: strings.NewReader(""), stdout: w, stderr: &errb, getenv: func(string) string { return "" }}
		code := c.run(ctx, args)
		w.Close()
		done <- code
	}()
	d.t.Cleanup(func() {
		cancel()
		<-done
	})
	// The first line names the address: "... open http://127.0.0.1:N/ in a browser".
	line, err := bufio.NewReader(r).ReadString('\n')
	go io.Copy(io.Discard, r)
	_, addr, _ := strings.Cut(line, "open http://")
	addr, _, ok := strings.Cut(addr, "/")
	if err != nil || !ok {
		d.t.Fatalf("%s: robotstxt %s: %q %v\n%s", at, strings.Join(args, " "), line, err, errb.String())
	}
	d.sites = append(d.sites, &docSite{doc: u.Host, real: addr})
}

// set makes h the site's handler.
func (d *docSite) set(h http.Handler) {
	d.mu.Lock()
	d.h = h
	d.mu.Unlock()
}

// site handles a note "site URL SOURCE": a loopback server stands in for
// URL's host and port from now on, serving SOURCE.
func (d *docPage) site(at, note string) {
	raw, source, _ := strings.Cut(note, " ")
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Port() == "" {
		d.t.Errorf("%s: site %q: want a URL with a host and a port", at, raw)
		return
	}
	var s *docSite
	for _, e := range d.sites {
		if e.doc == u.Host {
			s = e
		}
	}
	if s == nil {
		s = &docSite{doc: u.Host}
		// The stand-in listens on the page's IPv4 loopback address
		// (127.0.0.2 is another origin, and sorts as the page's does),
		// else on 127.0.0.1.
		ip := "127.0.0.1"
		if a, err := netip.ParseAddr(u.Hostname()); err == nil && a.Is4() && a.IsLoopback() {
			ip = a.String()
		}
		ln, err := net.Listen("tcp", ip+":0")
		if err != nil {
			d.t.Fatal(err)
		}
		s.real = ln.Addr().String()
		if source == "closed" {
			ln.Close() // a port nothing listens on: connection refused
		} else {
			srv := &httptest.Server{Listener: ln, Config: &http.Server{Handler: s}}
			srv.Start()
			d.t.Cleanup(srv.Close)
		}
		d.sites = append(d.sites, s)
		// Files already in the scratch folder name the site as the page does.
		d.rewriteFiles()
	}
	switch {
	case source == "closed":
	case strings.HasPrefix(source, "handler:"):
		h, ok := docHandlers[strings.TrimPrefix(source, "handler:")]
		if !ok {
			d.t.Errorf("%s: no handler %q in docHandlers", at, source)
			return
		}
		s.set(h(d, s))
	default:
		dir := filepath.Join(d.data, filepath.FromSlash(source))
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			d.t.Errorf("%s: site %s: no folder %s", at, raw, dir)
			return
		}
		s.set(&docFiles{dir: dir, served: map[string]int{}, page: d})
	}
}

// docHandlers are the stand-in sites that a folder of files cannot be,
// named in a note "site URL handler:NAME".
var docHandlers = map[string]func(d *docPage, s *docSite) http.Handler{}

// docFiles serves the files of a folder. A file NAME.1, NAME.2, ... is a
// script: the n-th request for NAME gets NAME.n, and 404 once the script
// has no file for n. A file NAME.status holds NAME's status code, and
// NAME.headers its header lines. The addresses the page shows are replaced
// by their stand-ins' in the headers (a Location) and in HTML, JavaScript and
// CSS; other bodies (robots.txt) are served as they are, so that their
// digests do not change from run to run.
type docFiles struct {
	dir    string
	page   *docPage
	mu     sync.Mutex
	served map[string]int
}

func (f *docFiles) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(r.URL.Path, "/")
	if name == "" || strings.HasSuffix(name, "/") {
		name += "index.html"
	}
	if strings.Contains(name, "..") {
		http.NotFound(w, r)
		return
	}
	p := filepath.Join(f.dir, filepath.FromSlash(name))
	if _, err := os.Stat(p + ".1"); err == nil {
		f.mu.Lock()
		f.served[name]++
		n := f.served[name]
		f.mu.Unlock()
		p += "." + strconv.Itoa(n)
	}
	body, err := os.ReadFile(p)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	switch path.Ext(name) {
	case ".html", ".js", ".css":
		// Pages link to the other sites by the addresses the page shows.
		body = []byte(f.page.toReal(string(body)))
	}
	if h, err := os.ReadFile(p + ".headers"); err == nil {
		for _, l := range strings.Split(strings.TrimSpace(string(h)), "\n") {
			k, v, _ := strings.Cut(l, ":")
			w.Header().Set(strings.TrimSpace(k), f.page.toReal(strings.TrimSpace(v)))
		}
	}
	if w.Header().Get("Content-Type") == "" {
		w.Header().Set("Content-Type", cmp.Or(mime.TypeByExtension(path.Ext(name)), "text/plain; charset=utf-8"))
	}
	code := http.StatusOK
	if s, err := os.ReadFile(p + ".status"); err == nil {
		code, _ = strconv.Atoi(strings.TrimSpace(string(s)))
	}
	w.WriteHeader(code)
	w.Write(body)
}

// toReal replaces the addresses a page shows with those of their stand-ins;
// toDoc does the reverse.
func (d *docPage) toReal(s string) string {
	for _, e := range d.sites {
		s = strings.ReplaceAll(s, e.doc, e.real)
	}
	return s
}

func (d *docPage) toDoc(s string) string {
	for _, e := range d.sites {
		s = strings.ReplaceAll(s, e.real, e.doc)
	}
	return s
}

// rewriteFiles gives the files of the scratch folder the stand-ins'
// addresses.
func (d *docPage) rewriteFiles() {
	filepath.WalkDir(d.dir, func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err == nil && bytes.IndexByte(b, 0) < 0 {
			if r := d.toReal(string(b)); r != string(b) {
				err = os.WriteFile(p, []byte(r), 0o644)
			}
		}
		return err
	})
}

// docStage is one command of a pipeline with its redirections.
type docStage struct {
	args           []string
	in, out        string
	appendOut      bool
	errNull, errTo bool
}

// loopbackAddr matches the loopback addresses with a port of a command
// line: each must be a stand-in's, never a server of the machine.
var loopbackAddr = regexp.MustCompile(`\b(localhost|127\.\d+\.\d+\.\d+):\d+\b`)

// step runs one command line and returns what a terminal would show:
// the standard output of the last command of the pipeline, then the
// standard error of each, unless redirected.
func (d *docPage) step(line string) (string, error) {
	line = strings.TrimSpace(d.toReal(line))
	if strings.HasPrefix(line, "#") {
		return "", nil
	}
	for _, a := range loopbackAddr.FindAllString(line, -1) {
		if !slices.ContainsFunc(d.sites, func(s *docSite) bool { return s.real == a }) {
			return "", fmt.Errorf("no stand-in for %s (a note <!-- example: site http://%s ... -->)", a, a)
		}
	}
	words, err := docexample.Words(line, strconv.Itoa(d.status))
	if err != nil {
		return "", err
	}
	stages := []*docStage{{}}
	for i := 0; i < len(words); i++ {
		w, st := words[i], stages[len(stages)-1]
		if !w.Op {
			st.args = append(st.args, w.Text)
			continue
		}
		if w.Text == "|" {
			stages = append(stages, &docStage{})
			continue
		}
		if w.Text == "2>&1" {
			st.errTo = true
			continue
		}
		if i+1 >= len(words) || words[i+1].Op {
			return "", fmt.Errorf("%s without a file", w.Text)
		}
		i++
		switch target := words[i].Text; w.Text {
		case "<":
			st.in = target
		case ">", ">>":
			st.out, st.appendOut = target, w.Text == ">>"
		case "2>":
			if target != "/dev/null" {
				return "", fmt.Errorf("2> only to /dev/null")
			}
			st.errNull = true
		}
	}
	var term, errs bytes.Buffer // what the last command prints, then every command's errors
	var in []byte
	for i, st := range stages {
		if len(st.args) == 0 {
			return "", fmt.Errorf("empty command")
		}
		if st.in != "" {
			if in, err = os.ReadFile(st.in); err != nil {
				return "", err
			}
		}
		var stdout, stderr bytes.Buffer
		code, err := d.command(st.args, in, &stdout, &stderr)
		if err != nil {
			return "", err
		}
		d.status = code
		if st.errTo {
			stdout.Write(stderr.Bytes())
			stderr.Reset()
		}
		switch {
		case st.out != "":
			flag := os.O_CREATE | os.O_WRONLY | os.O_TRUNC
			if st.appendOut {
				flag = os.O_CREATE | os.O_WRONLY | os.O_APPEND
			}
			f, err := os.OpenFile(st.out, flag, 0o644)
			if err != nil {
				return "", err
			}
			f.Write(stdout.Bytes())
			f.Close()
			in = nil
		case i == len(stages)-1:
			term.Write(stdout.Bytes())
		default:
			in = stdout.Bytes()
		}
		if !st.errNull {
			errs.Write(stderr.Bytes())
		}
	}
	term.Write(errs.Bytes())
	return d.toDoc(term.String()), nil
}

// command runs one command of an example: robotstxt in-process, a few shell
// tools in Go, jq as the real program.
func (d *docPage) command(args []string, stdin []byte, stdout, stderr *bytes.Buffer) (int, error) {
	switch args[0] {
	case "robotstxt":
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		c := &cli{stdin: bytes.NewReader(stdin), stdout: stdout, stderr: stderr,
			getenv: func(string) string { return "" }, now: d.clock.Now}
		return c.run(ctx, args[1:]), nil
	case "cat":
		if len(args) == 1 {
			stdout.Write(stdin)
			return 0, nil
		}
		for _, name := range args[1:] {
			b, err := os.ReadFile(name)
			if err != nil {
				fmt.Fprintf(stderr, "cat: %s: No such file or directory\n", name)
				return 1, nil
			}
			stdout.Write(b)
		}
		return 0, nil
	case "echo":
		fmt.Fprintln(stdout, strings.Join(args[1:], " "))
		return 0, nil
	case "printf":
		if len(args) < 2 {
			return 0, fmt.Errorf("printf without a format")
		}
		stdout.WriteString(printfEscapes(args[1], args[2:]))
		return 0, nil
	case "grep":
		return docGrep(args[1:], stdin, stdout)
	case "head":
		n := 10
		var files []string
		for i := 1; i < len(args); i++ {
			switch a := args[i]; {
			case a == "-n" && i+1 < len(args):
				i++
				n, _ = strconv.Atoi(args[i])
			case strings.HasPrefix(a, "-"):
				n, _ = strconv.Atoi(a[1:])
			default:
				files = append(files, a)
			}
		}
		data := stdin
		if len(files) > 0 {
			var err error
			if data, err = os.ReadFile(files[0]); err != nil {
				return 0, err
			}
		}
		lines := strings.SplitAfter(string(data), "\n")
		stdout.WriteString(strings.Join(lines[:min(n, len(lines))], ""))
		return 0, nil
	case "curl":
		return d.curl(args[1:], stdout, stderr)
	case "jq":
		jq, err := exec.LookPath("jq")
		if err != nil {
			if os.Getenv("CI") == "true" {
				d.t.Fatalf("jq is needed by the examples of %s.md (apt-get install jq)", d.name)
			}
			d.t.Skipf("jq not installed: the examples of %s.md are not run (apt-get install jq)", d.name)
		}
		cmd := exec.Command(jq, args[1:]...)
		cmd.Stdin, cmd.Stdout, cmd.Stderr = bytes.NewReader(stdin), stdout, stderr
		err = cmd.Run()
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode(), nil
		}
		return 0, err
	}
	return 0, fmt.Errorf("the test does not run %q (robotstxt, cat, echo, printf, grep, head, curl, jq)", args[0])
}

// printfEscapes is printf(1) for the escapes \n \t \\ and %s, %%.
func printfEscapes(format string, args []string) string {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		c := format[i]
		switch {
		case c == '\\' && i+1 < len(format):
			i++
			switch format[i] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			default:
				b.WriteByte(format[i])
			}
		case c == '%' && i+1 < len(format) && format[i+1] == '%':
			i++
			b.WriteByte('%')
		case c == '%' && i+1 < len(format) && format[i+1] == 's':
			i++
			if len(args) > 0 {
				b.WriteString(args[0])
				args = args[1:]
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// docGrep is grep [-E] [-v] [-c] [-o] PATTERN [FILE...], with Go's regular
// expressions, which read the patterns of the examples as -E does.
func docGrep(args []string, stdin []byte, stdout *bytes.Buffer) (int, error) {
	invert, count, only := false, false, false
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		switch args[0] {
		case "-E":
		case "-v":
			invert = true
		case "-c":
			count = true
		case "-o":
			only = true
		default:
			return 0, fmt.Errorf("grep %s: not supported", args[0])
		}
		args = args[1:]
	}
	if len(args) == 0 {
		return 0, fmt.Errorf("grep without a pattern")
	}
	re, err := regexp.Compile(args[0])
	if err != nil {
		return 0, err
	}
	data := stdin
	if len(args) > 1 {
		if data, err = os.ReadFile(args[1]); err != nil {
			return 0, err
		}
	}
	n := 0
	for _, l := range strings.SplitAfter(string(data), "\n") {
		if l == "" {
			continue
		}
		if re.MatchString(strings.TrimSuffix(l, "\n")) != invert {
			n++
			switch {
			case count:
			case only && !invert:
				for _, m := range re.FindAllString(l, -1) {
					stdout.WriteString(m + "\n")
				}
			default:
				stdout.WriteString(l)
			}
		}
	}
	if count {
		fmt.Fprintln(stdout, n)
	}
	if n == 0 {
		return 1, nil
	}
	return 0, nil
}

// curl is curl(1) for -s, -X, -H and -d (@FILE reads a file), to loopback
// stand-ins only.
func (d *docPage) curl(args []string, stdout, stderr *bytes.Buffer) (int, error) {
	method, target := "", ""
	var body io.Reader
	header := http.Header{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		next := func() string {
			i++
			if i < len(args) {
				return args[i]
			}
			return ""
		}
		switch a {
		case "-s", "--silent", "-S", "-f":
		case "-X", "--request":
			method = next()
		case "-H", "--header":
			k, v, _ := strings.Cut(next(), ":")
			header.Add(strings.TrimSpace(k), strings.TrimSpace(v))
		case "-d", "--data", "--data-raw", "--data-binary":
			data := next()
			if f, ok := strings.CutPrefix(data, "@"); ok && a != "--data-raw" {
				b, err := os.ReadFile(f)
				if err != nil {
					return 0, err
				}
				data = string(b)
			}
			body = strings.NewReader(data)
			if header.Get("Content-Type") == "" {
				header.Set("Content-Type", "application/x-www-form-urlencoded")
			}
		default:
			if strings.HasPrefix(a, "-") {
				return 0, fmt.Errorf("curl %s: not supported", a)
			}
			target = a
		}
	}
	if !strings.HasPrefix(target, "http://") && !strings.HasPrefix(target, "https://") {
		target = "http://" + target
	}
	u, err := url.Parse(target)
	if err != nil {
		return 0, err
	}
	if !slices.ContainsFunc(d.sites, func(s *docSite) bool { return s.real == u.Host }) {
		return 0, fmt.Errorf("curl %s: no stand-in site for %s (a note <!-- example: site ... -->)", target, u.Host)
	}
	if method == "" {
		method = http.MethodGet
		if body != nil {
			method = http.MethodPost
		}
	}
	req, err := http.NewRequest(method, target, body)
	if err != nil {
		return 0, err
	}
	req.Header = header
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Fprintf(stderr, "curl: %v\n", err)
		return 7, nil
	}
	defer resp.Body.Close()
	io.Copy(stdout, resp.Body)
	return 0, nil
}

func init() {
	// serve: the analyser's server and JSON API as "robotstxt serve" runs
	// them, without the decision service.
	docHandlers["serve"] = func(d *docPage, _ *docSite) http.Handler {
		s, err := server.New(server.Options{})
		if err != nil {
			d.t.Fatal(err)
		}
		return s
	}
}
