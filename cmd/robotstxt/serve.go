package main

import (
	"cmp"
	"context"
	"fmt"
	"github.com/robotstxt/robotstxt/internal/textsafe"
	"io"
	"log/slog"
	"net"
	"strings"
	"time"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/httpsig"
	"github.com/robotstxt/robotstxt/httpsig/keydir"
	"github.com/robotstxt/robotstxt/server"
)

func runServe(ctx context.Context, c *cli, args []string) error {
	fs := c.newFlags("serve", "[--addr HOST:PORT] [--quiet] [--allow-fetch] [--gate --agent TOKEN [--scope FILE] [--redis URL]] [--allow-private]",
		`Serve the robots.txt analyser: the web page (parse, test, audit, the
crawler matrix and the self-test, all running in the browser as WebAssembly)
and a JSON API for programs: POST /api/v1/parse, /api/v1/check and
/api/v1/lint, GET /healthz. The page and its assets are built into the
binary. It prints the URL to open, logs one line per request to standard
error and stops cleanly on Ctrl-C (SIGINT) or SIGTERM.

Port 0 picks a free port. The default address is reachable from this
machine only; use --addr :8080 to listen on every interface.

With --allow-fetch the page offers "Fetch from a site": the server fetches
the public robots.txt of the origin the user names (never the user's text),
as a crawler must, behind the destination guard (loopback, private and
link-local addresses are refused unless --allow-private), and the page shows
the status, the redirect chain and how long crawlers may keep the copy.
POST /api/v1/fetch {"url": "https://example.com/"} gives the same to programs;
GET /api/v1/config tells the page whether fetching is on. The page's sitemap
card may then read a sitemap by URL: POST /api/v1/sitemap {"url": ...}
fetches that sitemap (and then each sitemap of an index, one request each)
the same way, at most 64 MiB, and the page reads it in the browser.

POST /api/v1/identify {"url": "https://site.example/page", "headers": {...},
"time": "...", "robots": "..."} tells what one request proves: its Web Bot
Auth signature checked at its time against the key directories saved in
--key-dirs (one JWKS per signature agent, named by its host), or fetched as
requests name them with --fetch-key-dirs (behind the destination guard),
and whether the robots.txt given allows it.`+serveGateHelp,
		`  robotstxt serve
  robotstxt serve --addr 127.0.0.1:9000
  curl -s --data-binary @robots.txt -H 'Content-Type: text/plain' \
    'http://127.0.0.1:8080/api/v1/check?agent=Googlebot&url=/private/x'`)
	addr := fs.String("addr", "127.0.0.1:8080", "listen on `host:port`")
	quiet := fs.Bool("quiet", false, "do not log requests")
	allowFetch := fs.Bool("allow-fetch", false, "let the page ask this server to fetch a site's robots.txt (POST /api/v1/fetch) and sitemaps (POST /api/v1/sitemap)")
	keyDirs := fs.String("key-dirs", "", "`folder` of Web Bot Auth key directories for /api/v1/identify, one JWKS per signature agent named by its host")
	fetchKeyDirs := fs.Bool("fetch-key-dirs", false, "fetch signature agents' key directories as /api/v1/identify requests name them (HTTPS, behind the destination guard)")
	gf := addServeGateFlags(fs)
	if err := c.parseFlags(fs, args); err != nil {
		return err
	}
	slogger, err := gf.logger(c.stderr)
	if err != nil {
		return err
	}
	gf.fetchOn = *allowFetch
	gateOpts, closeGate, err := gf.build(cmp.Or(slogger, slog.New(slog.DiscardHandler)))
	if err != nil {
		return err
	}
	defer closeGate()
	if *quiet {
		slogger = nil
	}
	if fs.NArg() > 0 {
		return usagef("serve: unexpected argument %q (run \"robotstxt serve --help\")", fs.Arg(0))
	}
	var log io.Writer = c.stderr
	if *quiet {
		log = nil
	}
	var fetchOpts *server.FetchOptions
	if *allowFetch {
		fetchOpts = &server.FetchOptions{Fetcher: &fetch.Fetcher{Guard: gf.guard.policy()}}
	}
	var keys httpsig.Keys
	switch {
	case *keyDirs != "" && *fetchKeyDirs:
		return usagef("serve: give --key-dirs or --fetch-key-dirs, not both")
	case *keyDirs != "":
		folder, err := keydir.LoadFolder(*keyDirs)
		if err != nil {
			return usagef("serve: --key-dirs: %v", err)
		}
		keys = folder
	case *fetchKeyDirs:
		keys = &keydir.Live{Fetcher: &keydir.Fetcher{Client: keydir.Client(gf.guard.policy(), 10*time.Second, nil), UserAgent: fetch.DefaultUserAgent}}
	}
	srv, err := server.New(server.Options{Log: log, Gate: gateOpts, Logger: slogger, Fetch: fetchOpts, Keys: keys})
	if err != nil {
		return err
	}
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", *addr)
	if err != nil {
		return usagef("serve: %v", err)
	}
	if w := openGateWarning(ln.Addr(), gf.on, gf.tokenFile); w != "" {
		fmt.Fprintln(c.stderr, w)
	}
	fmt.Fprintf(c.stdout, "robotstxt: serving the analyser; open %s in a browser (Ctrl-C to stop)\n", pageURL(ln.Addr()))
	if err := srv.Serve(ctx, ln); err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	fmt.Fprintln(c.stdout, "robotstxt: stopped")
	return nil
}

// openGateWarning is the warning for a decision service that listens
// beyond this machine without a token, "" otherwise.
func openGateWarning(a net.Addr, gate bool, tokenFile string) string {
	if !gate || tokenFile != "" || loopbackOnly(a) {
		return ""
	}
	return fmt.Sprintf("robotstxt: warning: the decision service listens on %s without --gate-token-file: "+
		"anyone who reaches this port can ask it for decisions and lift its holds (give --gate-token-file FILE)", textsafe.Escape(a.String()))
}

// loopbackOnly reports whether a listening address is reachable from this
// machine only (127.0.0.0/8, ::1); an unspecified one ("0.0.0.0", ":8080")
// listens on every interface.
func loopbackOnly(a net.Addr) bool {
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return false
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// pageURL is the address to open in a browser: an unspecified host (":8080",
// "0.0.0.0") is shown as localhost, which reaches it.
func pageURL(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return "http://" + a.String() + "/"
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = "localhost"
	}
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	return "http://" + host + ":" + port + "/"
}
