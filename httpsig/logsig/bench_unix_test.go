//go:build unix

package logsig

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/httpsig"
	"github.com/robotstxt/robotstxt/internal/loggen"
	"github.com/robotstxt/robotstxt/internal/testutil"
	"github.com/robotstxt/robotstxt/logcheck"
	"github.com/robotstxt/robotstxt/logs"
	"github.com/robotstxt/robotstxt/verify"
)

// genChecker is logcheck's BenchmarkPipeline checker: the generator's
// robots.txt, the shipped IP lists.
func genChecker(t testing.TB) *logcheck.Checker {
	ranges, err := verify.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	tl := logcheck.NewTimeline([]logcheck.Version{{N: 1, Label: "robots.txt", Robots: robotstxt.ParseString(loggen.Robots)}})
	return &logcheck.Checker{Timeline: tl, Identify: logcheck.NewIdentifier(nil), Verifier: &verify.Verifier{Ranges: ranges}}
}

// signedBench is the generated log of logcheck's BenchmarkPipeline in the
// combined-signed format: every line gets the Host and the three Web Bot
// Auth fields, one line in ten a real signature made at its logged time
// (ChatGPT-User's user agent, agent https://chatgpt.com), the others "-".
var signedBench = sync.OnceValues(func() (string, httpsig.Keys) {
	log, _ := loggen.Combined(200000, 1)
	key := ed25519.NewKeyFromSeed(make([]byte, 32))
	signer := &httpsig.RequestSigner{Key: httpsig.Signer{Alg: httpsig.Ed25519, Key: key}, Agent: "https://chatgpt.com"}
	j, _ := httpsig.PublicJWK(signer.Key.Public())
	keys := httpsig.Keyring{"https://chatgpt.com" + httpsig.WellKnownPath: httpsig.NewDirectory(j)}
	fm, _ := logs.Named("combined")
	esc := strings.NewReplacer(`"`, `\"`, `\`, `\\`)
	var b strings.Builder
	for i, line := range strings.Split(strings.TrimSuffix(log, "\n"), "\n") {
		b.WriteString(line)
		var r logs.Record
		if i%10 != 0 || fm.Parse(line, &r) != nil {
			b.WriteString(` "site.example" "-" "-" "-"` + "\n")
			continue
		}
		req, _ := http.NewRequest("GET", "https://site.example"+r.Target, nil)
		if err := signer.SignAt(req, r.Time); err != nil {
			panic(err)
		}
		b.WriteString(` "site.example" "` + esc.Replace(req.Header.Get("Signature")) + `" "` + esc.Replace(req.Header.Get("Signature-Input")) + `" "` + esc.Replace(req.Header.Get("Signature-Agent")) + `"` + "\n")
	}
	return b.String(), keys
})

func benchSigned(b *testing.B, format string, keys bool) {
	log, k := signedBench()
	fm, err := logs.Named(format)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(log)))
	b.ResetTimer()
	cpu0 := testutil.CPUTime()
	var signed int
	for range b.N {
		c := genChecker(b)
		if keys {
			c.Signatures = &Checker{Keys: k}
		}
		rd := &logs.Reader[logcheck.Judgement]{Format: fm, Workers: 1, Work: func(r *logs.Record, j *logcheck.Judgement) { c.Judge(context.Background(), r, j) }}
		if _, err := rd.Read(context.Background(), []logs.Input{{Name: "gen", R: strings.NewReader(log)}}, func(r *logs.Record, j *logcheck.Judgement) error { c.Add(r, j); return nil }); err != nil {
			b.Fatal(err)
		}
		signed = 0
		for _, s := range c.Report().Signatures {
			signed += s.Verified
		}
	}
	if keys && signed != 20000 {
		b.Fatalf("%d signatures verified, want 20000", signed)
	}
	b.ReportMetric(float64(200000*b.N)/b.Elapsed().Seconds(), "lines/s")
	b.ReportMetric(float64(200000*b.N)/(testutil.CPUTime()-cpu0).Seconds(), "lines/cpu-s")
}

// BenchmarkPipelineSignaturesOff reads the signed log as plain combined
// (the signature fields are ignored); BenchmarkPipelineSignaturesOn reads
// them and verifies the 20,000 signatures (Ed25519) against the agent's
// directory. Both on one core, as BenchmarkPipeline.
func BenchmarkPipelineSignaturesOff(b *testing.B) { benchSigned(b, "combined", false) }

// BenchmarkPipelineSignaturesOn: see BenchmarkPipelineSignaturesOff.
func BenchmarkPipelineSignaturesOn(b *testing.B) { benchSigned(b, "combined-signed", true) }

// BenchmarkSignedGrepCount runs "grep -c GPTBot" on the same signed
// file, and BenchmarkSignedGoAccess GoAccess (Debian's goaccess, the most
// used log analyser of the command line) with a log format that reads the
// combined part and skips the signature fields, writing its JSON report:
// the floor of a pass over the file, and what a log analyser costs on it.
// Both report lines per CPU-second of the child process, as
// logcheck's BenchmarkGrepCount does; each skips without its program.
func BenchmarkSignedGrepCount(b *testing.B) {
	benchExternal(b, "grep", func(path string) []string { return []string{"-c", "GPTBot", path} })
}

// BenchmarkSignedGoAccess: see BenchmarkSignedGrepCount.
func BenchmarkSignedGoAccess(b *testing.B) {
	var report string
	benchExternal(b, "goaccess", func(path string) []string {
		report = filepath.Join(filepath.Dir(path), "report.json")
		return []string{path, "--log-format", `%h %^[%d:%t %^] "%r" %s %b "%R" "%u" %^`, "--date-format", "%d/%b/%Y",
			"--time-format", "%T", "--no-global-config", "-o", report}
	})
	// GoAccess read every line (a format it misreads gives a report of
	// failed lines, still with exit status 0).
	var doc struct {
		General struct {
			Total  int `json:"total_requests"`
			Failed int `json:"failed_requests"`
		} `json:"general"`
	}
	raw, err := os.ReadFile(report)
	if err == nil {
		err = json.Unmarshal(raw, &doc)
	}
	if err != nil || doc.General.Total != 200000 || doc.General.Failed != 0 {
		b.Fatalf("GoAccess's report: %v, %+v", err, doc.General)
	}
}

func benchExternal(b *testing.B, name string, args func(path string) []string) {
	prog, err := exec.LookPath(name)
	if err != nil {
		b.Skipf("no %s on the PATH", name)
	}
	log, _ := signedBench()
	path := filepath.Join(b.TempDir(), "access.log")
	if err := os.WriteFile(path, []byte(log), 0o644); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(log)))
	b.ResetTimer()
	var cpu time.Duration
	for range b.N {
		cmd := exec.Command(prog, args(path)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("%s: %v\n%s", name, err, out)
		}
		cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	b.ReportMetric(float64(200000*b.N)/b.Elapsed().Seconds(), "lines/s")
	b.ReportMetric(float64(200000*b.N)/cpu.Seconds(), "lines/cpu-s")
}
