package testutil

import (
	"testing"
	"time"
)

// Cost counts CPU time, not the clock: a busy loop shows up, a sleep does
// not; and it counts the bytes allocated.
func TestCost(t *testing.T) {
	var sink []byte
	busy, alloc := Cost(func() {
		for start := CPUTime(); CPUTime()-start < 50*time.Millisecond; {
			sink = make([]byte, 1<<20)
		}
	})
	if busy < 50*time.Millisecond || alloc < 1<<20 {
		t.Errorf("a busy loop of 50ms allocating 1 MiB blocks: Cost says %v and %d bytes", busy, alloc)
	}
	slept, _ := Cost(func() { time.Sleep(300 * time.Millisecond) })
	if slept >= 150*time.Millisecond {
		t.Errorf("a sleep of 300ms cost %v of CPU time", slept)
	}
	_ = sink
}
