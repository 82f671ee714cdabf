package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/internal/textsafe"
	"github.com/robotstxt/robotstxt/internal/wire"
)

func runParse(ctx context.Context, c *cli, args []string) error {
	fs := c.newFlags("parse", "[-f FILE|URL|-] [--json]",
		`Parse a robots.txt and print its groups (user-agent lines and rules), the
rules outside any group, sitemaps and other records, each with its line number.
With no file, standard input is read. A site or robots.txt URL
(https://example.com) is fetched as "robotstxt fetch" fetches its robots.txt;
the status goes to standard error. Values are printed as written, with
control characters escaped (\x1b), so that a file from the web cannot act on
the terminal.`,
		`  robotstxt parse -f robots.txt
  robotstxt parse https://example.com
  curl -s https://example.com/robots.txt | robotstxt parse --json`)
	file := fs.String("f", "-", "robots.txt `file` to read (- for standard input), or a site or robots.txt URL to fetch")
	asJSON := fs.Bool("json", false, "print one JSON document")
	maxBytes := fs.Int("max-bytes", robotstxt.DefaultMaxBytes, "parse at most this many `bytes` (-1: no limit)")
	src := addSourceFlags(fs)
	if err := c.parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 1 || fs.NArg() == 1 && *file != "-" {
		return usagef("parse: give one file, with -f or as an argument")
	}
	if fs.NArg() == 1 {
		*file = fs.Arg(0)
	}
	body, _, err := c.readSource(ctx, *file, src)
	if err != nil {
		return err
	}
	c.noteKind(body)
	r := robotstxt.ParseOptions(string(body), &robotstxt.Options{MaxBytes: *maxBytes})
	if *asJSON {
		return writeJSON(c.stdout, wire.NewParseDoc(r))
	}
	printParse(c.stdout, r)
	return nil
}

func printParse(w io.Writer, r *robotstxt.Robots) {
	rules := len(r.Orphans)
	for _, g := range r.Groups {
		rules += len(g.Rules)
	}
	fmt.Fprintf(w, "%s, %s, %s, %s, %s, %s\n", plural(r.Parsed, "byte"), plural(r.Lines, "line"),
		plural(len(r.Groups), "group"), plural(rules, "rule"), plural(len(r.Sitemaps), "sitemap"),
		plural(len(r.Other), "other record"))
	if r.Truncated {
		fmt.Fprintf(w, "truncated: only the first %d bytes (whole lines) were parsed; the rest is ignored\n", r.Parsed)
	}
	for i, g := range r.Groups {
		fmt.Fprintf(w, "\ngroup %d\n", i+1)
		for _, ua := range g.UserAgents {
			note := ""
			switch {
			case ua.Global():
				note = "  (all crawlers)"
			case ua.Token == "":
				note = "  (no product token: matches no crawler)"
			case ua.Token != ua.Value:
				note = fmt.Sprintf("  (name %s)", textsafe.Escape(strconv.Quote(ua.Token)))
			}
			fmt.Fprintf(w, "  %5d  user-agent: %s%s\n", ua.Line, textsafe.Escape(ua.Value), note)
		}
		if len(g.Rules) == 0 {
			fmt.Fprint(w, "         (no rules)\n")
		}
		for _, rule := range g.Rules {
			printRule(w, rule)
		}
	}
	if len(r.Orphans) > 0 {
		fmt.Fprint(w, "\nrules outside any group (ignored)\n")
		for _, rule := range r.Orphans {
			printRule(w, rule)
		}
	}
	if len(r.Sitemaps) > 0 {
		fmt.Fprint(w, "\nsitemaps\n")
		for _, s := range r.Sitemaps {
			fmt.Fprintf(w, "  %5d  %s\n", s.Line, textsafe.Escape(s.URL))
		}
	}
	if len(r.Other) > 0 {
		fmt.Fprint(w, "\nother records\n")
		for _, o := range r.Other {
			fmt.Fprintf(w, "  %5d  %s: %s\n", o.Line, textsafe.Escape(o.Name), textsafe.Escape(o.Value))
		}
	}
}

func printRule(w io.Writer, rule robotstxt.Rule) {
	note := ""
	if rule.Pattern == "" {
		note = "  (empty: matches nothing)"
	} else if canon := robotstxt.CanonicalPattern(rule.Pattern); canon != rule.Pattern {
		note = fmt.Sprintf("  (matched as %s)", textsafe.Escape(canon))
	}
	fmt.Fprintf(w, "  %5d  %s: %s%s\n", rule.Line, rule.Kind, textsafe.Escape(rule.Pattern), note)
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	if strings.HasSuffix(word, "y") {
		return fmt.Sprintf("%d %sies", n, word[:len(word)-1])
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
