package logsig

import (
	"context"
	"crypto/ed25519"
	"net/http"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/httpsig"
	"github.com/robotstxt/robotstxt/logcheck"
	"github.com/robotstxt/robotstxt/logs"
	"github.com/robotstxt/robotstxt/verify"
)

const (
	googleUA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
	chrome   = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0 Safari/537.36"
	google   = "66.249.64.1" // in Google's shipped list
	stranger = "203.0.113.66"
)

var when = time.Date(2026, 10, 1, 2, 0, 0, 0, time.UTC)

// signedRecord is a logged GET of /page on site.example at logged, from
// addr with user agent ua, signed for agent by key at signed.
func signedRecord(t *testing.T, key ed25519.PrivateKey, agent string, signed, logged time.Time, addr, ua string) logs.Record {
	t.Helper()
	req, _ := http.NewRequest("GET", "https://site.example/page", nil)
	s := &httpsig.RequestSigner{Key: httpsig.Signer{Alg: httpsig.Ed25519, Key: key}, Agent: agent}
	if err := s.SignAt(req, signed); err != nil {
		t.Fatal(err)
	}
	return logs.Record{Time: logged, Addr: netip.MustParseAddr(addr), Method: "GET", Target: "/page", Status: 200, UserAgent: ua,
		Host: "site.example", Signature: req.Header.Get("Signature"), SignatureInput: req.Header.Get("Signature-Input"), SignatureAgent: req.Header.Get("Signature-Agent")}
}

func seedKey(b byte) ed25519.PrivateKey {
	s := make([]byte, 32)
	s[0] = b
	return ed25519.NewKeyFromSeed(s)
}

func dir(k ed25519.PrivateKey) *httpsig.Directory {
	j, _ := httpsig.PublicJWK(httpsig.PublicKey{Alg: httpsig.Ed25519, Key: k.Public()})
	return httpsig.NewDirectory(j)
}

func checker(t testing.TB, sigs logcheck.SignatureChecker) *logcheck.Checker {
	ranges, err := verify.Load("")
	if err != nil {
		t.Fatal(err)
	}
	tl := logcheck.NewTimeline([]logcheck.Version{{N: 1, Label: "v1", Robots: robotstxt.ParseString("User-agent: *\nDisallow: /private/\n")}})
	return &logcheck.Checker{Timeline: tl, Identify: logcheck.NewIdentifier(tl.Tokens()), Verifier: &verify.Verifier{Ranges: ranges}, Signatures: sigs}
}

