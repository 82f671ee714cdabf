package robotstxt

import (
	"fmt"
	"sync"
	"testing"
)

// A parsed file is safe for concurrent checks: many goroutines checking at
// once (the first ones compiling rule sets lazily) get the answers a single
// goroutine gets. Run with -race.
func TestConcurrentChecks(t *testing.T) {
	text := "User-agent: *\nDisallow: /private/\nAllow: /private/ok\n\nUser-agent: a\nDisallow: /a*\n\nUser-agent: b\nUser-agent: c\nAllow: /\nDisallow: /x$\n"
	agents := []string{"a", "b", "c", "d", "Mozilla/5.0 (a/1)", "Mozilla/5.0 (compatible; b/2)"}
	urls := []string{"/", "/private/x", "/private/ok", "/a/b", "/x", "/x/y", "/robots.txt", "/%61"}
	want := map[string]bool{}
	for _, a := range agents {
		for _, u := range urls {
			want[a+" "+u] = ParseString(text).Check(a, u).Allowed
		}
	}
	r := ParseString(text) // fresh: nothing compiled yet
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for g := 0; g < 32; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				a, u := agents[(g+i)%len(agents)], urls[(g*7+i)%len(urls)]
				var got bool
				if i%2 == 0 {
					got = r.Check(a, u).Allowed
				} else {
					got = r.Agent(a).Allowed(u)
				}
				if got != want[a+" "+u] {
					select {
					case errs <- fmt.Sprintf("Check(%q, %q) = %v, want %v", a, u, got, want[a+" "+u]):
					default:
					}
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
