//go:build unix

package logcheck

import (
	"context"
	"crypto/ed25519"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/robotstxt/robotstxt/httpsig"
	"github.com/robotstxt/robotstxt/internal/loggen"
	"github.com/robotstxt/robotstxt/logs"
)

// signedBench is the generated log of BenchmarkPipeline in the
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
	cpu0 := cpuTime()
	var signed int
	for range b.N {
		c := newGenChecker(b)
		if keys {
			c.Keys = k
		}
		rd := &logs.Reader[Judgement]{Format: fm, Workers: 1, Work: func(r *logs.Record, j *Judgement) { c.Judge(context.Background(), r, j) }}
		if _, err := rd.Read(context.Background(), []logs.Input{{Name: "gen", R: strings.NewReader(log)}}, func(r *logs.Record, j *Judgement) error { c.Add(r, j); return nil }); err != nil {
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
	b.ReportMetric(float64(200000*b.N)/(cpuTime()-cpu0).Seconds(), "lines/cpu-s")
}

// BenchmarkPipelineSignaturesOff reads the signed log as plain combined
// (the signature fields are ignored); BenchmarkPipelineSignaturesOn reads
// them and verifies the 20,000 signatures (Ed25519) against the agent's
// directory. Both on one core, as BenchmarkPipeline.
func BenchmarkPipelineSignaturesOff(b *testing.B) { benchSigned(b, "combined", false) }

// BenchmarkPipelineSignaturesOn: see BenchmarkPipelineSignaturesOff.
func BenchmarkPipelineSignaturesOn(b *testing.B) { benchSigned(b, "combined-signed", true) }
