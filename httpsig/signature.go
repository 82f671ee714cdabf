package httpsig

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/robotstxt/robotstxt/internal/sfv"
)

// ErrMalformed wraps every error about Signature-Input or Signature
// fields that do not parse as RFC 9421 section 4 defines them.
var ErrMalformed = errors.New("httpsig: malformed signature field")

// MaxFieldSize bounds the Signature-Input and Signature fields read: a
// Web Bot Auth request carries a few hundred bytes.
const MaxFieldSize = 16 << 10

// Signature is one signature of a message: its label, the covered
// components and parameters from Signature-Input, and its value from
// Signature.
type Signature struct {
	Label   string
	Covered []sfv.Item // the covered components as sent, with their parameters
	Params  sfv.Params // the signature parameters as sent, in order
	Value   []byte     // nil when Signature has no member of this label

	Created, Expires       int64 // Unix seconds
	HasCreated, HasExpires bool
	KeyID, Alg, Nonce, Tag string
}

// CreatedTime and ExpiresTime return created and expires as times.
func (s *Signature) CreatedTime() time.Time { return time.Unix(s.Created, 0).UTC() }

// ExpiresTime returns expires as a time.
func (s *Signature) ExpiresTime() time.Time { return time.Unix(s.Expires, 0).UTC() }

