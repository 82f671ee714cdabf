package cache

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/fetch"
)

var ctx = context.Background()

func entry(body string) *Entry {
	return &Entry{
		Policy:  &fetch.Policy{Origin: "https://example.com", URL: "https://example.com/robots.txt", Status: fetch.Success, Body: []byte(body), MaxAge: -1},
		Expires: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC),
	}
}

func TestMemoryGetPutDelete(t *testing.T) {
	m := NewMemory(0, 0)
	if _, err := m.Get(ctx, "https://example.com"); !errors.Is(err, ErrMiss) {
		t.Fatalf("Get on empty cache: %v, want ErrMiss", err)
	}
	if ErrMiss.Error() != "robotstxt/cache: miss" {
		t.Errorf("ErrMiss = %q", ErrMiss)
	}
	e := entry("User-agent: *\n")
	if err := m.Put(ctx, "https://example.com", e); err != nil {
		t.Fatal(err)
	}
	got, err := m.Get(ctx, "https://example.com")
	if err != nil || got != e {
		t.Fatalf("Get = %p, %v; want %p", got, err, e)
	}
	// Keys are exact: another origin is another entry.
	for _, other := range []string{"http://example.com", "https://example.com:8443", "https://www.example.com"} {
		if _, err := m.Get(ctx, other); !errors.Is(err, ErrMiss) {
			t.Errorf("Get(%q) = %v, want ErrMiss", other, err)
		}
	}
	if err := m.Delete(ctx, "https://example.com"); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Get(ctx, "https://example.com"); !errors.Is(err, ErrMiss) {
		t.Errorf("after Delete: %v", err)
	}
	if m.Len() != 0 || m.Bytes() != 0 {
		t.Errorf("after Delete: len %d bytes %d", m.Len(), m.Bytes())
	}
	if err := m.Put(ctx, "x", nil); err == nil {
		t.Error("Put(nil) succeeded")
	}
}

func TestMemoryLRUByCount(t *testing.T) {
	m := NewMemory(3, 0)
	for i := range 3 {
		m.Put(ctx, fmt.Sprint("o", i), entry(""))
	}
	m.Get(ctx, "o0") // o1 is now the least recently used
	m.Put(ctx, "o3", entry(""))
	if _, err := m.Get(ctx, "o1"); !errors.Is(err, ErrMiss) {
		t.Error("o1 was not evicted")
	}
	for _, k := range []string{"o0", "o2", "o3"} {
		if _, err := m.Get(ctx, k); err != nil {
			t.Errorf("%s evicted", k)
		}
	}
	if m.Len() != 3 {
		t.Errorf("len %d", m.Len())
	}
}

func TestMemoryLRUByBytes(t *testing.T) {
	big := string(make([]byte, 100<<10))
	size := entry(big).Size()
	m := NewMemory(100, 3*size)
	for i := range 5 {
		m.Put(ctx, fmt.Sprint("o", i), entry(big))
	}
	if m.Len() != 2 || m.Bytes() > 3*size {
		t.Errorf("len %d bytes %d, bound %d", m.Len(), m.Bytes(), 3*size)
	}
	// Replacing an entry updates the byte count.
	m.Put(ctx, "o4", entry(""))
	if m.Bytes() >= 2*size {
		t.Errorf("bytes %d after replacing with a small entry", m.Bytes())
	}
	// An entry larger than the bound alone is still kept.
	m2 := NewMemory(10, 10)
	m2.Put(ctx, "a", entry(big))
	if _, err := m2.Get(ctx, "a"); err != nil {
		t.Error("oversized entry not kept")
	}
}

func TestMemoryConcurrent(t *testing.T) {
	m := NewMemory(50, 0)
	var wg sync.WaitGroup
	for g := range 16 {
		wg.Go(func() {
			for i := range 1000 {
				k := fmt.Sprint("o", (g*7+i)%100)
				if i%3 == 0 {
					m.Put(ctx, k, entry("x"))
				} else if i%17 == 0 {
					m.Delete(ctx, k)
				} else if e, err := m.Get(ctx, k); err == nil && e == nil {
					t.Error("nil entry without error")
				}
			}
		})
	}
	wg.Wait()
	if m.Len() > 50 {
		t.Errorf("len %d over the bound", m.Len())
	}
}

// TestEntryBytesRoundTrip: the byte form a shared cache stores gives back
// the same entry, and the same parsed rules.
func TestEntryBytesRoundTrip(t *testing.T) {
	fetched := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	e := &Entry{
		Policy: &fetch.Policy{
			Origin: "https://example.com", URL: "https://example.com/robots.txt", FinalURL: "https://www.example.com/robots.txt",
			Redirects: []fetch.Hop{{URL: "https://example.com/robots.txt", Status: 301, Location: "https://www.example.com/robots.txt"}},
			Status:    fetch.Success, HTTPStatus: 200, FetchedAt: fetched, ContentType: "text/plain",
			Body: []byte("User-agent: *\nDisallow: /private\n\x00\xff"), Digest: "sha256:abc", MaxAge: time.Hour,
		},
		Expires:      fetched.Add(time.Hour),
		Failure:      &fetch.Policy{Origin: "https://example.com", Status: fetch.Unreachable, HTTPStatus: 503, FetchedAt: fetched.Add(2 * time.Hour), RetryAfter: time.Minute, Detail: "server error (HTTP 503)", MaxAge: -1},
		Failures:     2,
		FailingSince: fetched.Add(90 * time.Minute),
		RetryAt:      fetched.Add(3 * time.Hour),
	}
	b, err := e.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var got Entry
	if err := got.UnmarshalBinary(b); err != nil {
		t.Fatal(err)
	}
	b2, _ := got.MarshalBinary()
	if string(b) != string(b2) {
		t.Errorf("round trip differs:\n%s\n%s", b, b2)
	}
	if string(got.Policy.Body) != string(e.Policy.Body) || !got.Expires.Equal(e.Expires) || got.Failures != 2 || got.Failure.Detail != e.Failure.Detail {
		t.Errorf("decoded %+v", got)
	}
	if got.Policy.Robots().Allowed("x", "/private") {
		t.Error("rules lost in the round trip")
	}
	if err := got.UnmarshalBinary([]byte(`{"v":99}`)); err == nil {
		t.Error("unknown encoding version accepted")
	}
	if err := got.UnmarshalBinary([]byte(`not json`)); err == nil {
		t.Error("garbage accepted")
	}
}

func BenchmarkMemoryGet(b *testing.B) {
	m := NewMemory(0, 0)
	for i := range 1000 {
		m.Put(ctx, fmt.Sprint("https://o", i, ".example"), entry("User-agent: *\n"))
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		m.Get(ctx, "https://o500.example")
		i++
	}
}
