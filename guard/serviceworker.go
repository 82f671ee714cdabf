package guard

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/serviceworker"

	"github.com/robotstxt/robotstxt/gate"
)

// Service workers' update checks. Chromium fetches a registered service
// worker's script again, to see whether it changed, on navigations in the
// registration's scope (and on events it dispatches to the worker). That
// request is the browser's own: neither the browser-wide Fetch domain, nor
// a Fetch domain enabled in the worker's own session, nor the worker's
// Network domain sees it (the tests tried each), so the guard cannot pause
// it. What the guard can do is decide it before it can be made, and keep
// the worker from being asked when the decision is no:
//
//   - the ServiceWorker domain, enabled in the guard's session of each tab,
//     reports every registration of the tab's browser context and the
//     script of each of its versions, those there before Attach included;
//   - each script is decided as the worker's update check would be: a
//     registration whose script is not admitted (robots.txt disallows it,
//     or is unreachable: drop or hold) is unregistered, at once, with a
//     record; an unregistered registration controls no navigation, so
//     Chromium never checks its script again;
//   - before a document request in a registration's scope goes on, its
//     script is decided again (the policy may have changed since): not
//     admitted, the registration is unregistered first; admitted, the
//     update check that Chromium may make after that navigation gets a
//     record of its own (admit, with no status: the guard does not see its
//     answer).

// swReg is a service worker registration the guard knows of.
type swReg struct {
	session cdp.Session       // the tab session that reported it, for unregister
	scope   string            // the registration's scope URL
	scripts map[string]string // version ID -> script URL
	gone    bool              // deleted, or unregistered by the guard
	busy    sync.Mutex        // held by checkRegistration: one check at a time, each waits for the one under way
}

// maxRegistrations bounds the registrations followed.
const maxRegistrations = 1024

// watchServiceWorkers enables the ServiceWorker domain in a tab session of
// the guard's: its events (swEvent) report the registrations of the tab's
// browser context, the existing ones first, before the command's answer.
// It is disabled first: enabled already (by an earlier guard on the same
// session), Chromium would report nothing again. browserContext is the
// tab's browser context: the tabs of one context report the same
// registrations, which are followed once.
func (g *Guard) watchServiceWorkers(ctx context.Context, s cdp.Session, browserContext string) error {
	g.mu.Lock()
	if g.swContexts == nil {
		g.swContexts = map[cdp.Session]string{}
	}
	if browserContext != "" && len(g.swContexts) < maxRegistrations {
		g.swContexts[s] = browserContext
	}
	g.mu.Unlock()
	if _, err := cdp.Call(ctx, s, serviceworker.Disable, cdp.Empty{}); err != nil {
		return err
	}
	_, err := cdp.Call(ctx, s, serviceworker.Enable, cdp.Empty{})
	return err
}

// swReportWait bounds the wait for the browser's first report of its
// registrations at Attach.
const swReportWait = 20 * time.Second

// watchServiceWorkersNow is watchServiceWorkers, then waits for the
// browser's first report: Chromium gathers the registrations after the
// command's answer, and sends them (registrations, then versions, each
// list possibly empty) some time later. A browser that does not report
// within swReportWait is refused: its workers could not be decided.
func (g *Guard) watchServiceWorkersNow(ctx context.Context, s cdp.Session, browserContext string) error {
	reported := make(chan struct{})
	g.mu.Lock()
	g.swReported = reported
	g.mu.Unlock()
	if err := g.watchServiceWorkers(ctx, s, browserContext); err != nil {
		return err
	}
	t := time.NewTimer(swReportWait)
	defer t.Stop()
	select {
	case <-reported:
		return nil
	case <-t.C:
		return fmt.Errorf("the browser did not report its service worker registrations within %s", swReportWait)
	case <-ctx.Done():
		return ctx.Err()
	}
}

// swEvent takes the ServiceWorker domain's events of session s; it reports
// whether ev was one. It runs in the session's reader: it must not block.
func (g *Guard) swEvent(s cdp.Session, ev any) bool {
	switch ev := ev.(type) {
	case *serviceworker.EventWorkerRegistrationUpdated:
		g.mu.Lock()
		for _, r := range ev.Registrations {
			reg := g.registration(s, string(r.RegistrationID))
			if reg == nil {
				continue
			}
			reg.scope = r.ScopeURL
			if r.IsDeleted {
				reg.gone = true
			}
		}
		g.mu.Unlock()
		return true
	case *serviceworker.EventWorkerVersionUpdated:
		var check []string
		g.mu.Lock()
		owner := g.swOwner(s)
		if g.swReported != nil {
			// The first report (watchServiceWorkersNow): the versions
			// come after the registrations.
			close(g.swReported)
			g.swReported = nil
		}
		for _, v := range ev.Versions {
			reg := g.registration(s, string(v.RegistrationID))
			if reg == nil || v.ScriptURL == "" {
				continue
			}
			switch v.Status {
			case serviceworker.VersionStatusRedundant:
				delete(reg.scripts, v.VersionID)
				continue
			case serviceworker.VersionStatusNew, serviceworker.VersionStatusInstalling:
				// Its script is being fetched, through the Fetch domain:
				// decided there. Checked once installed.
				continue
			}
			if _, ok := reg.scripts[v.VersionID]; !ok && len(reg.scripts) < 16 {
				reg.scripts[v.VersionID] = v.ScriptURL
				check = append(check, owner+"/"+string(v.RegistrationID))
			}
		}
		g.mu.Unlock()
		if len(check) > 0 && g.dctx != nil && g.dctx.Err() == nil {
			// A script newly seen (one there before Attach, or a new
			// version): decided now, not only at the next navigation.
			g.inflight.Add(1)
			go func() {
				defer g.inflight.Add(-1)
				for _, k := range check {
					g.checkRegistration(g.dctx, k, "")
				}
			}()
		}
		return true
	case *serviceworker.EventWorkerErrorReported:
		return true
	}
	return false
}

