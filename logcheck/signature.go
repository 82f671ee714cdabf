package logcheck

import (
	"fmt"
	"sort"
	"strings"

	"github.com/robotstxt/robotstxt/internal/textsafe"
	"github.com/robotstxt/robotstxt/logs"
	"github.com/robotstxt/robotstxt/verify"
)

// SignatureRow counts the Web Bot Auth signed requests of one signature
// agent (the Signature-Agent URL; "(none)" when the request names none,
// "(unreadable)" when the field does not parse). Requests = Verified +
// Spoofed + Unverifiable. Reasons counts the spoofed and unverifiable
// ones by reason.
type SignatureRow struct {
	Agent        string         `json:"agent"`
	Operator     string         `json:"operator,omitempty"`
	Requests     int            `json:"requests"`
	Verified     int            `json:"verified"`
	Spoofed      int            `json:"spoofed"`
	Unverifiable int            `json:"unverifiable"`
	Reasons      map[string]int `json:"reasons,omitempty"`
}

// The reasons of a SignatureRow.
const (
	SigBadSignature = "bad-signature"    // does not verify with the agent's key
	SigExpired      = "expired"          // expired before the request's time
	SigNotYetValid  = "created-later"    // created after the request's time
	SigUnknownKey   = "unknown-key"      // not in the agent's directory of the day
	SigMalformed    = "malformed"        // Signature-Input or Signature does not parse
	SigRules        = "broken-rules"     // coverage or parameters the draft requires missing, HMAC
	SigBadAgent     = "bad-agent"        // Signature-Agent unreadable or not https
	SigNoAgent      = "no-agent"         // no Signature-Agent: no key by keyid alone
	SigNoDirectory  = "no-key-directory" // no saved directory for the agent (--key-dirs)
	SigNoHost       = "no-host"          // the log does not record the Host the signature covers
	SigNotLogged    = "field-not-logged" // the signature covers a header field the log does not record
	SigUnsupported  = "unsupported"      // a covered component the verifier does not implement
)

// SignatureVerdict is what a SignatureChecker finds of one logged
// request: whether it carries a Web Bot Auth signature, the verdict
// (verified, spoofed or unverifiable), the signature agent's URL ("(none)"
// or "(unreadable)" when it names none that reads) and, when not
// verified, the reason (a Sig constant).
type SignatureVerdict struct {
	Signed bool
	Status verify.Status
	Agent  string
	Reason string
}

// SignatureChecker verifies the Web Bot Auth signatures of logged
// requests, each at its own time. Package httpsig/logsig implements it;
// it is kept out of logcheck so that the web page, which runs logcheck as
// WebAssembly, does not carry the signature crypto.
type SignatureChecker interface {
	CheckSignature(r *logs.Record) SignatureVerdict
}

type sigJudgement = SignatureVerdict

// identityBySignature is the crawler's identity a signature decides: a
// verified signature of an agent its operator documents verifies it, a
// bad signature spoofs it; otherwise (no signature, another operator's
// agent, no directory) ok is false and the lists and DNS decide.
func identityBySignature(s sigJudgement, operator string) (v verify.Verdict, ok bool) {
	switch {
	case s.Status == verify.Verified && operator != "" && verify.SignatureAgentOperator(s.Agent) == operator:
		return verify.Verdict{Status: verify.Verified, Method: "signature", Name: s.Agent}, true
	case s.Status == verify.Spoofed:
		return verify.Verdict{Status: verify.Spoofed, Method: "signature"}, true
	}
	return verify.Verdict{}, false
}

// addSignature counts a signed request.
func (c *Checker) addSignature(s sigJudgement) {
	if c.sigRows == nil {
		c.sigRows = map[string]*SignatureRow{}
	}
	row := c.sigRows[s.Agent]
	if row == nil {
		row = &SignatureRow{Agent: s.Agent, Operator: verify.SignatureAgentOperator(s.Agent)}
		c.sigRows[s.Agent] = row
	}
	row.Requests++
	switch s.Status {
	case verify.Verified:
		row.Verified++
		return
	case verify.Spoofed:
		row.Spoofed++
	default:
		row.Unverifiable++
	}
	if row.Reasons == nil {
		row.Reasons = map[string]int{}
	}
	row.Reasons[s.Reason]++
}

func (c *Checker) signatureRows() []SignatureRow {
	out := make([]SignatureRow, 0, len(c.sigRows))
	for _, r := range c.sigRows {
		out = append(out, *r)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Requests != out[j].Requests {
			return out[i].Requests > out[j].Requests
		}
		return out[i].Agent < out[j].Agent
	})
	if len(out) == 0 {
		return nil
	}
	return out
}

// writeSignatures writes the Web Bot Auth section: each agent's signed
// requests, and how each crawler's verified requests were verified.
func (rep *Report) writeSignatures(b *strings.Builder) {
	if len(rep.Signatures) == 0 {
		return
	}
	esc := textsafe.Escape
	fmt.Fprintf(b, "\n%-40s %-10s %8s %8s %8s %8s\n", "SIGNATURE AGENT (WEB BOT AUTH)", "OPERATOR", "REQUESTS", "VERIFIED", "SPOOFED", "UNVERIF")
	for _, s := range rep.Signatures {
		fmt.Fprintf(b, "%-40s %-10s %8d %8d %8d %8d\n", esc(s.Agent), esc(dashIf(s.Operator)), s.Requests, s.Verified, s.Spoofed, s.Unverifiable)
	}
	for _, s := range rep.Signatures {
		if len(s.Reasons) == 0 {
			continue
		}
		keys := make([]string, 0, len(s.Reasons))
		for k := range s.Reasons {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = fmt.Sprintf("%d %s", s.Reasons[k], k)
		}
		fmt.Fprintf(b, "  %s: %s\n", esc(s.Agent), strings.Join(parts, ", "))
	}
	b.WriteString("\n")
	for _, r := range rep.Crawlers {
		if r.Verified == 0 {
			continue
		}
		var parts []string
		for _, m := range []struct{ key, text string }{{"signature", "signature"}, {"ip-list", "IP list"}, {"dns", "reverse DNS"}} {
			if n := r.VerifiedBy[m.key]; n > 0 {
				parts = append(parts, fmt.Sprintf("%d by %s", n, m.text))
			}
		}
		fmt.Fprintf(b, "%s verified: %s\n", esc(r.Token), strings.Join(parts, ", "))
	}
}
