package pagetesting

import (
	"context"
	"testing"

	"github.com/chromedp/chromedp"
)

// Views are the page's views as its state (web/static/assets/state.js)
// marks them: the element that carries data-version, and the one that
// carries aria-busy.
var Views = []struct{ ID, BusyID string }{
	{"verdict", "verdict"},
	{"matrix-body", "matrix-body"},
	{"audit-body", "audit-body"},
	{"structure-body", "structure"},
	{"many-body", "many"},
	{"compare-body", "compare"},
	{"logs-body", "logs"},
	{"sitemaps-body", "sitemaps"},
}

// viewsJS is Views as a JavaScript array of [id, busy id].
func viewsJS() string {
	s := "["
	for i, v := range Views {
		if i > 0 {
			s += ","
		}
		s += `["` + v.ID + `","` + v.BusyID + `"]`
	}
	return s + "]"
}

// CurrentJS is a JavaScript expression that holds when every view shows
// the state now (none is aria-busy, each carries the state's version) and
// the bands and the gutter's markers are of that version too.
func CurrentJS() string {
	return `(() => {
		const v = document.documentElement.dataset.version;
		if (document.getElementById("bands").dataset.version !== v) return false;
		const gutter = document.getElementById("gutter");
		if (gutter.getAttribute("aria-busy") === "true" || gutter.dataset.version !== v) return false;
		return ` + viewsJS() + `.every(([id, busy]) => document.getElementById(busy).getAttribute("aria-busy") !== "true" && document.getElementById(id).dataset.version === v);
	})()`
}

// WatchVersions makes the page record, after every task that changed it
// (a MutationObserver), each view that is not aria-busy and yet shows
// another version of the state than <html data-version>, highlight bands
// or gutter markers of another version, and a verdict whose crawler and URL are not those
// of the fields while it is not busy. VersionsSeen returns what was
// recorded.
func WatchVersions(t *testing.T, ctx context.Context) {
	t.Helper()
	Do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => {
		window.versionBreaks = [];
		window.versionBusy = 0;
		const $ = (id) => document.getElementById(id);
		const views = `+viewsJS()+`;
		const look = () => {
			const now = document.documentElement.dataset.version;
			for (const [id, busyId] of views) {
				const v = $(id);
				if ($(busyId).getAttribute("aria-busy") === "true") {
					window.versionBusy++;
					continue;
				}
				if (v.dataset.version !== now) window.versionBreaks.push(id + " shows version " + v.dataset.version + " at version " + now);
			}
			if ($("bands").dataset.version !== now) window.versionBreaks.push("bands of version " + $("bands").dataset.version + " at version " + now);
			const gutter = $("gutter");
			if (gutter.getAttribute("aria-busy") === "true") window.versionBusy++;
			else if (gutter.dataset.version !== now) window.versionBreaks.push("gutter markers of version " + gutter.dataset.version + " at version " + now);
			const box = $("verdict");
			const subject = box.querySelector(".verdict-subject");
			if (subject && box.getAttribute("aria-busy") !== "true") {
				const want = $("agent").value.trim() + " → " + ($("url").value.trim() || '""');
				if (subject.textContent !== want) window.versionBreaks.push("verdict about " + subject.textContent + " shown for " + want);
			}
		};
		new MutationObserver(look).observe(document.documentElement, {subtree: true, childList: true, characterData: true,
			attributes: true, attributeFilter: ["data-version", "aria-busy", "class"]});
	})()`))
}

// VersionsSeen returns what WatchVersions recorded: the views shown as
// current while about another version (none, when the page is right), and
// how many times a busy view was seen.
func VersionsSeen(t *testing.T, ctx context.Context) ([]string, int) {
	t.Helper()
	return Eval[[]string](t, ctx, `window.versionBreaks`), Eval[int](t, ctx, `window.versionBusy`)
}