func isServiceWorkerEvent(ev any) bool {
	switch ev.(type) {
	case *serviceworker.EventWorkerRegistrationUpdated, *serviceworker.EventWorkerVersionUpdated, *serviceworker.EventWorkerErrorReported:
		return true
	}
	return false
}

// checkRegistrations decides the scripts of every registration known.
func (g *Guard) checkRegistrations(ctx context.Context) {
	g.mu.Lock()
	keys := make([]string, 0, len(g.swRegs))
	for k := range g.swRegs {
		keys = append(keys, k)
	}
	g.mu.Unlock()
	sort.Strings(keys)
	for _, k := range keys {
		g.checkRegistration(ctx, k, "")
	}
}

// swOwner names what a registration ID of session s is unique in: its
// browser context, or, not known, the session. g.mu is held.
func (g *Guard) swOwner(s cdp.Session) string {
	if c := g.swContexts[s]; c != "" {
		return "context " + c
	}
	return fmt.Sprintf("session %p", s)
}

// registration returns the registration of s with id, made when new
// (nil beyond the bound). g.mu is held.
func (g *Guard) registration(s cdp.Session, id string) *swReg {
	if g.swRegs == nil {
		g.swRegs = map[string]*swReg{}
	}
	k := g.swOwner(s) + "/" + id
	reg := g.swRegs[k]
	if reg == nil {
		if len(g.swRegs) >= maxRegistrations {
			return nil
		}
		reg = &swReg{session: s, scripts: map[string]string{}}
		g.swRegs[k] = reg
	}
	return reg
}

// beforeDocument decides, before a document request for rawURL goes on,
// the scripts of the registrations whose scope holds it (see above).
func (g *Guard) beforeDocument(ctx context.Context, rawURL string) {
	g.mu.Lock()
	var keys []string
	for k, reg := range g.swRegs {
		if !reg.gone && reg.scope != "" && strings.HasPrefix(rawURL, reg.scope) && len(reg.scripts) > 0 {
			keys = append(keys, k)
		}
	}
	g.mu.Unlock()
	sort.Strings(keys)
	for _, k := range keys {
		g.checkRegistration(ctx, k, rawURL)
	}
}

// checkRegistration decides the scripts of the registration k. One not
// admitted is unregistered, with a record; admitted, and nav set (a
// navigation in its scope is about to go on), the update check that may
// follow gets a record.
func (g *Guard) checkRegistration(ctx context.Context, k, nav string) {
	g.mu.Lock()
	reg := g.swRegs[k]
	g.mu.Unlock()
	if reg == nil {
		return
	}
	// A check under way (one the browser's report started) ends first, its
	// record kept, before this one, and so before Attach returns.
	reg.busy.Lock()
	defer reg.busy.Unlock()
	g.mu.Lock()
	if reg.gone {
		g.mu.Unlock()
		return
	}
	scope, s := reg.scope, reg.session
	scripts := make([]string, 0, len(reg.scripts))
	for _, u := range reg.scripts {
		scripts = append(scripts, u)
	}
	g.mu.Unlock()
	sort.Strings(scripts)
	scripts = compactStrings(scripts)
	for _, script := range scripts {
		r := &Record{Method: "GET", ResourceType: TypeScript, FrameURL: nav}
		r.TargetURL = script
		dctx, cancel := context.WithTimeout(ctx, 15*time.Second)
		g.decideWait(dctx, r, 0)
		cancel()
		if ctx.Err() != nil {
			// Detached (or stopped) meanwhile: a hold for that reason is
			// no reason to unregister someone's worker.
			return
		}
		if r.Action == "" {
			r.Action = gate.Hold
		}
		if r.Action == gate.Admit {
			if nav == "" {
				continue // nothing asks for it yet
			}
			r.Reason = fmt.Sprintf("service worker update check (scope %s): Chromium may fetch this script again after this navigation, as the browser's own request, which the guard cannot pause; decided before the navigation went on; %s", scope, r.Reason)
			r.TargetStatus.Error = "not seen: the browser's own request"
			g.addRecord(r)
			// The proxy (proxy.go) relays the one check this decision
			// admits and refuses any other.
			g.proxyAdmit(script)
			continue
		}
		// Not admitted: no update check may be made. Unregistered, the
		// registration controls no navigation, and its script is not
		// asked for again.
		g.mu.Lock()
		if reg.gone {
			g.mu.Unlock()
			return
		}
		reg.gone = true
		g.mu.Unlock()
		cctx, cancel := callContext(ctx)
		_, err := cdp.Call(cctx, s, serviceworker.Unregister, serviceworker.UnregisterParams{ScopeURL: scope})
		cancel()
		what := "unregistered"
		if err != nil {
			what = "could not be unregistered (" + err.Error() + ")"
		}
		r.Reason = fmt.Sprintf("service worker update checks refused: Chromium fetches a registered worker's script again on navigations in its scope, as the browser's own request, which the guard cannot pause, so its registration (scope %s) was %s; %s", scope, what, r.Reason)
		r.TargetStatus.Blocked = true
		g.addRecord(r)
		return
	}
}

// addRecord keeps r, within MaxRecords.
func (g *Guard) addRecord(r *Record) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.records) < cmp(g.MaxRecords, DefaultMaxRecords) {
		g.records = append(g.records, r)
	} else {
		g.overflow++
	}
}

func compactStrings(s []string) []string {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}
