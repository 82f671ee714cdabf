package main

import (
	"context"
	"encoding/json"
	"net/http"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/remote"

	"github.com/robotstxt/robotstxt/guard"
	"github.com/robotstxt/robotstxt/internal/leaksite"
	"github.com/robotstxt/robotstxt/internal/testutil"
)

// ownBrowser starts Chromium as someone else would: a DevTools port, a
// profile with network prediction off, and, when proxy is set, the guard's
// proxy at that address. It returns the process and its HTTP endpoint.
func ownBrowser(t *testing.T, proxy string, flags ...string) (*exec.Cmd, string) {
	t.Helper()
	exe, _ := guard.FindChromium()
	args := []string{"--disable-features=IsolateSandboxedIframes"}
	if proxy != "" {
		args = append(args, "--proxy-server=http://"+proxy, "--proxy-bypass-list=<-loopback>")
	}
	return testutil.OwnChromium(t, exe, `{"net":{"network_prediction_options":2}}`, append(args, flags...)...)
}

// browseInBackground runs the browse command in the background; the channel gives
// its exit status.
func browseInBackground(t *testing.T, out, errb *lockedBuffer, args ...string) chan int {
	t.Helper()
	done := make(chan int, 1)
	go func() {
		done <- Run(context.Background(), append([]string{"browse"}, args...), strings.NewReader(""), out, errb)
	}()
	return done
}

// exitWithin waits for the command's exit status; the bound is against a
// hang only.
func exitWithin(t *testing.T, done chan int, out, errb *lockedBuffer) int {
	t.Helper()
	select {
	case code := <-done:
		return code
	case <-time.After(2 * time.Minute):
		t.Fatalf("browse did not end:\n%s%s", out.String(), errb.String())
	}
	return 0
}

// TestBrowseAttachBrowserGone (issue 41, item 1): `browse --attach` with no
// page exits with status 1 and says so when its browser goes away (killed
// here), instead of running attached to nothing.
func TestBrowseAttachBrowserGone(t *testing.T) {
	browseChromium(t)
	proxy := freeProxyAddr(t)
	cmd, endpoint := ownBrowser(t, proxy)
	var out, errb lockedBuffer
	done := browseInBackground(t, &out, &errb, "--agent", "ExampleBot", "--allow-private", "--attach", endpoint, "--proxy-addr", proxy)
	for !strings.Contains(errb.String(), "guarding ") {
		select {
		case code := <-done:
			t.Fatalf("exit %d before guarding:\n%s%s", code, out.String(), errb.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	cmd.Process.Kill()
	code := exitWithin(t, done, &out, &errb)
	want := "browse: the browser at " + endpoint + " went away (closed, crashed or killed): nothing is guarded any more"
	if code != exitFindings || !strings.Contains(errb.String(), want) {
		t.Errorf("exit %d, stderr:\n%s\nwant %d and %q", code, errb.String(), exitFindings, want)
	}
}

// TestBrowseCrashReported (issue 41, item 1): the tab's renderer crashes
// while the page loads (Page.crash, from another DevTools client, once the
// page's image is being served and the load event cannot have come):
// browse reports the crash, at once, not a page that did not finish loading
// within its timeout. Then the browser is killed while a page loads: the
// browser gone is said so too.
func TestBrowseCrashReported(t *testing.T) {
	browseChromium(t)
	release := make(chan struct{})
	defer close(release)
	a := leaksite.NewOrigin(t, "127.0.0.1", map[string]http.HandlerFunc{
		"/robots.txt": leaksite.Text("text/plain", "User-agent: *\nAllow: /\n"),
		"/":           leaksite.Text("text/html", `<!doctype html><title>hang</title><link rel="icon" href="data:,"><img src="/hang.png">`),
		"/hang.png": func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-release:
			case <-r.Context().Done():
			}
		},
	})
	for _, tt := range []struct {
		name, want string
		end        func(t *testing.T, cmd *exec.Cmd, endpoint string)
	}{
		{"renderer crash", "browse: guard: the page's renderer crashed", crashTab(a.URL + "/")},
		{"browser killed", "browse: guard: the browser went away (crashed, killed or closed)", func(t *testing.T, cmd *exec.Cmd, _ string) { cmd.Process.Kill() }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			proxy := freeProxyAddr(t)
			cmd, endpoint := ownBrowser(t, proxy)
			n := a.Count("/hang.png")
			var out, errb lockedBuffer
			done := browseInBackground(t, &out, &errb, "--agent", "ExampleBot", "--allow-private", "--attach", endpoint, "--proxy-addr", proxy,
				"--timeout", "10m", a.URL+"/")
			for a.Count("/hang.png") == n {
				select {
				case code := <-done:
					t.Fatalf("exit %d before the image was asked for:\n%s%s", code, out.String(), errb.String())
				case <-time.After(20 * time.Millisecond):
				}
			}
			tt.end(t, cmd, endpoint)
			code := exitWithin(t, done, &out, &errb)
			if code != exitFindings || !strings.Contains(errb.String(), tt.want) || strings.Contains(errb.String(), "did not finish loading") {
				t.Errorf("exit %d, stderr:\n%s\nwant %d and %q", code, errb.String(), exitFindings, tt.want)
			}
		})
	}
}

