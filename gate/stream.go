package gate

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync/atomic"
)

// MaxTaskLine is the longest task line Stream reads; a longer line is
// answered with an error line.
const MaxTaskLine = 1 << 20

// Counters count what Stream has done so far; they may be read while it
// runs (for a progress display).
type Counters struct {
	Tasks, Admit, Hold, Drop, Invalid, Changed atomic.Int64
}

// StreamOptions configure Stream.
type StreamOptions struct {
	// Workers is how many tasks are decided at once (default 16). Output
	// keeps the input order whatever the number.
	Workers int
	// Recheck reads lines that Stream wrote before (tasks with their
	// "decision"), decides again and adds "policyChanged".
	Recheck bool
	// Counters, when set, are updated as tasks are done.
	Counters *Counters
}

// The keys Stream writes; an input task's own fields of these names are
// replaced.
const (
	keyDecision = "decision"
	keyGate     = "gate"
	keyChanged  = "policyChanged"
	keyError    = "error"
)

// Stream reads tasks as JSON lines from r, one object per line with a "url"
// field and any other fields, and writes to w one line per task: the task's
// own fields unchanged and in their order, then "decision" (the Record)
// and "gate" (admit, hold or drop). Blank lines are skipped. A line that is
// not a task is answered with its fields (if any), "error" and
// "gate":"drop", and counted in Counters.Invalid.
//
// Memory stays bounded whatever the number of tasks: lines are read,
// decided by Workers goroutines and written in order through a window of a
// few lines per worker, and policies live in the Client's bounded cache.
// Stream returns the first read or write error, or ctx's error.
func (g *Gate) Stream(ctx context.Context, r io.Reader, w io.Writer, opt StreamOptions) error {
	workers := opt.Workers
	if workers <= 0 {
		workers = 16
	}
	cnt := opt.Counters
	if cnt == nil {
		cnt = &Counters{}
	}
	parent := ctx
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)

	type job struct {
		n    int
		line []byte
		out  chan []byte
	}
	jobs := make(chan *job, workers)
	order := make(chan *job, 4*workers)

	// Reader: lines in, in order.
	readErr := make(chan error, 1)
	go func() {
		defer close(order)
		defer close(jobs)
		br := bufio.NewReaderSize(r, 64<<10)
		for n := 1; ; n++ {
			line, tooLong, err := readLine(br)
			if len(bytes.TrimSpace(line)) > 0 || tooLong {
				j := &job{n: n, line: line, out: make(chan []byte, 1)}
				if tooLong {
					j.line = nil
				}
				select {
				case order <- j:
				case <-ctx.Done():
					readErr <- nil
					return
				}
				select {
				case jobs <- j:
				case <-ctx.Done():
					readErr <- nil
					return
				}
			}
			if err == io.EOF {
				readErr <- nil
				return
			}
			if err != nil {
				readErr <- err
				return
			}
		}
	}()

	// Workers: decide.
	for range workers {
		go func() {
			for j := range jobs {
				if j.line == nil {
					cnt.Invalid.Add(1)
					cnt.Drop.Add(1)
					j.out <- errorLine(nil, fmt.Sprintf("line %d: longer than %d bytes", j.n, MaxTaskLine))
					continue
				}
				out, err := g.task(ctx, j.n, j.line, opt.Recheck, cnt)
				if err != nil {
					cancel(err)
					out = nil
				}
				j.out <- out
			}
		}()
	}

	// Writer: lines out, in input order. It stops at once when ctx ends:
	// the reader may be blocked on a Read that nothing can interrupt.
	bw := bufio.NewWriterSize(w, 64<<10)
	var werr error
write:
	for {
		var j *job
		select {
		case j = <-order:
		case <-ctx.Done():
			break write
		}
		if j == nil {
			break // the reader is done
		}
		var out []byte
		select {
		case out = <-j.out:
		case <-ctx.Done():
			break write
		}
		if _, werr = bw.Write(out); werr != nil {
			break
		}
		// Flush when nothing else is ready, so that a slow trickle of tasks
		// is still answered promptly.
		if len(order) == 0 {
			if werr = bw.Flush(); werr != nil {
				break
			}
		}
	}
	cancel(nil) // stop the reader and the workers, if still running
	if err := parent.Err(); err != nil {
		return err
	}
	if werr == nil {
		werr = bw.Flush()
	}
	if werr != nil {
		return werr
	}
	select {
	case err := <-readErr:
		return err
	default:
		return nil
	}
}

// readLine reads one line without its line end. A line longer than
// MaxTaskLine is skipped up to its end and reported with tooLong.
func readLine(br *bufio.Reader) (line []byte, tooLong bool, err error) {
	for {
		frag, e := br.ReadSlice('\n')
		if !tooLong {
			if len(line)+len(frag) > MaxTaskLine+2 {
				tooLong, line = true, nil
			} else {
				line = append(line, frag...)
			}
		}
		if e == bufio.ErrBufferFull {
			continue
		}
		line = bytes.TrimRight(line, "\r\n")
		return line, tooLong, e
	}
}

