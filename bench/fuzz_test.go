package bench

import (
	"strings"
	"testing"
)

// FuzzReference checks, for any file and path, that our library answers as
// the naive reference model does, and that the comparison harness (both
// libraries, the cause finder) never panics.
func FuzzReference(f *testing.F) {
	mixed, paths := RulesFile(Mixed, FewRules)
	f.Add(plainFile, "/private/public/x", uint8(0))
	f.Add(HostileFile, HostilePaths(40)[1], uint8(0))
	f.Add(mixed, paths[0], uint8(1))
	f.Add("User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /x$\nAllow: /x*$\n", "/x", uint8(2))
	f.Add("User-agent: *\nDisallow: /%7e*%2A$\nAllow: /caf\u00e9/*/index.html\n", "/~a*", uint8(0))
	f.Fuzz(func(t *testing.T, text, path string, pick uint8) {
		if len(text) > 1<<12 || len(path) > 1<<10 {
			return
		}
		if !strings.HasPrefix(path, "/") {
			path = "/" + path
		}
		c, _ := newFileComparer(File{"fuzz.txt", []byte(text)})
		if c == nil {
			return // temoto refuses the file; nothing to compare
		}
		agents := fileAgents(c.r)
		agent := agents[int(pick)%len(agents)]
		ours, tem, cause, refOK := c.compare(agent, path)
		if !refOK {
			t.Errorf("agent %q path %q in %q: ours %v, the reference model disagrees", agent, path, text, ours)
		}
		if (cause == "") != (ours == tem) {
			t.Errorf("agent %q path %q: ours %v, temoto %v, cause %q", agent, path, ours, tem, cause)
		}
	})
}
