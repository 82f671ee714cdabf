package cache_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/robotstxt/robotstxt/cache"
	"github.com/robotstxt/robotstxt/fetch"
)

func ExampleMemory() {
	ctx := context.Background()
	c := cache.NewMemory(1000, 64<<20)
	e := &cache.Entry{Policy: &fetch.Policy{Origin: "https://example.com", Status: fetch.Success, Body: []byte("User-agent: *\nDisallow: /x\n")}}
	c.Put(ctx, "https://example.com", e)

	got, _ := c.Get(ctx, "https://example.com")
	fmt.Println(got.Policy.Robots().Allowed("bot", "/x"))
	_, err := c.Get(ctx, "https://example.org")
	fmt.Println(errors.Is(err, cache.ErrMiss))

	// The byte form a shared cache would store.
	b, _ := got.MarshalBinary()
	var back cache.Entry
	fmt.Println(back.UnmarshalBinary(b), back.Policy.Robots().Allowed("bot", "/x"))
	// Output:
	// false
	// true
	// <nil> false
}
