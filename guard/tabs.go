package guard

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/chromedp/cdproto"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/gate"
)

// Every tab of the browser gets the guard, not only the one of Attach's
// context: a second tab, a target=_blank popup, window.open, a tab that
// Playwright or Puppeteer opens. The browser-wide Fetch domain pauses their
// requests already; what a tab needs besides is the websocket check in its
// documents and a watch on its frames and workers, which only a DevTools
// session of the tab itself can add.
//
// The browser reports each new tab (Target.targetCreated, which chromedp
// turns on) before the tab's first navigation request, on the same
// connection as the Fetch domain's pauses. The guard opens a session of its
// own to the tab as soon as it is reported, and holds the tab's first
// document request until that session has added the check and the watch:
// the check is then in place before the tab's first document runs a line.
// A tab the guard could not prepare has its documents dropped, not let
// through.

// tab is a tab the guard follows besides Attach's.
type tab struct {
	ready   chan struct{} // closed once prepared, or failed
	err     error         // why it could not be prepared
	session atomic.Pointer[chromedp.Target]
}

// tabWait bounds the wait of a new tab's first document for the tab's
// preparation, and of the tab's start (releaseTab). A tab whose first
// navigation is in a new process (a noopener popup) cannot be prepared
// until that navigation ends: Chromium holds a session's commands to a
// frame while it navigates. Its first document is refused, and loaded
// again once the tab is ready (loadAgain).
const tabWait = 2 * time.Second

var errTabNotReady = errors.New("the tab is not ready")

// newTab starts preparing a tab the browser reported. It runs in the
// browser's reader goroutine: it must not block.
func (g *Guard) newTab(info *target.Info, loaded bool) {
	if info == nil || info.Type != "page" {
		return
	}
	g.mu.Lock()
	id := cdp.FrameID(info.TargetID)
	if id == g.mainFrame || g.tabs[id] != nil || g.childCancels == nil || len(g.tabs) >= cmp(g.MaxTargets, DefaultMaxTargets) {
		full := g.tabs[id] == nil && id != g.mainFrame && g.childCancels != nil
		g.mu.Unlock()
		if full {
			// Beyond the bound: no session, so its documents are dropped.
			t := &tab{ready: make(chan struct{}), err: fmt.Errorf("the guard follows at most %d tabs at once (MaxTargets)", cmp(g.MaxTargets, DefaultMaxTargets))}
			close(t.ready)
			g.mu.Lock()
			if g.tabs[id] == nil {
				g.tabs[id] = t
			}
			g.mu.Unlock()
		}
		return
	}
	t := &tab{ready: make(chan struct{})}
	g.tabs[id] = t
	g.mu.Unlock()
	if loaded {
		g.unchecked(info, TypeDocument, Unguarded, "not guarded: this tab's document was loaded when the guard attached; the requests of a document loaded before Attach are not intercepted (the Fetch domain pauses the requests of loaders made after it is enabled), and its websockets are refused, not checked, until it loads a new document")
	}
	g.inflight.Add(1)
	go func() {
		defer g.inflight.Add(-1)
		t.err = g.prepareTab(g.dctx, info, t)
		close(t.ready)
	}()
}

// prepareTab attaches a session of the guard's own to the tab, adds the
// websocket check to its documents and watches its frames and workers.
// The session lasts as long as the tab, or until Detach.
func (g *Guard) prepareTab(ctx context.Context, info *target.Info, tb *tab) error {
	var self atomic.Pointer[chromedp.Target]
	session := func() cdp.Session {
		if t := self.Load(); t != nil {
			return t
		}
		return nil
	}
	// Detached on cancel: the tab is someone else's, never closed.
	wctx, cancel := chromedp.NewContext(g.tabCtx, chromedp.WithTargetID(info.TargetID), chromedp.WithDetachOnCancel(),
		chromedp.WithListener(g.onEvent(session)))
	g.mu.Lock()
	g.nextChild++
	id := g.nextChild
	if g.childCancels == nil {
		g.mu.Unlock()
		cancel()
		return fmt.Errorf("detached")
	}
	g.childCancels[id] = cancel
	g.mu.Unlock()
	done := func() {
		cancel()
		g.mu.Lock()
		delete(g.childCancels, id)
		g.mu.Unlock()
	}
	stopped := context.AfterFunc(ctx, cancel)
	defer stopped()
	timer := time.AfterFunc(10*time.Second, cancel)
	err := chromedp.Do(wctx)
	timer.Stop()
	if err != nil {
		done()
		return err
	}
	t := chromedp.FromContext(wctx).Target
	self.Store(t)
	tb.session.Store(t)
	cctx, cancelCall := context.WithTimeout(wctx, 10*time.Second)
	defer cancelCall()
	// The watch first: the check, run at once in the tab's current
	// document, is what a program waits for (WebSocket.__robotstxtGuard)
	// before it navigates the tab (see docs/browse.md).
	if err := watch(cctx, t); err != nil {
		done()
		return fmt.Errorf("watching its frames: %w", err)
	}
	run := true
	if _, err := cdp.Call(cctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: websocketScript(g.wsPath), RunImmediately: &run,
	}); err != nil {
		done()
		return fmt.Errorf("adding the check: %w", err)
	}
	if err := g.watchServiceWorkers(cctx, t, string(info.BrowserContextID)); err != nil {
		done()
		return fmt.Errorf("watching its service workers: %w", err)
	}
	g.tabsPrepared.Add(1)
	untilDetached(wctx, done)
	return nil
}

