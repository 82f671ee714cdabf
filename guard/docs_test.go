package guard_test

import (
	"os"
	"strings"
	"testing"
)

// TestDocsSnippet: the Go program of docs/browse.md ("From Go") is
// ExampleGuard's body, which the suite compiles: the snippet is complete
// and builds.
func TestDocsSnippet(t *testing.T) {
	doc, err := os.ReadFile("../docs/browse.md")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	body := func(s, start string) string {
		i := strings.Index(s, start)
		if i < 0 {
			t.Fatalf("%q not found", start)
		}
		s = s[i+len(start):]
		j := strings.Index(s, "\n}\n")
		if j < 0 {
			t.Fatalf("no end after %q", start)
		}
		return s[:j]
	}
	section := string(doc)
	if i := strings.Index(section, "## From Go\n"); i >= 0 {
		section = section[i:]
	} else {
		t.Fatal(`docs/browse.md has no "## From Go" section`)
	}
	got, want := body(section, "func main() {\n"), body(string(src), "func ExampleGuard() {\n")
	if got != want {
		t.Errorf("docs/browse.md's program differs from ExampleGuard:\n--- docs\n%s\n--- example\n%s", got, want)
	}
	for _, imp := range []string{`"github.com/robotstxt/robotstxt/gate"`, `"github.com/robotstxt/robotstxt/guard"`, `"github.com/robotstxt/robotstxt/netguard"`, `"fmt"`, `"log"`, `"context"`} {
		if !strings.Contains(section[:strings.Index(section, "func main()")], imp) {
			t.Errorf("the snippet does not import %s", imp)
		}
	}
}
