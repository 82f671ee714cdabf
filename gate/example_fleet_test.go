package gate_test

import (
	"context"
	"fmt"
	"time"

	"github.com/robotstxt/robotstxt/gate"
)

// A target's 429 with Retry-After holds its origin: tasks the gate admits
// afterwards are held until then. With a shared HoldStore
// (cache/rediscache), the hold is the whole fleet's.
func ExamplePoliteness() {
	p := &gate.Politeness{MaxConcurrent: 1}
	ctx := context.Background()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	admitted := func() *gate.Decision {
		return &gate.Decision{Action: gate.Admit, Record: gate.Record{Origin: "https://example.com", Reason: "allowed"}}
	}

	d := admitted()
	lease, _ := p.Apply(ctx, d, now)
	fmt.Println(d.Action, lease != "")
	d = admitted()
	p.Apply(ctx, d, now) // one task at a time: this one waits
	fmt.Println(d.Action)
	p.Done(ctx, "https://example.com", lease)

	p.Report(ctx, "https://example.com", 429, 2*time.Minute, now)
	d = admitted()
	p.Apply(ctx, d, now)
	fmt.Println(d.Action, d.RetryAt.Format(time.RFC3339))
	fmt.Println(d.Reason)
	// Output:
	// admit true
	// hold
	// hold 2026-03-01T12:02:00Z
	// allowed; politeness: origin held until 2026-03-01T12:02:00Z because a target answered HTTP 429 (Retry-After 2m0s)
}
