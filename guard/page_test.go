package guard_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/guard"
	"github.com/robotstxt/robotstxt/netguard"
)

// TestLoadPage: pages loaded one after the other in one guarded tab each
// get their own records (those made while each loaded), their navigation
// (redirects and client-side redirects included) and whether they loaded;
// with a Guard given no scope and no client, as browse without --scope.
func TestLoadPage(t *testing.T) {
	ctx := browser(t)
	a := newOrigin(t, "127.0.0.1", map[string]http.HandlerFunc{
		"/robots.txt":      text("text/plain", "User-agent: *\nDisallow: /private/\n"),
		"/one.html":        text("text/html", `<link rel="icon" href="data:,"><img src="/one.png">`),
		"/one.png":         text("image/png", ""),
		"/two.html":        text("text/html", `<link rel="icon" href="data:,"><img src="/two.png"><img src="/private/two.png">`),
		"/two.png":         text("image/png", ""),
		"/go":              redirect("/one.html"),
		"/private/page":    text("text/html", "secret"),
		"/replace.html":    text("text/html", `<link rel="icon" href="data:,"><script>location.replace('/private/page')</script>`),
		"/private/two.png": text("image/png", ""),
	})
	// The least a program gives: no scope (robots.txt alone decides, as
	// browse without --scope), no client, private addresses allowed in
	// one place.
	g := &guard.Guard{Gate: &gate.Gate{Agent: "ExampleBot"}, Net: &netguard.Policy{AllowPrivate: true}}
	if err := g.Attach(ctx); err != nil {
		t.Fatal(err)
	}
	defer g.Detach(ctx)
	tests := []struct {
		path   string
		wait   guard.Wait
		loaded bool
		nav    []string // the navigation's records: action, path, status
		others []string // the other records
	}{
		{"/one.html", guard.WaitNetworkIdle, true, []string{"admit /one.html 200"}, []string{"admit image /one.png 200"}},
		{"/two.html", guard.WaitNetworkIdle, true, []string{"admit /two.html 200"}, []string{"admit image /two.png 200", "drop image /private/two.png blocked"}},
		{"/go", guard.WaitNetworkIdle, true, []string{"admit /go 302", "admit /one.html 200"}, []string{"admit image /one.png 200"}},
		{"/private/page", guard.WaitLoad, false, []string{"drop /private/page blocked"}, nil},
		{"/replace.html", guard.WaitNetworkIdle, false, []string{"admit /replace.html 200", "drop /private/page blocked"}, nil},
	}
	for _, tt := range tests {
		p, err := g.LoadPage(ctx, a.URL+tt.path, tt.wait)
		if err != nil {
			t.Fatalf("%s: %v", tt.path, err)
		}
		var nav, others []string
		for _, r := range p.Navigation {
			nav = append(nav, strings.Join([]string{string(r.Action), strings.TrimPrefix(r.TargetURL, a.URL), r.TargetStatus.String()}, " "))
		}
		for _, r := range p.Records {
			if r.ResourceType != guard.TypeDocument {
				others = append(others, strings.Join([]string{string(r.Action), r.ResourceType, strings.TrimPrefix(r.TargetURL, a.URL), r.TargetStatus.String()}, " "))
			}
		}
		if strings.Join(nav, "; ") != strings.Join(tt.nav, "; ") || strings.Join(others, "; ") != strings.Join(tt.others, "; ") {
			t.Errorf("%s: navigation %q, records %q; want %q and %q", tt.path, nav, others, tt.nav, tt.others)
		}
		if p.Loaded() != tt.loaded {
			t.Errorf("%s: Loaded() = %v, want %v (failed %q)", tt.path, p.Loaded(), tt.loaded, p.Failed)
		}
		if f := p.Final(); f == nil || (tt.loaded && f.Action != gate.Admit) {
			t.Errorf("%s: Final() = %+v", tt.path, f)
		}
	}
}
