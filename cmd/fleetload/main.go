// Command fleetload is the load and fault test of the decision service for
// a crawler fleet. On loopback only, it starts a real redis-server, three
// "robotstxt serve --gate" processes sharing it and one origin server
// emulating many origins (one loopback port each), then sends decide
// requests from concurrent clients, spread over the instances as a load
// balancer would, and reports decisions per second, latency percentiles,
// robots.txt fetches per origin and memory per instance. Every answer is
// checked: a disallowed path, or any path of an origin whose robots.txt
// fails, admitted is a fail-open and makes the run fail.
//
// Phases: steady (10% of the origins slow, answering 503 or 429); slow
// clients (80 connections per instance sending their bodies a byte every
// 2 s: cached answers must not starve); big decides (64 at once of 1,000
// URLs with 20 KB decisions, the instances at serve --gate-memory 64: each
// instance's peak resident memory must stay under a ceiling); holds
// reported through one instance and Redis killed at once, then back empty
// (the fleet settles); Redis killed mid-phase and restarted empty (entries
// and holds written back); tarpits; redirect chains past the fetch
// deadline; Redis frozen; cross-site POSTs; the fleet lock's holder killed;
// one instance killed; a Sentinel failover; a Redis Cluster primary killed
// (its replica takes over). Each checks 0 fail-open and 0 lost answers.
//
// It is not run by "go test"; run it with
//
//	go run ./cmd/fleetload            # 1,000 origins, 1,000,000 requests
//	go run ./cmd/fleetload -short     # CI: 100 origins, 3,000 + 1,500 per fault phase
//
// Exit status 0 when every check held, 1 otherwise.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/internal/redistest"
)

type config struct {
	origins, requests, faultRequests, clients, batch int
	short                                            bool
	bin                                              string
	timeout, outage                                  time.Duration
}

func main() {
	var c config
	flag.BoolVar(&c.short, "short", false, "short mode for CI: 100 origins, 3,000 requests in the steady phase, 1,500 in each fault phase")
	flag.IntVar(&c.origins, "origins", 1000, "origins emulated (one loopback port each)")
	flag.IntVar(&c.requests, "requests", 1000000, "decide requests in the steady phase")
	flag.IntVar(&c.faultRequests, "fault-requests", 100000, "decide requests in each fault phase")
	flag.IntVar(&c.clients, "clients", 64, "concurrent clients")
	flag.IntVar(&c.batch, "batch", 1, "URLs per decide request")
	flag.StringVar(&c.bin, "bin", "", "robotstxt binary (default: built from ./cmd/robotstxt)")
	flag.DurationVar(&c.timeout, "timeout", 30*time.Minute, "bound on the whole run")
	flag.DurationVar(&c.outage, "outage", 3*time.Second, "how long Redis stays down in the redis-restart phase")
	flag.Parse()
	if c.short {
		c.origins, c.requests, c.faultRequests = 100, 3000, 1500
	}
	if c.origins < 10 || c.requests < 100 || c.faultRequests < 100 || c.clients < 1 || c.batch < 1 || c.batch > 1000 {
		fmt.Fprintln(os.Stderr, "fleetload: at least 10 origins, 100 requests per phase, 1 client; batch 1 to 1000")
		os.Exit(2)
	}
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	if err := run(ctx, c); err != nil {
		fmt.Fprintln(os.Stderr, "fleetload:", err)
		os.Exit(1)
	}
}

// kind is how an origin's robots.txt behaves.
type kind int

const (
	healthy   kind = iota
	slow           // answers after 1 s
	busy503        // 503, Retry-After one hour
	busy429        // 429, Retry-After one hour
	tarpit         // accepts connections, never answers
	chain          // a redirect chain that runs past the fetch deadline
	slowFetch      // answers after 1.5 s, within the fetch deadline
	fat            // a group of 400 user-agent lines naming LoadBot: 20 KB decisions
)

func (k kind) String() string {
	return [...]string{"healthy", "slow", "503", "429", "tarpit", "chain", "slow-fetch", "fat"}[k]
}

// admissible reports whether a URL of an origin of kind k may ever be
// admitted: never one whose robots.txt fails.
func (k kind) admissible() bool { return k == healthy || k == slow || k == slowFetch || k == fat }

type origin struct {
	url     string
	kind    kind
	fetches atomic.Int64
	held    atomic.Bool // a target's 429 was reported: no admit until its hour ends
	ln      net.Listener
}

// startKind serves n origins of kind k, one loopback listener each.
func startKind(n int, k kind) ([]*origin, func(), error) {
	var out []*origin
	var stops []func()
	for range n {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, nil, err
		}
		o := &origin{url: "http://" + ln.Addr().String(), ln: ln, kind: k}
		if k == tarpit {
			var mu sync.Mutex
			var conns []net.Conn
			go func() {
				for {
					c, err := ln.Accept()
					if err != nil {
						return
					}
					o.fetches.Add(1)
					mu.Lock()
					conns = append(conns, c)
					mu.Unlock()
				}
			}()
			stops = append(stops, func() {
				ln.Close()
				mu.Lock()
				for _, c := range conns {
					c.Close()
				}
				mu.Unlock()
			})
		} else {
			srv := &http.Server{Handler: o, ReadHeaderTimeout: 10 * time.Second}
			go srv.Serve(ln)
			stops = append(stops, func() { srv.Close() })
		}
		out = append(out, o)
	}
	return out, func() {
		for _, f := range stops {
			f()
		}
	}, nil
}

