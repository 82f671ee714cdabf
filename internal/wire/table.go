package wire

import (
	"math/bits"

	"github.com/robotstxt/robotstxt"
)

// A VerdictTable keeps what a caller made of a verdict (its encoded JSON
// fields, its line of text) for the next verdict with the same key, so
// that a batch of checks encodes each distinct verdict once. A key is
// looked for in a few slots from its hash on (linear probing); when they
// are all taken by other keys, the first is replaced. The table starts
// small and grows (up to MaxVerdictSlots) when replacements show that the
// file's verdicts do not fit, as with a file of hundreds of rules hit in
// turn. The zero value is ready to use; it is not safe for concurrent use.
type VerdictTable[T any] struct {
	slots    []verdictSlot[T]
	replaced int // replacements since the table last grew
}

type verdictSlot[T any] struct {
	key  VerdictKey
	hash uint64
	Val  T
}

// Sizes of a VerdictTable: it starts at minVerdictSlots and grows fourfold
// up to MaxVerdictSlots, each time its replacements reach a quarter of its
// size. A key is looked for in verdictProbes slots.
const (
	minVerdictSlots = 64
	MaxVerdictSlots = 1 << 14
	verdictProbes   = 8
)

// Get returns the value kept for v's key and true, or, when there is none,
// the value to fill (its previous content is the slot's old value, whose
// storage may be reused) and false.
func (t *VerdictTable[T]) Get(v *robotstxt.Verdict) (*T, bool) {
	k, slot := KeyOf(v)
	h := uint64(slot) * 0x9E3779B97F4A7C15 // Fibonacci hashing: find uses the top bits
	if t.slots == nil {
		t.slots = make([]verdictSlot[T], minVerdictSlots)
	}
	s, ok := t.find(k, h)
	if ok {
		return &s.Val, true
	}
	if s.key.set { // every slot of the probe taken: replace the first
		if t.replaced++; 4*t.replaced >= len(t.slots) && len(t.slots) < MaxVerdictSlots {
			t.grow()
			s, _ = t.find(k, h)
		}
	}
	s.key, s.hash = k, h
	return &s.Val, false
}

// find returns k's slot and true, else the first free slot of the probe,
// else its first slot.
func (t *VerdictTable[T]) find(k VerdictKey, h uint64) (*verdictSlot[T], bool) {
	mask := uint64(len(t.slots) - 1)
	first := h >> (64 - bits.TrailingZeros(uint(len(t.slots))))
	for i := uint64(0); i < verdictProbes; i++ {
		s := &t.slots[(first+i)&mask]
		if s.key == k {
			return s, true
		}
		if !s.key.set {
			return s, false
		}
	}
	return &t.slots[first], false
}

// grow makes the table four times larger, keeping its entries.
func (t *VerdictTable[T]) grow() {
	old := t.slots
	t.slots = make([]verdictSlot[T], 4*len(old))
	t.replaced = 0
	for i := range old {
		if old[i].key.set {
			s, _ := t.find(old[i].key, old[i].hash)
			*s = old[i]
		}
	}
}