// Components returns the covered components.
func (s *Signature) Components() ([]Component, error) {
	out := make([]Component, 0, len(s.Covered))
	for _, it := range s.Covered {
		c, err := componentOf(it)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// Covers reports whether the signature covers a component named name
// (with any parameters).
func (s *Signature) Covers(name string) bool {
	for _, it := range s.Covered {
		if it.Bare.Kind == sfv.String && it.Bare.Str == name {
			return true
		}
	}
	return false
}

// Base returns the signature base (RFC 9421 section 2.5) of s over m.
func (s *Signature) Base(m Message) ([]byte, error) {
	return signatureBase(&m, s.Covered, s.Params)
}

// Input returns the Signature-Input member of s ("label=(...);params").
func (s *Signature) Input() (string, error) {
	b, err := sfv.AppendInnerList(append([]byte(s.Label), '='), s.Covered, s.Params)
	return string(b), err
}

// ParseSignatures parses a message's Signature-Input and Signature field
// values (each field's lines joined with ", ", as RFC 9110 section 5.3
// combines them) into its signatures, in the order of Signature-Input.
func ParseSignatures(signatureInput, signature string) ([]Signature, error) {
	if len(signatureInput) > MaxFieldSize || len(signature) > MaxFieldSize {
		return nil, fmt.Errorf("%w: longer than %d bytes", ErrMalformed, MaxFieldSize)
	}
	in, err := sfv.ParseDictionary(signatureInput)
	if err != nil {
		return nil, fmt.Errorf("%w: Signature-Input: %v", ErrMalformed, err)
	}
	sigs, err := sfv.ParseDictionary(signature)
	if err != nil {
		return nil, fmt.Errorf("%w: Signature: %v", ErrMalformed, err)
	}
	out := make([]Signature, 0, len(in))
	for _, m := range in {
		s := Signature{Label: m.Key}
		if !m.IsInner { // section 4.1: each member is an Inner List
			return nil, fmt.Errorf("%w: Signature-Input %q is not an inner list", ErrMalformed, m.Key)
		}
		for _, it := range m.Inner {
			if it.Bare.Kind != sfv.String {
				return nil, fmt.Errorf("%w: Signature-Input %q covers a non-string", ErrMalformed, m.Key)
			}
		}
		s.Covered, s.Params = m.Inner, m.Params
		if err := s.readParams(); err != nil {
			return nil, err
		}
		if v, ok := sigs.Get(m.Key); ok {
			if v.IsInner || v.Bare.Kind != sfv.ByteSequence { // section 4.2
				return nil, fmt.Errorf("%w: Signature %q is not a byte sequence", ErrMalformed, m.Key)
			}
			s.Value = v.Bare.Bytes
			if s.Value == nil {
				s.Value = []byte{}
			}
		}
		out = append(out, s)
	}
	return out, nil
}

// readParams reads the parameters of section 2.3, each of the type it
// defines.
func (s *Signature) readParams() error {
	for _, p := range s.Params {
		var want sfv.Kind
		switch p.Key {
		case "created":
			want, s.Created, s.HasCreated = sfv.Integer, p.Value.Int, true
		case "expires":
			want, s.Expires, s.HasExpires = sfv.Integer, p.Value.Int, true
		case "keyid":
			want, s.KeyID = sfv.String, p.Value.Str
		case "alg":
			want, s.Alg = sfv.String, p.Value.Str
		case "nonce":
			want, s.Nonce = sfv.String, p.Value.Str
		case "tag":
			want, s.Tag = sfv.String, p.Value.Str
		default:
			continue // unknown parameters are covered by the base, nothing more
		}
		if p.Value.Kind != want {
			return fmt.Errorf("%w: %q parameter %s of the wrong type", ErrMalformed, s.Label, p.Key)
		}
	}
	return nil
}

// Params builds signature parameters in the order Web Bot Auth signers
// send them. Zero values are left out.
type Params struct {
	Created, Expires time.Time
	KeyID, Alg       string
	Nonce, Tag       string
}

func (p Params) sfv() sfv.Params {
	var out sfv.Params
	if !p.Created.IsZero() {
		out = append(out, sfv.Param{Key: "created", Value: sfv.Bare{Kind: sfv.Integer, Int: p.Created.Unix()}})
	}
	str := func(k, v string) {
		if v != "" {
			out = append(out, sfv.Param{Key: k, Value: sfv.Bare{Kind: sfv.String, Str: v}})
		}
	}
	str("keyid", p.KeyID)
	str("alg", p.Alg)
	if !p.Expires.IsZero() {
		out = append(out, sfv.Param{Key: "expires", Value: sfv.Bare{Kind: sfv.Integer, Int: p.Expires.Unix()}})
	}
	str("nonce", p.Nonce)
	str("tag", p.Tag)
	return out
}

// Sign signs m with key under label, covering components, and returns the
// Signature-Input and Signature members to add to the message
// ("label=(...);...", "label=:...:"). alg names the algorithm of section
// 3.3; it is sent as the alg parameter only when p.Alg says so.
func Sign(m Message, key Signer, label string, components []Component, p Params) (input, signature string, err error) {
	if !sfv.ValidKey(label) {
		return "", "", fmt.Errorf("httpsig: label %q is not a structured-field key", label)
	}
	covered := make([]sfv.Item, len(components))
	for i, c := range components {
		covered[i] = c.item()
		if _, err := componentOf(covered[i]); err != nil {
			return "", "", err
		}
	}
	s := Signature{Label: label, Covered: covered, Params: p.sfv()}
	base, err := s.Base(m)
	if err != nil {
		return "", "", err
	}
	sig, err := key.sign(base)
	if err != nil {
		return "", "", err
	}
	if input, err = s.Input(); err != nil {
		return "", "", err
	}
	out, _ := sfv.AppendBare([]byte(label+"="), sfv.Bare{Kind: sfv.ByteSequence, Bytes: sig})
	return input, string(out), nil
}

// VerifyWith checks s over m with the public key pub, whatever its
// parameters say: the cryptographic check alone (RFC 9421 section 3.2
// steps 5 to 8). Verify applies Web Bot Auth's rules around it.
func (s *Signature) VerifyWith(m Message, pub PublicKey) error {
	if s.Value == nil {
		return fmt.Errorf("%w: no Signature member %q", ErrMalformed, s.Label)
	}
	if s.Alg != "" && s.Alg != pub.Alg {
		if strings.HasPrefix(s.Alg, "hmac") {
			return ErrHMAC
		}
		return fmt.Errorf("%w: alg %q, the key is %s", ErrBadSignature, s.Alg, pub.Alg)
	}
	base, err := s.Base(m)
	if err != nil {
		return err
	}
	return pub.verify(base, s.Value)
}