// startOrigins serves n origins, one loopback listener each; 1 in 10 is
// slow, 503 or 429 in turn.
func startOrigins(n int) ([]*origin, func(), error) {
	var out []*origin
	var srvs []*http.Server
	for i := range n {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, nil, err
		}
		o := &origin{url: "http://" + ln.Addr().String(), ln: ln}
		if i%10 == 9 {
			o.kind = kind(1 + (i/10)%3)
		}
		srv := &http.Server{Handler: o, ReadHeaderTimeout: 10 * time.Second}
		go srv.Serve(ln)
		out = append(out, o)
		srvs = append(srvs, srv)
	}
	return out, func() {
		for _, s := range srvs {
			s.Close()
		}
	}, nil
}

func (o *origin) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if o.kind == chain && strings.HasPrefix(r.URL.Path, "/hop/") {
		// Each hop takes 700 ms: the chain runs past the fetch deadline.
		time.Sleep(700 * time.Millisecond)
		n, _ := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/hop/"))
		http.Redirect(w, r, fmt.Sprintf("/hop/%d", n+1), http.StatusFound)
		return
	}
	if r.URL.Path != "/robots.txt" {
		http.NotFound(w, r)
		return
	}
	o.fetches.Add(1)
	switch o.kind {
	case chain:
		http.Redirect(w, r, "/hop/1", http.StatusFound)
		return
	case slowFetch:
		time.Sleep(1500 * time.Millisecond)
	case slow:
		time.Sleep(time.Second)
	case busy503:
		w.Header().Set("Retry-After", "3600")
		http.Error(w, "busy", http.StatusServiceUnavailable)
		return
	case busy429:
		w.Header().Set("Retry-After", "3600")
		http.Error(w, "slow down", http.StatusTooManyRequests)
		return
	}
	w.Header().Set("Cache-Control", "max-age=86400")
	if o.kind == fat {
		// Every line is listed in each decision's record.
		fmt.Fprint(w, strings.Repeat("User-agent: LoadBot\n", 400)+"Disallow: /private/\nDisallow: /tmp/\n")
		return
	}
	fmt.Fprint(w, "User-agent: *\nDisallow: /private/\n\nUser-agent: LoadBot\nDisallow: /private/\nDisallow: /tmp/\n")
}

// instance is one "robotstxt serve --gate" process.
type instance struct {
	cmd  *exec.Cmd
	base string
	dead atomic.Bool
	done chan struct{}
}

// fetchTimeout bounds each robots.txt fetch of the instances: short, so
// that the phases whose fetches run into it stay short; the decide
// deadline is a little over the fleet lock's life (about 2 × 1.1 + 1 s),
// plus 3 s.
const fetchTimeout = 2 * time.Second

// gateMemoryMiB is the instances' memory budget (serve --gate-memory), and
// memoryCeiling the most resident memory an instance may ever reach
// (VmHWM), checked after the big-decides phase: the budget, what the Go
// collector has not yet returned (about as much again), the runtime and
// the caches. Without the budget 64 concurrent big decides reach 1.3 GB.
const (
	gateMemoryMiB = 64
	memoryCeiling = 320 << 20
)

func startInstance(bin, redisURL, scope string) (*instance, error) {
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--quiet", "--gate", "--agent", "LoadBot",
		"--scope", scope, "--redis", redisURL, "--allow-private", "--log-format", "json",
		"--fetch-timeout", fetchTimeout.String(), "--gate-memory", strconv.Itoa(gateMemoryMiB))
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	in := &instance{cmd: cmd, done: make(chan struct{})}
	go func() { cmd.Wait(); close(in.done) }()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		cmd.Process.Kill()
		return nil, fmt.Errorf("serve did not start: %v", err)
	}
	go io.Copy(io.Discard, stdout)
	i := strings.Index(line, "http://")
	if i < 0 {
		cmd.Process.Kill()
		return nil, fmt.Errorf("serve said %q", line)
	}
	in.base = strings.TrimSuffix(strings.Fields(line[i:])[0], "/")
	if err := in.ready(10 * time.Second); err != nil {
		in.kill()
		return nil, err
	}
	return in, nil
}

// ready waits until the instance answers /readyz (Redis answers it).
func (in *instance) ready(d time.Duration) error {
	for deadline := time.Now().Add(d); ; time.Sleep(20 * time.Millisecond) {
		if resp, err := http.Get(in.base + "/readyz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return nil
			}
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s not ready within %v", in.base, d)
		}
	}
}

func (in *instance) kill() {
	in.dead.Store(true)
	in.cmd.Process.Kill()
	<-in.done
}

// rss is the instance's resident memory in bytes (from /proc).
func (in *instance) rss() int64 { return in.status("VmRSS:") }

// peakRSS is the most resident memory the instance has had (from /proc).
func (in *instance) peakRSS() int64 { return in.status("VmHWM:") }

func (in *instance) status(field string) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", in.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	for l := range strings.Lines(string(b)) {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == field {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}

