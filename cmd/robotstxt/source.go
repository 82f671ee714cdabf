package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/internal/textsafe"
)

// sourceMaxBytes bounds what lint, report and parse read of a fetched
// robots.txt. It is well above what crawlers parse (500 KiB), so that lint
// can still say a file is too long.
const sourceMaxBytes = 4 << 20

// sourceFlags are the flags of the commands that read a robots.txt from a
// file, standard input or a URL (lint, report, parse): the destination
// guard's, as fetch has them.
type sourceFlags struct {
	guard *guardFlags
}

func addSourceFlags(fs *flag.FlagSet) *sourceFlags {
	return &sourceFlags{guard: addGuardFlags(fs)}
}

// isSourceURL reports whether an input names a site or its robots.txt
// (http:// or https://) rather than a file.
func isSourceURL(s string) bool {
	l := strings.ToLower(s)
	return strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://")
}

// readSource reads a robots.txt from a file, standard input ("-") or a URL.
// A URL is any URL of the site: its origin's /robots.txt is fetched as
// "robotstxt fetch" fetches it (destination guard, redirects, size and time
// bounds), and the outcome is said on standard error. The name is what the
// output calls the input: the robots.txt's URL for a fetch, else path.
//
// The body of an unavailable robots.txt (4xx, too many redirects) is empty:
// the REP then allows everything, and that is what the command shows. A
// fetch that gave no definitive answer (unreachable, rate-limited, refused)
// is an input error (exit status 2): there is no file to read.
func (c *cli) readSource(ctx context.Context, path string, s *sourceFlags) (body []byte, name string, err error) {
	if !isSourceURL(path) {
		body, err := c.readInput(path)
		return body, path, err
	}
	f := &fetch.Fetcher{MaxBytes: sourceMaxBytes, Guard: s.guard.policy()}
	p, err := f.Fetch(ctx, path)
	if err != nil {
		var fe *fetch.Error
		if errors.As(err, &fe) && fe.Op == "origin" {
			return nil, path, usagef("%s: %v", textsafe.Escape(path), fe.Err)
		}
		return nil, path, err
	}
	name = p.URL
	for _, h := range p.Redirects {
		loc := h.Location
		if loc == "" {
			loc = "(no Location)"
		}
		fmt.Fprintf(c.stderr, "robotstxt: %s: redirect %d to %s\n", textsafe.Escape(h.URL), h.Status, textsafe.Escape(loc))
	}
	fmt.Fprintf(c.stderr, "robotstxt: %s: %s\n", textsafe.Escape(name), sourceStatus(p))
	switch p.Status {
	case fetch.Success:
		return p.Body, name, nil
	case fetch.Unavailable, fetch.TooManyRedirects:
		return []byte{}, name, nil
	}
	return nil, name, &exitError{code: exitUsage, msg: fmt.Sprintf("%s: no robots.txt to read (%s)", textsafe.Escape(name), p.Status)}
}

// sourceStatus is the one line said about a fetch: the policy status, the
// HTTP status or what went wrong, the size, and what it means.
func sourceStatus(p *fetch.Policy) string {
	status := string(p.Status)
	switch {
	case p.Detail != "":
		status += " (" + textsafe.Escape(p.Detail) + ")"
	case p.HTTPStatus != 0:
		status += fmt.Sprintf(" (HTTP %d)", p.HTTPStatus)
	}
	if p.Status != fetch.Success {
		return status + ": " + fetchMeaning(p)
	}
	size := plural(len(p.Body), "byte")
	if p.Truncated {
		size += fmt.Sprintf(", truncated: only the first %d were read", sourceMaxBytes)
	}
	if p.FinalURL != p.URL {
		size += ", from " + textsafe.Escape(p.FinalURL)
	}
	return status + ", " + size
}
