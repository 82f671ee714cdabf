package httpsig

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/robotstxt/robotstxt/internal/sfv"
)

// Tag is the tag parameter of Web Bot Auth signatures
// (draft-ietf-webbotauth-httpsig-protocol-01 section 4.2).
const Tag = "web-bot-auth"

// The Web Bot Auth errors. Unverifiable tells which of them leave a
// request's identity unknown rather than disproved.
var (
	// ErrUnsigned: no signature tagged web-bot-auth.
	ErrUnsigned = errors.New("httpsig: no Web Bot Auth signature")
	// ErrExpired: expires is before the request's time.
	ErrExpired = errors.New("httpsig: signature expired")
	// ErrNotYetValid: created is after the request's time.
	ErrNotYetValid = errors.New("httpsig: signature created after the request")
	// ErrParams: created, expires or keyid missing or inconsistent.
	ErrParams = errors.New("httpsig: signature parameters")
	// ErrCoverage: the signature does not cover what the draft requires
	// (@authority or @target-uri; the Signature-Agent member).
	ErrCoverage = errors.New("httpsig: signature coverage")
	// ErrNoAgent: the request names no signature agent, so no key can be
	// looked up (never by keyid alone).
	ErrNoAgent = errors.New("httpsig: no Signature-Agent")
	// ErrAgent: Signature-Agent does not parse or is not an https URL.
	ErrAgent = errors.New("httpsig: Signature-Agent")
	// ErrUnknownAgent: no directory is known for the signature agent.
	ErrUnknownAgent = errors.New("httpsig: unknown signature agent")
	// ErrUnknownKey: the agent's directory has no such key.
	ErrUnknownKey = errors.New("httpsig: key not in the agent's directory")
)

// Unverifiable reports whether err leaves the signer's identity unknown
// (no agent named, no directory known, a component this package does not
// implement) rather than disproved (a bad, expired or unattributable
// signature).
func Unverifiable(err error) bool {
	return errors.Is(err, ErrNoAgent) || errors.Is(err, ErrUnknownAgent) || errors.Is(err, ErrUnsigned) || errors.Is(err, ErrUnsupported)
}

// Agent is one signature agent named by Signature-Agent: the member's key
// (empty in the legacy form, a bare string) and its URL.
type Agent struct {
	Key string
	URL string
}

// ParseSignatureAgent parses a Signature-Agent field value: an RFC 9651
// Dictionary whose members are Strings holding https URLs
// (draft-ietf-webbotauth-httpsig-protocol-01 section 4.1), or the legacy
// form, one String (or a Token, as some agents send the URL unquoted).
func ParseSignatureAgent(v string) ([]Agent, error) {
	if len(v) > MaxFieldSize {
		return nil, fmt.Errorf("%w: longer than %d bytes", ErrAgent, MaxFieldSize)
	}
	if it, err := sfv.ParseItem(v); err == nil {
		if it.Bare.Kind != sfv.String && it.Bare.Kind != sfv.Token {
			return nil, fmt.Errorf("%w: not a URL", ErrAgent)
		}
		if _, err := DirectoryURL(it.Bare.Str); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrAgent, err)
		}
		return []Agent{{URL: it.Bare.Str}}, nil
	}
	d, err := sfv.ParseDictionary(v)
	if err != nil {
		return nil, fmt.Errorf("%w: neither a Dictionary nor a string", ErrAgent)
	}
	if len(d) == 0 {
		return nil, fmt.Errorf("%w: empty", ErrAgent)
	}
	out := make([]Agent, 0, len(d))
	for _, m := range d {
		if m.IsInner || m.Bare.Kind != sfv.String {
			return nil, fmt.Errorf("%w: member %q is not a string", ErrAgent, m.Key)
		}
		if _, err := DirectoryURL(m.Bare.Str); err != nil {
			return nil, fmt.Errorf("%w: member %q: %v", ErrAgent, m.Key, err)
		}
		out = append(out, Agent{Key: m.Key, URL: m.Bare.Str})
	}
	return out, nil
}

// Keys finds signature agents' directories.
type Keys interface {
	// Directory returns the directory at url (a DirectoryURL) as it
	// stood at time at, or an error wrapping ErrUnknownAgent.
	Directory(url string, at time.Time) (*Directory, error)
}

// Keyring is a fixed set of directories by directory URL, valid at any
// time.
type Keyring map[string]*Directory

// Directory implements Keys.
func (k Keyring) Directory(url string, _ time.Time) (*Directory, error) {
	if d, ok := k[url]; ok {
		return d, nil
	}
	return nil, fmt.Errorf("%w: %s", ErrUnknownAgent, url)
}

