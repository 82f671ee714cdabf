package docgen

import "testing"

// Every expression of the package compiles (lazily, so a mistake would
// otherwise surface only when it is first used).
func TestLazyExpressionsCompile(t *testing.T) {
	for _, l := range []*lazyRegexp{safeWord, inlineLink, refLink, htmlLink, htmlID, codeSpan, scheme, synopsisValues, usageValues, parenthesis} {
		if l.get() == nil {
			t.Fatal("no expression")
		}
	}
}
