package logs

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// findNginx returns nginx's path; without it the test skips, and fails
// under CI=true (.ci/run installs nginx-light).
func findNginx(t *testing.T) string {
	for _, p := range []string{"nginx", "/usr/sbin/nginx"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("nginx is missing: CI must install nginx-light (.ci/run)")
	}
	t.Skip("nginx is not installed; skipping the test on a real server's access log")
	return ""
}

func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

const nginxConf = `worker_processes 1;
master_process off;
daemon off;
pid %[1]s/nginx.pid;
error_log %[1]s/error.log warn;
events { worker_connections 64; }
http {
	client_body_temp_path %[1]s/tmp; proxy_temp_path %[1]s/tmp; fastcgi_temp_path %[1]s/tmp;
	uwsgi_temp_path %[1]s/tmp; scgi_temp_path %[1]s/tmp;
	log_format custom '$time_iso8601 $remote_addr "$request_method $uri$is_args$args" $status "$http_user_agent" $request_time';
	server {
		listen 127.0.0.1:%[2]d;
		access_log %[1]s/access.log combined;
		access_log %[1]s/custom.log custom;
		access_log %[1]s/access.log.gz combined gzip=6;
		location / { return 200 "ok\n"; }
	}
}
`

// TestRealNginx reads the access logs a real nginx writes: combined, a
// custom log_format and a gzip-compressed log, for requests with crawler
// user agents, quotes and non-ASCII bytes in them, and long queries.
func TestRealNginx(t *testing.T) {
	dir := t.TempDir()
	base, stop := startNginx(t, dir, nginxConf)
	requests := []struct{ target, ua string }{
		{"/robots.txt", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"},
		{"/private/a?q=1&r=%22x%22", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)"},
		{"/b", `Quoted "agent" \ with backslash`},
		{"/c", "Agent with UTF-8 Ünïcode"},
		{"/d?" + strings.Repeat("x", 3000), "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"},
		{"/e", ""},
	}
	start := time.Now().Add(-time.Second)
	for _, r := range requests {
		req, _ := http.NewRequest("GET", base+r.target, nil)
		req.Header.Set("User-Agent", r.ua)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			stop()
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	stop()
	end := time.Now().Add(time.Second)

	custom := `$time_iso8601 $remote_addr "$request_method $uri$is_args$args" $status "$http_user_agent" $request_time`
	for _, tt := range []struct{ file, format string }{
		{"access.log", "combined"}, {"access.log.gz", "combined"}, {"custom.log", custom},
	} {
		t.Run(tt.file, func(t *testing.T) {
			f, err := os.Open(filepath.Join(dir, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			rd := &Reader[struct{}]{Format: mustFormat(t, tt.format)}
			var got []Record
			st, err := rd.Read(context.Background(), []Input{{tt.file, f}}, func(r *Record, _ *struct{}) error {
				c := *r
				c.Target, c.UserAgent, c.Method = strings.Clone(r.Target), strings.Clone(r.UserAgent), strings.Clone(r.Method)
				got = append(got, c)
				return nil
			})
			if err != nil || st.Bad != 0 {
				t.Fatalf("%v, stats %+v", err, st)
			}
			got = got[1:] // the /up probe
			if len(got) != len(requests) {
				t.Fatalf("%d records, want %d", len(got), len(requests))
			}
			for i, r := range got {
				want := requests[i]
				// nginx writes '"', '\' and bytes above 0x7e as \xHH.
				ua := nginxEscape(want.ua)
				if r.Target != want.target || r.UserAgent != ua || r.Method != "GET" || r.Status != 200 || r.Addr.String() != "127.0.0.1" || r.Time.Before(start.Truncate(time.Second)) || r.Time.After(end) {
					raw, _ := os.ReadFile(filepath.Join(dir, tt.file))
					t.Errorf("record %d: %+v\nwant target %q, agent %q\nthe log:\n%.600s", i, r, want.target, ua, raw)
				}
			}
		})
	}
}

// startNginx runs nginx with conf (a format with %[1]s for dir and %[2]d
// for the port) until stop, which waits for it to exit (flushing its
// logs), and returns its base URL.
func startNginx(t *testing.T, dir, confFormat string) (base string, stop func()) {
	nginx := findNginx(t)
	os.Mkdir(filepath.Join(dir, "tmp"), 0o755)
	port := freePort(t)
	conf := filepath.Join(dir, "nginx.conf")
	os.WriteFile(conf, []byte(fmt.Sprintf(confFormat, dir, port)), 0o644)
	var stderr bytes.Buffer
	cmd := exec.Command(nginx, "-p", dir, "-c", conf)
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	stop = func() {
		cmd.Process.Signal(syscall.SIGQUIT) // graceful: flushes the gzip log
		select {
		case <-exited:
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			<-exited
		}
	}
	base = fmt.Sprintf("http://127.0.0.1:%d", port)
	for range 100 {
		if resp, err := http.Get(base + "/up"); err == nil {
			resp.Body.Close()
			return base, stop
		}
		time.Sleep(50 * time.Millisecond)
	}
	stop()
	t.Fatalf("nginx did not answer: %s", stderr.String())
	return "", nil
}

func nginxEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '"' || c == '\\' || c < 0x20 || c > 0x7e {
			fmt.Fprintf(&b, `\x%02X`, c)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}