type answer struct {
	URL      string `json:"url"`
	Gate     string `json:"gate"`
	Decision struct {
		Reason string `json:"reason"`
	} `json:"decision"`
}

// result is what one phase measured.
type result struct {
	name                        string
	requests, decisions, errors int64
	admit, hold, drop           int64
	failOpen                    int64
	elapsed                     time.Duration
	p50, p99, max               time.Duration
	retried                     int64
	starved                     int64 // a healthy, cached origin's URL answered hold
	examples                    []string
}

// phase sends n decide requests from c.clients clients; at fraction 0.3 of
// them it calls fault, at 0.6 heal (either may be nil).
//
// Every answer is checked: a disallowed path, or a URL of an origin whose
// robots.txt fails or that a target's 429 holds, admitted is a fail-open;
// a request no instance answers is lost. When cached is set, the healthy
// origins are known to every instance: a 503 (busy) or a hold waiting for
// a fetch for one of them means a cached answer waited behind fetches
// (starved).
func phase(ctx context.Context, c config, name string, origins []*origin, fleet []*instance, n int, fault, heal func(), cached map[*origin]bool) *result {
	r := &result{name: name}
	var next atomic.Int64
	var mu sync.Mutex
	lat := make([]time.Duration, 0, n)
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: c.clients, MaxConnsPerHost: c.clients}, Timeout: 30 * time.Second}
	// Each phase's connections end with it: left idle, they would hold
	// the instances' connection slots (512 each) for their idle timeout
	// (2 min), and a later phase's requests would wait in the listen queue.
	defer hc.CloseIdleConnections()
	var faultOnce, healOnce sync.Once
	start := time.Now()
	var wg sync.WaitGroup
	for w := range c.clients {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(w), 42))
			var mine []time.Duration
			var body bytes.Buffer
			urls := make([]string, c.batch)
			owners := make([]*origin, c.batch)
			for ctx.Err() == nil {
				i := next.Add(1)
				if i > int64(n) {
					break
				}
				if fault != nil && i == int64(n)*3/10 {
					faultOnce.Do(fault)
				}
				if heal != nil && i == int64(n)*6/10 {
					healOnce.Do(heal)
				}
				for k := range urls {
					o := origins[rng.IntN(len(origins))]
					owners[k] = o
					switch rng.IntN(4) {
					case 0:
						urls[k] = fmt.Sprintf("%s/private/%d", o.url, rng.IntN(1000))
					case 1:
						urls[k] = fmt.Sprintf("%s/public/../tmp/%d", o.url, rng.IntN(1000))
					default:
						urls[k] = fmt.Sprintf("%s/public/%d", o.url, rng.IntN(1000))
					}
				}
				body.Reset()
				json.NewEncoder(&body).Encode(map[string][]string{"urls": urls})
				// A load balancer: try the instances in turn from a random
				// one, skipping any that does not answer.
				first := rng.IntN(len(fleet))
				var ans []answer
				var took time.Duration
				ok := false
				for t := range len(fleet) {
					in := fleet[(first+t)%len(fleet)]
					t0 := time.Now()
					resp, err := hc.Post(in.base+"/api/v1/decide", "application/json", bytes.NewReader(body.Bytes()))
					if err != nil {
						atomic.AddInt64(&r.retried, 1)
						continue
					}
					ans = ans[:0]
					derr := json.NewDecoder(resp.Body).Decode(&ans)
					resp.Body.Close()
					took = time.Since(t0)
					if resp.StatusCode != 200 || derr != nil || len(ans) != len(urls) {
						atomic.AddInt64(&r.retried, 1)
						if resp.StatusCode == 503 && slices.ContainsFunc(owners, func(o *origin) bool { return cached[o] }) {
							atomic.AddInt64(&r.starved, 1) // a cached answer refused as busy
						}
						continue
					}
					ok = true
					break
				}
				if !ok {
					atomic.AddInt64(&r.errors, 1)
					continue
				}
				mine = append(mine, took)
				atomic.AddInt64(&r.requests, 1)
				for k, a := range ans {
					atomic.AddInt64(&r.decisions, 1)
					switch a.Gate {
					case "admit":
						atomic.AddInt64(&r.admit, 1)
						disallowed := strings.Contains(urls[k], "/private/") || strings.Contains(urls[k], "/tmp/")
						if disallowed || !owners[k].kind.admissible() || owners[k].held.Load() {
							atomic.AddInt64(&r.failOpen, 1)
							mu.Lock()
							if len(r.examples) < 5 {
								r.examples = append(r.examples, fmt.Sprintf("admitted %s (%s origin)", urls[k], owners[k].kind))
							}
							mu.Unlock()
						}
					case "hold":
						atomic.AddInt64(&r.hold, 1)
						if cached[owners[k]] && strings.HasPrefix(a.Decision.Reason, "robots.txt not fetched yet") {
							atomic.AddInt64(&r.starved, 1) // a cached answer waited for a fetch
						}
					default:
						atomic.AddInt64(&r.drop, 1)
					}
				}
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		})
	}
	wg.Wait()
	r.elapsed = time.Since(start)
	slices.Sort(lat)
	if len(lat) > 0 {
		r.p50, r.p99, r.max = lat[len(lat)/2], lat[len(lat)*99/100], lat[len(lat)-1]
	}
	return r
}