// DefaultSkew is the clock difference allowed between signer and
// verifier: logs record seconds, and signers' clocks drift.
const DefaultSkew = 30 * time.Second

// VerifyOptions are the inputs of Verify.
type VerifyOptions struct {
	// At is the request's own time: an old log is judged by its day.
	At time.Time
	// Skew widens [created, expires] on both sides; DefaultSkew when 0,
	// none when negative.
	Skew time.Duration
	// Keys finds the agents' directories.
	Keys Keys
}

// Result says who signed a verified request.
type Result struct {
	Label      string
	Agent      string // the Signature-Agent URL
	Directory  string // its directory URL
	KeyID      string // as the signature gives it
	Kid        string // the matching key's kid in the directory
	Thumbprint string // the matching key's RFC 7638 thumbprint
	Alg        string
	Created    time.Time
	Expires    time.Time
}

// Verify checks the Web Bot Auth signatures of m at opts.At: the first
// signature tagged web-bot-auth that verifies gives the Result. When none
// does, the error is ErrUnsigned when there is none, else the most serious
// failure: a disproved signature before an unverifiable one.
func Verify(m Message, opts VerifyOptions) (Result, error) {
	input := strings.Join(m.Header.Values("Signature-Input"), ", ")
	if input == "" {
		return Result{}, ErrUnsigned
	}
	sigs, err := ParseSignatures(input, strings.Join(m.Header.Values("Signature"), ", "))
	if err != nil {
		return Result{}, err
	}
	var first error
	for i := range sigs {
		if sigs[i].Tag != Tag {
			continue
		}
		r, err := verifyOne(&m, &sigs[i], &opts)
		if err == nil {
			return r, nil
		}
		if first == nil || Unverifiable(first) && !Unverifiable(err) {
			first = err
		}
	}
	if first == nil {
		return Result{}, ErrUnsigned
	}
	return Result{}, first
}

func verifyOne(m *Message, s *Signature, opts *VerifyOptions) (Result, error) {
	r := Result{Label: s.Label, KeyID: s.KeyID}
	if strings.HasPrefix(s.Alg, "hmac") {
		return r, ErrHMAC
	}
	if !s.HasCreated || !s.HasExpires || s.KeyID == "" {
		return r, fmt.Errorf("%w: %q needs created, expires and keyid (draft section 4.2)", ErrParams, s.Label)
	}
	if s.Expires < s.Created {
		return r, fmt.Errorf("%w: %q expires before it is created", ErrParams, s.Label)
	}
	r.Created, r.Expires = s.CreatedTime(), s.ExpiresTime()
	skew := opts.Skew
	if skew == 0 {
		skew = DefaultSkew
	} else if skew < 0 {
		skew = 0
	}
	if r.Created.After(opts.At.Add(skew)) {
		return r, fmt.Errorf("%w: created %s, request at %s", ErrNotYetValid, r.Created.Format(time.RFC3339), opts.At.UTC().Format(time.RFC3339))
	}
	if r.Expires.Before(opts.At.Add(-skew)) {
		return r, fmt.Errorf("%w: expired %s, request at %s", ErrExpired, r.Expires.Format(time.RFC3339), opts.At.UTC().Format(time.RFC3339))
	}
	if !s.Covers("@authority") && !s.Covers("@target-uri") {
		return r, fmt.Errorf("%w: %q covers neither @authority nor @target-uri", ErrCoverage, s.Label)
	}
	agent, err := signatureAgent(m, s)
	if err != nil {
		return r, err
	}
	r.Agent = agent
	if r.Directory, err = DirectoryURL(agent); err != nil {
		return r, fmt.Errorf("%w: %v", ErrAgent, err)
	}
	if opts.Keys == nil {
		return r, fmt.Errorf("%w: %s", ErrUnknownAgent, r.Directory)
	}
	dir, err := opts.Keys.Directory(r.Directory, opts.At)
	if err != nil {
		return r, err
	}
	jwk, pub, ok := dir.Find(s.KeyID)
	if !ok {
		return r, fmt.Errorf("%w: %q at %s", ErrUnknownKey, s.KeyID, r.Directory)
	}
	r.Kid, r.Thumbprint, r.Alg = jwk.Kid, mustThumbprint(jwk), pub.Alg
	if err := s.VerifyWith(*m, pub); err != nil {
		return r, err
	}
	return r, nil
}

func mustThumbprint(k JWK) string { t, _ := k.Thumbprint(); return t }

