package logs

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

// endless is a log that never ends, counting what was read from it.
type endless struct {
	line []byte
	off  int
	read atomic.Int64
}

func (e *endless) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		k := copy(p[n:], e.line[e.off:])
		n += k
		e.off = (e.off + k) % len(e.line)
	}
	e.read.Add(int64(n))
	return n, nil
}

// TestReadConstantMemory: while the consumer is busy, the reader stops
// reading: what is read ahead is bounded by the chunks in flight, not by
// the size of the log (here endless).
func TestReadConstantMemory(t *testing.T) {
	const workers = 3
	in := &endless{line: []byte(combinedLine(1, "/page", "Mozilla/5.0 (compatible; Googlebot/2.1)"))}
	rd := &Reader[struct{}]{Format: mustFormat(t, "combined"), Workers: workers}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	release := make(chan struct{})
	done := make(chan error, 1)
	go func() {
		_, err := rd.Read(ctx, []Input{{"endless", in}}, func(*Record, *struct{}) error {
			<-release
			return errors.New("stop")
		})
		done <- err
	}()
	// Wait until the reader has filled what it may hold and stopped.
	var last int64 = -1
	for {
		time.Sleep(50 * time.Millisecond)
		n := in.read.Load()
		if n == last && n > 0 {
			break
		}
		last = n
	}
	// The queue (2 per worker), one job per worker, the chunk being
	// built, and the buffers of the line reader.
	bound := int64((2*workers+workers+2)*(chunkSize+MaxLine) + 2*(MaxLine+1) + 64<<10)
	t.Logf("read ahead %d bytes, bound %d", last, bound)
	if last > bound {
		t.Errorf("read %d bytes ahead of a blocked consumer, bound %d", last, bound)
	}
	close(release)
	if err := <-done; err == nil || err.Error() != "stop" {
		t.Errorf("Read returned %v", err)
	}
}
