// Command loadserve measures "robotstxt serve" under load on loopback:
// requests per second and the 50th and 99th percentile latencies of
// POST /api/v1/check with 1, 10 and 100 URLs per request, each for a
// bounded time with a fixed number of concurrent clients. It builds and
// starts the server itself on 127.0.0.1 (port chosen by the system), or
// uses -url for one already running on loopback.
//
//	cd bench && go run ./cmd/loadserve [-duration 3s] [-clients 8]
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
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/robotstxt/robotstxt/bench"
)

func main() { os.Exit(run()) }

func run() int {
	duration := flag.Duration("duration", 3*time.Second, "time per workload (at most 1m)")
	clients := flag.Int("clients", 8, "concurrent clients (1 to 256)")
	base := flag.String("url", "", "base URL of a server already running on loopback (default: build and start one)")
	corpus := flag.String("corpus", bench.CorpusRel, "folder of robots.txt files")
	flag.Parse()
	if *duration <= 0 || *duration > time.Minute || *clients < 1 || *clients > 256 {
		fmt.Fprintln(os.Stderr, "loadserve: -duration must be in (0, 1m] and -clients in [1, 256]")
		return 2
	}
	robots, err := os.ReadFile(filepath.Join(*corpus, bench.CLIFile))
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadserve:", err)
		return 2
	}
	if *base == "" {
		srv, u, err := start()
		if err != nil {
			fmt.Fprintln(os.Stderr, "loadserve:", err)
			return 1
		}
		defer func() { srv.Process.Signal(os.Interrupt); srv.Wait() }()
		*base = u
	} else if u, err := url.Parse(*base); err != nil || !isLoopback(u.Hostname()) {
		fmt.Fprintln(os.Stderr, "loadserve: -url must be a loopback URL (http://127.0.0.1:PORT)")
		return 2
	}
	urls := bench.CLIURLList(100)
	fmt.Printf("Server: %s, %d clients, %v per workload, %s (%d bytes), agent Googlebot; %s.\n\n",
		"robotstxt serve on loopback", *clients, *duration, bench.CLIFile, len(robots), bench.Machine())
	fmt.Println("| URLs per request | requests/s | URLs/s | p50 | p99 | errors |")
	fmt.Println("| ---: | ---: | ---: | ---: | ---: | ---: |")
	for _, n := range []int{1, 10, 100} {
		body, _ := json.Marshal(map[string]any{"robots": string(robots), "agents": []string{"Googlebot"}, "urls": urls[:n]})
		st := load(*base+"/api/v1/check", body, *clients, *duration)
		fmt.Printf("| %d | %.0f | %.0f | %v | %v | %d |\n", n, st.rps, st.rps*float64(n), st.p50.Round(10*time.Microsecond), st.p99.Round(10*time.Microsecond), st.errors)
	}
	return 0
}

func isLoopback(host string) bool {
	return host == "localhost" || strings.HasPrefix(host, "127.") || host == "::1"
}

// start builds robotstxt and runs "robotstxt serve" on a free loopback
// port, returning the process and its base URL.
func start() (*exec.Cmd, string, error) {
	dir, err := os.MkdirTemp("", "loadserve")
	if err != nil {
		return nil, "", err
	}
	bin := filepath.Join(dir, "robotstxt")
	b := exec.Command("go", "build", "-o", bin, "./cmd/robotstxt")
	b.Dir = ".."
	if out, err := b.CombinedOutput(); err != nil {
		return nil, "", fmt.Errorf("building robotstxt: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--quiet")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, "", err
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		return nil, "", err
	}
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if i := strings.Index(sc.Text(), "http://127.0.0.1:"); i >= 0 {
				found <- strings.TrimRight(strings.Fields(sc.Text()[i:])[0], "/")
				break
			}
		}
		io.Copy(io.Discard, stdout)
	}()
	select {
	case u := <-found:
		return cmd, u, nil
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		return nil, "", errors.New("the server printed no loopback URL within 30 s")
	}
}

type stats struct {
	rps      float64
	p50, p99 time.Duration
	errors   int
}

// load sends body to u from clients goroutines for d and gathers latencies.
func load(u string, body []byte, clients int, d time.Duration) stats {
	tr := &http.Transport{MaxIdleConnsPerHost: clients, DisableCompression: true}
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	var mu sync.Mutex
	var lat []time.Duration
	errs := 0
	var wg sync.WaitGroup
	start := time.Now()
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			bad := 0
			for ctx.Err() == nil {
				t0 := time.Now()
				resp, err := hc.Post(u, "application/json", bytes.NewReader(body))
				if err != nil {
					bad++
					continue
				}
				_, err = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if err != nil || resp.StatusCode != http.StatusOK {
					bad++
					continue
				}
				mine = append(mine, time.Since(t0))
			}
			mu.Lock()
			lat, errs = append(lat, mine...), errs+bad
			mu.Unlock()
		}()
	}
	wg.Wait()
	el := time.Since(start)
	runtime.GC()
	slices.Sort(lat)
	st := stats{errors: errs}
	if len(lat) > 0 {
		st.rps = float64(len(lat)) / el.Seconds()
		st.p50 = lat[len(lat)/2]
		st.p99 = lat[len(lat)*99/100]
	}
	return st
}