// crashTab crashes the renderer of the tab showing pageURL, through a
// DevTools client of the test's own.
func crashTab(pageURL string) func(t *testing.T, cmd *exec.Cmd, endpoint string) {
	return func(t *testing.T, _ *exec.Cmd, endpoint string) {
		t.Helper()
		res, err := http.Get(endpoint + "/json/list")
		if err != nil {
			t.Fatal(err)
		}
		var list []struct{ ID, URL string }
		err = json.NewDecoder(res.Body).Decode(&list)
		res.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		id := ""
		for _, e := range list {
			if e.URL == pageURL {
				id = e.ID
			}
		}
		if id == "" {
			t.Fatalf("no tab shows %s: %v", pageURL, list)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		actx, cancelAlloc := remote.NewAllocator(ctx, endpoint)
		defer cancelAlloc()
		tctx, cancelTab := chromedp.NewContext(actx, chromedp.WithTargetID(target.ID(id)))
		defer cancelTab()
		if err := chromedp.Do(tctx); err != nil {
			t.Fatal(err)
		}
		// The crash takes the session down with it: its answer may never come.
		cctx, ccancel := context.WithTimeout(tctx, 5*time.Second)
		defer ccancel()
		cdp.Call(cctx, chromedp.FromContext(tctx).Target, page.Crash, cdp.Empty{})
	}
}

// TestBrowseAttachNotProxied: with --proxy-addr, a browser that does not
// send its requests through that proxy is refused at attach (exit status
// 2), before anything is guarded: one started without --proxy-server, and
// one whose loopback requests bypass it (Chromium's default without
// --proxy-bypass-list=<-loopback>).
func TestBrowseAttachNotProxied(t *testing.T) {
	browseChromium(t)
	for _, tt := range []struct {
		name  string
		flags func(proxy string) []string
	}{
		{"no proxy", func(string) []string { return nil }},
		{"loopback bypassed", func(proxy string) []string { return []string{"--proxy-server=http://" + proxy} }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			proxy := freeProxyAddr(t)
			_, endpoint := ownBrowser(t, "", tt.flags(proxy)...)
			var out, errb lockedBuffer
			done := browseInBackground(t, &out, &errb, "--agent", "ExampleBot", "--allow-private", "--attach", endpoint, "--proxy-addr", proxy)
			code := exitWithin(t, done, &out, &errb)
			want := "robotstxt: browse: guard: the browser does not send its requests through the guard's proxy at " + proxy
			if code != exitUsage || !strings.HasPrefix(errb.String(), want) || strings.Contains(errb.String(), "guarding ") {
				t.Errorf("exit %d, stderr:\n%s\nwant %d and %q", code, errb.String(), exitUsage, want)
			}
		})
	}
}