func (r *result) print(w io.Writer) {
	fmt.Fprintf(w, "%-18s %9d requests %9d decisions in %7.2fs  %8.0f decisions/s  p50 %-8v p99 %-8v max %-8v  admit %d hold %d drop %d  lost %d retried %d  fail-open %d",
		r.name, r.requests, r.decisions, r.elapsed.Seconds(), float64(r.decisions)/r.elapsed.Seconds(),
		r.p50.Round(10*time.Microsecond), r.p99.Round(10*time.Microsecond), r.max.Round(time.Millisecond),
		r.admit, r.hold, r.drop, r.errors, r.retried, r.failOpen)
	if r.starved > 0 {
		fmt.Fprintf(w, "  starved %d", r.starved)
	}
	fmt.Fprintln(w)
	for _, e := range r.examples {
		fmt.Fprintln(w, "    fail-open:", e)
	}
}

// fetchReport sums up robots.txt fetches per origin, by kind.
func fetchReport(w io.Writer, origins []*origin) (bad int) {
	type agg struct{ n, min, max, total, not1 int64 }
	by := map[kind]*agg{}
	for _, o := range origins {
		a := by[o.kind]
		if a == nil {
			a = &agg{min: 1 << 62}
			by[o.kind] = a
		}
		f := o.fetches.Load()
		a.n++
		a.total += f
		a.min, a.max = min(a.min, f), max(a.max, f)
		if f != 1 {
			a.not1++
		}
	}
	for k := healthy; k <= slowFetch; k++ {
		if a := by[k]; a != nil {
			fmt.Fprintf(w, "robots.txt fetches, %-7s origins: %4d origins, %5d fetches, min %d max %d per origin, %d origins not fetched exactly once\n",
				k, a.n, a.total, a.min, a.max, a.not1)
			bad += int(a.not1)
		}
	}
	return bad
}

// mix draws half of a phase's URLs from extra and half from base.
func mix(base, extra []*origin) []*origin {
	out := slices.Clone(extra)
	for len(out) < 2*len(extra) {
		out = append(out, base[len(out)%len(base)])
	}
	return out
}

// reportStatus tells an instance what a target answered.
func reportStatus(base, url string, status int, retryAfter string) error {
	b, _ := json.Marshal(map[string]any{"url": url, "status": status, "retryAfter": retryAfter})
	resp, err := http.Post(base+"/api/v1/target-status", "application/json", bytes.NewReader(b))
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		return fmt.Errorf("target-status: %s", resp.Status)
	}
	return nil
}

// reportDecide asks one decision and forgets the answer.
func reportDecide(base, url string) {
	b, _ := json.Marshal(map[string][]string{"urls": {url}})
	if resp, err := http.Post(base+"/api/v1/decide", "application/json", bytes.NewReader(b)); err == nil {
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
}

// crossSite sends each instance the target-status POSTs a page of another
// site could make (no preflight: no or a form content type; or JSON with
// its Origin or Sec-Fetch-Site) for a 503 with a day's Retry-After; it
// returns how many were accepted.
func crossSite(fleet []*instance, origins []*origin) (int, error) {
	accepted := 0
	variants := []map[string]string{
		{},
		{"Content-Type": "text/plain"},
		{"Content-Type": "application/json", "Origin": "http://evil.example"},
		{"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"},
	}
	for _, in := range fleet {
		for _, o := range origins {
			for _, hdr := range variants {
				b, _ := json.Marshal(map[string]any{"url": o.url + "/public/x", "status": 503, "retryAfter": "86400"})
				req, _ := http.NewRequest("POST", in.base+"/api/v1/target-status", bytes.NewReader(b))
				for k, v := range hdr {
					req.Header.Set(k, v)
				}
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					return accepted, err
				}
				resp.Body.Close()
				if resp.StatusCode < 400 {
					accepted++
				}
			}
		}
	}
	return accepted, nil
}

// waitShared waits until every live instance's /sharedz answers 200.
// optional finds a program the phases named what need: "" when it is
// missing (the phases are skipped, said on w), an error under CI=true.
func optional(w io.Writer, program, pkg, what string) (string, error) {
	path, err := exec.LookPath(program)
	if err == nil {
		return path, nil
	}
	msg := fmt.Sprintf("%s not found (apt-get install %s): %s did not run", program, pkg, what)
	if os.Getenv("CI") == "true" {
		return "", errors.New(msg)
	}
	fmt.Fprintln(w, "  skipped:", msg)
	return "", nil
}

// startHeldFleet starts a fleet of two instances on the store at url and,
// once they share its state, reports the held origins' 429 through the
// first; the instances started are returned even with an error.
func startHeldFleet(bin, url, scope string, held []*origin) ([]*instance, error) {
	var ha []*instance
	for range 2 {
		in, err := startInstance(bin, url, scope)
		if err != nil {
			return ha, err
		}
		ha = append(ha, in)
	}
	if err := waitShared(ha, 15*time.Second); err != nil {
		return ha, err
	}
	for _, o := range held {
		if err := reportStatus(ha[0].base, o.url+"/public/x", 429, "3600"); err != nil {
			return ha, fmt.Errorf("target-status: %w", err)
		}
	}
	return ha, nil
}

