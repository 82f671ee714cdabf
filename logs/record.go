package logs

import (
	"net/netip"
	"time"
)

// Record is one request of an access log.
type Record struct {
	Time time.Time
	// Addr is the client address; the zero Addr when the log has none or
	// it does not parse.
	Addr   netip.Addr
	Method string
	// Target is the request target as logged: a path with its query
	// ("/a?b=1"), or an absolute URL (some proxies log those).
	Target    string
	Status    int
	UserAgent string
	// Host is the Host header (the authority a Web Bot Auth signature
	// covers), and Signature, SignatureInput and SignatureAgent the
	// request's Web Bot Auth fields, where the log format records them
	// (CombinedSigned, JSON fields), unescaped; empty otherwise.
	Host           string
	Signature      string
	SignatureInput string
	SignatureAgent string
	// Input is the input's name ("-" for standard input) and Line the line
	// number in it, from 1.
	Input string
	Line  int
}

// BadLine is a line that gave no Record.
type BadLine struct {
	Input  string `json:"input"`
	Line   int    `json:"line"`
	Reason string `json:"reason"`
}

// Reasons of a BadLine.
const (
	ReasonTooLong   = "line longer than 64 KiB"
	ReasonBinary    = "binary data (NUL or invalid UTF-8)"
	ReasonTruncated = "input truncated (gzip stream ends early or is corrupt)"
	ReasonRead      = "read error"
)

// Stats counts what was read.
type Stats struct {
	Lines      int       `json:"lines"`
	Records    int       `json:"records"`
	Bad        int       `json:"bad"`
	OutOfOrder int       `json:"outOfOrder"`
	BadLines   []BadLine `json:"badLines,omitempty"`
}

// MaxLine is the longest line read; a longer line is a BadLine.
const MaxLine = 64 << 10

// MaxBadKept bounds the BadLines kept in Stats; the rest are only counted.
const MaxBadKept = 100

func (s *Stats) bad(b BadLine) {
	s.Bad++
	if len(s.BadLines) < MaxBadKept {
		s.BadLines = append(s.BadLines, b)
	}
}
