package testutil

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// OwnChromium starts Chromium at exe as someone else would: with a DevTools
// port Chromium picks (--remote-debugging-port=0), on a new profile whose
// Default/Preferences is prefs (none when ""), with args. It returns the
// process and the DevTools HTTP endpoint (http://127.0.0.1:PORT) once
// Chromium wrote it. With the test, the browser and every process of its
// profile are killed (children outlive a killed browser and write to the
// profile) and the profile is removed.
func OwnChromium(t testing.TB, exe, prefs string, args ...string) (*exec.Cmd, string) {
	t.Helper()
	dir, err := os.MkdirTemp("", "own-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	if prefs != "" {
		if err := os.MkdirAll(filepath.Join(dir, "Default"), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "Default", "Preferences"), []byte(prefs), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	all := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--remote-debugging-port=0",
		"--user-data-dir=" + dir}, args...)
	cmd := exec.Command(exe, append(all, "about:blank")...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		for range 50 {
			if killProfile(dir) == 0 {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		os.RemoveAll(dir)
	})
	deadline := time.Now().Add(60 * time.Second)
	for {
		b, err := os.ReadFile(filepath.Join(dir, "DevToolsActivePort"))
		if l := strings.Split(string(b), "\n"); err == nil && len(l) >= 2 && l[0] != "" && l[1] != "" {
			return cmd, "http://127.0.0.1:" + l[0]
		}
		if time.Now().After(deadline) {
			t.Fatalf("Chromium wrote no DevToolsActivePort: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// killProfile kills the processes started with dir as their profile and
// says how many it found.
func killProfile(dir string) int {
	want := []byte("--user-data-dir=" + dir)
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	n := 0
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		cmdline, err := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		if err != nil {
			continue
		}
		for arg := range bytes.SplitSeq(cmdline, []byte{0}) {
			if bytes.Equal(arg, want) {
				if p, err := os.FindProcess(pid); err == nil {
					p.Kill()
				}
				n++
				break
			}
		}
	}
	return n
}
