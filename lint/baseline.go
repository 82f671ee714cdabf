package lint

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// MaxBaselineBytes bounds the size of a baseline file.
const MaxBaselineBytes = 64 << 20

// Baseline holds the findings of a saved JSONReport ("robotstxt lint
// --json > baseline.json"), so that a run reports only what is new. A
// saved finding matches a finding of the same file (as named in the
// report), the same check and a line of the same content (Fingerprint):
// lines added or removed above it do not break the match. Each saved
// finding covers one finding: when a file has three identical lines with
// the same finding and the baseline two, the third is new.
type Baseline struct {
	left map[baselineKey]int
}

type baselineKey struct{ file, fingerprint string }

// ReadBaseline reads a JSONReport. It fails on anything else, and on a
// report larger than MaxBaselineBytes.
func ReadBaseline(r io.Reader) (*Baseline, error) {
	body, err := io.ReadAll(io.LimitReader(r, MaxBaselineBytes+1))
	if err != nil {
		return nil, fmt.Errorf("baseline: %w", err)
	}
	if len(body) > MaxBaselineBytes {
		return nil, fmt.Errorf("baseline: larger than %d bytes", MaxBaselineBytes)
	}
	var rep struct {
		Files *[]struct {
			File     string `json:"file"`
			Findings []struct {
				ID          string `json:"id"`
				Fingerprint string `json:"fingerprint"`
			} `json:"findings"`
		} `json:"files"`
	}
	if err := json.Unmarshal(body, &rep); err != nil {
		return nil, fmt.Errorf("baseline: not the JSON of \"robotstxt lint --json\": %v", err)
	}
	if rep.Files == nil {
		return nil, errors.New(`baseline: not the JSON of "robotstxt lint --json": no "files"`)
	}
	b := &Baseline{left: map[baselineKey]int{}}
	for _, f := range *rep.Files {
		for _, x := range f.Findings {
			if x.Fingerprint == "" {
				return nil, fmt.Errorf("baseline: %s: a finding (%s) without a fingerprint; write the baseline again with \"robotstxt lint --json\"", f.File, x.ID)
			}
			b.left[baselineKey{f.File, x.Fingerprint}]++
		}
	}
	return b, nil
}

// Len is how many saved findings the baseline still holds unmatched.
func (b *Baseline) Len() int {
	n := 0
	for _, c := range b.left {
		n += c
	}
	return n
}

// Filter drops the findings of file that the baseline holds, each saved
// finding matching once, and returns the rest in order (reusing the
// slice). source is the file's text, for the fingerprints.
func (b *Baseline) Filter(file, source string, findings []Finding) []Finding {
	if b == nil || len(findings) == 0 {
		return findings
	}
	fp := newFingerprinter(source, findings)
	out := findings[:0]
	for _, f := range findings {
		k := baselineKey{file, fp.of(f)}
		if b.left[k] > 0 {
			b.left[k]--
			continue
		}
		out = append(out, f)
	}
	return out
}