func waitShared(fleet []*instance, d time.Duration) error {
	for _, in := range fleet {
		if in.dead.Load() {
			continue
		}
		for deadline := time.Now().Add(d); ; time.Sleep(50 * time.Millisecond) {
			resp, err := http.Get(in.base + "/sharedz")
			if err == nil {
				resp.Body.Close()
				if resp.StatusCode == 200 {
					break
				}
			}
			if time.Now().After(deadline) {
				return fmt.Errorf("%s: shared state not back within %v", in.base, d)
			}
		}
	}
	return nil
}

func run(ctx context.Context, c config) error {
	dir, err := os.MkdirTemp("", "fleetload")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	bin := c.bin
	if bin == "" {
		bin = filepath.Join(dir, "robotstxt")
		build := exec.Command("go", "build", "-o", bin, "./cmd/robotstxt")
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			return fmt.Errorf("building robotstxt (run from the module root): %w", err)
		}
	}
	rbin, err := exec.LookPath("redis-server")
	if err != nil {
		return errors.New("redis-server not found (apt-get install redis-server)")
	}
	rdir := filepath.Join(dir, "redis")
	os.Mkdir(rdir, 0o755)
	rs, err := redistest.Launch(rbin, rdir)
	if err != nil {
		return err
	}
	defer rs.Kill()
	origins, stop, err := startOrigins(c.origins)
	if err != nil {
		return err
	}
	defer stop()
	scope := filepath.Join(dir, "scope.yaml")
	if err := os.WriteFile(scope, []byte("approved:\n  - \"*\"\n"), 0o644); err != nil {
		return err
	}
	var fleet []*instance
	for range 3 {
		in, err := startInstance(bin, rs.URL(), scope)
		if err != nil {
			return err
		}
		defer in.kill()
		fleet = append(fleet, in)
	}
	w := os.Stdout
	kinds := map[kind]int{}
	for _, o := range origins {
		kinds[o.kind]++
	}
	fmt.Fprintf(w, "fleetload: %d origins (%d slow 1s, %d answering 503, %d answering 429), 3 instances, %d clients, %d URL(s) per request, redis-server on %s\n",
		len(origins), kinds[slow], kinds[busy503], kinds[busy429], c.clients, c.batch, rs.Addr)
	var results []*result
	failOpen := int64(0)
	report := func(r *result) {
		r.print(w)
		results = append(results, r)
		failOpen += r.failOpen
	}

	report(phase(ctx, c, "steady", origins, fleet, c.requests, nil, nil, nil))
	bad := fetchReport(w, origins)
	for i, in := range fleet {
		fmt.Fprintf(w, "instance %d: RSS %.1f MiB\n", i+1, float64(in.rss())/(1<<20))
	}
	// Every instance knows every origin now: a healthy one not held is
	// answered from the cache from here on.
	cached := map[*origin]bool{}
	for _, o := range origins {
		if o.kind == healthy {
			cached[o] = true
		}
	}

	// Slow clients: more connections per instance than it has turns,
	// sending their bodies a byte every 2 s; the cached origins are
	// answered meanwhile (none refused as busy: starved), and no slow
	// request is answered before its body is sent (but for 408 at the
	// body's deadline).
	slowConns, err := openSlowClients(fleet, 80)
	if err != nil {
		return err
	}
	report(phase(ctx, c, "slow-clients", origins, fleet, c.faultRequests, nil, nil, cached))
	early := closeSlowClients(slowConns)
	fmt.Fprintf(w, "slow clients: %d connections (80 per instance) sending a byte every 2s; answered other than 408 while sending: %d\n", len(slowConns), early)

	// Big decides: 64 at once of 1,000 URLs each, whose decisions are
	// 20 KB; the instances' memory budget bounds them (URLs beyond it are
	// held, requests beyond it are refused as busy), and no instance's
	// resident memory ever passes the ceiling.
	fats, stopFats, err := startKind(1, fat)
	if err != nil {
		return err
	}
	defer stopFats()
	big, err := bigDecides(ctx, fleet, fats[0], c.clients, c.clients*max(1, c.faultRequests/1500))
	if err != nil {
		return err
	}
	fmt.Fprintln(w, big)
	var overCeiling []string
	for i, in := range fleet {
		peak := in.peakRSS()
		fmt.Fprintf(w, "instance %d: peak RSS %.1f MiB (ceiling %d MiB, --gate-memory %d)\n", i+1, float64(peak)/(1<<20), memoryCeiling>>20, gateMemoryMiB)
		if peak > memoryCeiling {
			overCeiling = append(overCeiling, fmt.Sprintf("instance %d reached %d MiB", i+1, peak>>20))
		}
	}

	// A target's 429 reported through instance 1 for origins the others
	// have not read held, then Redis killed at once: no instance may admit
	// them (the others cannot confirm the fleet's holds: they hold).
	var fresh []*origin
	for _, o := range origins {
		if o.kind == healthy && len(fresh) < max(5, len(origins)/20) {
			fresh = append(fresh, o)
		}
	}
	for _, o := range fresh {
		if err := reportStatus(fleet[0].base, o.url+"/public/x", 429, "3600"); err != nil {
			return fmt.Errorf("target-status: %w", err)
		}
		o.held.Store(true)
	}
	rs.Kill()
	fmt.Fprintf(w, "  %d origins held through instance 1 (429, Retry-After 1h), then redis-server killed at once; restarting it in %v\n", len(fresh), c.outage)
	restarted := make(chan error, 1)
	time.AfterFunc(c.outage, func() {
		err := rs.Restart()
		fmt.Fprintln(w, "  redis-server restarted, empty")
		restarted <- err
	})
	report(phase(ctx, c, "held-redis-killed", mix(origins, fresh), fleet, c.faultRequests, nil, nil, nil))
	if err := <-restarted; err != nil {
		return err
	}
	// At once, while the instances find Redis back, empty: the hold lives
	// only in instance 1 until it writes it back.
	report(phase(ctx, c, "held-redis-back", mix(origins, fresh), fleet, c.faultRequests, nil, nil, nil))
	if err := waitShared(fleet, 15*time.Second); err != nil {
		return err
	}
	before := make([]int64, len(origins))
	for i, o := range origins {
		before[i] = o.fetches.Load()
	}

	// Write-back under load: Redis killed mid-phase, restarted empty.
	restarted = make(chan error, 1)
	report(phase(ctx, c, "redis-restart", origins, fleet, c.faultRequests,
		func() {
			rs.Kill()
			fmt.Fprintf(w, "  redis-server killed; restarting it in %v\n", c.outage)
			time.AfterFunc(c.outage, func() {
				err := rs.Restart()
				fmt.Fprintln(w, "  redis-server restarted, empty")
				restarted <- err
			})
		}, nil, nil))
	if err := <-restarted; err != nil {
		return err
	}
	for _, in := range fleet {
		if err := in.ready(10 * time.Second); err != nil {
			return err
		}
	}
	if err := waitShared(fleet, 15*time.Second); err != nil {
		return err
	}
	report(phase(ctx, c, "after-restart", origins, fleet, c.faultRequests, nil, nil, nil))
	refetched := 0
	for i, o := range origins {
		if o.fetches.Load() != before[i] {
			refetched++
		}
	}
	fmt.Fprintf(w, "origins fetched again across the Redis restart: %d (held origins' Retry-After kept: %v)\n", refetched, refetched == 0)

	// Tarpits: origins that accept connections and never answer, half of
	// the requests; the other half, cached origins, must never be held.
	pits, stopPits, err := startKind(max(20, len(origins)/5), tarpit)
	if err != nil {
		return err
	}
	defer stopPits()
	report(phase(ctx, c, "tarpits", mix(origins, pits), fleet, c.faultRequests, nil, nil, cached))

	// Redirect chains that run past the fetch deadline.
	chains, stopChains, err := startKind(10, chain)
	if err != nil {
		return err
	}
	defer stopChains()
	report(phase(ctx, c, "fetch-deadline", mix(origins, chains), fleet, c.faultRequests, nil, nil, cached))

	// Redis frozen (SIGSTOP) for the outage, new origins asked meanwhile.
	news, stopNews, err := startKind(10, healthy)
	if err != nil {
		return err
	}
	defer stopNews()
	// Frozen before the phase: the new origins are first asked while Redis
	// does not answer.
	if err := rs.Freeze(); err != nil {
		return err
	}
	fmt.Fprintf(w, "  redis-server frozen (SIGSTOP) for %v\n", c.outage)
	time.AfterFunc(c.outage, func() { rs.Thaw(); fmt.Fprintln(w, "  redis-server thawed") })
	report(phase(ctx, c, "frozen-redis", mix(origins, news), fleet, c.faultRequests, nil, nil, nil))
	if err := waitShared(fleet, 15*time.Second); err != nil {
		return err
	}
	var frozenFetches int64
	for _, o := range news {
		frozenFetches += o.fetches.Load()
	}
	fmt.Fprintf(w, "robots.txt fetches of %d origins first asked while Redis was frozen: %d\n", len(news), frozenFetches)

	// Cross-site POSTs a page of another site could send without a CORS
	// preflight: none may hold anything.
	var clean []*origin
	for i := len(origins) - 1; i >= 0 && len(clean) < 5; i-- {
		if o := origins[i]; o.kind == healthy && !o.held.Load() {
			clean = append(clean, o)
		}
	}
	accepted, err := crossSite(fleet, clean)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "cross-site POSTs accepted: %d of %d\n", accepted, len(clean)*len(fleet)*4)
	if accepted > 0 {
		failOpen += int64(accepted)
	}
	r := phase(ctx, c, "after-cross-site", clean, fleet, 100, nil, nil, cached)
	report(r)

	// The fleet lock's holder killed mid-fetch: a fourth instance starts
	// the fetches of new slow origins and dies; the others wait for its
	// locks to expire, answering holds meanwhile, then fetch.
	slowNews, stopSlow, err := startKind(5, slowFetch)
	if err != nil {
		return err
	}
	defer stopSlow()
	holder, err := startInstance(bin, rs.URL(), scope)
	if err != nil {
		return err
	}
	for _, o := range slowNews {
		go reportDecide(holder.base, o.url+"/public/x")
	}
	time.Sleep(300 * time.Millisecond)
	holder.kill()
	fmt.Fprintf(w, "  instance 4 killed while fetching %d origins' robots.txt (holding their fleet locks)\n", len(slowNews))
	report(phase(ctx, c, "lock-holder-killed", mix(origins, slowNews), fleet, c.faultRequests, nil, nil, cached))

	report(phase(ctx, c, "instance-killed", origins, fleet, c.faultRequests,
		func() { fleet[2].kill(); fmt.Fprintln(w, "  instance 3 killed") }, nil, nil))
	for i, in := range fleet[:2] {
		fmt.Fprintf(w, "instance %d: RSS %.1f MiB\n", i+1, float64(in.rss())/(1<<20))
	}

	// High availability: a fleet of two on a Sentinel-watched primary and
	// replica; the holds reported again through it; the primary killed.
	sent, err := optional(w, "redis-sentinel", "redis-sentinel", "the sentinel phases")
	if err != nil {
		return err
	}
	if sent != "" {
		sdir := filepath.Join(dir, "sentinel")
		os.Mkdir(sdir, 0o755)
		primary, replica, sentinel, err := redistest.LaunchSentinel(rbin, sdir)
		if err != nil {
			return err
		}
		defer primary.Kill()
		defer replica.Kill()
		defer sentinel.Kill()
		ha, err := startHeldFleet(bin, redistest.SentinelURL(sentinel), scope, fresh)
		for _, in := range ha {
			defer in.kill()
		}
		if err != nil {
			return err
		}
		report(phase(ctx, c, "sentinel-warm", origins, ha, c.faultRequests/3, nil, nil, nil))
		report(phase(ctx, c, "sentinel-failover", origins, ha, c.faultRequests,
			func() { primary.Kill(); fmt.Fprintln(w, "  Sentinel's primary killed; the replica takes over") }, nil, nil))
		if err := waitShared(ha, 30*time.Second); err != nil {
			return err
		}
		report(phase(ctx, c, "sentinel-after", origins, ha, c.faultRequests/3, nil, nil, nil))
	}
	// High availability on Redis Cluster: a fleet of two on three
	// primaries with a replica each; the holds reported again through it;
	// a primary killed (its replica takes over).
	cli, err := optional(w, "redis-cli", "redis-tools", "the cluster phases")
	if err != nil {
		return err
	}
	if cli != "" {
		cdir := filepath.Join(dir, "cluster")
		os.Mkdir(cdir, 0o755)
		cl, err := redistest.LaunchCluster(rbin, cli, cdir, 3, 1)
		if err != nil {
			return err
		}
		defer cl.Kill()
		ha, err := startHeldFleet(bin, cl.URL(), scope, fresh)
		for _, in := range ha {
			defer in.kill()
		}
		if err != nil {
			return err
		}
		report(phase(ctx, c, "cluster-warm", origins, ha, c.faultRequests/3, nil, nil, nil))
		report(phase(ctx, c, "cluster-failover", origins, ha, c.faultRequests,
			func() {
				cl.Nodes[0].Kill()
				fmt.Fprintf(w, "  cluster primary %s killed; its replica takes over\n", cl.Nodes[0].Addr)
			}, nil, nil))
		if err := cl.WaitOK(30 * time.Second); err != nil {
			return err
		}
		if err := waitShared(ha, 30*time.Second); err != nil {
			return err
		}
		report(phase(ctx, c, "cluster-after", origins, ha, c.faultRequests/3, nil, nil, nil))
	}
	var problems []string
	if early > 0 {
		problems = append(problems, fmt.Sprintf("%d slow clients answered before their bodies were sent", early))
	}
	if big.lost > 0 {
		problems = append(problems, fmt.Sprintf("big-decides: %d requests or URLs lost, the first: %s", big.lost, big.first))
	}
	problems = append(problems, overCeiling...)
	if failOpen > 0 {
		problems = append(problems, fmt.Sprintf("%d fail-open decisions", failOpen))
	}
	if bad > 0 {
		problems = append(problems, fmt.Sprintf("%d origins not fetched exactly once in the steady phase", bad))
	}
	for _, r := range results {
		if r.errors > 0 {
			problems = append(problems, fmt.Sprintf("%s: %d requests no instance answered", r.name, r.errors))
		}
		if r.starved > 0 {
			problems = append(problems, fmt.Sprintf("%s: %d cached answers held", r.name, r.starved))
		}
	}
	if len(problems) > 0 {
		return errors.New(strings.Join(problems, "; "))
	}
	fmt.Fprintln(w, "fleetload: ok: no fail-open, one robots.txt fetch per origin, every request answered, no cached answer held, memory under the ceiling")
	return nil
}

