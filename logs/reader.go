package logs

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"container/heap"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
	"unsafe"
)

// Input is one log to read.
type Input struct {
	// Name is shown with bad lines ("-" for standard input).
	Name string
	R    io.Reader
}

// Open opens a log file, or standard input for "-". A gzip stream is
// recognised by its first bytes and decompressed, whatever the name.
func Open(name string) (Input, io.Closer, error) {
	if name == "-" {
		return Input{Name: "-", R: os.Stdin}, io.NopCloser(nil), nil
	}
	f, err := os.Open(name)
	if err != nil {
		return Input{}, nil, err
	}
	return Input{Name: name, R: f}, f, nil
}

// chunkSize is the size of the pieces of whole lines handed to workers.
const chunkSize = 256 << 10

// Reader reads logs with a pool of workers. T is what Work computes for
// each record in the worker, beside it; the zero Reader is not usable:
// set Format.
type Reader[T any] struct {
	Format Format
	// Workers parse chunks in parallel (default GOMAXPROCS).
	Workers int
	// Work, when set, runs in a worker on each record as soon as it is
	// parsed, in no particular order, and fills the record's T. It must be
	// safe for concurrent use.
	Work func(r *Record, t *T)

	batches sync.Pool // of *batch[T], reused once consumed
}

type chunk struct {
	buf       *[]byte // backs data; back to bufPool when the batch is done
	input     int
	name      string
	firstLine int
	data      string
	bad       []BadLine // found while reading (too long, truncated)
	lines     int       // lines in data, counted by the reader
}

type batch[T any] struct {
	buf   *[]byte
	input int
	recs  []Record
	extra []T
	stats Stats
}

type job[T any] struct {
	c   *chunk
	out chan *batch[T]
}

// Read reads every input and calls fn for each record in time order
// across inputs (each input in its own order), sequentially, in the
// calling goroutine. Bad lines never stop it; an error of fn or the
// context does, and is returned.
func (rd *Reader[T]) Read(ctx context.Context, inputs []Input, fn func(r *Record, t *T) error) (Stats, error) {
	workers := rd.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	jobs := make(chan job[T], workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				j.out <- rd.parse(j.c)
			}
		}()
	}
	queues := make([]chan chan *batch[T], len(inputs))
	var readers sync.WaitGroup
	for i := range inputs {
		queues[i] = make(chan chan *batch[T], 2*workers)
		readers.Add(1)
		go func() {
			defer readers.Done()
			defer close(queues[i])
			split(ctx, i, inputs[i], func(c *chunk) bool {
				out := make(chan *batch[T], 1)
				select {
				case queues[i] <- out:
				case <-ctx.Done():
					return false
				}
				select {
				case jobs <- job[T]{c, out}:
				case <-ctx.Done():
					return false
				}
				return true
			})
		}()
	}
	go func() { readers.Wait(); close(jobs) }()
	defer func() {
		cancel()
		for _, q := range queues {
			for range q { // drain so that readers stop
			}
		}
		wg.Wait()
	}()

	var st Stats
	cur := make([]*cursor[T], len(inputs))
	next := func(i int) bool {
		for {
			out, ok := <-queues[i]
			if !ok {
				return false
			}
			b := <-out
			if old := cur[i].b; old != nil {
				rd.release(old)
				cur[i].b = nil
			}
			st.Lines += b.stats.Lines
			st.Records += b.stats.Records
			for _, bl := range b.stats.BadLines {
				st.bad(bl)
			}
			st.Bad += b.stats.Bad - len(b.stats.BadLines)
			if len(b.recs) > 0 {
				cur[i].b, cur[i].k = b, 0
				return true
			}
			rd.release(b)
		}
	}
	h := &cursorHeap[T]{}
	for i := range inputs {
		cur[i] = &cursor[T]{input: i}
		if next(i) {
			heap.Push(h, cur[i])
		}
	}
	for h.Len() > 0 {
		if err := ctx.Err(); err != nil {
			return st, err
		}
		c := (*h)[0]
		r := &c.b.recs[c.k]
		if !c.last.IsZero() && r.Time.Before(c.last) {
			st.OutOfOrder++
		} else {
			c.last = r.Time
		}
		if err := fn(r, &c.b.extra[c.k]); err != nil {
			return st, err
		}
		c.k++
		if c.k == len(c.b.recs) && !next(c.input) {
			heap.Pop(h)
			continue
		}
		if h.Len() > 1 { // one input (the common case) needs no ordering
			heap.Fix(h, 0)
		}
	}
	return st, ctx.Err()
}

