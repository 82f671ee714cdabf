package main

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/robotstxt/robotstxt/httpsig"
	"github.com/robotstxt/robotstxt/internal/textsafe"
)

// runKeys makes and shows the Web Bot Auth signing keys of a crawler: the
// private key stays in a file (0600), the public keys go into the key
// directory the crawler's operator publishes.
func runKeys(ctx context.Context, c *cli, args []string) error {
	fl := c.newFlags("keys", "new [--pem] FILE | show KEY...",
		`Make and show the keys a crawler signs its requests with (Web Bot Auth:
HTTP Message Signatures, RFC 9421, draft-ietf-webbotauth-httpsig-protocol).

"keys new FILE" writes a new Ed25519 private key to FILE, readable by you
alone (mode 0600; an existing FILE is never overwritten), as a JWK or with
--pem as a PKCS#8 PEM file, and prints the key directory to publish.

"keys show KEY..." prints the key directory of existing keys, private keys or
public JWKs: during a rotation, give the old key and the new one, and both
are listed.

The directory (a JWK Set; each key's kid is its RFC 7638 thumbprint, the
keyid the signatures carry) is served at
https://YOUR-HOST/.well-known/http-message-signatures-directory with
Content-Type application/http-message-signatures-directory+json; give
https://YOUR-HOST as --signature-agent to fetch, check --live, gate and
serve --gate, with the private key as --sign-key.

Private keys are read from files only, refused when group or other users can
read them, and never printed.

Exit status: 0 on success, 2 on a usage error or a key that cannot be used.`,
		`  robotstxt keys new ~/.config/examplebot/key.jwk > directory.json
  robotstxt keys show old.jwk new.jwk > directory.json`)
	pem := fl.Bool("pem", false, "keys new: write the private key as a PKCS#8 PEM file rather than a JWK")
	if err := c.parseFlags(fl, args); err != nil {
		return err
	}
	if fl.NArg() == 0 {
		return usagef("keys: want \"new FILE\" or \"show KEY...\" (run \"robotstxt keys --help\")")
	}
	switch verb, rest := fl.Arg(0), fl.Args()[1:]; verb {
	case "new":
		if len(rest) != 1 {
			return usagef("keys new: want one FILE to write the private key to")
		}
		return keysNew(c, rest[0], *pem)
	case "show":
		if *pem {
			return usagef("keys show: --pem is for keys new")
		}
		if len(rest) == 0 {
			return usagef("keys show: want at least one key FILE")
		}
		return keysShow(c, rest)
	default:
		return usagef("keys: unknown %q: want new or show", textsafe.Escape(verb))
	}
}

// keysNew writes a new private key to path, created with mode 0600 and
// never over an existing file, and prints its directory.
func keysNew(c *cli, path string, pem bool) error {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return err
	}
	var data []byte
	if pem {
		data = httpsig.MarshalPrivateKeyPEM(priv)
	} else {
		data, _ = json.MarshalIndent(httpsig.PrivateJWK(priv), "", "  ")
		data = append(data, '\n')
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		if errors.Is(err, fs.ErrExist) {
			return usagef("keys new: %s exists: a key is never overwritten (remove it first, or choose another name)", textsafe.Escape(path))
		}
		return usagef("keys new: %s", textsafe.Escape(err.Error()))
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
		return usagef("keys new: writing %s: %s", textsafe.Escape(path), textsafe.Escape(err.Error()))
	}
	s, err := httpsig.NewSigner(priv)
	if err != nil {
		return err
	}
	dir, kids, err := directoryOf([]httpsig.PublicKey{s.Public()})
	if err != nil {
		return err
	}
	fmt.Fprintf(c.stderr, "wrote the private key %s (mode 0600, kid %s); publish the directory below at https://YOUR-HOST%s as %s\n",
		textsafe.Escape(path), kids[0], httpsig.WellKnownPath, httpsig.MediaType)
	_, err = c.stdout.Write(dir)
	return err
}

// keysShow prints the directory of the keys in paths: private keys, or
// public JWKs (an old key kept for a rotation without its private half).
func keysShow(c *cli, paths []string) error {
	var pubs []httpsig.PublicKey
	for _, p := range paths {
		pub, err := readPublicKey(p)
		if err != nil {
			return usagef("keys show: %s", textsafe.Escape(err.Error()))
		}
		pubs = append(pubs, pub)
	}
	dir, _, err := directoryOf(pubs)
	if err != nil {
		return usagef("keys show: %s", textsafe.Escape(err.Error()))
	}
	_, err = c.stdout.Write(dir)
	return err
}

// readPublicKey reads the public key of a key file: a JWK without "d"
// (a public key, which anyone may read), else a private key, read as
// httpsig.ReadPrivateKey reads it (refused when others can read it).
func readPublicKey(path string) (httpsig.PublicKey, error) {
	f, err := os.Open(path)
	if err != nil {
		return httpsig.PublicKey{}, err
	}
	data, err := io.ReadAll(io.LimitReader(f, 64<<10+1))
	f.Close()
	if err != nil {
		return httpsig.PublicKey{}, err
	}
	var j httpsig.JWK
	if len(data) <= 64<<10 && json.Unmarshal(data, &j) == nil && j.Kty != "" && j.D == "" {
		pub, err := j.PublicKey()
		if err != nil {
			return httpsig.PublicKey{}, fmt.Errorf("%s: %v", path, err)
		}
		return pub, nil
	}
	s, err := httpsig.ReadPrivateKey(path)
	if err != nil {
		return httpsig.PublicKey{}, err
	}
	return s.Public(), nil
}

// directoryOf returns the key directory of signers' public keys, each
// with its thumbprint as kid, in the order given, a key given twice listed
// once; and the kids.
func directoryOf(pubs []httpsig.PublicKey) ([]byte, []string, error) {
	var keys []httpsig.JWK
	var kids []string
	seen := map[string]bool{}
	for _, pub := range pubs {
		j, err := httpsig.PublicJWK(pub)
		if err != nil {
			return nil, nil, err
		}
		if j.Kid, err = j.Thumbprint(); err != nil {
			return nil, nil, err
		}
		if seen[j.Kid] {
			continue
		}
		seen[j.Kid] = true
		keys = append(keys, j)
		kids = append(kids, j.Kid)
	}
	out := httpsig.NewDirectory(keys...).Marshal()
	if len(out) == 0 || out[len(out)-1] != '\n' {
		out = append(out, '\n')
	}
	return out, kids, nil
}
