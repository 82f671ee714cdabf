package logs

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
)

// fedRecord is what a test keeps of a record.
type fedRecord struct {
	input, target, ua string
	line, status      int
	sec               int64
}

func keep(r *Record) fedRecord {
	return fedRecord{strings.Clone(r.Input), strings.Clone(r.Target), strings.Clone(r.UserAgent), r.Line, r.Status, r.Time.Unix()}
}

// feed hands data to a Feeder in pieces of the given size.
func feed(f Format, data []byte, piece int) ([]fedRecord, Stats) {
	fd := &Feeder{Format: f, Name: "in"}
	var out []fedRecord
	fn := func(r *Record) { out = append(out, keep(r)) }
	for len(data) > 0 {
		n := min(piece, len(data))
		// A copy the Feeder does not own: the caller reuses it.
		p := append([]byte(nil), data[:n]...)
		fd.Write(p, fn)
		clear(p)
		data = data[n:]
	}
	return out, fd.Close(fn)
}

// read is what the Reader makes of the same bytes.
func read(t testing.TB, f Format, data []byte) ([]fedRecord, Stats) {
	rd := &Reader[struct{}]{Format: f, Workers: 2}
	var out []fedRecord
	st, err := rd.Read(context.Background(), []Input{{"in", bytes.NewReader(data)}}, func(r *Record, _ *struct{}) error {
		out = append(out, keep(r))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out, st
}

// TestFeed: a log handed over in pieces of any size gives what the Reader
// gives for the whole: the same records with their line numbers, the same
// bad lines (too long, binary, no match) and the same counts, CRLF and a
// last line without a line end included.
func TestFeed(t *testing.T) {
	long := "203.0.113.1 - - [10/Oct/2026:00:00:00 +0000] \"GET /" + strings.Repeat("a", MaxLine) + " HTTP/1.1\" 200 1 \"-\" \"x\"\n"
	exact := combinedLine(3, "/"+strings.Repeat("b", MaxLine-len(combinedLine(3, "/", "x"))+1), "x")
	in := combinedLine(1, "/one", "x") + long + "\x00\x01\x02binary\xff\xfe\n" + exact +
		"not a log line\n" + "\r\n" + strings.TrimSuffix(combinedLine(0, "/crlf", "y"), "\n") + "\r\n" +
		long + combinedLine(8, "/last", "x")
	in = strings.TrimSuffix(in, "\n")
	f := mustFormat(t, "combined")
	want, wantSt := read(t, f, []byte(in))
	if len(want) != 4 || wantSt.Bad != 4 || wantSt.OutOfOrder != 1 {
		t.Fatalf("the Reader's answer changed: %d records, %+v", len(want), wantSt)
	}
	for _, piece := range []int{1, 2, 3, 7, 100, 4096, MaxLine, MaxLine + 2, len(in)} {
		got, st := feed(f, []byte(in), piece)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("pieces of %d: records\n%v\nwant\n%v", piece, got, want)
		}
		if fmt.Sprint(st) != fmt.Sprint(wantSt) {
			t.Errorf("pieces of %d: stats %+v, want %+v", piece, st, wantSt)
		}
	}
}

// TestFeedTruncated: a stream that breaks gives what the Reader gives for
// a truncated gzip log: the complete lines, not the unfinished one, and a
// bad line where the stream broke.
func TestFeedTruncated(t *testing.T) {
	var whole bytes.Buffer
	zw := gzip.NewWriter(&whole)
	for i := range 3000 {
		zw.Write([]byte(combinedLine(i, fmt.Sprintf("/p/%d", i), "x")))
	}
	zw.Close()
	cut := whole.Bytes()[:whole.Len()/2]
	f := mustFormat(t, "combined")
	want, wantSt := read(t, f, cut)
	// What a browser's DecompressionStream hands over before it fails.
	zr, err := gzip.NewReader(bytes.NewReader(cut))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := io.ReadAll(zr)
	if err == nil {
		t.Fatal("the cut stream did not fail")
	}
	fd := &Feeder{Format: f, Name: "in"}
	var got []fedRecord
	fd.Write(plain, func(r *Record) { got = append(got, keep(r)) })
	st := fd.Truncate()
	if fmt.Sprint(got) != fmt.Sprint(want) || fmt.Sprint(st) != fmt.Sprint(wantSt) {
		t.Errorf("fed %d records, %+v; the Reader gives %d, %+v", len(got), st, len(want), wantSt)
	}
	if wantSt.Bad != 1 || wantSt.BadLines[0].Reason != ReasonTruncated {
		t.Errorf("the Reader's answer changed: %+v", wantSt)
	}
}

// TestFeedAllocs: feeding a log costs no allocation per line.
func TestFeedAllocs(t *testing.T) {
	var b strings.Builder
	for i := range 2000 {
		b.WriteString(combinedLine(i, fmt.Sprintf("/p/%d", i), "Mozilla/5.0 (compatible; GPTBot/1.2)"))
	}
	data := []byte(b.String())
	f := mustFormat(t, "combined")
	n := 0
	allocs := testing.AllocsPerRun(5, func() {
		fd := &Feeder{Format: f}
		for k := 0; k < len(data); k += 1000 {
			fd.Write(data[k:min(k+1000, len(data))], func(*Record) { n++ })
		}
		fd.Close(func(*Record) { n++ })
	})
	// The line carried between pieces grows a few times, then is reused.
	if allocs > 10 {
		t.Errorf("%.0f allocations for 2,000 lines fed, want at most 10", allocs)
	}
	if n != 6*2000 {
		t.Errorf("%d records, want %d", n, 6*2000)
	}
}

// FuzzFeed: any bytes, cut anywhere, read by the Feeder give what the
// Reader gives for them whole.
func FuzzFeed(f *testing.F) {
	f.Add([]byte(combinedLine(1, "/a", "x")+"junk\n"+combinedLine(0, "/b", "y")), uint8(3))
	f.Add([]byte("\r\n\n\x00"), uint8(1))
	f.Add([]byte(combinedLine(1, "/a", "x")+"\r"), uint8(200))
	fm := mustFormat(f, "combined")
	f.Fuzz(func(t *testing.T, data []byte, piece uint8) {
		if len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b {
			return // the Reader decompresses, the Feeder does not
		}
		want, wantSt := read(t, fm, data)
		got, st := feed(fm, data, int(piece)+1)
		if fmt.Sprint(got) != fmt.Sprint(want) || fmt.Sprint(st) != fmt.Sprint(wantSt) {
			t.Fatalf("pieces of %d: %v %+v, the Reader gives %v %+v", int(piece)+1, got, st, want, wantSt)
		}
	})
}
