package main

import (
	"context"
	"fmt"

	"github.com/robotstxt/robotstxt/logcheck"
	"github.com/robotstxt/robotstxt/logs"
	"github.com/robotstxt/robotstxt/verify"
)

// An access log opened in the page is read in pieces: logsStart(text,
// format) begins it against the robots.txt in the editor, logsFeed(bytes)
// hands over each piece as the page reads the file (so that a 100 MB log
// never sits in memory whole, and the page never waits on one long call),
// logsEnd() returns the report, the JSON of "robotstxt logs --json". The
// code is the command line's (packages logs, logcheck, verify); identities
// are checked against the IP lists shipped with the module only: a browser
// has no reverse DNS, and the page fetches nothing.

// maxLogPiece bounds one logsFeed piece; the page sends 1 MiB.
const maxLogPiece = 8 << 20

// logRun is the log being read.
type logRun struct {
	chk  *logcheck.Checker
	feed *logs.Feeder
	add  func(*logs.Record)
}

// logStart is logsStart's answer: what the identities are checked against,
// and the kind of each reason a bad line can have (the report gives them in
// English), for the page to say it in its language.
type logStart struct {
	Lists    []verify.List     `json:"ipLists"`
	MaxPiece int               `json:"maxPiece"`
	Reasons  map[string]string `json:"reasons"`
}

// badReasons are the kinds of logs' reasons; web's catalogues have a
// logs.reason.<kind> for each.
var badReasons = map[string]string{
	logs.ReasonTooLong:      "too-long",
	logs.ReasonBinary:       "binary",
	logs.ReasonTruncated:    "truncated",
	logs.ErrNoMatch.Error(): "no-match",
	logs.ErrTime.Error():    "time",
	logs.ErrStatus.Error():  "status",
	logs.ErrJSON.Error():    "json",
}

// logsStart(text, format): format is "combined", "common" or "cloudflare".
func (s *session) logsStart(args []string) (any, error) {
	format := args[1]
	switch format {
	case "combined", "common", "cloudflare":
	default:
		return nil, fmt.Errorf("unknown log format %q (want combined, common or cloudflare)", format)
	}
	lf, err := logs.Named(format)
	if err != nil {
		return nil, err
	}
	ranges, err := verify.Snapshot()
	if err != nil {
		return nil, err
	}
	tl := logcheck.NewTimeline([]logcheck.Version{{N: 1, Label: "robots.txt (editor)", Robots: s.robots(args[0])}})
	chk := &logcheck.Checker{Timeline: tl, Identify: logcheck.NewIdentifier(tl.Tokens()), Verifier: &verify.Verifier{Ranges: ranges}}
	ctx := context.Background()
	var j logcheck.Judgement
	s.log = &logRun{chk: chk, feed: &logs.Feeder{Format: lf, Name: "log"}, add: func(r *logs.Record) {
		j = logcheck.Judgement{}
		chk.Judge(ctx, r, &j)
		chk.Add(r, &j)
	}}
	return logStart{Lists: ranges.Lists, MaxPiece: maxLogPiece, Reasons: badReasons}, nil
}

// logProgress is logsFeed's answer.
type logProgress struct {
	Lines   int `json:"lines"`
	Records int `json:"records"`
	Bad     int `json:"bad"`
}

// logsFeed(bytes): the next piece of the log.
func (s *session) logsFeed(args []string) (any, error) {
	if s.log == nil {
		return nil, fmt.Errorf("no log begun (call logsStart first)")
	}
	if len(args[0]) > maxLogPiece {
		return nil, fmt.Errorf("a piece of %d bytes; at most %d at once", len(args[0]), maxLogPiece)
	}
	s.log.feed.Write([]byte(args[0]), s.log.add)
	st := s.log.feed.Stats()
	return logProgress{st.Lines, st.Records, st.Bad}, nil
}

// logsEnd(ending): the report of the log begun by logsStart. ending is ""
// for a log read to its end, "truncated" when its stream broke (a gzip
// stream the browser could not decompress to its end): then, as on the
// command line, the unfinished last line is dropped and the break counted
// as a bad line.
func (s *session) logsEnd(args []string) (any, error) {
	run := s.log
	if run == nil {
		return nil, fmt.Errorf("no log begun (call logsStart first)")
	}
	var stats logs.Stats
	switch args[0] {
	case "":
		stats = run.feed.Close(run.add)
	case "truncated":
		stats = run.feed.Truncate()
	default:
		return nil, fmt.Errorf("unknown ending %q (want truncated, or nothing)", args[0])
	}
	s.log = nil
	rep := run.chk.Report()
	rep.Log = stats
	rep.Lists = run.chk.Verifier.Ranges.Lists
	return rep, nil
}
