package gate_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/netguard"
)

func Example() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "User-agent: *\nDisallow: /private/\n")
	}))
	defer srv.Close()

	scope, err := gate.ParseScope([]byte("approved: ["+srv.URL+"/]\ndenied: ["+srv.URL+"/account/]\n"), "yaml")
	if err != nil {
		fmt.Println(err)
		return
	}
	// One Gate for all workers; its Client fetches each robots.txt once.
	g := &gate.Gate{
		Agent: "ExampleBot",
		Scope: scope,
		// The example's server is on loopback, which the fetcher's
		// destination guard refuses unless allowed.
		Client: &gate.Client{Fetcher: &fetch.Fetcher{UserAgent: "ExampleBot/1.0", Guard: &netguard.Policy{AllowPrivate: true}}},
	}
	paths := []string{"/docs/intro", "/private/x", "/account/settings"}
	out := make([]string, len(paths))
	var wg sync.WaitGroup
	for i, p := range paths {
		wg.Go(func() {
			d, err := g.Check(context.Background(), srv.URL+p)
			if err != nil {
				out[i] = err.Error()
				return
			}
			out[i] = fmt.Sprintf("%-17s %-5s rep=%s collection=%s", p, d.Action, d.RepDecision, d.CollectionDecision)
		})
	}
	wg.Wait()
	for _, line := range out {
		fmt.Println(line)
	}
	fmt.Println("robots.txt fetches:", g.Client.Stats().Fetches)
	// Output:
	// /docs/intro       admit rep=allow collection=approved
	// /private/x        drop  rep=disallow collection=approved
	// /account/settings drop  rep=allow collection=denied
	// robots.txt fetches: 1
}

func ExampleGate_Recheck() {
	var mu sync.Mutex
	body := "User-agent: *\nDisallow: /private/\n"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		io.WriteString(w, body)
	}))
	defer srv.Close()
	scope, _ := gate.ParseScope([]byte(`{"approved": ["*"]}`), "json")
	g := &gate.Gate{Agent: "ExampleBot", Scope: scope, Client: &gate.Client{Fetcher: &fetch.Fetcher{Guard: &netguard.Policy{AllowPrivate: true}}}}
	ctx := context.Background()

	d, _ := g.Check(ctx, srv.URL+"/reports/2026")
	queue := []*gate.Decision{d}
	fmt.Println("admitted:", d.Action)

	// The site changes its robots.txt; the crawler learns of it.
	mu.Lock()
	body = "User-agent: *\nDisallow: /reports/\n"
	mu.Unlock()
	g.Client.Refresh(ctx, srv.URL)

	queue, _ = g.Recheck(ctx, queue)
	fmt.Println("rechecked:", queue[0].Action, "changed:", queue[0].Changed)
	// Output:
	// admitted: admit
	// rechecked: drop changed: true
}
