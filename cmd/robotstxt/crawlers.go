package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/internal/textsafe"
	"github.com/robotstxt/robotstxt/verify"
)

func runCrawlers(ctx context.Context, c *cli, args []string) error {
	fs := c.newFlags("crawlers", "update | lists [--ip-lists FOLDER]",
		`Manage the crawler operators' IP lists that "robotstxt logs" verifies
identities against.

"crawlers update" fetches every list from its operator's official address
(Google's, Bing's, OpenAI's, Anthropic's, Perplexity's, Apple's and
DuckDuckGo's JSON lists) through the fetcher's destination guard (no
loopback, private or link-local address unless --allow-private or
--allow-range), and writes each list that parses to the folder; a list
that fails keeps its previous copy. "crawlers lists" shows the lists in
use, where each came from and how old it is.

The folder is --ip-lists, else $ROBOTSTXT_IPLISTS, else ipranges in
$XDG_DATA_HOME/robotstxt (~/.local/share/robotstxt). Without it, the
snapshot shipped with the tool is used (see docs/logs.md for its age and
sources).

Exit status: 0 when done, 1 when a list could not be updated, 2 on a usage
error.`,
		`  robotstxt crawlers update
  robotstxt crawlers lists --json`)
	dirFlag := fs.String("ip-lists", "", "`folder` of the IP lists (default $ROBOTSTXT_IPLISTS or $XDG_DATA_HOME/robotstxt/ipranges)")
	mirror := fs.String("mirror", "", "fetch each list from `URL`/FILE instead of its official address (an internal mirror)")
	timeout := fs.Duration("timeout", 30*time.Second, "bound each fetch to this `duration`")
	format := fs.String("format", "text", "output `format`: text or json")
	jsonFlag := addJSONFlag(fs, format)
	guard := addGuardFlags(fs)
	if err := c.parseFlags(fs, args); err != nil {
		return err
	}
	if err := jsonFlag(); err != nil {
		return err
	}
	if fs.NArg() != 1 || (fs.Arg(0) != "update" && fs.Arg(0) != "lists") {
		return usagef("crawlers: give update or lists (run \"robotstxt crawlers --help\")")
	}
	dir := *dirFlag
	if dir == "" {
		dir = defaultListsDir(c)
	}
	if fs.Arg(0) == "lists" {
		use := dir
		if *dirFlag == "" && !dirExists(dir) {
			use = ""
		}
		r, err := verify.Load(use)
		if err != nil {
			return usagef("crawlers: %v", err)
		}
		if *format == "json" {
			return writeJSONValue(c, r.Lists)
		}
		tw := tabwriter.NewWriter(c.stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "OPERATOR\tLIST\tPREFIXES\tCREATED\tFROM")
		for _, l := range r.Lists {
			fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\n", l.Operator, l.File, l.Prefixes, dateOr(l.Created), textsafe.Escape(l.From))
		}
		tw.Flush()
		var none []string
		for _, op := range verify.Operators {
			for _, s := range op.Sources {
				found := false
				for _, l := range r.Lists {
					found = found || l.File == s.File
				}
				if !found {
					none = append(none, s.File)
				}
			}
		}
		if len(none) > 0 {
			fmt.Fprintf(c.stdout, "\nno list loaded (not shipped, not updated): %s\n", strings.Join(none, ", "))
		}
		return nil
	}
	d := guard.policy().Dialer(&net.Dialer{Timeout: *timeout})
	client := &http.Client{Timeout: *timeout, Transport: &http.Transport{
		Proxy:                  nil,
		DialContext:            d.DialContext,
		MaxResponseHeaderBytes: fetch.MaxHeaderBytes,
		TLSHandshakeTimeout:    *timeout,
	}}
	var urlFor func(verify.Source) string
	if *mirror != "" {
		base := strings.TrimRight(*mirror, "/")
		urlFor = func(s verify.Source) string { return base + "/" + s.File }
	}
	res, err := verify.Update(ctx, client, dir, fetch.DefaultUserAgent, urlFor)
	if err != nil {
		return usagef("crawlers: %v", err)
	}
	failed := 0
	for _, r := range res {
		if r.Err != "" {
			failed++
		}
	}
	if *format == "json" {
		if err := writeJSONValue(c, res); err != nil {
			return err
		}
	} else {
		tw := tabwriter.NewWriter(c.stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "OPERATOR\tLIST\tPREFIXES\tCREATED\tRESULT")
		for _, r := range res {
			result := "updated"
			if r.Err != "" {
				result = "kept previous copy: " + textsafe.Escape(r.Err)
			}
			fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\n", r.Operator, r.File, r.Prefixes, dateOr(r.Created), result)
		}
		tw.Flush()
		fmt.Fprintf(c.stdout, "\nwritten to %s\n", textsafe.Escape(dir))
	}
	if failed > 0 {
		return errFindings
	}
	return nil
}

func dateOr(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.Format("2006-01-02")
}
