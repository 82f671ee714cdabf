package logs

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

var base = time.Date(2026, 10, 10, 0, 0, 0, 0, time.UTC)

// combinedLine writes one combined line at base+sec seconds.
func combinedLine(sec int, target, ua string) string {
	t := base.Add(time.Duration(sec) * time.Second).Format("02/Jan/2006:15:04:05 -0700")
	return fmt.Sprintf("192.0.2.1 - - [%s] \"GET %s HTTP/1.1\" 200 1 \"-\" %q\n", t, target, ua)
}

type seen struct {
	input, target string
	line          int
	sec           int
}

func readAll(t *testing.T, workers int, inputs ...Input) ([]seen, Stats) {
	t.Helper()
	rd := &Reader[int]{Format: mustFormat(t, "combined"), Workers: workers,
		Work: func(r *Record, n *int) { *n = len(r.Target) }}
	var out []seen
	st, err := rd.Read(context.Background(), inputs, func(r *Record, n *int) error {
		if *n != len(r.Target) {
			t.Errorf("Work's result did not travel with its record: %d for %q", *n, r.Target)
		}
		out = append(out, seen{r.Input, strings.Clone(r.Target), r.Line, int(r.Time.Sub(base) / time.Second)})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out, st
}

// TestReadGenerated: a generated log of many chunks comes back whole, in
// order, with every line number, whatever the number of workers.
func TestReadGenerated(t *testing.T) {
	var b strings.Builder
	const n = 20000 // several 256 KiB chunks
	for i := range n {
		b.WriteString(combinedLine(i, fmt.Sprintf("/page/%d", i), "Mozilla/5.0 (compatible; Googlebot/2.1)"))
	}
	for _, workers := range []int{1, 2, 7} {
		got, st := readAll(t, workers, Input{"gen", strings.NewReader(b.String())})
		if len(got) != n || st.Lines != n || st.Records != n || st.Bad != 0 || st.OutOfOrder != 0 {
			t.Fatalf("workers %d: %d records, stats %+v", workers, len(got), st)
		}
		for i, s := range got {
			if s.line != i+1 || s.target != fmt.Sprintf("/page/%d", i) || s.sec != i {
				t.Fatalf("workers %d: record %d is %+v", workers, i, s)
			}
		}
	}
}

// TestReadMerge: several inputs are merged in time order; equal times keep
// the inputs' order.
func TestReadMerge(t *testing.T) {
	a := combinedLine(1, "/a1", "x") + combinedLine(5, "/a5", "x") + combinedLine(9, "/a9", "x")
	b := combinedLine(2, "/b2", "x") + combinedLine(5, "/b5", "x") + combinedLine(6, "/b6", "x") + combinedLine(20, "/b20", "x")
	c := ""
	got, st := readAll(t, 2, Input{"a", strings.NewReader(a)}, Input{"b", strings.NewReader(b)}, Input{"c", strings.NewReader(c)})
	var order []string
	for _, s := range got {
		order = append(order, s.target)
	}
	want := "/a1 /b2 /a5 /b5 /b6 /a9 /b20"
	if strings.Join(order, " ") != want {
		t.Errorf("order %v, want %s", order, want)
	}
	if st.Records != 7 || st.OutOfOrder != 0 {
		t.Errorf("stats %+v", st)
	}
}

// TestReadBadInput: bad lines are counted with their numbers and never stop
// the reading.
func TestReadBadInput(t *testing.T) {
	long := "203.0.113.1 - - [10/Oct/2026:00:00:00 +0000] \"GET /" + strings.Repeat("a", MaxLine) + " HTTP/1.1\" 200 1 \"-\" \"x\"\n"
	exact := combinedLine(3, "/"+strings.Repeat("b", MaxLine-len(combinedLine(3, "/", "x"))+1), "x") // 64 KiB exactly, newline apart
	if len(exact) != MaxLine+1 {
		t.Fatalf("test line is %d bytes", len(exact))
	}
	in := combinedLine(1, "/one", "x") + // 1
		long + // 2: too long
		"\x00\x01\x02binary\xff\xfe\n" + // 3: binary
		exact + // 4: exactly the limit, read
		"not a log line\n" + // 5
		"\r\n" + // 6: empty, skipped
		combinedLine(0, "/earlier", "x") + // 7: out of order
		combinedLine(8, "/last", "x") // 8, no newline below
	in = strings.TrimSuffix(in, "\n")
	got, st := readAll(t, 2, Input{"bad.log", strings.NewReader(in)})
	var targets []string
	for _, s := range got {
		targets = append(targets, fmt.Sprintf("%d:%.6s", s.line, s.target))
	}
	if want := "1:/one 4:/bbbbb 7:/earli 8:/last"; strings.Join(targets, " ") != want {
		t.Errorf("records %v, want %s", targets, want)
	}
	wantBad := []BadLine{{"bad.log", 2, ReasonTooLong}, {"bad.log", 3, ReasonBinary}, {"bad.log", 5, ErrNoMatch.Error()}}
	if fmt.Sprint(st.BadLines) != fmt.Sprint(wantBad) || st.Bad != 3 {
		t.Errorf("bad lines %v (%d), want %v", st.BadLines, st.Bad, wantBad)
	}
	if st.Lines != 8 || st.OutOfOrder != 1 {
		t.Errorf("stats %+v, want 8 lines and 1 out of order", st)
	}
}

func gz(_ testing.TB, s string) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	io.WriteString(w, s)
	w.Close()
	return b.Bytes()
}

// TestReadGzip: gzip is recognised by its content; concatenated members
// are read on; a truncated stream keeps what came before and says so.
func TestReadGzip(t *testing.T) {
	one := combinedLine(1, "/1", "x") + combinedLine(2, "/2", "x")
	two := combinedLine(3, "/3", "x")
	data := append(gz(t, one), gz(t, two)...)
	got, st := readAll(t, 2, Input{"access.log", bytes.NewReader(data)})
	if len(got) != 3 || st.Bad != 0 {
		t.Fatalf("concatenated gzip: %d records, %+v", len(got), st)
	}

	var big strings.Builder
	for i := range 5000 {
		big.WriteString(combinedLine(i, fmt.Sprintf("/p%d", i), "x"))
	}
	z := gz(t, big.String())
	cut := z[:len(z)/2]
	got, st = readAll(t, 2, Input{"cut.gz", bytes.NewReader(cut)})
	if len(got) == 0 || len(got) >= 5000 {
		t.Fatalf("truncated gzip gave %d records", len(got))
	}
	last := st.BadLines[len(st.BadLines)-1]
	if st.Bad != 1 || last.Reason != ReasonTruncated || last.Input != "cut.gz" || last.Line != len(got)+1 {
		t.Errorf("truncated gzip: %d records, bad %+v", len(got), st.BadLines)
	}
	for i, s := range got {
		if s.line != i+1 {
			t.Fatalf("record %d has line %d", i, s.line)
		}
	}

	got, st = readAll(t, 1, Input{"header.gz", bytes.NewReader([]byte{0x1f, 0x8b, 0x08})})
	if len(got) != 0 || st.Bad != 1 || st.BadLines[0].Reason != ReasonTruncated {
		t.Errorf("broken gzip header: %d records, %+v", len(got), st)
	}
}

// TestReadStops: an error of the callback stops the reading and is
// returned; the readers and workers end (the test would hang otherwise).
func TestReadStops(t *testing.T) {
	var b strings.Builder
	for i := range 50000 {
		b.WriteString(combinedLine(i, "/x", "x"))
	}
	rd := &Reader[struct{}]{Format: mustFormat(t, "combined"), Workers: 2}
	stop := fmt.Errorf("enough")
	n := 0
	_, err := rd.Read(context.Background(), []Input{{"a", strings.NewReader(b.String())}, {"b", strings.NewReader(b.String())}}, func(*Record, *struct{}) error {
		n++
		if n == 10 {
			return stop
		}
		return nil
	})
	if err != stop || n != 10 {
		t.Errorf("err %v after %d records", err, n)
	}
}

// TestReadBadKept: bad lines beyond MaxBadKept are counted, not kept.
func TestReadBadKept(t *testing.T) {
	in := strings.Repeat("junk\n", MaxBadKept+50)
	_, st := readAll(t, 2, Input{"j", strings.NewReader(in)})
	if st.Bad != MaxBadKept+50 || len(st.BadLines) != MaxBadKept || st.BadLines[MaxBadKept-1].Line != MaxBadKept {
		t.Errorf("bad %d, kept %d", st.Bad, len(st.BadLines))
	}
}
