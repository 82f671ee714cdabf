package logs

import (
	"bytes"
	"time"
	"unsafe"
)

// Feeder reads one log handed over piece by piece, in the caller's
// goroutine, by the Reader's rules for lines and bad input. It is for a
// log that arrives from elsewhere in pieces: the page's WebAssembly module
// gets an opened file from the browser a chunk at a time. It does not
// decompress (the page uses the browser's DecompressionStream), and keeps
// only the unfinished last line between pieces. Set Format; the zero Name
// is shown as "-".
type Feeder struct {
	Format Format
	Name   string

	carry    []byte // the line begun in an earlier piece
	skipping bool   // inside a line already counted as too long
	line     int    // number of the next line, from 1
	last     time.Time
	stats    Stats
	rec      Record
}

// Write reads the complete lines of p (with what was carried from earlier
// pieces) and calls fn with each record, in order. The record and its
// strings are valid only during fn.
func (f *Feeder) Write(p []byte, fn func(*Record)) {
	for len(p) > 0 {
		nl := bytes.IndexByte(p, '\n')
		if nl < 0 {
			if !f.skipping {
				f.carry = append(f.carry, p...)
				// MaxLine+1: a "\r" before the "\n" is not the line's.
				if len(f.carry) > MaxLine+1 {
					f.tooLong()
				}
			}
			return
		}
		seg := p[:nl]
		p = p[nl+1:]
		if f.skipping {
			f.skipping = false
			continue
		}
		if len(f.carry) > 0 {
			f.carry = append(f.carry, seg...)
			seg = f.carry
		}
		f.one(seg, fn)
		f.carry = f.carry[:0]
	}
}

// Close reads the last line, if the log does not end with a line end, and
// returns what was read.
func (f *Feeder) Close(fn func(*Record)) Stats {
	if len(f.carry) > 0 && !f.skipping {
		f.one(f.carry, fn)
	}
	f.carry, f.skipping = nil, false
	return f.stats
}

// Truncate ends a log whose stream broke (a truncated or corrupt gzip
// stream) as the Reader does: the unfinished last line is not trusted and
// dropped, and the break is a bad line of its own. Call it instead of
// Close.
func (f *Feeder) Truncate() Stats {
	if f.line == 0 {
		f.line = 1
	}
	f.stats.bad(BadLine{f.name(), f.line, ReasonTruncated})
	f.carry, f.skipping = nil, false
	return f.stats
}

// Stats returns the counts so far.
func (f *Feeder) Stats() Stats { return f.stats }

// tooLong counts the unfinished line as too long and skips the rest of it,
// which is never held.
func (f *Feeder) tooLong() {
	f.stats.Lines++
	f.next()
	f.stats.bad(BadLine{f.name(), f.line - 1, ReasonTooLong})
	f.carry, f.skipping = f.carry[:0], true
}

func (f *Feeder) next() {
	if f.line == 0 {
		f.line = 1
	}
	f.line++
}

func (f *Feeder) name() string {
	if f.Name == "" {
		return "-"
	}
	return f.Name
}

// one reads a complete line.
func (f *Feeder) one(b []byte, fn func(*Record)) {
	f.stats.Lines++
	f.next()
	f.rec = Record{Input: f.name(), Line: f.line - 1}
	var l string
	if len(b) > 0 {
		l = unsafe.String(&b[0], len(b)) // b is not written during fn
	}
	if ok, reason := parseLine(f.Format, l, &f.rec); !ok {
		if reason != "" {
			f.stats.bad(BadLine{f.name(), f.rec.Line, reason})
		}
		return
	}
	f.stats.Records++
	if !f.last.IsZero() && f.rec.Time.Before(f.last) {
		f.stats.OutOfOrder++
	} else {
		f.last = f.rec.Time
	}
	fn(&f.rec)
}
