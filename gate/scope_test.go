package gate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const scopeYAML = `# What the team has approved for collection.
approved:
  - https://example.com/              # the whole origin
  - https://docs.example.com/guides/
  - https://*.example.org/
  - http://localhost:8080/api/
denied:
  - https://example.com/account/
  - https://example.com/guides        # same length as nothing approved
`

const scopeJSON = `{"approved": ["https://example.com/", "https://docs.example.com/guides/", "https://*.example.org/", "http://localhost:8080/api/"],
 "denied": ["https://example.com/account/", "https://example.com/guides"]}`

func TestScopeDecide(t *testing.T) {
	tests := []struct {
		url   string
		want  CollectionDecision
		entry string
	}{
		{"https://example.com/", Approved, "https://example.com/"},
		{"https://example.com/blog/post?x=1", Approved, "https://example.com/"},
		{"https://EXAMPLE.com:443/blog", Approved, "https://example.com/"},
		{"https://example.com/account/settings", Denied, "https://example.com/account/"},
		{"https://example.com/account", Approved, "https://example.com/"}, // "/account" is not under "/account/"
		{"https://example.com/guides/x", Denied, "https://example.com/guides"},
		{"http://example.com/", Unresolved, ""},       // another scheme is another origin
		{"https://example.com:8443/", Unresolved, ""}, // another port too
		{"https://www.example.com/", Unresolved, ""},  // and another host
		{"https://docs.example.com/guides/intro", Approved, "https://docs.example.com/guides/"},
		{"https://docs.example.com/blog", Unresolved, ""},
		{"https://a.example.org/x", Approved, "https://*.example.org/"},
		{"https://a.b.example.org/x", Approved, "https://*.example.org/"},
		{"https://example.org/x", Unresolved, ""},
		{"https://badexample.org/x", Unresolved, ""},
		{"http://localhost:8080/api/v1", Approved, "http://localhost:8080/api/"},
		{"http://localhost:8080/API/v1", Unresolved, ""}, // paths are case-sensitive
		{"http://localhost:8080/api%2Fv1", Unresolved, ""},
		{"not a url", Unresolved, ""},
	}
	for _, format := range []struct{ name, data string }{{"yaml", scopeYAML}, {"json", scopeJSON}, {"", scopeYAML}, {"", scopeJSON}} {
		s, err := ParseScope([]byte(format.data), format.name)
		if err != nil {
			t.Fatalf("ParseScope(%s): %v", format.name, err)
		}
		for _, tt := range tests {
			got, entry := s.Decide(tt.url)
			if got != tt.want || strings.TrimSpace(entry) != tt.entry {
				t.Errorf("[%s] Decide(%q) = %s by %q, want %s by %q", format.name, tt.url, got, entry, tt.want, tt.entry)
			}
		}
	}
	var nilScope *Scope
	if d, _ := nilScope.Decide("https://example.com/"); d != Unresolved {
		t.Errorf("nil scope: %s", d)
	}
}

func TestScopeAll(t *testing.T) {
	s, err := ParseScope([]byte("approved: ['*']\ndenied: ['https://example.com/private/']\n"), "yaml")
	if err != nil {
		t.Fatal(err)
	}
	for u, want := range map[string]CollectionDecision{
		"https://anything.test/x":         Approved,
		"http://127.0.0.1:9/":             Approved,
		"https://example.com/private/one": Denied,
	} {
		if got, _ := s.Decide(u); got != want {
			t.Errorf("Decide(%q) = %s, want %s", u, got, want)
		}
	}
	// A tie between an approved and a denied entry: denied wins.
	s, _ = ParseScope([]byte(`{"approved":["*"],"denied":["*"]}`), "")
	if got, _ := s.Decide("https://example.com/"); got != Denied {
		t.Errorf("tie: %s", got)
	}
}

func TestScopeErrors(t *testing.T) {
	tests := []struct {
		format, data, err string
	}{
		{"yaml", "approved: [ftp://example.com/]", `approved[0] "ftp://example.com/": scheme "ftp" is not http or https`},
		{"yaml", "denied: [/just/a/path]", `denied[0] "/just/a/path": not an absolute URL`},
		{"yaml", "approved: [https://user@example.com/]", "user information"},
		{"yaml", "approved: [https://example.com/#top]", "fragment"},
		{"yaml", "aproved: [https://example.com/]", "field aproved not found"},
		{"yaml", "approved: https://example.com/", "cannot unmarshal"},
		{"yaml", "", "no entries"},
		{"yaml", "approved: []", "no entries"},
		{"json", `{"approved": ["https://example.com/"], "extra": 1}`, `unknown field "extra"`},
		{"json", `{"approved": ["https://example.com/"]} {}`, "data after the object"},
		{"json", `{"approved": [`, "JSON"},
		{"", `{"approved": 5}`, "JSON"},
		{"", "approved:\n  - [nested]", "YAML"},
	}
	for _, tt := range tests {
		_, err := ParseScope([]byte(tt.data), tt.format)
		if err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("ParseScope(%q, %q) = %v, want an error with %q", tt.data, tt.format, err, tt.err)
		}
	}
}

func TestLoadScope(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{"scope.yaml": scopeYAML, "scope.yml": scopeYAML, "scope.json": scopeJSON, "scope": scopeJSON} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := LoadScope(p)
		if err != nil {
			t.Errorf("LoadScope(%s): %v", name, err)
			continue
		}
		if d, _ := s.Decide("https://example.com/account/x"); d != Denied {
			t.Errorf("%s: %s", name, d)
		}
	}
	// JSON content under a .yaml name still parses (YAML reads JSON), but a
	// YAML file named .json is reported as JSON.
	p := filepath.Join(dir, "wrong.json")
	os.WriteFile(p, []byte(scopeYAML), 0o644)
	if _, err := LoadScope(p); err == nil || !strings.Contains(err.Error(), "wrong.json") {
		t.Errorf("YAML in a .json file: %v", err)
	}
	if _, err := LoadScope(filepath.Join(dir, "missing.yaml")); err == nil {
		t.Error("missing file loaded")
	}
}

func FuzzParseScope(f *testing.F) {
	f.Add([]byte(scopeYAML), "yaml")
	f.Add([]byte(scopeJSON), "json")
	f.Add([]byte(scopeJSON), "")
	f.Add([]byte("approved: ['*']"), "")
	f.Add([]byte("approved: [https://*.x/]\ndenied: [http://[::1]:80/a]"), "yml")
	f.Fuzz(func(t *testing.T, data []byte, format string) {
		s, err := ParseScope(data, format)
		if err != nil {
			if s != nil {
				t.Fatal("scope and error")
			}
			return
		}
		// Any URL gets one of the three answers, and an entry when decided.
		for _, u := range []string{"https://example.com/", "http://[::1]/a", "https://a.x/b?c", "x"} {
			d, entry := s.Decide(u)
			switch d {
			case Unresolved:
				if entry != "" {
					t.Fatalf("unresolved by %q", entry)
				}
			case Approved, Denied:
				if entry == "" {
					t.Fatal("decided by no entry")
				}
			default:
				t.Fatalf("decision %q", d)
			}
		}
	})
}