// task decides one line and renders the output line. The error is non-nil
// only when ctx ended.
func (g *Gate) task(ctx context.Context, n int, line []byte, recheck bool, cnt *Counters) ([]byte, error) {
	fields, err := parseTask(line)
	fail := func(msg string) ([]byte, error) {
		cnt.Invalid.Add(1)
		cnt.Drop.Add(1)
		return errorLine(fields, fmt.Sprintf("line %d: %s", n, msg)), nil
	}
	if err != nil {
		return fail(err.Error())
	}
	var rawURL string
	var prev *Record
	for _, f := range fields {
		switch f.key {
		case "url":
			u, ok := stringValue(f.value)
			if !ok {
				return fail(`"url" is not a string`)
			}
			rawURL = u
		case keyDecision:
			if recheck {
				prev = new(Record)
				if err := json.Unmarshal(f.value, prev); err != nil {
					return fail(`"decision" is not a decision record: ` + err.Error())
				}
			}
		}
	}
	if rawURL == "" {
		return fail(`no "url" field`)
	}
	if recheck && prev == nil {
		return fail(`no "decision" to recheck (not a line written by the gate)`)
	}
	d, err := g.Check(ctx, rawURL)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return fail(err.Error())
	}
	cnt.Tasks.Add(1)
	switch d.Action {
	case Admit:
		cnt.Admit.Add(1)
	case Hold:
		cnt.Hold.Add(1)
	default:
		cnt.Drop.Add(1)
	}
	b := openObject(fields)
	b = append(b, `"decision":`...)
	b = d.Record.appendJSON(b)
	b = append(b, `,"gate":"`...)
	b = append(b, d.Action...)
	b = append(b, '"')
	if recheck {
		changed := d.Version() != prev.Version()
		if changed {
			cnt.Changed.Add(1)
		}
		b = fmt.Appendf(b, `,"policyChanged":%t`, changed)
	}
	return append(b, "}\n"...), nil
}

type field struct {
	key   string
	raw   []byte // the key as written, quoted
	value []byte // the value as written
}

// parseTask reads a JSON object keeping its fields in order, their keys and
// values as written.
func parseTask(line []byte) ([]field, error) {
	if !json.Valid(line) {
		err := json.Unmarshal(line, new(any))
		return nil, fmt.Errorf("invalid JSON: %v", err)
	}
	i := skipSpace(line, 0)
	if line[i] != '{' {
		return nil, errors.New("not a JSON object")
	}
	var fields []field
	i = skipSpace(line, i+1)
	// The line is valid JSON, so the scan below needs no checks.
	for line[i] != '}' {
		ks := i
		i = endString(line, i)
		raw := line[ks:i]
		key := string(raw[1 : len(raw)-1])
		if bytes.IndexByte(raw, '\\') >= 0 {
			json.Unmarshal(raw, &key)
		}
		i = skipSpace(line, i)
		i = skipSpace(line, i+1) // ':'
		vs := i
		i = endValue(line, i)
		fields = append(fields, field{key, raw, line[vs:i]})
		i = skipSpace(line, i)
		if line[i] == ',' {
			i = skipSpace(line, i+1)
		}
	}
	return fields, nil
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n') {
		i++
	}
	return i
}

// endString returns the index after the string starting at b[i] == '"'.
func endString(b []byte, i int) int {
	for i++; b[i] != '"'; i++ {
		if b[i] == '\\' {
			i++
		}
	}
	return i + 1
}

// endValue returns the index after the value starting at b[i].
func endValue(b []byte, i int) int {
	depth := 0
	for ; i < len(b); i++ {
		switch b[i] {
		case '"':
			i = endString(b, i) - 1
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return i
			}
			depth--
		case ',':
			if depth == 0 {
				return i
			}
		case ' ', '\t', '\r', '\n':
			if depth == 0 {
				return i
			}
		}
	}
	return i
}

// stringValue reads a JSON string value.
func stringValue(v []byte) (string, bool) {
	if len(v) < 2 || v[0] != '"' {
		return "", false
	}
	if bytes.IndexByte(v, '\\') < 0 {
		return string(v[1 : len(v)-1]), true
	}
	var s string
	return s, json.Unmarshal(v, &s) == nil
}

// openObject writes "{" and the task's own fields, leaving the object open
// for the gate's fields.
func openObject(fields []field) []byte {
	b := []byte{'{'}
	for _, f := range fields {
		switch f.key {
		case keyDecision, keyGate, keyChanged, keyError:
			continue
		}
		b = append(b, f.raw...)
		b = append(b, ':')
		b = append(b, f.value...)
		b = append(b, ',')
	}
	return b
}

func errorLine(fields []field, msg string) []byte {
	b := openObject(fields)
	b = append(b, `"error":`...)
	b = appendString(b, msg)
	return append(b, `,"gate":"drop"}`+"\n"...)
}
