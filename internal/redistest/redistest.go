// Package redistest starts a real redis-server on a loopback port for tests
// and the fleet load test: no persistence, so that a restart loses every
// key, as a crash of a cache server does.
package redistest

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// Server is a redis-server process.
type Server struct {
	Addr  string // 127.0.0.1:port
	bin   string
	dir   string
	extra []string // more arguments (replicaof, sentinel mode)
	cmd   *exec.Cmd
	done  chan struct{}
}

// Start starts a server for t, stopped at its end. Without a redis-server
// binary the test is skipped with a message, or fails under CI=true.
func Start(t testing.TB) *Server {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("redis-server not found: CI must install Debian's redis-server (.ci/run)")
		}
		t.Skipf("redis-server not found (apt-get install redis-server); skipping the tests against a real Redis")
	}
	s, err := Launch(bin, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Kill)
	return s
}

// Launch starts bin on a free loopback port with dir as its working
// directory.
func Launch(bin, dir string) (*Server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	s := &Server{Addr: addr, bin: bin, dir: dir}
	return s, s.start()
}

// StartSentinel starts a primary, a replica of it and a Sentinel watching
// them (master name "fleet", failover after 500 ms down) for t; they stop
// at its end. It skips (or fails under CI=true) without redis-sentinel.
func StartSentinel(t testing.TB) (primary, replica, sentinel *Server) {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err == nil {
		_, err = exec.LookPath("redis-sentinel")
	}
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("redis-server or redis-sentinel not found: CI must install Debian's redis-server and redis-sentinel (.ci/run)")
		}
		t.Skipf("redis-sentinel not found (apt-get install redis-sentinel); skipping the Sentinel tests")
	}
	primary, replica, sentinel, err = LaunchSentinel(bin, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sentinel.Kill(); replica.Kill(); primary.Kill() })
	return primary, replica, sentinel
}

// LaunchSentinel starts a primary, a replica and a Sentinel (master name
// "fleet") under dir, and waits until the replica has synced.
func LaunchSentinel(bin, dir string) (primary, replica, sentinel *Server, err error) {
	mk := func(name string) string {
		d := filepath.Join(dir, name)
		os.MkdirAll(d, 0o755)
		return d
	}
	if primary, err = launch(bin, mk("primary")); err != nil {
		return nil, nil, nil, err
	}
	fail := func(err error) (*Server, *Server, *Server, error) {
		for _, s := range []*Server{sentinel, replica, primary} {
			if s != nil {
				s.Kill()
			}
		}
		return nil, nil, nil, err
	}
	if replica, err = launch(bin, mk("replica"), "--replicaof", "127.0.0.1", portOf(primary.Addr)); err != nil {
		return fail(err)
	}
	sdir := mk("sentinel")
	conf := filepath.Join(sdir, "sentinel.conf")
	host, port, _ := net.SplitHostPort(primary.Addr)
	body := fmt.Sprintf("sentinel monitor fleet %s %s 1\nsentinel down-after-milliseconds fleet 500\nsentinel failover-timeout fleet 3000\nsentinel parallel-syncs fleet 1\n", host, port)
	if err := os.WriteFile(conf, []byte(body), 0o644); err != nil {
		return fail(err)
	}
	if sentinel, err = launch(bin, sdir, "--sentinel-conf", conf); err != nil {
		return fail(err)
	}
	c := redis.NewClient(&redis.Options{Addr: replica.Addr, DisableIdentity: true})
	defer c.Close()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		info, _ := c.Info(context.Background(), "replication").Result()
		if strings.Contains(info, "master_link_status:up") {
			return primary, replica, sentinel, nil
		}
		if time.Now().After(deadline) {
			return fail(errors.New("the replica did not sync within 20s"))
		}
	}
}

// SentinelURL is the redis-sentinel:// URL of a Sentinel watching "fleet".
func SentinelURL(sentinel *Server) string { return "redis-sentinel://" + sentinel.Addr + "/fleet" }

func portOf(addr string) string {
	_, p, _ := net.SplitHostPort(addr)
	return p
}

func launch(bin, dir string, extra ...string) (*Server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	s := &Server{Addr: addr, bin: bin, dir: dir, extra: extra}
	return s, s.start()
}

// URL is the server's redis:// URL.
func (s *Server) URL() string { return "redis://" + s.Addr + "/0" }

func (s *Server) start() error {
	_, port, _ := net.SplitHostPort(s.Addr)
	args := []string{"--port", port, "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
		"--dir", s.dir, "--daemonize", "no", "--loglevel", "warning"}
	if len(s.extra) > 0 && s.extra[0] == "--sentinel-conf" {
		// redis-server CONF --sentinel: the config file comes first.
		args = append([]string{s.extra[1], "--sentinel"}, args...)
		args = append(args, s.extra[2:]...)
	} else {
		args = append(args, "--enable-debug-command", "local")
		args = append(args, s.extra...)
	}
	s.cmd = exec.Command(s.bin, args...)
	s.cmd.Dir = s.dir
	if err := s.cmd.Start(); err != nil {
		return fmt.Errorf("starting redis-server: %w", err)
	}
	s.done = make(chan struct{})
	go func(c *exec.Cmd, done chan struct{}) { c.Wait(); close(done) }(s.cmd, s.done)
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if ping(s.Addr) == nil {
			return nil
		}
		select {
		case <-s.done:
			return errors.New("redis-server exited at start")
		case <-time.After(20 * time.Millisecond):
		}
	}
	s.Kill()
	return fmt.Errorf("redis-server on %s did not answer within 10s", s.Addr)
}

// ping sends PING in the inline protocol.
func ping(addr string) error {
	c, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		return err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(time.Second))
	if _, err := c.Write([]byte("PING\r\n")); err != nil {
		return err
	}
	line, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		return err
	}
	if !strings.HasPrefix(line, "+PONG") {
		return fmt.Errorf("PING answered %q", strconv.Quote(line))
	}
	return nil
}

// Kill kills the server (SIGKILL: no shutdown, no save) and waits for it.
func (s *Server) Kill() {
	if s.cmd == nil || s.cmd.Process == nil {
		return
	}
	s.cmd.Process.Kill()
	<-s.done
	s.cmd = nil
}

// Freeze stops the server without killing it (SIGSTOP): connections stay
// open and requests get no answer, as from a host that hangs.
func (s *Server) Freeze() error {
	if s.cmd == nil || s.cmd.Process == nil {
		return errors.New("redis-server not running")
	}
	return s.cmd.Process.Signal(syscall.SIGSTOP)
}

// Thaw lets a frozen server go on (SIGCONT).
func (s *Server) Thaw() error {
	if s.cmd == nil || s.cmd.Process == nil {
		return errors.New("redis-server not running")
	}
	return s.cmd.Process.Signal(syscall.SIGCONT)
}

// Restart starts the server again on the same port, empty.
func (s *Server) Restart() error {
	s.Kill()
	var err error
	for range 50 { // the port may linger a moment
		if err = s.start(); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// Client returns a go-redis client on s for t, closed at its end.
func Client(t testing.TB, s *Server) *redis.Client {
	c := redis.NewClient(&redis.Options{Addr: s.Addr, DisableIdentity: true})
	t.Cleanup(func() { c.Close() })
	return c
}
