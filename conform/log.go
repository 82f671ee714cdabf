package conform

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/robotstxt/robotstxt"
)

// LogFormat is the value of a log's "conformLog" field: the version of its
// format.
const LogFormat = 1

// Bounds of a log: the site records at most MaxRequests requests (the rest
// are counted in Log.Dropped), and ReadLog reads at most MaxLogBytes.
const (
	MaxRequests = 50_000
	MaxLogBytes = 64 << 20
)

// Log is what the site saw: its origins and every request that reached
// them, in order. It is what "conform serve" writes and "conform report"
// grades.
type Log struct {
	Format  int       `json:"conformLog"`
	Agent   string    `json:"agent"`
	Start   string    `json:"start"`
	Started time.Time `json:"started"`
	Ended   time.Time `json:"ended,omitzero"`
	Origins []Origin  `json:"origins"`
	// Requests in the order they arrived (Seq 1, 2, ...).
	Requests []Request `json:"requests"`
	// Dropped counts requests beyond MaxRequests, not recorded.
	Dropped int `json:"dropped,omitempty"`
}

// Origin is one origin of the site in a log.
type Origin struct {
	Name  string `json:"name"`
	URL   string `json:"url"`
	Check string `json:"check,omitempty"`
}

// Request is one request that reached the site.
type Request struct {
	Seq    int       `json:"seq"`
	Time   time.Time `json:"time"`
	Origin string    `json:"origin"`
	Method string    `json:"method"`
	// Path is the path as the request line wrote it (percent-encoding
	// kept); Query the query, without '?'.
	Path      string `json:"path"`
	Query     string `json:"query,omitempty"`
	UserAgent string `json:"userAgent"`
	// Status is the answer's status: 0 for a held or reset connection.
	Status int `json:"status"`
	// Robots is set on requests for a robots path (robots.txt, a redirect
	// hop, a policy file): the origin whose policy was asked for, and
	// Variant the policy text served with a 2xx; Answer says "hang" or
	// "reset" for those answers.
	Robots  string `json:"robots,omitempty"`
	Variant string `json:"variant,omitempty"`
	Answer  string `json:"answer,omitempty"`
}

// URI is the request's path and query as sent.
func (r Request) URI() string {
	if r.Query != "" {
		return r.Path + "?" + r.Query
	}
	return r.Path
}

// WriteTo writes the log as one JSON document.
func (l *Log) WriteTo(w io.Writer) (int64, error) {
	b, err := json.MarshalIndent(l, "", " ")
	if err != nil {
		return 0, err
	}
	n, err := w.Write(append(b, '\n'))
	return int64(n), err
}

// ReadLog reads a log that WriteTo wrote. It checks what grading relies on:
// the format, a product token for the agent, unique origin names, requests
// in order and naming known origins, at most MaxRequests of them and
// MaxLogBytes in all.
func ReadLog(r io.Reader) (*Log, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxLogBytes+1))
	if err != nil {
		return nil, err
	}
	if len(b) > MaxLogBytes {
		return nil, fmt.Errorf("conform log: more than %d bytes", MaxLogBytes)
	}
	var l Log
	if err := json.Unmarshal(b, &l); err != nil {
		return nil, fmt.Errorf("conform log: %v", err)
	}
	if l.Format != LogFormat {
		return nil, fmt.Errorf("conform log: not a conform log of format %d (conformLog is %d)", LogFormat, l.Format)
	}
	if !robotstxt.IsProductToken(l.Agent) {
		return nil, fmt.Errorf("conform log: agent %q is not a product token", l.Agent)
	}
	if len(l.Requests) > MaxRequests {
		return nil, fmt.Errorf("conform log: more than %d requests", MaxRequests)
	}
	names := map[string]bool{}
	for _, o := range l.Origins {
		if o.Name == "" || names[o.Name] {
			return nil, fmt.Errorf("conform log: origin name %q empty or repeated", o.Name)
		}
		names[o.Name] = true
	}
	for i, q := range l.Requests {
		switch {
		case q.Seq != i+1:
			return nil, fmt.Errorf("conform log: request %d has seq %d", i+1, q.Seq)
		case !names[q.Origin]:
			return nil, fmt.Errorf("conform log: request %d names unknown origin %q", q.Seq, q.Origin)
		case q.Robots != "" && !names[q.Robots]:
			return nil, fmt.Errorf("conform log: request %d names unknown origin %q", q.Seq, q.Robots)
		case q.Path == "" || q.Path[0] != '/':
			return nil, errors.New("conform log: request " + fmt.Sprint(q.Seq) + " has a path not starting with /")
		}
	}
	return &l, nil
}
