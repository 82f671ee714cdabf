package perf_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/web/internal/pagetesting"
)

// A task is one task of the page's main thread, as Chromium's trace has
// it: its wall time and its thread time (the CPU time the thread got),
// in milliseconds. On a loaded machine the wall time stretches while the
// thread waits for a core; the thread time much less.
type task struct {
	wall, cpu float64
	// what is the trace's events in the task that took longest, the
	// longest first ("Layout 250 ms"), with -perf.
	what []string
}

// tracer records Chromium's trace of a tab.
type tracer struct {
	mu     sync.Mutex
	events []json.RawMessage
	done   chan struct{}
}

func newTracer(t *testing.T, ctx context.Context) *tracer {
	tr := &tracer{}
	if err := chromedp.Listen(ctx, func(ev any) {
		tr.mu.Lock()
		defer tr.mu.Unlock()
		switch ev := ev.(type) {
		case *tracing.EventDataCollected:
			for _, v := range ev.Value {
				tr.events = append(tr.events, json.RawMessage(v))
			}
		case *tracing.EventTracingComplete:
			if tr.done != nil {
				close(tr.done)
				tr.done = nil
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	return tr
}

// tasks traces fn and returns the tasks of the renderer's main thread
// that ran the most meanwhile (the page's), longest thread time first.
func (tr *tracer) tasks(t *testing.T, ctx context.Context, fn func()) []task {
	t.Helper()
	tr.mu.Lock()
	tr.events = nil
	done := make(chan struct{})
	tr.done = done
	tr.mu.Unlock()
	pagetesting.Do(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, tracing.Start, tracing.StartParams{
			TransferMode: tracing.StartTransferModeReportEvents,
			TraceConfig:  &tracing.TraceConfig{IncludedCategories: categories()},
		})
		return err
	}))
	fn()
	pagetesting.Do(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, tracing.End, cdp.Empty{})
		return err
	}))
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("the trace never completed")
	}
	tr.mu.Lock()
	defer tr.mu.Unlock()
	type event struct {
		Name, Cat, Ph string
		Pid, Tid      int64
		Ts, Dur, Tdur float64
		Args          struct {
			Name string
			Data struct{ FunctionName, URL string }
		}
	}
	type thread struct{ pid, tid int64 }
	renderers := map[thread]bool{}
	byThread := map[thread][]event{}
	for _, raw := range tr.events {
		var e event
		if json.Unmarshal(raw, &e) != nil {
			continue
		}
		th := thread{e.Pid, e.Tid}
		if e.Ph == "M" && e.Name == "thread_name" && e.Args.Name == "CrRendererMain" {
			renderers[th] = true
		}
		if e.Ph == "X" {
			byThread[th] = append(byThread[th], e)
		}
	}
	var main thread
	var busiest float64
	for th := range renderers {
		var sum float64
		for _, e := range byThread[th] {
			if strings.Contains(e.Cat, "toplevel") {
				sum += e.Dur
			}
		}
		if sum > busiest {
			main, busiest = th, sum
		}
	}
	evs := byThread[main]
	sort.Slice(evs, func(i, j int) bool { return evs[i].Ts < evs[j].Ts || evs[i].Ts == evs[j].Ts && evs[i].Dur > evs[j].Dur })
	var out []task
	end := -1.0
	for _, e := range evs {
		if e.Ts < end {
			// Inside the task before: a nested task, or what the task did.
			if !strings.Contains(e.Cat, "toplevel") && len(out) > 0 {
				k := &out[len(out)-1]
				name := e.Name
				if f := e.Args.Data.FunctionName; f != "" {
					name += " " + f
				}
				if u := e.Args.Data.URL; u != "" {
					name += " " + u[strings.LastIndexByte(u, '/')+1:]
				}
				k.what = append(k.what, fmt.Sprintf("%s %.0f ms", name, e.Dur/1000))
			}
			continue
		}
		if !strings.Contains(e.Cat, "toplevel") {
			continue
		}
		end = e.Ts + e.Dur
		out = append(out, task{wall: e.Dur / 1000, cpu: e.Tdur / 1000})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].cpu > out[j].cpu })
	return out
}

// categories are the trace's: the tasks, and with -perf.profile what
// they did (the DevTools timeline's events).
func categories() []string {
	if *profileFlag {
		return []string{"toplevel", "__metadata", "devtools.timeline"}
	}
	return []string{"toplevel", "__metadata"}
}