// slowClient is a decide request whose body is sent a byte every 2 s.
type slowClient struct {
	c    net.Conn
	stop chan struct{}
	done chan struct{}
}

// openSlowClients opens per slow requests to each instance.
func openSlowClients(fleet []*instance, per int) ([]*slowClient, error) {
	var out []*slowClient
	for _, in := range fleet {
		addr := strings.TrimPrefix(in.base, "http://")
		for range per {
			c, err := net.Dial("tcp", addr)
			if err != nil {
				closeSlowClients(out)
				return nil, err
			}
			sc := &slowClient{c: c, stop: make(chan struct{}), done: make(chan struct{})}
			body := `{"urls":["http://127.0.0.1:9/slow"]}` + strings.Repeat(" ", 200)
			fmt.Fprintf(c, "POST /api/v1/decide HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", addr, len(body))
			go func() {
				defer close(sc.done)
				t := time.NewTicker(2 * time.Second)
				defer t.Stop()
				for i := 0; i < len(body); i++ {
					if _, err := c.Write([]byte{body[i]}); err != nil {
						return
					}
					select {
					case <-sc.stop:
						return
					case <-t.C:
					}
				}
			}()
			out = append(out, sc)
		}
	}
	return out, nil
}

// closeSlowClients stops the slow requests and counts those answered
// with anything but 408 (the body's deadline) while they were sending:
// an answer sent before is in the socket's buffer.
func closeSlowClients(scs []*slowClient) (early int) {
	for _, sc := range scs {
		close(sc.stop)
		<-sc.done
		sc.c.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
		b := make([]byte, 12)
		n, _ := io.ReadFull(sc.c, b)
		if n > 0 && !strings.HasPrefix(string(b[:n]), "HTTP/1.1 408") {
			early++
		}
		sc.c.Close()
	}
	return early
}

