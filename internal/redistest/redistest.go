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
	bins := need(t, "the Sentinel tests", "redis-server redis-sentinel", "redis-server", "redis-sentinel")
	primary, replica, sentinel, err := LaunchSentinel(bins[0], t.TempDir())
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

// Cluster is a Redis Cluster of processes on loopback: primaries and, when
// asked, one replica each, no persistence (a node restarted comes back
// empty, with its place in the cluster).
type Cluster struct {
	Nodes []*Server // primaries first, then replicas (as created)
}

// StartCluster starts a cluster of three primaries, each with replicas
// replicas (0 or 1), for t; it stops at its end. Without redis-server or
// redis-cli the test is skipped with a message, or fails under CI=true.
func StartCluster(t testing.TB, replicas int) *Cluster {
	t.Helper()
	bins := need(t, "the Redis Cluster tests", "redis-server redis-tools", "redis-server", "redis-cli")
	c, err := LaunchCluster(bins[0], bins[1], t.TempDir(), 3, replicas)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Kill)
	return c
}

// need finds the programs for t's tests (named what), which Debian's
// packages pkgs install: without one the test is skipped with a message,
// or fails under CI=true.
func need(t testing.TB, what, pkgs string, programs ...string) []string {
	t.Helper()
	var paths []string
	for _, p := range programs {
		path, err := exec.LookPath(p)
		if err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s not found: CI must install Debian's %s (.ci/run)", p, pkgs)
			}
			t.Skipf("%s not found (apt-get install %s); skipping %s", p, pkgs, what)
		}
		paths = append(paths, path)
	}
	return paths
}

// LaunchCluster starts primaries*(1+replicas) cluster-enabled servers
// under dir (each with its own bus port: loopback ports taken at random),
// joins them with redis-cli --cluster create, and waits until every node
// reports cluster_state:ok and every replica has synced.
func LaunchCluster(bin, cli, dir string, primaries, replicas int) (*Cluster, error) {
	c := &Cluster{}
	n := primaries * (1 + replicas)
	for i := range n {
		d := filepath.Join(dir, fmt.Sprintf("node%d", i))
		if err := os.MkdirAll(d, 0o755); err != nil {
			c.Kill()
			return nil, err
		}
		bus, err := freePort()
		if err != nil {
			c.Kill()
			return nil, err
		}
		s, err := launch(bin, d, "--cluster-enabled", "yes", "--cluster-config-file", filepath.Join(d, "nodes.conf"),
			"--cluster-node-timeout", "1000", "--cluster-port", bus, "--cluster-replica-validity-factor", "0")
		if err != nil {
			c.Kill()
			return nil, err
		}
		c.Nodes = append(c.Nodes, s)
	}
	args := []string{"--cluster", "create"}
	for _, s := range c.Nodes {
		args = append(args, s.Addr)
	}
	args = append(args, "--cluster-replicas", strconv.Itoa(replicas), "--cluster-yes")
	if out, err := exec.Command(cli, args...).CombinedOutput(); err != nil {
		c.Kill()
		return nil, fmt.Errorf("redis-cli --cluster create: %v: %s", err, out)
	}
	if err := c.WaitOK(30 * time.Second); err != nil {
		c.Kill()
		return nil, err
	}
	return c, nil
}

func freePort() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return portOf(ln.Addr().String()), nil
}

// WaitOK waits until every running node reports cluster_state:ok, agrees
// on which nodes are primaries, and every running replica's link to its
// primary is up.
func (c *Cluster) WaitOK(within time.Duration) error {
	deadline := time.Now().Add(within)
	for {
		err := c.ok()
		if err == nil {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("redis cluster not ready within %v: %w", within, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (c *Cluster) ok() error {
	ctx := context.Background()
	for _, s := range c.Nodes {
		if !s.Running() {
			continue
		}
		cl := redis.NewClient(&redis.Options{Addr: s.Addr, DisableIdentity: true})
		info, err := cl.ClusterInfo(ctx).Result()
		if err == nil && !strings.Contains(info, "cluster_state:ok") {
			err = fmt.Errorf("%s: cluster state not ok", s.Addr)
		}
		if err == nil {
			var repl string
			repl, err = cl.Info(ctx, "replication").Result()
			if err == nil && strings.Contains(repl, "role:slave") && !strings.Contains(repl, "master_link_status:up") {
				err = fmt.Errorf("%s: replica not synced", s.Addr)
			}
		}
		cl.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

// URL is the cluster's redis-cluster:// URL, every node a seed.
func (c *Cluster) URL() string {
	var addrs []string
	for _, s := range c.Nodes {
		addrs = append(addrs, s.Addr)
	}
	return "redis-cluster://" + strings.Join(addrs, ",")
}

// PrimaryFor is the running node that is the primary of key's slot now.
func (c *Cluster) PrimaryFor(key string) (*Server, error) {
	ctx := context.Background()
	for _, s := range c.Nodes {
		if !s.Running() {
			continue
		}
		cl := redis.NewClient(&redis.Options{Addr: s.Addr, DisableIdentity: true})
		slot, err := cl.ClusterKeySlot(ctx, key).Result()
		var nodes string
		if err == nil {
			nodes, err = cl.ClusterNodes(ctx).Result()
		}
		if err == nil && ownsSlot(nodes, int(slot)) {
			cl.Close()
			return s, nil
		}
		cl.Close()
	}
	return nil, fmt.Errorf("no running primary owns the slot of %q", key)
}

// ownsSlot reads CLUSTER NODES: does the "myself" node serve slot?
func ownsSlot(nodes string, slot int) bool {
	for _, line := range strings.Split(nodes, "\n") {
		f := strings.Fields(line)
		if len(f) < 9 || !strings.Contains(f[2], "myself") || !strings.Contains(f[2], "master") {
			continue
		}
		for _, r := range f[8:] {
			lo, hi, found := strings.Cut(r, "-")
			if !found {
				hi = lo
			}
			l, err1 := strconv.Atoi(lo)
			h, err2 := strconv.Atoi(hi)
			if err1 == nil && err2 == nil && l <= slot && slot <= h {
				return true
			}
		}
	}
	return false
}

// Kill kills every node.
func (c *Cluster) Kill() {
	for _, s := range c.Nodes {
		s.Kill()
	}
}

// Running reports whether the server process runs.
func (s *Server) Running() bool { return s.cmd != nil && s.cmd.Process != nil }
