package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/httpsig/keydir"
	"github.com/robotstxt/robotstxt/internal/textsafe"
	"github.com/robotstxt/robotstxt/verify"
)

// listsNow is the time lists' ages are counted at; tests set it.
var listsNow = time.Now

func runCrawlers(ctx context.Context, c *cli, args []string) error {
	fs := c.newFlags("crawlers", "update | lists [--ip-lists FOLDER] [--at DATE]",
		`Manage the crawler operators' IP lists that "robotstxt logs" verifies
identities against.

"crawlers lists" shows each list in use: its operator, the crawlers it
verifies (user-triggered fetchers marked: they generally do not read
robots.txt), its prefixes, its date (the operator's creationTime, else the
day it was fetched) and its age in days, and where it came from (the
snapshot shipped with the tool, or a file of the folder).

"crawlers update" fetches every list from its operator's official address
(24 lists of Google, Microsoft, Apple, OpenAI, Anthropic, Perplexity,
DuckDuckGo, Common Crawl, Mistral, Amazon and Parallel; Amazon publishes
web pages, whose addresses are read from the page) with the tool's
User-Agent (some operators refuse clients without one), through the
fetcher's destination guard (no loopback, private or link-local address
unless --allow-private or --allow-range), and writes each list that parses
to the folder. A list that fails is said so: nothing is written for it,
and the copy in use stays (the folder's previous copy, else the snapshot's).

"crawlers update" also fetches the Web Bot Auth key directory of every
signature agent the registry names (https://agent.bot.goog for
Google-Agent, https://chatgpt.com for ChatGPT agent: docs/crawlers.md) over
HTTPS, the same way, and saves each in the --key-dirs folder, earlier keys
kept, where "robotstxt logs" reads them to check signatures. A directory
that fails is said so, and nothing is written for it.

Both warn, on standard error, about every list in use older than 90 days
(operators add addresses every few weeks: an old list misses some).

The folder is --ip-lists, else $ROBOTSTXT_IPLISTS, else ipranges in
$XDG_DATA_HOME/robotstxt (~/.local/share/robotstxt); the key directories'
is --key-dirs, else $ROBOTSTXT_KEYDIRS, else key-dirs there. Without it, the
snapshot shipped with the tool is used (see docs/logs.md for its age and
sources).

Exit status: 0 when done, 1 when a list or a key directory could not be
updated, 2 on a usage error.`,
		`  robotstxt crawlers update
  robotstxt crawlers lists --json`)
	dirFlag := fs.String("ip-lists", "", "`folder` of the IP lists (default $ROBOTSTXT_IPLISTS or $XDG_DATA_HOME/robotstxt/ipranges)")
	keyDirsFlag := fs.String("key-dirs", "", "update: `folder` of the Web Bot Auth key directories (default $ROBOTSTXT_KEYDIRS or $XDG_DATA_HOME/robotstxt/key-dirs)")
	mirror := fs.String("mirror", "", "fetch each list from `URL`/FILE, and each key directory from URL/key-dirs/HOST.json, instead of their official addresses (an internal mirror)")
	timeout := fs.Duration("timeout", 30*time.Second, "bound each fetch to this `duration`")
	at := fs.String("at", "", "count the lists' ages at this `date` (YYYY-MM-DD; default today)")
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
	now := listsNow().UTC()
	if *at != "" {
		t, err := time.Parse("2006-01-02", *at)
		if err != nil {
			return usagef("crawlers: --at: give a date as YYYY-MM-DD")
		}
		now = t
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
			type listOut struct {
				verify.List
				Date    time.Time `json:"date,omitzero"`
				AgeDays int       `json:"ageDays"`
				Old     bool      `json:"old"`
			}
			out := make([]listOut, 0, len(r.Lists))
			for _, l := range r.Lists {
				out = append(out, listOut{List: l, Date: l.Date(), AgeDays: l.AgeDays(now), Old: l.Old(now)})
			}
			if err := writeJSONValue(c, out); err != nil {
				return err
			}
		} else {
			writeLists(c, r.Lists, now)
		}
		warnOldLists(c, r.Lists, now)
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
	keyDirs := *keyDirsFlag
	if keyDirs == "" {
		keyDirs = defaultKeyDirs(c)
	}
	kres := fetchKeyDirs(ctx, signatureAgents(), keyDirs, *mirror, keydir.Client(guard.policy(), *timeout, keyDirTLS))
	for _, r := range kres {
		if r.Err != "" {
			failed++
		}
	}
	// What is in use now: the lists written, the previous copies, the
	// snapshot's for the rest.
	loaded, lerr := verify.Load(dir)
	inUse := map[string]verify.List{}
	if lerr == nil {
		for _, l := range loaded.Lists {
			inUse[l.File] = l
		}
	}
	if *format == "json" {
		if err := writeJSONValue(c, struct {
			Lists   []verify.UpdateResult `json:"lists"`
			KeyDirs []keyDirResult        `json:"keyDirectories"`
		}{res, kres}); err != nil {
			return err
		}
	} else {
		tw := tabwriter.NewWriter(c.stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "OPERATOR\tLIST\tPREFIXES\tCREATED\tRESULT")
		for _, r := range res {
			result := "updated"
			if r.Err != "" {
				result = "FAILED: " + textsafe.Escape(r.Err) + "; nothing written"
				switch l, ok := inUse[r.File]; {
				case r.Previous != "":
					result += "; the previous copy (" + dateOr(l.Date()) + ") stays in use"
				case ok && l.From == "snapshot":
					result += "; the shipped copy (" + dateOr(l.Date()) + ") stays in use"
				default:
					result += "; no copy of this list is in use"
				}
			}
			fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\n", r.Operator, r.File, r.Prefixes, dateOr(r.Created), result)
		}
		tw.Flush()
		kfailed := 0
		for _, r := range kres {
			if r.Err != "" {
				kfailed++
			}
		}
		fmt.Fprintf(c.stdout, "\n%d of %d lists updated, written to %s\n", len(res)-(failed-kfailed), len(res), textsafe.Escape(dir))
		fmt.Fprintln(c.stdout)
		writeKeyDirResults(c, kres)
		fmt.Fprintf(c.stdout, "\n%d of %d key directories updated, written to %s\n", len(kres)-kfailed, len(kres), textsafe.Escape(keyDirs))
	}
	if lerr != nil {
		fmt.Fprintf(c.stderr, "robotstxt: warning: the lists in %s do not load: %s\n", textsafe.Escape(dir), textsafe.Escape(lerr.Error()))
	} else {
		warnOldLists(c, loaded.Lists, now)
	}
	if failed > 0 {
		return errFindings
	}
	return nil
}

