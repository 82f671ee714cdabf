package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/robotstxt/robotstxt/conform"
	"github.com/robotstxt/robotstxt/internal/textsafe"
)

// runConform grades a crawler on the conformance site (issue 43): run it
// ("-- COMMAND ARGS"), serve the site for one started elsewhere ("serve"),
// or grade a saved log ("report LOG").
func runConform(ctx context.Context, c *cli, args []string) error {
	fs := c.newFlags("conform", "[--agent TOKEN] [--json|--markdown] [--timeout D] [--log FILE] -- COMMAND ARGS...\n  robotstxt conform serve [--agent TOKEN] [--timeout D] [--log FILE]\n  robotstxt conform report [--json|--markdown] LOG",
		`Grade a crawler's robots.txt behaviour on a hostile test site on loopback.

The site has an origin for each thing it tests, each on a port of its own and
an address of 127.0.0.0/8: robots.txt rules that need longest match, ties,
'*' and '$', percent-encoding, case and the query; the crawler's own group,
consecutive user-agent lines and the token it sends; 404, 410, 401, 403, 500,
429, a challenge page, a soft 404, a timeout, a connection reset; redirects;
a file over 500 KiB, a BOM, CR and CRLF line ends, a long line; a file that
changes; a Crawl-delay; http and https on one host and port. Every request
that reaches it is recorded.

With a command after "--", the site starts, the command runs with {url}
replaced by the start page (which links every origin and page), {urls} by a
file listing every URL, one a line, and {cacert} by a file holding the
certificate of the https origin (PEM), which the crawler must trust to reach
it (for Go and OpenSSL programs: env SSL_CERT_FILE={cacert}; wget:
--ca-certificate={cacert}; Node: NODE_EXTRA_CA_CERTS); a crawler that does not
leaves robots-per-scheme not exercised. The crawler is stopped (its whole
process group) after --timeout; its output goes to standard error.

"conform serve" runs the site alone, for a crawler started elsewhere: it
prints the start URL, the seed file's name and the certificate's, and at the end (--timeout or
an interrupt) writes the request log to --log (default conform-log.json).
"conform report LOG" grades a saved log.

The report card gives, per check, pass, fail, noted (the crawler differs
where RFC 9309 leaves room: reported, not failed) or not-exercised, with the
RFC 9309 section or the documented norm and the requests that decided it.
--json prints one object whose "checks" list has "id", "result", "ref",
"detail" and "requests" for each; --markdown a table.

The site listens on loopback only and sends nothing; it stops by itself.

Exit status: 0, 1 when a check failed, 2 on a usage error.`,
		`  robotstxt conform --agent wget -- wget -r -l 3 -H -e robots=on -q -P out {url}
  robotstxt conform --agent ExampleBot --json -- ./mycrawler --seeds {urls}
  robotstxt conform -- env SSL_CERT_FILE={cacert} ./mycrawler {url}
  robotstxt conform serve --agent ExampleBot --log run.json
  robotstxt conform report --markdown run.json`)
	agent := fs.String("agent", "conformbot", "the crawler's product `token`, written into the test robots.txt files")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	asMD := fs.Bool("markdown", false, "print the report as a Markdown table")
	timeout := fs.Duration("timeout", 2*time.Minute, "stop the crawler (or the site, for serve) after this `duration`")
	logFile := fs.String("log", "", "write the request log to this `file` (serve: default conform-log.json)")
	sameAddr := fs.Bool("same-address", false, "put every origin on 127.0.0.1 (ports of their own), for systems that cannot bind other loopback addresses")
	if err := c.parseFlags(fs, args); err != nil {
		return err
	}
	if *asJSON && *asMD {
		return usagef("conform: give --json or --markdown, not both")
	}
	if *timeout <= 0 {
		return usagef("conform: --timeout must be positive")
	}
	rest := fs.Args()
	printReport := func(rep *conform.Report) error {
		var err error
		switch {
		case *asJSON:
			err = writeJSONValue(c, rep)
		case *asMD:
			err = rep.WriteMarkdown(c.stdout)
		default:
			err = rep.WriteText(c.stdout)
		}
		if err != nil {
			return err
		}
		if rep.Failed() {
			return errFindings
		}
		return nil
	}
	mode := ""
	if len(rest) > afterDash(args) {
		mode = rest[0]
		rest = rest[1:]
	}
	switch mode {
	case "report":
		if len(rest) != 1 {
			return usagef("conform report: give one log file")
		}
		f, err := os.Open(rest[0])
		if err != nil {
			return usagef("conform report: %v", err)
		}
		defer f.Close()
		l, err := conform.ReadLog(f)
		if err != nil {
			return usagef("conform report: %s: %v", rest[0], err)
		}
		return printReport(conform.Grade(l))
	case "serve":
		if len(rest) != 0 {
			return usagef("conform serve: takes no arguments")
		}
		if *logFile == "" {
			*logFile = "conform-log.json"
		}
		site, err := conform.Start(conform.Options{Agent: *agent, Lifetime: *timeout, SameAddress: *sameAddr})
		if err != nil {
			return usagef("%v", err)
		}
		defer site.Close()
		seeds, err := writeSeeds(site)
		if err != nil {
			return err
		}
		defer os.Remove(seeds)
		cacert, err := writeTemp("conform-cacert-*.pem", site.CACert())
		if err != nil {
			return err
		}
		defer os.Remove(cacert)
		fmt.Fprintf(c.stdout, "%s\nseed URLs: %s\nhttps certificate: %s\nrecording until %s or an interrupt; the log goes to %s\n",
			site.URL(), seeds, cacert, time.Now().Add(*timeout).Format(time.TimeOnly), textsafe.Escape(*logFile))
		select {
		case <-ctx.Done():
		case <-site.Done():
		}
		site.Close()
		return saveLog(site.Log(), *logFile)
	case "":
		if len(rest) == 0 {
			return usagef("conform: give the crawler's command after \"--\" (or serve, or report LOG)")
		}
	default:
		return usagef("conform: unknown mode %q (serve, report, or a command after \"--\")", mode)
	}
	site, err := conform.Start(conform.Options{Agent: *agent, Lifetime: *timeout + time.Minute, SameAddress: *sameAddr})
	if err != nil {
		return usagef("%v", err)
	}
	defer site.Close()
	res, err := conform.Run(ctx, site, rest, *timeout, c.stderr, c.stderr)
	site.Close()
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return usagef("conform: %v", err)
	}
	if !res.Exited {
		fmt.Fprintf(c.stderr, "robotstxt: conform: the crawler was stopped after %s\n", *timeout)
	}
	l := site.Log()
	if *logFile != "" {
		if err := saveLog(l, *logFile); err != nil {
			return err
		}
	}
	return printReport(conform.Grade(l))
}

// afterDash counts the arguments after the first "--" of args: the
// crawler's command, never a mode.
func afterDash(args []string) int {
	for i, a := range args {
		if a == "--" {
			return len(args) - i - 1
		}
	}
	return 0
}

// writeSeeds writes the seed URLs to a file in the temporary directory, for
// "conform serve" (removed when it ends).
func writeSeeds(site *conform.Site) (string, error) {
	return writeTemp("conform-urls-*.txt", []byte(strings.Join(site.SeedURLs(), "\n")+"\n"))
}

// writeTemp writes b to a new file of the temporary directory.
func writeTemp(pattern string, b []byte) (string, error) {
	f, err := os.CreateTemp("", pattern)
	if err != nil {
		return "", err
	}
	defer f.Close()
	if _, err := f.Write(b); err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), f.Close()
}

func saveLog(l *conform.Log, name string) error {
	f, err := os.Create(name)
	if err != nil {
		return usagef("conform: %v", err)
	}
	if _, err := l.WriteTo(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