// bigResult is what the big-decides phase saw.
type bigResult struct {
	requests, busy, admit, held, lost int64
	// unavailable counts holds because the fleet's state could not be
	// read (Redis slow or down): failing closed, as it must; not a loss.
	unavailable int64
	elapsed     time.Duration

	mu    sync.Mutex
	first string // what the first loss was, for the report
}

// lose counts a loss and keeps the first one's description.
func (b *bigResult) lose(what string) {
	atomic.AddInt64(&b.lost, 1)
	b.mu.Lock()
	if b.first == "" {
		b.first = what
	}
	b.mu.Unlock()
}

func (b *bigResult) String() string {
	return fmt.Sprintf("%-18s %9d requests of 1000 URLs in %7.2fs: answered %d, busy (503) %d; admit %d, held for the memory budget %d, held with the fleet's state unreadable %d, lost %d",
		"big-decides", b.requests, b.elapsed.Seconds(), b.requests-b.busy-b.lost, b.busy, b.admit, b.held, b.unavailable, b.lost)
}

// bigDecides sends n decide requests of 1,000 URLs of o, clients at once,
// and reads each answer element by element (the client keeps none).
func bigDecides(ctx context.Context, fleet []*instance, o *origin, clients, n int) (*bigResult, error) {
	for _, in := range fleet { // every instance knows o
		resp, err := http.Post(in.base+"/api/v1/decide", "application/json", strings.NewReader(`{"urls":["`+o.url+`/warm"]}`))
		if err != nil {
			return nil, err
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	urls := make([]string, 1000)
	for i := range urls {
		urls[i] = fmt.Sprintf("%s/public/%d", o.url, i)
	}
	body, _ := json.Marshal(map[string][]string{"urls": urls})
	r := &bigResult{}
	hc := &http.Client{Timeout: 60 * time.Second}
	defer hc.CloseIdleConnections()
	var next atomic.Int64
	start := time.Now()
	var wg sync.WaitGroup
	for w := range clients {
		wg.Go(func() {
			for ctx.Err() == nil && next.Add(1) <= int64(n) {
				atomic.AddInt64(&r.requests, 1)
				in := fleet[w%len(fleet)]
				resp, err := hc.Post(in.base+"/api/v1/decide", "application/json", bytes.NewReader(body))
				if err != nil {
					r.lose("request failed: " + err.Error())
					continue
				}
				if resp.StatusCode == 503 {
					atomic.AddInt64(&r.busy, 1)
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					continue
				}
				dec := json.NewDecoder(resp.Body)
				got := 0
				if _, err := dec.Token(); err == nil {
					for dec.More() {
						var a struct {
							Gate   string `json:"gate"`
							Error  string `json:"error"`
							Reason string `json:"reason"`
						}
						if err := dec.Decode(&a); err != nil {
							r.lose(fmt.Sprintf("answer %d unreadable: %v", got+1, err))
							break
						}
						got++
						switch {
						case a.Gate == "admit":
							atomic.AddInt64(&r.admit, 1)
						case a.Gate == "hold" && strings.HasPrefix(a.Error, "not decided: "):
							atomic.AddInt64(&r.held, 1)
						case a.Gate == "hold" && strings.Contains(a.Reason, gate.UnavailableReason):
							// A Redis call slower than its bound on a loaded
							// machine: the task is held, never admitted.
							atomic.AddInt64(&r.unavailable, 1)
						default: // a /public/ URL of a cached origin
							r.lose(fmt.Sprintf("answered %s: %s", a.Gate, a.Error))
						}
					}
				}
				resp.Body.Close()
				if resp.StatusCode != 200 || got != len(urls) {
					r.lose(fmt.Sprintf("HTTP %d with %d of %d answers", resp.StatusCode, got, len(urls)))
				}
			}
		})
	}
	wg.Wait()
	r.elapsed = time.Since(start)
	return r, nil
}
