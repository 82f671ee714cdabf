package rediscache_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/robotstxt/robotstxt/cache/rediscache"
	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
)

// Every process of a crawler fleet opens the same Redis: one robots.txt
// fetch per origin for all of them, holds shared, and decisions that stay
// safe when Redis is away.
func Example() {
	shared, err := rediscache.Open("redis://127.0.0.1:6379/0", rediscache.Options{
		Prefix: "mycrawler:",
		OnChange: func(ch gate.PolicyChange) {
			log.Printf("%s: robots.txt changed from %s to %s", ch.Origin, ch.Old, ch.New)
		},
	})
	if err != nil {
		log.Fatal(err)
	}
	defer shared.Close()
	g := &gate.Gate{
		Agent:  "ExampleBot",
		Client: &gate.Client{Cache: shared, Fetcher: &fetch.Fetcher{UserAgent: "ExampleBot/1.0"}},
	}
	polite := &gate.Politeness{Store: shared, MaxConcurrent: 4}
	d, err := g.Check(context.Background(), "https://example.com/page")
	if err != nil {
		log.Fatal(err)
	}
	lease, _ := polite.Apply(context.Background(), d, time.Now())
	fmt.Println(d.Action, d.PolicySource, lease != "")
}
