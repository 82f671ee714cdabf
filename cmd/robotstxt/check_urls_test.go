package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// forEachLine hands over each URL line as bufio.Reader.ReadString and
// strings.TrimSpace would cut it, whatever the reads' sizes: lines across
// chunk boundaries, lines longer than a chunk, no final newline.
func TestForEachLine(t *testing.T) {
	long := "/" + strings.Repeat("x", 3*urlChunk+5)
	for _, tt := range []struct {
		name, in string
		want     []string
	}{
		{"empty", "", nil},
		{"one line", "/a\n", []string{"/a"}},
		{"no final newline", "/a\n/b", []string{"/a", "/b"}},
		{"blank and comment lines", "\n/a\n\n# note\n  #x\n/b\n\n", []string{"/a", "/b"}},
		{"CRLF", "/a\r\n/b\r\n", []string{"/a", "/b"}},
		{"surrounding white space", "  /a \t\n\v/b\f\n\u00a0/c\u0085\n", []string{"/a", "/b", "/c"}},
		{"inner spaces stay", "/a b\n", []string{"/a b"}},
		{"only white space", " \t\r\n", nil},
		{"bare CR is not a line end", "/a\r/b\n", []string{"/a\r/b"}},
		{"control bytes and invalid UTF-8", "/\x1b[2J\n/\xff\n", []string{"/\x1b[2J", "/\xff"}},
		{"a line longer than a chunk", "/a\n" + long + "\n/b\n", []string{"/a", long, "/b"}},
		{"a long last line", "/a\n" + long, []string{"/a", long}},
		{"many lines", strings.Repeat("/abcdefgh\n", urlChunk/5), slices.Repeat([]string{"/abcdefgh"}, urlChunk/5)},
	} {
		for _, own := range []bool{true, false} {
			for _, rd := range []struct {
				name string
				r    func(string) io.Reader
			}{
				{"whole", func(s string) io.Reader { return strings.NewReader(s) }},
				{"one byte at a time", func(s string) io.Reader { return iotest.OneByteReader(strings.NewReader(s)) }},
				{"half reads", func(s string) io.Reader { return iotest.HalfReader(strings.NewReader(s)) }},
				{"EOF with data", func(s string) io.Reader { return iotest.DataErrReader(strings.NewReader(s)) }},
			} {
				if rd.name == "one byte at a time" && len(tt.in) > 1<<16 {
					continue // slow, and the half reads cover the boundaries
				}
				var got []string
				err := forEachLine(rd.r(tt.in), own, func(u string) error { got = append(got, strings.Clone(u)); return nil })
				if err != nil {
					t.Errorf("%s, %s, own=%v: error %v", tt.name, rd.name, own, err)
				}
				if !slices.Equal(got, tt.want) {
					t.Errorf("%s, %s, own=%v: got %d lines %.80q, want %d lines %.80q", tt.name, rd.name, own, len(got), got, len(tt.want), tt.want)
				}
			}
		}
	}
}

// A read error ends the lines: what came before it is handed over, the
// partial last line too, and the error is returned as a readError.
func TestForEachLineReadError(t *testing.T) {
	boom := errors.New("boom")
	rd := io.MultiReader(strings.NewReader("/a\n/b\n/par"), iotest.ErrReader(boom))
	var got []string
	err := forEachLine(rd, false, func(u string) error { got = append(got, strings.Clone(u)); return nil })
	var re readError
	if !errors.As(err, &re) || !errors.Is(re.error, boom) {
		t.Fatalf("error %v, want the read error", err)
	}
	if want := []string{"/a", "/b", "/par"}; !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// An error of fn stops the lines at once and is returned as it is.
func TestForEachLineStopsOnError(t *testing.T) {
	stop := errors.New("stop")
	var got []string
	err := forEachLine(strings.NewReader("/a\n/b\n/c\n"), false, func(u string) error {
		got = append(got, strings.Clone(u))
		if u == "/b" {
			return stop
		}
		return nil
	})
	if err != stop {
		t.Fatalf("error %v, want fn's", err)
	}
	if want := []string{"/a", "/b"}; !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// stuckReader returns no bytes and no error, for ever.
type stuckReader struct{}

func (stuckReader) Read([]byte) (int, error) { return 0, nil }

// A reader that makes no progress is an error, not an endless loop.
func TestForEachLineNoProgress(t *testing.T) {
	rd := io.MultiReader(strings.NewReader("/a\n/b"), stuckReader{})
	var got []string
	err := forEachLine(rd, false, func(u string) error { got = append(got, strings.Clone(u)); return nil })
	var re readError
	if !errors.As(err, &re) || !errors.Is(re.error, io.ErrNoProgress) {
		t.Fatalf("error %v, want io.ErrNoProgress", err)
	}
	if want := []string{"/a", "/b"}; !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// A long line read from a pipe (64 KiB at a time) costs linear time: the
// ns/byte stays flat from 1 MiB to 16 MiB.
func BenchmarkForEachLineLongLine(b *testing.B) {
	for _, size := range []int{1 << 20, 16 << 20} {
		line := "/" + strings.Repeat("x", size)
		b.Run(fmt.Sprintf("%dMiB", size>>20), func(b *testing.B) {
			for b.Loop() {
				rd := &chunkReader{s: line, n: 64 << 10}
				if err := forEachLine(rd, false, func(string) error { return nil }); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(line)), "ns/byte")
		})
	}
}

// chunkReader reads s at most n bytes at a time, as a pipe does.
type chunkReader struct {
	s string
	n int
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), r.n)], r.s)
	r.s = r.s[k:]
	return k, nil
}