// writeLists writes the table of "crawlers lists".
func writeLists(c *cli, lists []verify.List, now time.Time) {
	tw := tabwriter.NewWriter(c.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "OPERATOR\tLIST\tCRAWLERS\tPREFIXES\tDATE\tAGE\tFROM")
	for _, l := range lists {
		crawlers := strings.Join(l.Crawlers, ", ")
		if len(l.Crawlers) > 3 {
			crawlers = fmt.Sprintf("%s and %d more", strings.Join(l.Crawlers[:2], ", "), len(l.Crawlers)-2)
		}
		if l.UserTriggered {
			crawlers += " (user-triggered)"
		}
		date := dateOr(l.Date())
		if l.Created.IsZero() && !l.Modified.IsZero() {
			date += " (fetched)"
		}
		age := "-"
		if n := l.AgeDays(now); n >= 0 {
			age = strconv.Itoa(n) + " d"
			if l.Old(now) {
				age += " (old)"
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%s\t%s\n", l.Operator, l.File, crawlers, l.Prefixes, date, age, textsafe.Escape(l.From))
	}
	tw.Flush()
	var none []string
	for _, op := range verify.Operators {
		for _, s := range op.Sources {
			found := false
			for _, l := range lists {
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
}

// warnOldLists warns on standard error when lists in use are older than
// verify.MaxAge at now (List.Old), naming the oldest.
func warnOldLists(c *cli, lists []verify.List, now time.Time) {
	n := 0
	var oldest verify.List
	for _, l := range lists {
		if l.Old(now) {
			if n == 0 || l.Date().Before(oldest.Date()) {
				oldest = l
			}
			n++
		}
	}
	if n == 0 {
		return
	}
	fmt.Fprintf(c.stderr, "robotstxt: warning: %d of the %d IP lists in use are more than 90 days old (the oldest: %s, %s); operators add addresses every few weeks: run \"robotstxt crawlers update\" (\"robotstxt crawlers lists\" shows each list's age)\n", n, len(lists), textsafe.Escape(oldest.File), dateOr(oldest.Date()))
}

func dateOr(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.Format("2006-01-02")
}
