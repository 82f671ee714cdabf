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
}

type chunk struct {
	input     int
	name      string
	firstLine int
	data      string
	bad       []BadLine // found while reading (too long, truncated)
	lines     int       // lines in data, counted by the reader
}

type batch[T any] struct {
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
		heap.Fix(h, 0)
	}
	return st, ctx.Err()
}

// split cuts an input into chunks of whole lines and hands them to emit
// until it returns false.
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
	lr := bufio.NewReaderSize(r, MaxLine+1)
	line := 1
	var buf bytes.Buffer
	c := &chunk{input: idx, name: in.Name, firstLine: 1}
	flush := func() bool {
		if buf.Len() == 0 && len(c.bad) == 0 {
			return true
		}
		c.data = buf.String()
		buf.Reset()
		ok := emit(c)
		c = &chunk{input: idx, name: in.Name, firstLine: line}
		return ok
	}
	for ctx.Err() == nil {
		b, err := lr.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			c.bad = append(c.bad, BadLine{in.Name, line, ReasonTooLong})
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = lr.ReadSlice('\n')
			}
			buf.WriteByte('\n') // keeps the worker's line numbers
			c.lines++
			line++
			if err != nil && err != io.EOF {
				c.bad = append(c.bad, BadLine{in.Name, line, readReason(err)})
				flush()
				return
			}
			continue
		}
		if err != nil && err != io.EOF {
			// A partial last line of a broken stream is not trusted.
			c.bad = append(c.bad, BadLine{in.Name, line, readReason(err)})
			flush()
			return
		}
		if len(b) > 0 {
			buf.Write(b)
			if b[len(b)-1] != '\n' {
				buf.WriteByte('\n')
			}
			c.lines++
			line++
		}
		if err == io.EOF {
			flush()
			return
		}
		if buf.Len() >= chunkSize && !flush() {
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

// parse turns a chunk into a batch, in a worker.
func (rd *Reader[T]) parse(c *chunk) *batch[T] {
	b := &batch[T]{input: c.input}
	b.stats.Lines = c.lines
	name := c.name
	data := c.data
	line := c.firstLine
	bad := c.bad
	emitBad := func(bl BadLine) {
		b.stats.bad(bl)
	}
	for len(data) > 0 {
		nl := strings.IndexByte(data, '\n')
		l := data[:nl]
		data = data[nl+1:]
		for len(bad) > 0 && bad[0].Line <= line {
			emitBad(bad[0])
			bad = bad[1:]
		}
		if n := len(l); n > 0 && l[n-1] == '\r' {
			l = l[:n-1]
		}
		if l != "" {
			b.recs = append(b.recs, Record{Line: line})
			r := &b.recs[len(b.recs)-1]
			if err := rd.Format.Parse(l, r); err != nil {
				b.recs = b.recs[:len(b.recs)-1]
				reason := err.Error()
				if strings.IndexByte(l, 0) >= 0 || !utf8.ValidString(l) {
					reason = ReasonBinary
				}
				emitBad(BadLine{Line: line, Reason: reason, Input: name})
			}
		}
		line++
	}
	for _, bl := range bad {
		emitBad(bl)
	}
	b.stats.Records = len(b.recs)
	b.extra = make([]T, len(b.recs))
	if rd.Work != nil {
		for i := range b.recs {
			rd.Work(&b.recs[i], &b.extra[i])
		}
	}
	return b
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