// split cuts an input into chunks of whole lines and hands them to emit
// until it returns false. It reads blocks, not lines: each chunk is one
// read buffer cut after its last line end, the rest carried into the next.
// A line longer than a buffer (more than MaxLine) is skipped to its end
// and counted; shorter ones over MaxLine are left to the workers.
func split(ctx context.Context, idx int, in Input, emit func(*chunk) bool) {
	br := bufio.NewReaderSize(in.R, 64<<10)
	var r io.Reader = br
	if head, _ := br.Peek(2); len(head) == 2 && head[0] == 0x1f && head[1] == 0x8b {
		gz, err := gzip.NewReader(br)
		if err != nil {
			emit(&chunk{input: idx, name: in.Name, firstLine: 1, bad: []BadLine{{in.Name, 1, ReasonTruncated}}})
			return
		}
		defer gz.Close()
		r = gz
	}
	line := 1
	var carry []byte
	var bad []BadLine
	skipping := false // inside a line too long for a buffer
	for ctx.Err() == nil {
		bp := bufPool.Get().(*[]byte)
		buf := append((*bp)[:0], carry...)
		var err error
		for len(buf) < chunkSize && err == nil {
			var n int
			n, err = r.Read(buf[len(buf):cap(buf)])
			buf = buf[:len(buf)+n]
		}
		if skipping {
			k := bytes.IndexByte(buf, '\n')
			if k < 0 {
				buf = buf[:0]
			} else {
				buf, skipping = buf[k+1:], false
				line++
			}
		}
		cut := bytes.LastIndexByte(buf, '\n') + 1
		final := err != nil
		if final && err != io.EOF {
			// A partial last line of a broken stream is not trusted.
			buf = buf[:cut]
		} else if final {
			cut = len(buf)
		}
		if cut == 0 && len(buf) > MaxLine {
			bad = append(bad, BadLine{in.Name, line, ReasonTooLong})
			skipping, carry = true, nil
			if !final {
				continue
			}
		}
		data := buf[:cut]
		carry = append(carry[:0:0], buf[cut:]...)
		c := &chunk{buf: bp, input: idx, name: in.Name, firstLine: line, bad: bad}
		bad = nil
		c.lines = bytes.Count(data, []byte{'\n'})
		if len(data) > 0 && data[len(data)-1] != '\n' {
			c.lines++
		}
		line += c.lines
		if len(data) > 0 {
			c.data = unsafe.String(&data[0], len(data)) // data is never written again
		}
		if final && err != io.EOF {
			c.bad = append(c.bad, BadLine{in.Name, line, readReason(err)})
		}
		if len(c.data) == 0 && len(c.bad) == 0 {
			bufPool.Put(bp)
		} else if !emit(c) {
			return
		}
		if final {
			return
		}
	}
}

func readReason(err error) string {
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, gzip.ErrChecksum) || errors.Is(err, gzip.ErrHeader) || strings.Contains(err.Error(), "flate") {
		return ReasonTruncated
	}
	return fmt.Sprintf("%s: %v", ReasonRead, err)
}

// bufPool holds read buffers: a chunk's bytes are reused once the
// consumer has moved past its batch, which is why a Record's strings are
// valid only during the callbacks.
var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, chunkSize+MaxLine+2); return &b }}

// release returns a finished batch and its buffer.
func (rd *Reader[T]) release(b *batch[T]) {
	if b.buf != nil {
		bufPool.Put(b.buf)
	}
	clear(b.recs) // drop the strings into the old buffer
	b.buf, b.recs = nil, b.recs[:0]
	rd.batches.Put(b)
}

// parse turns a chunk into a batch, in a worker.
func (rd *Reader[T]) parse(c *chunk) *batch[T] {
	b, _ := rd.batches.Get().(*batch[T])
	if b == nil {
		b = &batch[T]{}
	}
	b.buf, b.input, b.stats = c.buf, c.input, Stats{}
	b.stats.Lines = c.lines
	name := c.name
	data := c.data
	line := c.firstLine
	bad := c.bad
	emitBad := func(bl BadLine) {
		b.stats.bad(bl)
	}
	if cap(b.recs) < c.lines {
		b.recs = make([]Record, 0, c.lines)
	}
	b.recs = b.recs[:0]
	for len(data) > 0 {
		nl := strings.IndexByte(data, '\n')
		var l string
		if nl < 0 {
			l, data = data, ""
		} else {
			l, data = data[:nl], data[nl+1:]
		}
		for len(bad) > 0 && bad[0].Line <= line {
			emitBad(bad[0])
			bad = bad[1:]
		}
		b.recs = append(b.recs, Record{Input: name, Line: line})
		if ok, reason := parseLine(rd.Format, l, &b.recs[len(b.recs)-1]); !ok {
			b.recs = b.recs[:len(b.recs)-1]
			if reason != "" {
				emitBad(BadLine{Line: line, Reason: reason, Input: name})
			}
		}
		line++
	}
	for _, bl := range bad {
		emitBad(bl)
	}
	b.stats.Records = len(b.recs)
	if cap(b.extra) < len(b.recs) {
		b.extra = make([]T, len(b.recs))
	}
	b.extra = b.extra[:len(b.recs)]
	clear(b.extra)
	if rd.Work != nil {
		for i := range b.recs {
			rd.Work(&b.recs[i], &b.extra[i])
		}
	}
	return b
}

// parseLine reads one line, without its "\n", into r. It is not ok for a
// blank line (reason "") and for a bad one (reason says why).
func parseLine(f Format, l string, r *Record) (ok bool, reason string) {
	if n := len(l); n > 0 && l[n-1] == '\r' {
		l = l[:n-1]
	}
	switch {
	case len(l) > MaxLine:
		return false, ReasonTooLong
	case l == "":
		return false, ""
	}
	if err := f.Parse(l, r); err != nil {
		if strings.IndexByte(l, 0) >= 0 || !utf8.ValidString(l) {
			return false, ReasonBinary
		}
		return false, err.Error()
	}
	return true, ""
}

type cursor[T any] struct {
	input int
	b     *batch[T]
	k     int
	last  time.Time
}

type cursorHeap[T any] []*cursor[T]

func (h cursorHeap[T]) Len() int { return len(h) }
func (h cursorHeap[T]) Less(i, j int) bool {
	a, b := h[i].b.recs[h[i].k].Time, h[j].b.recs[h[j].k].Time
	if a.Equal(b) {
		return h[i].input < h[j].input
	}
	return a.Before(b)
}
func (h cursorHeap[T]) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *cursorHeap[T]) Push(x any)   { *h = append(*h, x.(*cursor[T])) }
func (h *cursorHeap[T]) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
