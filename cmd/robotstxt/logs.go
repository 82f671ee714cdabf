package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/httpsig/keydir"
	"github.com/robotstxt/robotstxt/httpsig/logsig"
	"github.com/robotstxt/robotstxt/logcheck"
	"github.com/robotstxt/robotstxt/logs"
	"github.com/robotstxt/robotstxt/verify"
)

// logsResolver does the reverse DNS of "logs"; tests replace it so that
// they never reach a real resolver.
var logsResolver verify.Resolver = net.DefaultResolver

func runLogs(ctx context.Context, c *cli, args []string) error {
	fs := c.newFlags("logs", "[LOG ...] (--robots FILE | --db FILE [--site URL]) [--log-format FORMAT] [--format text|json|csv]",
		`Read access logs and tell, per crawler and operator, whether the crawlers
obeyed robots.txt: requests, robots.txt fetches, allowed requests, requests
the robots.txt in force at their time disallowed (with the rule, its line,
the version and example URLs), and whether each request really came from
the crawler its user agent names (verified, spoofed or unverifiable).

Logs: the files given (gzip recognised by content), else standard input;
several are merged in time order. --log-format is "combined" (nginx's and
Apache's default), "common", "cloudflare" (JSON lines with Logpush's field
names), or a format string: Apache's LogFormat (%h %t "%r" %>s ...) or
nginx's log_format ($remote_addr [$time_local] "$request" ...). --json-fields
maps JSON lines of other shapes (time=ts,addr=ip,target=uri,userAgent=ua).
Bad lines are counted and listed with their line numbers, never fatal.

The robots.txt in force: --robots FILE for the whole log, or the history
"robotstxt watch --db" recorded (--site names the robots.txt URL when the
database holds several). A request a rule added less than 24 hours before
disallows, from a crawler that had not read robots.txt since, is reported
apart as cache grace (RFC 9309 section 2.4), not as a violation.

Identity: the IP lists the operators publish for each crawler (24 lists of
11 operators ship with the tool; "robotstxt crawlers update" refreshes
them, "robotstxt crawlers lists" shows their ages), and forward-confirmed
reverse DNS where the operator documents it (Google, Microsoft, Yandex,
Apple, Common Crawl, Amazon); --no-dns turns DNS off. Spoofed requests
count for nobody's violations; unverifiable ones say why, and the report
says how many reverse-DNS lookups were answered. The disallowed fetches of
user-triggered fetchers (ChatGPT-User, Perplexity-User, Google-Agent, ...),
which their operators say generally do not read robots.txt, are said to be
fetches for a user.

Web Bot Auth: a request signed with HTTP Message Signatures (RFC 9421) is
checked against its signature agent's key directory, saved in --key-dirs
(one JWKS per agent, named by its host: bot.example.json), at the request's
own time. The log must record the Host and the three signature fields:
--log-format combined-signed reads nginx's and Apache's formats of
docs/logs.md, "cloudflare" reads Logpush's RequestHeaders custom fields,
--json-fields takes host, signature, signatureInput and signatureAgent. A
verified signature of an agent the crawler's operator documents verifies
the request; a bad one makes it spoofed.

Exit status: 0 when the report was written, 2 on a usage error or an input
that cannot be read at all.`,
		`  robotstxt logs /var/log/nginx/access.log* --robots robots.txt
  robotstxt logs access.log.gz --db robots-history.db --site https://example.com/robots.txt --json
  zcat *.gz | robotstxt logs --robots robots.txt --no-dns --format csv`)
	logFormat := fs.String("log-format", "combined", "log `format`: combined, common, combined-signed, cloudflare, or an Apache/nginx format string")
	jsonFields := fs.String("json-fields", "", "read JSON lines with this field `mapping` (time=ts,addr=ip,method=m,target=uri,status=s,userAgent=ua), on top of Cloudflare's names")
	robotsFile := fs.String("robots", "", "robots.txt `file` in force for the whole log")
	alias(fs, "robots", "f") // -f, as check, lint and report read a robots.txt
	db := fs.String("db", "", "watch `database` whose history gives the robots.txt in force at each request")
	site := fs.String("site", "", "robots.txt `URL` in the watch database (needed when it holds several)")
	noDNS := fs.Bool("no-dns", false, "do not use reverse DNS to verify crawlers (IP lists only)")
	dnsLookups := fs.Int("dns-lookups", verify.DefaultDNSLookups, "look up at most `N` addresses in reverse DNS")
	lists := fs.String("ip-lists", "", "`folder` of IP lists written by \"robotstxt crawlers update\" (default: $XDG_DATA_HOME/robotstxt/ipranges when present, else the snapshot)")
	keyDirs := fs.String("key-dirs", "", "`folder` of Web Bot Auth key directories, one JWKS per signature agent named by its host (bot.example.json; default: the folder \"crawlers update\" writes, $ROBOTSTXT_KEYDIRS or $XDG_DATA_HOME/robotstxt/key-dirs, when present)")
	format := fs.String("format", "text", "output `format`: text, json or csv")
	jsonFlag := addJSONFlag(fs, format)
	workers := fs.Int("workers", 0, "parse with `N` workers (default: one per core)")
	examples := fs.Int("examples", 3, "example URLs kept per violated rule")
	if err := c.parseFlags(fs, args); err != nil {
		return err
	}
	if err := jsonFlag(); err != nil {
		return err
	}
	if *format != "text" && *format != "json" && *format != "csv" {
		return usagef("logs: --format must be text, json or csv")
	}
	if (*robotsFile == "") == (*db == "") {
		return usagef("logs: give the robots.txt in force: --robots FILE or --db FILE (one of them)")
	}
	var lf logs.Format
	var err error
	if *jsonFields != "" {
		f, ferr := logs.ParseFields(logs.CloudflareFields, *jsonFields)
		if ferr != nil {
			return usagef("logs: %v", ferr)
		}
		lf = logs.JSON(f)
	} else if lf, err = logs.Named(*logFormat); err != nil {
		return usagef("logs: %v", err)
	}

	tl, err := logsTimeline(ctx, c, *robotsFile, *db, *site)
	if err != nil {
		return err
	}

	dir := *lists
	if dir == "" {
		if d := defaultListsDir(c); dirExists(d) {
			dir = d
		}
	}
	ranges, err := verify.Load(dir)
	if err != nil {
		return usagef("logs: IP lists: %v", err)
	}
	v := &verify.Verifier{Ranges: ranges}
	if !*noDNS {
		v.DNS = &verify.DNS{Resolver: logsResolver, MaxLookups: *dnsLookups}
	}
	chk := &logcheck.Checker{Timeline: tl, Identify: logcheck.NewIdentifier(tl.Tokens()), Verifier: v, Examples: *examples}
	if *keyDirs == "" && dirExists(defaultKeyDirs(c)) {
		*keyDirs = defaultKeyDirs(c) // as "crawlers update" wrote them
	}
	if *keyDirs != "" {
		folder, err := keydir.LoadFolder(*keyDirs)
		if err != nil {
			return usagef("logs: --key-dirs: %v", err)
		}
		chk.Signatures = &logsig.Checker{Keys: folder}
	}

	var inputs []logs.Input
	names := fs.Args()
	if len(names) == 0 {
		names = []string{"-"}
	}
	for _, n := range names {
		if n == "-" {
			inputs = append(inputs, logs.Input{Name: "-", R: c.stdin})
			continue
		}
		in, closer, err := logs.Open(n)
		if err != nil {
			return usagef("logs: %v", err)
		}
		defer closer.Close()
		inputs = append(inputs, in)
	}
	rd := &logs.Reader[logcheck.Judgement]{Format: lf, Workers: *workers,
		Work: func(r *logs.Record, j *logcheck.Judgement) { chk.Judge(ctx, r, j) }}
	stats, err := rd.Read(ctx, inputs, func(r *logs.Record, j *logcheck.Judgement) error {
		chk.Add(r, j)
		return nil
	})
	if err != nil {
		return usagef("logs: %v", err)
	}
	warnOldLists(c, ranges.Lists, listsNow().UTC())
	rep := chk.Report()
	rep.Log = stats
	rep.Lists = ranges.Lists
	rep.DNS = v.DNS != nil
	rep.DNSLookups = v.DNS.Lookups()
	rep.DNSStats = v.DNS.Stats()
	switch *format {
	case "json":
		return writeJSONValue(c, rep)
	case "csv":
		return rep.WriteCSV(c.stdout)
	}
	if err := rep.WriteText(c.stdout); err != nil {
		return err
	}
	return nil
}