// tabReady waits until the tab of frame, when it is one the guard
// prepares, is ready; it returns why the tab could not be guarded.
func (g *Guard) tabReady(ctx context.Context, frame cdp.FrameID) error {
	g.mu.Lock()
	t := g.tabs[frame]
	g.mu.Unlock()
	if t == nil {
		return nil
	}
	select {
	case <-t.ready:
		return t.err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// tabReadyWithin is tabReady, bounded by d: errTabNotReady after it.
func (g *Guard) tabReadyWithin(ctx context.Context, frame cdp.FrameID, d time.Duration) error {
	wctx, cancel := context.WithTimeoutCause(ctx, d, errTabNotReady)
	defer cancel()
	err := g.tabReady(wctx, frame)
	if err != nil && ctx.Err() == nil && errors.Is(context.Cause(wctx), errTabNotReady) {
		return errTabNotReady
	}
	return err
}

// loadAgain navigates a tab to rawURL once the guard prepared it: the
// first document of a tab that could not be prepared in time.
func (g *Guard) loadAgain(frame cdp.FrameID, rawURL, referrer string) {
	g.mu.Lock()
	t := g.tabs[frame]
	g.mu.Unlock()
	if t == nil {
		return
	}
	g.inflight.Add(1)
	go func() {
		defer g.inflight.Add(-1)
		select {
		case <-t.ready:
		case <-g.dctx.Done():
			return
		}
		s := t.session.Load()
		if t.err != nil || s == nil {
			return
		}
		ctx, cancel := context.WithTimeout(g.dctx, 10*time.Second)
		defer cancel()
		cdp.Call(ctx, s, page.Navigate, page.NavigateParams{URL: rawURL, Referrer: referrer})
	}()
}

// isTab reports whether frame is the top-level frame of a tab (a tab's
// target ID is its main frame's ID). g.mu is held.
func (g *Guard) isTab(frame cdp.FrameID) bool {
	return frame != "" && (frame == g.mainFrame || g.tabs[frame] != nil)
}

// tabOf returns the tab whose frame tree holds frame, "" when unknown (a
// shared or service worker belongs to no tab). g.mu is held.
func (g *Guard) tabOf(frame cdp.FrameID) cdp.FrameID {
	for range 64 { // frames nest; a bound against a loop in the map
		if frame == "" || g.isTab(frame) {
			return frame
		}
		p, ok := g.parents[frame]
		if !ok {
			return ""
		}
		frame = p
	}
	return ""
}

// releaseTab lets a tab the browser paused for the guard (watchBrowser)
// start, once the guard's session has prepared it: detaching the paused
// session, which chromedp does not route, lets it go.
func (g *Guard) releaseTab(a *target.EventAttachedToTarget) {
	g.mu.Lock()
	t := g.tabs[cdp.FrameID(a.TargetInfo.TargetID)]
	g.mu.Unlock()
	if t != nil {
		// Not longer than tabWait: a tab whose navigation started in a
		// new process is prepared only once it ends (see tabWait).
		timer := time.NewTimer(tabWait)
		defer timer.Stop()
		select {
		case <-t.ready:
		case <-timer.C:
		case <-g.dctx.Done():
			return // after Detach, a tab stays paused
		}
	}
	rctx, cancel := callContext(g.dctx)
	defer cancel()
	if err := resumeSession(g.browser, a.SessionID); err != nil {
		g.unchecked(a.TargetInfo, TypeDocument, gate.Drop, "not run: this tab stays paused: "+err.Error())
		return
	}
	cdp.Call(rctx, g.browser, target.DetachFromTarget, target.DetachFromTargetParams{SessionID: a.SessionID})
}

// resumeSession sends Runtime.runIfWaitingForDebugger on a flat session
// that chromedp did not make: a tab paused by the browser-wide auto-attach
// (watchBrowser) starts only on the word of the session that paused it
// (detaching it is not enough, unlike for a worker), and chromedp routes
// no command to such a session. The command goes on chromedp's outgoing
// queue with the session's ID; its answer, for a session chromedp does not
// know, is dropped by chromedp. The queue is reached by reflection: the
// version of chromedp is pinned in go.mod, and TestBrowseLeakPage fails
// (the second tab never loads) should it change.
func resumeSession(b cdp.Session, session target.SessionID) error {
	v := reflect.ValueOf(b)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return errors.New("guard: not a chromedp browser")
	}
	f := v.Elem().FieldByName("cmdQueue")
	if !f.IsValid() || f.Type() != reflect.TypeFor[chan *cdproto.Message]() {
		return errors.New("guard: this version of chromedp has no command queue the guard knows")
	}
	queue := reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem().Interface().(chan *cdproto.Message)
	msg := &cdproto.Message{ID: resumeIDs.Add(1), SessionID: session, Method: "Runtime.runIfWaitingForDebugger", Params: []byte("{}")}
	select {
	case queue <- msg:
		return nil
	case <-time.After(10 * time.Second):
		return errors.New("guard: chromedp's command queue is full")
	}
}

// resumeIDs are the IDs of resumeSession's commands, apart from chromedp's.
var resumeIDs atomic.Int64

func init() { resumeIDs.Store(1 << 30) } // Chromium takes 32-bit IDs

// untilDetached calls done once the session of wctx ends (its target went
// away, or wctx ended); false when wctx has no session to wait on.
func untilDetached(wctx context.Context, done func()) bool {
	ch, err := chromedp.Detached(wctx)
	if err != nil {
		return false
	}
	go func() {
		select {
		case <-ch:
		case <-wctx.Done():
		}
		done()
	}()
	return true
}