// signatureAgent returns the agent URL a signature vouches for: the
// Signature-Agent member its covered "signature-agent";key names, or the
// whole field when it covers it without a key and the field names one
// agent.
func signatureAgent(m *Message, s *Signature) (string, error) {
	field := strings.Join(m.Header.Values("Signature-Agent"), ", ")
	if field == "" {
		return "", ErrNoAgent
	}
	var c *Component
	for _, it := range s.Covered {
		if it.Bare.Str == "signature-agent" {
			cc, err := componentOf(it)
			if err != nil {
				return "", err
			}
			c = &cc
			break
		}
	}
	if c == nil { // draft section 4.2: the member must be covered
		return "", fmt.Errorf("%w: %q does not cover signature-agent", ErrCoverage, s.Label)
	}
	agents, err := ParseSignatureAgent(field)
	if err != nil {
		return "", err
	}
	if c.Key != "" {
		for _, a := range agents {
			if a.Key == c.Key {
				return a.URL, nil
			}
		}
		return "", fmt.Errorf("%w: no member %q", ErrAgent, c.Key)
	}
	if len(agents) != 1 {
		return "", fmt.Errorf("%w: %d agents and the signature names none by key", ErrAgent, len(agents))
	}
	return agents[0].URL, nil
}

// DefaultValidity is how long a request signature stays valid: the draft
// asks for a short window; a minute covers a slow request and clock drift.
const DefaultValidity = time.Minute

// RequestSigner signs requests as a Web Bot Auth agent.
type RequestSigner struct {
	Key   Signer
	KeyID string // the JWK thumbprint of Key when empty
	// Agent is the Signature-Agent URL (the agent's origin, or its
	// directory's URL); none is sent when empty.
	Agent    string
	Validity time.Duration // DefaultValidity when 0
	Label    string        // "sig1" when empty
	// WholeAgentField covers "signature-agent" without ;key, the whole
	// field (which names one agent), as web-bot-auth 0.1 for Node signs
	// and verifies; the draft's form, the default, covers the member.
	WholeAgentField bool
	// Cover names header fields the signature also covers when the
	// request has them, such as "crawler-max-price": a price the crawler
	// offers must be signed, or anyone could spend for it.
	Cover []string
}

// Sign signs r as sent now.
func (s *RequestSigner) Sign(r *http.Request) error { return s.SignAt(r, time.Now()) }

// SignAt signs r with created = now: it sets Signature-Agent (a
// Dictionary of one member named by the label), Signature-Input covering
// @authority and that member, with created, keyid, alg, expires, a fresh
// 64-byte nonce and tag="web-bot-auth", and Signature, replacing any
// earlier signature (each redirect hop is signed for its own authority).
func (s *RequestSigner) SignAt(r *http.Request, now time.Time) error {
	label := s.Label
	if label == "" {
		label = "sig1"
	}
	keyid := s.KeyID
	if keyid == "" {
		j, err := PublicJWK(s.Key.Public())
		if err != nil {
			return err
		}
		if keyid, err = j.Thumbprint(); err != nil {
			return err
		}
	}
	validity := s.Validity
	if validity <= 0 {
		validity = DefaultValidity
	}
	var nonce [64]byte
	if _, err := rand.Read(nonce[:]); err != nil {
		return err
	}
	for _, h := range []string{"Signature", "Signature-Input", "Signature-Agent"} {
		r.Header.Del(h)
	}
	components := []Component{{Name: "@authority"}}
	if s.Agent != "" {
		if _, err := DirectoryURL(s.Agent); err != nil {
			return err
		}
		v, err := sfv.AppendDictionary(nil, sfv.Dictionary{{Key: label, Member: sfv.Member{Bare: sfv.Bare{Kind: sfv.String, Str: s.Agent}}}})
		if err != nil {
			return fmt.Errorf("%w: %q cannot be sent", ErrAgent, s.Agent)
		}
		r.Header.Set("Signature-Agent", string(v))
		c := Component{Name: "signature-agent", Key: label}
		if s.WholeAgentField {
			c.Key = ""
		}
		components = append(components, c)
	}
	for _, name := range s.Cover {
		if len(r.Header.Values(name)) > 0 {
			components = append(components, Component{Name: strings.ToLower(name)})
		}
	}
	now = now.Truncate(time.Second)
	input, sig, err := Sign(FromRequest(r), s.Key, label, components, Params{
		Created: now, Expires: now.Add(validity), KeyID: keyid, Alg: s.Key.Alg,
		Nonce: base64.StdEncoding.EncodeToString(nonce[:]), Tag: Tag,
	})
	if err != nil {
		return err
	}
	r.Header.Set("Signature-Input", input)
	r.Header.Set("Signature", sig)
	return nil
}