// logsTimeline builds the robots.txt versions in force.
func logsTimeline(ctx context.Context, c *cli, file, db, site string) (*logcheck.Timeline, error) {
	if file != "" {
		body, err := c.readInput(file)
		if err != nil {
			return nil, err
		}
		c.noteKind(body)
		return logcheck.NewTimeline([]logcheck.Version{{N: 1, Label: file, Robots: robotstxt.Parse(body)}}), nil
	}
	st, err := openExisting(c, db)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	url := site
	if url == "" {
		urls, err := st.URLs(ctx)
		if err != nil {
			return nil, usagef("logs: %v", err)
		}
		if len(urls) != 1 {
			return nil, usagef("logs: the database holds %d robots.txt URLs; name one with --site (%s)", len(urls), strings.Join(urls, ", "))
		}
		url = urls[0]
	} else if u, err := robotsURL(site); err == nil {
		url = u
	}
	vs, err := st.Versions(ctx, url)
	if err != nil {
		return nil, usagef("logs: %v", err)
	}
	if len(vs) == 0 {
		return nil, usagef("logs: no versions of %s in the database", url)
	}
	var out []logcheck.Version
	for _, v := range vs {
		lv := logcheck.Version{N: v.N, From: v.FirstSeen, Label: fmt.Sprintf("%s@%d", url, v.N), Status: v.Status}
		if v.Status == string(fetch.Success) {
			full, err := st.Version(ctx, url, v.N)
			if err != nil {
				return nil, usagef("logs: %v", err)
			}
			if full.Pruned {
				return nil, usagef("logs: the body of %s@%d was pruned from the database; requests in its time cannot be judged", url, v.N)
			}
			lv.Robots = fetch.ParseBody(full.Body, full.Truncated)
		}
		out = append(out, lv)
	}
	return logcheck.NewTimeline(out), nil
}

// defaultListsDir is where "crawlers update" writes the IP lists.
func defaultListsDir(c *cli) string {
	if p := c.getenv("ROBOTSTXT_IPLISTS"); p != "" {
		return p
	}
	return filepath.Join(filepath.Dir(defaultDB(c)), "ipranges")
}

func dirExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}
