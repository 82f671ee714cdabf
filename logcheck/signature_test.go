package logcheck

import (
	"context"
	"crypto/ed25519"
	"net/http"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/httpsig"
	"github.com/robotstxt/robotstxt/logs"
	"github.com/robotstxt/robotstxt/verify"
)

// signedRecord is a logged GET of target on site.example at when, with
// user agent ua, signed for agent by key.
func signedRecord(t *testing.T, key ed25519.PrivateKey, agent string, signedAt, when time.Time, addr, ua string) logs.Record {
	t.Helper()
	req, _ := http.NewRequest("GET", "https://site.example/page", nil)
	s := &httpsig.RequestSigner{Key: httpsig.Signer{Alg: httpsig.Ed25519, Key: key}, Agent: agent}
	if err := s.SignAt(req, signedAt); err != nil {
		t.Fatal(err)
	}
	return logs.Record{Time: when, Addr: netip.MustParseAddr(addr), Method: "GET", Target: "/page", Status: 200, UserAgent: ua,
		Host: "site.example", Signature: req.Header.Get("Signature"), SignatureInput: req.Header.Get("Signature-Input"), SignatureAgent: req.Header.Get("Signature-Agent")}
}

// TestSignatureIdentity: how a Web Bot Auth signature decides a logged
// request's identity (issue 37; draft-ietf-webbotauth-httpsig-protocol-01),
// beside the lists.
func TestSignatureIdentity(t *testing.T) {
	googleKey := ed25519.NewKeyFromSeed(make([]byte, 32))
	otherSeed := make([]byte, 32)
	otherSeed[0] = 7
	otherKey := ed25519.NewKeyFromSeed(otherSeed)
	dir := func(k ed25519.PrivateKey) *httpsig.Directory {
		j, _ := httpsig.PublicJWK(httpsig.PublicKey{Alg: httpsig.Ed25519, Key: k.Public()})
		return httpsig.NewDirectory(j)
	}
	keys := httpsig.Keyring{
		"https://agent.bot.goog" + httpsig.WellKnownPath: dir(googleKey),
		"https://bot.example" + httpsig.WellKnownPath:    dir(otherKey),
	}
	when := at(2 * h)
	chrome := "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0 Safari/537.36"
	for _, c := range []struct {
		name     string
		rec      logs.Record
		status   verify.Status
		method   string
		sigAgent string
		sig      verify.Status
		reason   string
	}{
		{"signed by the operator's agent: verified by signature, whatever the address",
			signedRecord(t, googleKey, "https://agent.bot.goog", when, when, stranger, googleUA), verify.Verified, "signature", "https://agent.bot.goog", verify.Verified, ""},
		{"signed by another agent: the signature does not speak for Google, the lists decide",
			signedRecord(t, otherKey, "https://bot.example", when, when, stranger, googleUA), verify.Spoofed, "ip-list", "https://bot.example", verify.Verified, ""},
		{"a bad signature is spoofed, even from Google's address",
			broken(signedRecord(t, googleKey, "https://agent.bot.goog", when, when, google, googleUA)), verify.Spoofed, "signature", "https://agent.bot.goog", verify.Spoofed, SigBadSignature},
		{"signed with a key not in the agent's directory",
			signedRecord(t, otherKey, "https://agent.bot.goog", when, when, google, googleUA), verify.Spoofed, "signature", "https://agent.bot.goog", verify.Spoofed, SigUnknownKey},
		{"expired at the request's logged time",
			signedRecord(t, googleKey, "https://agent.bot.goog", when.Add(-h), when, google, googleUA), verify.Spoofed, "signature", "https://agent.bot.goog", verify.Spoofed, SigExpired},
		{"no saved directory: unverifiable by signature, the lists decide",
			signedRecord(t, googleKey, "https://unknown.example", when, when, google, googleUA), verify.Verified, "ip-list", "https://unknown.example", verify.Unverifiable, SigNoDirectory},
		{"no Host in the log",
			noHost(signedRecord(t, googleKey, "https://agent.bot.goog", when, when, google, googleUA)), verify.Verified, "ip-list", "https://agent.bot.goog", verify.Unverifiable, SigNoHost},
		{"a browser user agent, identified by its signature alone",
			signedRecord(t, googleKey, "https://agent.bot.goog", when, when, stranger, chrome), "", "", "https://agent.bot.goog", verify.Verified, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			ranges, err := verify.Load("")
			if err != nil {
				t.Fatal(err)
			}
			tl := testTimeline()
			chk := &Checker{Timeline: tl, Identify: NewIdentifier(tl.Tokens()), Verifier: &verify.Verifier{Ranges: ranges}, Keys: keys}
			var j Judgement
			rec := c.rec
			chk.Judge(context.Background(), &rec, &j)
			chk.Add(&rec, &j)
			rep := chk.Report()
			if len(rep.Signatures) != 1 {
				t.Fatalf("signature rows %+v", rep.Signatures)
			}
			s := rep.Signatures[0]
			counts := map[verify.Status]int{verify.Verified: s.Verified, verify.Spoofed: s.Spoofed, verify.Unverifiable: s.Unverifiable}
			if s.Agent != c.sigAgent || s.Requests != 1 || counts[c.sig] != 1 || c.reason != "" && s.Reasons[c.reason] != 1 {
				t.Errorf("signature row %+v", s)
			}
			if c.status == "" {
				if rep.OtherRequests != 1 || len(rep.Crawlers) != 0 {
					t.Errorf("crawlers %+v", rep.Crawlers)
				}
				return
			}
			if j.identity.Status != c.status || j.identity.Method != c.method {
				t.Errorf("identity %+v, want %s by %s", j.identity, c.status, c.method)
			}
			if c.status == verify.Verified && rep.Crawlers[0].VerifiedBy[c.method] != 1 {
				t.Errorf("VerifiedBy %v", rep.Crawlers[0].VerifiedBy)
			}
		})
	}
}

func broken(r logs.Record) logs.Record {
	i := strings.Index(r.Signature, ":") + 3
	c := byte('A')
	if r.Signature[i] == 'A' {
		c = 'B'
	}
	r.Signature = r.Signature[:i] + string(c) + r.Signature[i+1:]
	return r
}

func noHost(r logs.Record) logs.Record { r.Host = ""; return r }

// An unsigned request and one signed with another tag are not counted as
// signed.
func TestUnsignedNotCounted(t *testing.T) {
	tl := testTimeline()
	chk := &Checker{Timeline: tl, Identify: NewIdentifier(tl.Tokens())}
	for _, r := range []logs.Record{
		{Time: at(h), Target: "/", UserAgent: googleUA},
		{Time: at(h), Target: "/", UserAgent: googleUA, SignatureInput: `sig1=("@authority");created=1;tag="other"`, Signature: "sig1=:AA==:"},
	} {
		var j Judgement
		chk.Judge(context.Background(), &r, &j)
		chk.Add(&r, &j)
	}
	if rep := chk.Report(); len(rep.Signatures) != 0 {
		t.Errorf("%+v", rep.Signatures)
	}
}