// TestSignatureIdentity: how a Web Bot Auth signature decides a logged
// request's identity (issue 37; draft-ietf-webbotauth-httpsig-protocol-01),
// beside the lists.
func TestSignatureIdentity(t *testing.T) {
	googleKey, otherKey := seedKey(0), seedKey(7)
	keys := httpsig.Keyring{
		"https://agent.bot.goog" + httpsig.WellKnownPath: dir(googleKey),
		"https://bot.example" + httpsig.WellKnownPath:    dir(otherKey),
	}
	h := time.Hour
	for _, c := range []struct {
		name     string
		rec      logs.Record
		status   verify.Status // the crawler's; "" when the user agent names none
		method   string        // of a verified crawler
		sigAgent string
		sig      verify.Status
		reason   string
	}{
		{"signed by the operator's agent: verified by signature, whatever the address",
			signedRecord(t, googleKey, "https://agent.bot.goog", when, when, stranger, googleUA), verify.Verified, "signature", "https://agent.bot.goog", verify.Verified, ""},
		{"signed by another agent: the signature does not speak for Google, the lists decide",
			signedRecord(t, otherKey, "https://bot.example", when, when, stranger, googleUA), verify.Spoofed, "", "https://bot.example", verify.Verified, ""},
		{"a bad signature is spoofed, even from Google's address",
			broken(signedRecord(t, googleKey, "https://agent.bot.goog", when, when, google, googleUA)), verify.Spoofed, "", "https://agent.bot.goog", verify.Spoofed, logcheck.SigBadSignature},
		{"signed with a key not in the agent's directory",
			signedRecord(t, otherKey, "https://agent.bot.goog", when, when, google, googleUA), verify.Spoofed, "", "https://agent.bot.goog", verify.Spoofed, logcheck.SigUnknownKey},
		{"expired at the request's logged time",
			signedRecord(t, googleKey, "https://agent.bot.goog", when.Add(-h), when, google, googleUA), verify.Spoofed, "", "https://agent.bot.goog", verify.Spoofed, logcheck.SigExpired},
		{"created after the request's logged time",
			signedRecord(t, googleKey, "https://agent.bot.goog", when.Add(h), when, google, googleUA), verify.Spoofed, "", "https://agent.bot.goog", verify.Spoofed, logcheck.SigNotYetValid},
		{"no saved directory: unverifiable by signature, the lists decide",
			signedRecord(t, googleKey, "https://unknown.example", when, when, google, googleUA), verify.Verified, "ip-list", "https://unknown.example", verify.Unverifiable, logcheck.SigNoDirectory},
		{"no Host in the log",
			noHost(signedRecord(t, googleKey, "https://agent.bot.goog", when, when, google, googleUA)), verify.Verified, "ip-list", "https://agent.bot.goog", verify.Unverifiable, logcheck.SigNoHost},
		{"an absolute target gives the host",
			absolute(noHost(signedRecord(t, googleKey, "https://agent.bot.goog", when, when, stranger, googleUA))), verify.Verified, "signature", "https://agent.bot.goog", verify.Verified, ""},
		{"a browser user agent, identified by its signature alone",
			signedRecord(t, googleKey, "https://agent.bot.goog", when, when, stranger, chrome), "", "", "https://agent.bot.goog", verify.Verified, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			chk := checker(t, &Checker{Keys: keys})
			var j logcheck.Judgement
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
			row := rep.Crawlers[0]
			got := map[verify.Status]int{verify.Verified: row.Verified, verify.Spoofed: row.Spoofed, verify.Unverifiable: row.Unverifiable}
			if got[c.status] != 1 || c.method != "" && row.VerifiedBy[c.method] != 1 {
				t.Errorf("crawler row %+v, want %s by %q", row, c.status, c.method)
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

func absolute(r logs.Record) logs.Record { r.Target = "https://site.example" + r.Target; return r }

// Unsigned requests, signatures with another tag, and a checker without
// keys: nothing counted as verified by signature.
func TestUnsignedAndNoKeys(t *testing.T) {
	chk := checker(t, &Checker{})
	for _, r := range []logs.Record{
		{Time: when, Target: "/", UserAgent: googleUA},
		{Time: when, Target: "/", UserAgent: googleUA, SignatureInput: `sig1=("@authority");created=1;tag="other"`, Signature: "sig1=:AA==:"},
		signedRecord(t, seedKey(0), "https://agent.bot.goog", when, when, stranger, googleUA),
	} {
		var j logcheck.Judgement
		chk.Judge(context.Background(), &r, &j)
		chk.Add(&r, &j)
	}
	rep := chk.Report()
	if len(rep.Signatures) != 1 || rep.Signatures[0].Unverifiable != 1 || rep.Signatures[0].Reasons[logcheck.SigNoDirectory] != 1 {
		t.Errorf("%+v", rep.Signatures)
	}
}

// A signature that covers the User-Agent verifies from the log (which
// records it); one that covers a field the log does not record is
// unverifiable, not spoofed.
func TestCoveredFields(t *testing.T) {
	k := seedKey(0)
	keys := httpsig.Keyring{"https://agent.bot.goog" + httpsig.WellKnownPath: dir(k)}
	for _, c := range []struct {
		field  string
		status verify.Status
		reason string
	}{
		{"user-agent", verify.Verified, ""},
		{"date", verify.Unverifiable, logcheck.SigNotLogged},
	} {
		req, _ := http.NewRequest("GET", "https://site.example/page", nil)
		req.Header.Set("User-Agent", googleUA)
		req.Header.Set("Date", "Thu, 01 Oct 2026 02:00:00 GMT")
		req.Header.Set("Signature-Agent", `sig1="https://agent.bot.goog"`)
		in, sig, err := httpsig.Sign(httpsig.FromRequest(req), httpsig.Signer{Alg: httpsig.Ed25519, Key: k}, "sig1",
			[]httpsig.Component{{Name: "@authority"}, {Name: "signature-agent", Key: "sig1"}, {Name: c.field}},
			httpsig.Params{Created: when, Expires: when.Add(time.Minute), KeyID: mustThumb(k), Tag: httpsig.Tag})
		if err != nil {
			t.Fatal(err)
		}
		rec := logs.Record{Time: when, Method: "GET", Target: "/page", Host: "site.example", UserAgent: googleUA,
			Signature: sig, SignatureInput: in, SignatureAgent: req.Header.Get("Signature-Agent")}
		v := (&Checker{Keys: keys}).CheckSignature(&rec)
		if !v.Signed || v.Status != c.status || v.Reason != c.reason {
			t.Errorf("%s: %+v", c.field, v)
		}
	}
}

func mustThumb(k ed25519.PrivateKey) string {
	j, _ := httpsig.PublicJWK(httpsig.PublicKey{Alg: httpsig.Ed25519, Key: k.Public()})
	t, _ := j.Thumbprint()
	return t
}
