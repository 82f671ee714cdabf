package httpsig

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// MediaType is the media type of a key directory
// (draft-meunier-webbotauth-httpsig-directory section 5).
const MediaType = "application/http-message-signatures-directory+json"

// WellKnownPath is where an agent's directory lives when its
// Signature-Agent URL has no path.
const WellKnownPath = "/.well-known/http-message-signatures-directory"

// Bounds on a directory: a few keys in a few kilobytes in practice (two
// during a rotation).
const (
	MaxDirectorySize = 64 << 10
	MaxDirectoryKeys = 32
)

// ErrDirectory wraps every error about a key directory.
var ErrDirectory = errors.New("httpsig: key directory")

// Directory is a signature agent's key directory: a JWK Set (RFC 7517
// section 5).
type Directory struct {
	Keys []JWK `json:"keys"`

	usable []dirKey // the keys that can verify, with their thumbprints
}

type dirKey struct {
	jwk        JWK
	pub        PublicKey
	thumbprint string
}

// ParseDirectory parses a directory. Keys this package cannot use (HMAC,
// other curves, malformed) are kept in Keys and never match; a key that
// carries private material ("d") fails the whole directory, whose owner
// has published a secret.
func ParseDirectory(data []byte) (*Directory, error) {
	if len(data) > MaxDirectorySize {
		return nil, fmt.Errorf("%w: larger than %d bytes", ErrDirectory, MaxDirectorySize)
	}
	var d Directory
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&d); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrDirectory, err)
	}
	if d.Keys == nil {
		return nil, fmt.Errorf("%w: no \"keys\" array", ErrDirectory)
	}
	if len(d.Keys) > MaxDirectoryKeys {
		return nil, fmt.Errorf("%w: more than %d keys", ErrDirectory, MaxDirectoryKeys)
	}
	for _, k := range d.Keys {
		if k.D != "" {
			return nil, fmt.Errorf("%w: a key has private material (\"d\")", ErrDirectory)
		}
	}
	d.index()
	return &d, nil
}

// NewDirectory returns a directory of the given keys.
func NewDirectory(keys ...JWK) *Directory {
	d := &Directory{Keys: keys}
	d.index()
	return d
}

func (d *Directory) index() {
	d.usable = d.usable[:0]
	for _, k := range d.Keys {
		pub, err := k.PublicKey()
		if err != nil {
			continue
		}
		t, _ := k.Thumbprint()
		d.usable = append(d.usable, dirKey{jwk: k, pub: pub, thumbprint: t})
	}
}

// Usable returns how many of the directory's keys can verify.
func (d *Directory) Usable() int { return len(d.usable) }

// Find returns the key named keyid: the key whose kid is keyid, else the
// key whose JWK thumbprint is keyid (some deployed directories give short
// kids that are not thumbprints, while signers send thumbprints).
func (d *Directory) Find(keyid string) (JWK, PublicKey, bool) {
	if keyid == "" {
		return JWK{}, PublicKey{}, false
	}
	for _, k := range d.usable {
		if k.jwk.Kid == keyid {
			return k.jwk, k.pub, true
		}
	}
	for _, k := range d.usable {
		if k.thumbprint == keyid {
			return k.jwk, k.pub, true
		}
	}
	return JWK{}, PublicKey{}, false
}

// Marshal returns the directory as served: indented JSON.
func (d *Directory) Marshal() []byte {
	out, _ := json.MarshalIndent(d, "", "  ")
	return append(out, '\n')
}

// DirectoryURL returns the directory URL of a Signature-Agent URL: an
// https URL, with the well-known path when it names an origin alone.
func DirectoryURL(agent string) (string, error) {
	u, err := url.Parse(agent)
	if err != nil || u.Scheme != "https" || u.Host == "" || u.User != nil || u.Fragment != "" || u.Opaque != "" {
		return "", fmt.Errorf("%w: signature agent %q is not an https URL", ErrDirectory, agent)
	}
	u.Host = strings.ToLower(u.Host)
	if u.Path == "" || u.Path == "/" {
		u.Path = WellKnownPath
		u.RawPath = ""
	}
	return u.String(), nil
}
