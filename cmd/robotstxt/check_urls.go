package main

import (
	"bytes"
	"io"
	"strings"
	"unsafe"
)

// urlChunk is how much of a URL file is read at a time. Lines are cut
// out of one string per chunk, not allocated one by one. 64 KiB: a larger
// buffer saves few read calls, and each of its pages costs a page fault
// when first written, which costs more than a read call.
const urlChunk = 64 << 10

// forEachURL calls fn for the argument URLs, then for each line of each URL
// file, skipping blank lines and lines starting with '#'. A line is
// trimmed of surrounding white space (strings.TrimSpace). Each line is a
// string of its own, which fn may keep.
func forEachURL(c *cli, urls, files []string, fn func(string) error) error {
	return forEachURLLines(c, urls, files, true, fn)
}

// forEachURLShared is forEachURL without a string per line: each line is
// a view of the read buffer, which the next read overwrites, so fn must not
// keep a line (nor a piece of it) once it returns. check, which keeps none,
// reads its URLs so: its buffer is read into again and again instead of
// being copied into a new string for every chunk, which for 100,000 URLs
// was most of its page faults.
func forEachURLShared(c *cli, urls, files []string, fn func(string) error) error {
	return forEachURLLines(c, urls, files, false, fn)
}

func forEachURLLines(c *cli, urls, files []string, own bool, fn func(string) error) error {
	for _, u := range urls {
		if err := fn(u); err != nil {
			return err
		}
	}
	for _, name := range files {
		var rd io.Reader = c.stdin
		if name != "-" {
			f, closeF, err := c.openFile(name)
			if err != nil {
				return openError(err)
			}
			defer closeF()
			rd = f
		}
		if err := forEachLine(rd, own, fn); err != nil {
			if re, ok := err.(readError); ok {
				return usagef("reading %s: %v", name, re.error)
			}
			return err
		}
	}
	return nil
}

// readError is a read error of forEachLine, told apart from fn's errors.
type readError struct{ error }

// forEachLine calls fn for each URL line of rd as forEachURL describes,
// each line a string of its own when own is set (see forEachURLShared). It
// reads urlChunk bytes at a time and hands fn each line as soon as it has
// come (check --live answers a URL typed on standard input at once). A
// line longer than a chunk grows the buffer to hold it; only new bytes are
// searched for a newline, so a long line costs linear time. The text after
// the last newline is a line too, handed to fn before a read error is
// returned.
func forEachLine(rd io.Reader, own bool, fn func(string) error) error {
	buf := make([]byte, urlChunk)
	n := 0     // bytes of buf filled, none of them a newline
	empty := 0 // reads in a row that returned nothing
	for {
		m, err := rd.Read(buf[n:])
		if i := bytes.LastIndexByte(buf[n:n+m], '\n'); i >= 0 {
			end := n + i
			// One string for every whole line read.
			if ferr := eachLine(chunkString(buf[:end+1], own), own, fn); ferr != nil {
				return ferr
			}
			n = copy(buf, buf[end+1:n+m])
		} else {
			n += m
		}
		if m == 0 && err == nil {
			if empty++; empty == 100 { // as bufio.Reader does
				err = io.ErrNoProgress
			}
		} else {
			empty = 0
		}
		if err != nil {
			if n > 0 {
				if ferr := eachLine(chunkString(buf[:n], own), own, fn); ferr != nil {
					return ferr
				}
			}
			if err == io.EOF {
				return nil
			}
			return readError{err}
		}
		if n == len(buf) {
			grown := make([]byte, 2*len(buf))
			copy(grown, buf)
			buf = grown
		}
	}
}

// chunkString is the text of b: a copy when each line is to be a string of
// its own (the lines are cloned out of it anyway, and --live keeps them),
// else a view of b, which is valid only until b is read into again.
func chunkString(b []byte, own bool) string {
	if own {
		return string(b)
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// eachLine calls fn for each URL line of s: lines end at '\n' (the last may
// not), are trimmed, and blank or '#' lines are skipped. With own, each
// line is copied out of s.
func eachLine(s string, own bool, fn func(string) error) error {
	for len(s) > 0 {
		line := s
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			line, s = s[:i], s[i+1:]
		} else {
			s = ""
		}
		// Most lines need no trimming: skip TrimSpace's Unicode checks
		// when both ends are printable ASCII.
		if len(line) == 0 || !printableASCII(line[0]) || !printableASCII(line[len(line)-1]) {
			line = strings.TrimSpace(line)
		}
		if line == "" || line[0] == '#' {
			continue
		}
		if own {
			line = strings.Clone(line)
		}
		if err := fn(line); err != nil {
			return err
		}
	}
	return nil
}

func printableASCII(c byte) bool { return '!' <= c && c <= '~' }
