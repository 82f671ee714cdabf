package lint

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/diff"
	"github.com/robotstxt/robotstxt/internal/testutil"
)

// TestFixCorpusOtherParsers proves the fixes --fix applies (the safe ones)
// on every corpus file up to MaxFixBytes under two parsers that read
// robots.txt otherwise than Google: Python's urllib.robotparser (first
// match wins, no percent-encoding normalised, misspelt fields skipped) and
// Protego (Scrapy's). No URL that one of them disallowed before the fixes
// may be allowed after them, for the crawlers the file names and one it
// does not, over the diff engine's probe URLs. (checkFixed holds the same
// fixes to Google's reading, where no verdict may change at all.)
func TestFixCorpusOtherParsers(t *testing.T) {
	if testing.Short() {
		t.Skip("the corpus proof under urllib and Protego is not run with -short")
	}
	python := pythonWithProtego(t)
	files := testutil.Corpus(t, "../../shared/corpus/robots")
	type fixCase struct {
		Name     string   `json:"name"`
		Old, New string   // the texts before and after the fixes
		Agents   []string `json:"agents"`
		URLs     []string `json:"urls"`
	}
	var cases []fixCase
	fixes := 0
	for _, f := range files {
		if len(f.Data) > MaxFixBytes {
			continue
		}
		in := string(f.Data)
		r := Fix(in, nil)
		if len(r.Applied) == 0 {
			continue
		}
		fixes += len(r.Applied)
		ro, rn := robotstxt.ParseOptions(in, nil), robotstxt.ParseOptions(r.Text, nil)
		urls, _ := diff.Probes(ro, rn)
		if len(urls) > 400 {
			urls = urls[:400]
		}
		agents := []string{"ExampleBot"}
		for _, a := range diff.DefaultAgents(ro, rn) {
			if len(agents) == 12 {
				break
			}
			if strings.Contains(in, a) || strings.Contains(r.Text, a) {
				agents = append(agents, a)
			}
		}
		cases = append(cases, fixCase{Name: f.Name, Old: in, New: r.Text, Agents: agents, URLs: urls})
	}
	if len(cases) < 50 {
		t.Fatalf("only %d corpus files have a safe fix; the proof needs the corpus's usual hundred", len(cases))
	}
	data, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(python, "-c", pythonOpenings)
	cmd.Stdin = bytes.NewReader(data)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v\n%s", err, stderr.String())
	}
	var res struct {
		Checked  int      `json:"checked"`
		Openings []string `json:"openings"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("python3 output %q: %v", out, err)
	}
	for i, o := range res.Openings {
		if i == 20 {
			t.Errorf("... and %d more", len(res.Openings)-20)
			break
		}
		t.Errorf("a safe fix opens: %s", o)
	}
	if res.Checked < 10000 {
		t.Errorf("checked %d verdicts, want the corpus's tens of thousands", res.Checked)
	}
	t.Logf("%d safe fixes in %d files: %d verdicts of urllib.robotparser and Protego compared, %d opened", fixes, len(cases), res.Checked, len(res.Openings))
	// docs/auditing.md quotes the figure; -update rewrites it.
	want := fmt.Sprintf("%d safe fixes in %d files, %d verdicts compared, %d opened", fixes, len(cases), res.Checked, len(res.Openings))
	checkCount(t, "../docs/auditing.md", "fix-parsers", want)
}

// pythonWithProtego is Debian's python3 with python3-protego, which CI
// installs; without it the test skips, except under CI=true.
func pythonWithProtego(t *testing.T) string {
	t.Helper()
	python := "/usr/bin/python3"
	if _, err := os.Stat(python); err != nil {
		if python, err = exec.LookPath("python3"); err != nil {
			python = ""
		}
	}
	if python != "" && exec.Command(python, "-c", "import protego").Run() == nil {
		return python
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("python3 with Protego is not installed: CI must install python3 and python3-protego")
	}
	t.Skip("python3 with Protego is not installed; skipping the proof under urllib.robotparser and Protego")
	return ""
}

// pythonOpenings reads the fix cases on standard input and prints each
// verdict that goes from disallowed to allowed under urllib.robotparser or
// Protego, with how many verdicts it compared.
const pythonOpenings = `
import json, sys, urllib.robotparser, protego
checked, openings = 0, []
for c in json.load(sys.stdin):
    ro = urllib.robotparser.RobotFileParser(); ro.parse(c["Old"].splitlines())
    rn = urllib.robotparser.RobotFileParser(); rn.parse(c["New"].splitlines())
    po, pn = protego.Protego.parse(c["Old"]), protego.Protego.parse(c["New"])
    for a in c["agents"]:
        for u in c["urls"]:
            for name, o, n in (("urllib", ro.can_fetch(a, u), rn.can_fetch(a, u)),
                               ("protego", po.can_fetch(u, a), pn.can_fetch(u, a))):
                checked += 1
                if n and not o:
                    openings.append("%s: %s %s %s: disallowed -> allowed" % (c["name"], name, a, u))
json.dump({"checked": checked, "openings": openings}, sys.stdout)
`
