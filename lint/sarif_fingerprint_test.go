package lint

import (
	"bytes"
	"encoding/json"
	"testing"
)

const formatSample = "User-agent: *\nDisallow: admin/\nDisallow: /a#b\nDisallow: /x\nDisallow: /x\n"

// TestSARIFPartialFingerprints: with the source, each SARIF result carries
// the fingerprint --json gives the same finding.
func TestSARIFPartialFingerprints(t *testing.T) {
	fs := Lint(formatSample, nil)
	var b bytes.Buffer
	if err := WriteSARIFFiles(&b, []FileFindings{{Name: "robots.txt", Findings: fs, Source: formatSample}}, SARIFOptions{}); err != nil {
		t.Fatal(err)
	}
	var log sarifLog
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	doc := NewJSONDoc("robots.txt", formatSample, fs)
	res := log.Runs[0].Results
	if len(res) != len(doc.Findings) {
		t.Fatalf("%d results, %d findings", len(res), len(doc.Findings))
	}
	for i, r := range res {
		if got := r.PartialFingerprints[sarifFingerprintKey]; got == "" || got != doc.Findings[i].Fingerprint {
			t.Errorf("result %d (%s): fingerprint %q, --json says %q", i, r.RuleID, got, doc.Findings[i].Fingerprint)
		}
	}
}
