//go:build unix

package logsig

import (
	"context"
	"crypto/ed25519"
	"net/http"
	"strings"
	"sync"
	"testing"

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
