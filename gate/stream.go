package gate

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/fetch"
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
	// Workers is how many tasks are decided at once (default 16). A task
	// whose origin's robots.txt is not at hand waits for it without holding
	// a worker, so that a slow origin does not stall the others.
	Workers int
	// Window bounds the tasks in flight: read and not yet written, waiting
	// ones included (default DefaultWindow). With Ordered, it also bounds
	// how far the output may lag behind a slow task.
	Window int
	// Ordered writes the output lines in input order. By default each line
	// is written as soon as its task is decided (completion order): one
	// slow origin holds back only its own tasks. Tasks keep their own
	// fields (an "id"), so a consumer can match lines in either order.
	Ordered bool
	// Recheck reads lines that Stream wrote before (tasks with their
	// "decision"), decides again and adds "policyChanged".
	Recheck bool
	// Counters, when set, are updated as tasks are done.
	Counters *Counters
}

// DefaultWindow is how many tasks Stream has in flight at most by default.
const DefaultWindow = 1024

// maxWindowBytes bounds the bytes of the task lines in flight, whatever the
// window: one line may be up to MaxTaskLine.
const maxWindowBytes = 64 << 20

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
// Lines are written in completion order unless opt.Ordered is set. A task
// whose origin's robots.txt must be fetched waits for it on its own, so
// tasks of other origins go on being decided and, in completion order,
// written meanwhile.
//
// Memory stays bounded whatever the number of tasks: at most opt.Window
// tasks (and 64 MiB of task lines) are in flight, and policies live in the
// Client's bounded cache. Stream returns the first read or write error, or
// ctx's error.
func (g *Gate) Stream(ctx context.Context, r io.Reader, w io.Writer, opt StreamOptions) error {
	workers := opt.Workers
	if workers <= 0 {
		workers = 16
	}
	window := opt.Window
	if window <= 0 {
		window = DefaultWindow
	}
	cnt := opt.Counters
	if cnt == nil {
		cnt = &Counters{}
	}
	parent := ctx
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)

	slots := newBudget(int64(window))
	bytesInFlight := newBudget(maxWindowBytes)
	// Every job in flight sends exactly one result, and at most window are
	// in flight: sends never block.
	results := make(chan *job, window)
	jobs := make(chan *job, workers)
	var pending sync.WaitGroup

	// Reader: lines in, numbered.
	readErr := make(chan error, 1)
	go func() {
		defer func() {
			close(jobs)
			pending.Wait()
			close(results)
		}()
		br := bufio.NewReaderSize(r, 64<<10)
		seq := 0
		for n := 1; ; n++ {
			line, tooLong, err := readLine(br)
			if len(bytes.TrimSpace(line)) > 0 || tooLong {
				j := &job{seq: seq, n: n, line: line, size: int64(len(line))}
				seq++
				if tooLong {
					j.line = nil
				}
				if slots.acquire(ctx, 1) != nil || bytesInFlight.acquire(ctx, j.size) != nil {
					readErr <- nil
					return
				}
				pending.Add(1)
				select {
				case jobs <- j:
				case <-ctx.Done():
					pending.Done()
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

	done := func(j *job, out []byte, err error) {
		if err != nil {
			cancel(err)
			out = nil
		}
		j.out, j.line = out, nil
		results <- j
		pending.Done()
	}
	// Workers: decide what can be decided now; hand the rest to a
	// goroutine of its own that waits for the origin's policy.
	for range workers {
		go func() {
			for j := range jobs {
				if j.line == nil {
					cnt.Invalid.Add(1)
					cnt.Drop.Add(1)
					done(j, errorLine(nil, fmt.Sprintf("line %d: longer than %d bytes", j.n, MaxTaskLine)), nil)
					continue
				}
				t, out := g.prepare(j.n, j.line, opt.Recheck, cnt)
				if out != nil {
					done(j, out, nil)
					continue
				}
				if s := g.c().peek(ctx, t.target.Origin); s != nil {
					done(j, g.render(t, s, cnt), nil)
					continue
				}
				go func() {
					s, err := g.c().get(ctx, t.target.Origin, false)
					if err != nil {
						if ctx.Err() != nil {
							done(j, nil, ctx.Err())
							return
						}
						done(j, t.fail(err.Error()), nil)
						return
					}
					done(j, g.render(t, s, cnt), nil)
				}()
			}
		}()
	}

	// Writer: lines out, in completion order or, with Ordered, in input
	// order through a reorder buffer no larger than the window. It stops at
	// once when ctx ends: the reader may be blocked on a Read that nothing
	// can interrupt.
	bw := bufio.NewWriterSize(w, 64<<10)
	var werr error
	held := map[int]*job{}
	next := 0
	write := func(j *job) {
		if werr == nil {
			_, werr = bw.Write(j.out)
		}
		slots.release(1)
		bytesInFlight.release(j.size)
	}
loop:
	for {
		var j *job
		select {
		case j = <-results:
		case <-ctx.Done():
			break loop
		}
		if j == nil {
			break // every job is written
		}
		if opt.Ordered {
			held[j.seq] = j
			for {
				h, ok := held[next]
				if !ok {
					break
				}
				delete(held, next)
				next++
				write(h)
			}
		} else {
			write(j)
		}
		if werr != nil {
			break
		}
		// Flush when nothing else is ready, so that a slow trickle of tasks
		// is still answered promptly.
		if len(results) == 0 {
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

// job is one task line in flight.
type job struct {
	seq  int // its rank among the tasks, for Ordered
	n    int // its line number
	line []byte
	size int64
	out  []byte
}

// budget is a counting semaphore with one acquirer (the reader) that can
// give up when ctx ends.
type budget struct {
	mu    sync.Mutex
	used  int64
	max   int64
	freed chan struct{}
}

func newBudget(max int64) *budget { return &budget{max: max, freed: make(chan struct{}, 1)} }

// acquire takes n units, waiting until they are free; a request larger than
// the whole budget is granted when nothing else is held.
func (b *budget) acquire(ctx context.Context, n int64) error {
	for {
		b.mu.Lock()
		if b.used+n <= b.max || b.used == 0 {
			b.used += n
			b.mu.Unlock()
			return nil
		}
		b.mu.Unlock()
		select {
		case <-b.freed:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

func (b *budget) release(n int64) {
	b.mu.Lock()
	b.used -= n
	b.mu.Unlock()
	select {
	case b.freed <- struct{}{}:
	default:
	}
}

// peek returns the state of origin when it can be had without a fetch (a
// fresh or still usable cached entry), else nil.
func (c *Client) peek(ctx context.Context, origin string) *State {
	c.init()
	e := c.load(ctx, origin)
	if needsFetch(e, c.now(), false) {
		return nil
	}
	if h := c.Hooks; h != nil && h.Lookup != nil {
		h.Lookup(origin, true)
	}
	return c.state(origin, e, c.now())
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

// task is a parsed task line on its way to a decision.
type task struct {
	n      int
	fields []field
	target Target
	// intent is the task's "purpose", else the gate's.
	intent string
	prev   *Record // with Recheck
	cnt    *Counters
}

func (t *task) fail(msg string) []byte {
	t.cnt.Invalid.Add(1)
	t.cnt.Drop.Add(1)
	return errorLine(t.fields, fmt.Sprintf("line %d: %s", t.n, msg))
}

// prepare parses a task line. It returns the task, or the output line when
// the line is not a task.
func (g *Gate) prepare(n int, line []byte, recheck bool, cnt *Counters) (*task, []byte) {
	fields, err := parseTask(line)
	t := &task{n: n, fields: fields, cnt: cnt}
	if err != nil {
		return nil, t.fail(err.Error())
	}
	var rawURL string
	t.intent = g.Purpose
	for _, f := range fields {
		switch f.key {
		case "purpose":
			p, ok := stringValue(f.value)
			if !ok || !robotstxt.IsPurpose(p) {
				return nil, t.fail(`"purpose" must be one of "` + strings.Join(robotstxt.Purposes, `", "`) + `"`)
			}
			t.intent = p
		case "url":
			u, ok := stringValue(f.value)
			if !ok {
				return nil, t.fail(`"url" is not a string`)
			}
			rawURL = u
		case keyDecision:
			if recheck {
				t.prev = new(Record)
				if err := json.Unmarshal(f.value, t.prev); err != nil {
					return nil, t.fail(`"decision" is not a decision record: ` + err.Error())
				}
			}
		}
	}
	if rawURL == "" {
		return nil, t.fail(`no "url" field`)
	}
	if recheck && t.prev == nil {
		return nil, t.fail(`no "decision" to recheck (not a line written by the gate)`)
	}
	t.target, err = ParseTarget(rawURL)
	if err != nil {
		return nil, t.fail((&fetch.Error{Op: "origin", URL: stripUserinfo(rawURL), Err: err}).Error())
	}
	return t, nil
}

// render decides a prepared task under s and renders its output line.
func (g *Gate) render(t *task, s *State, cnt *Counters) []byte {
	d := g.decideFor(s, t.target, t.intent)
	cnt.Tasks.Add(1)
	switch d.Action {
	case Admit:
		cnt.Admit.Add(1)
	case Hold:
		cnt.Hold.Add(1)
	default:
		cnt.Drop.Add(1)
	}
	b := openObject(t.fields)
	b = append(b, `"decision":`...)
	b = d.Record.appendJSON(b)
	b = append(b, `,"gate":"`...)
	b = append(b, d.Action...)
	b = append(b, '"')
	if t.prev != nil {
		changed := d.Version() != t.prev.Version()
		if changed {
			cnt.Changed.Add(1)
		}
		b = fmt.Appendf(b, `,"policyChanged":%t`, changed)
	}
	return append(b, "}\n"...)
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
