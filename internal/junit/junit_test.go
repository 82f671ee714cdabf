package junit

import (
	"bytes"
	"encoding/xml"
	"strings"
	"testing"
)

// TestWrite: the counts add up per suite and in all, every text comes out
// as XML 1.0 can carry it (control characters dropped, markup escaped),
// and the document parses back.
func TestWrite(t *testing.T) {
	var s Suites
	s.Name = "robotstxt \x00lint"
	s.Add(Suite{Name: "a.txt", Cases: []Case{{Name: "ok"}, {Name: "bad \x1b[31m<x>", Failure: &Failure{Message: `"quoted" & <tag>`, Text: "line\nbreak\x07"}}}})
	s.Add(Suite{Name: "b.txt", Cases: []Case{{Name: "fine"}}})
	if s.Tests != 3 || s.Failures != 1 || s.Suites[0].Tests != 2 || s.Suites[0].Failures != 1 || s.Suites[1].Failures != 0 {
		t.Fatalf("counts: %+v", s)
	}
	var b bytes.Buffer
	if err := s.Write(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.HasPrefix(out, xml.Header) || strings.ContainsAny(out, "\x00\x1b\x07") {
		t.Errorf("not safe XML:\n%q", out)
	}
	var back Suites
	if err := xml.Unmarshal(b.Bytes(), &back); err != nil {
		t.Fatalf("does not parse back: %v\n%s", err, out)
	}
	if back.Name != "robotstxt lint" || back.Suites[0].Cases[1].Failure.Message != `"quoted" & <tag>` || back.Suites[0].Cases[1].Name != "bad [31m<x>" {
		t.Errorf("read back: %+v", back.Suites[0].Cases[1])
	}
	if s.Name != "robotstxt \x00lint" {
		t.Error("Write changed the report it was given")
	}
}
