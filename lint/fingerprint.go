package lint

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// Fingerprint identifies a finding across edits of the file: a hash of the
// check's ID and the content of its line, spaces at either end dropped (a
// finding about the whole file has the empty line). Two findings of one
// check on lines that read the same share it; a baseline counts them.
func Fingerprint(id, line string) string {
	h := sha256.New()
	h.Write([]byte(id))
	h.Write([]byte{0})
	h.Write([]byte(strings.TrimSpace(line)))
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// fingerprinter cuts the lines findings point at from the source once.
type fingerprinter struct{ lines []string }

func newFingerprinter(source string, findings []Finding) fingerprinter {
	last := 0
	for _, f := range findings {
		last = max(last, f.Line)
	}
	return fingerprinter{lines: sourceLinesUpTo(source, last)}
}

func (p fingerprinter) of(f Finding) string {
	line := ""
	if f.Line > 0 && f.Line <= len(p.lines) {
		line = p.lines[f.Line-1]
	}
	return Fingerprint(f.ID, line)
}
