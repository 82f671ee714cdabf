package main

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/robotstxt/robotstxt/crawlers"
	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/httpsig"
	"github.com/robotstxt/robotstxt/httpsig/keydir"
	"github.com/robotstxt/robotstxt/internal/textsafe"
	"github.com/robotstxt/robotstxt/verify"
)

// runKeys makes and shows the Web Bot Auth signing keys of a crawler: the
// private key stays in a file (0600), the public keys go into the key
// directory the crawler's operator publishes.
func runKeys(ctx context.Context, c *cli, args []string) error {
	fl := c.newFlags("keys", "new [--pem] FILE | show KEY... | fetch AGENT-URL... --key-dirs FOLDER",
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

"keys fetch AGENT-URL..." is the other side: it fetches signature agents'
key directories (https://agent.example, or a directory's own URL) over
HTTPS through the destination guard (no loopback, private or link-local
address unless --allow-private or --allow-range; a 200 only, no redirect)
and saves each in --key-dirs, the folder "robotstxt logs --key-dirs" and
"serve --key-dirs" read: one file per agent named by its host, with the
fetch time, earlier keys kept so that old logs are checked against the keys
of their day. "robotstxt crawlers update" does the same for every agent the
crawler registry names.

Exit status: 0 on success, 1 when a directory could not be fetched, 2 on a
usage error or a key that cannot be used.`,
		`  robotstxt keys new ~/.config/examplebot/key.jwk > directory.json
  robotstxt keys show old.jwk new.jwk > directory.json
  robotstxt keys fetch https://chatgpt.com https://agent.bot.goog --key-dirs key-dirs`)
	pem := fl.Bool("pem", false, "keys new: write the private key as a PKCS#8 PEM file rather than a JWK")
	keyDirs := fl.String("key-dirs", "", "keys fetch: `folder` to save the directories in")
	timeout := fl.Duration("timeout", 30*time.Second, "keys fetch: bound each fetch to this `duration`")
	guard := addGuardFlags(fl)
	if err := c.parseFlags(fl, args); err != nil {
		return err
	}
	if fl.NArg() == 0 {
		return usagef("keys: want \"new FILE\", \"show KEY...\" or \"fetch AGENT-URL...\" (run \"robotstxt keys --help\")")
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
	case "fetch":
		if *keyDirs == "" {
			return usagef("keys fetch: give --key-dirs FOLDER")
		}
		if len(rest) == 0 {
			return usagef("keys fetch: want at least one AGENT-URL")
		}
		return keysFetch(ctx, c, rest, *keyDirs, keydir.Client(guard.policy(), *timeout, keyDirTLS))
	default:
		return usagef("keys: unknown %q: want new, show or fetch", textsafe.Escape(verb))
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

func keysFetch(ctx context.Context, c *cli, agents []string, dir string, client *http.Client) error {
	res := fetchKeyDirs(ctx, agents, dir, "", client)
	writeKeyDirResults(c, res)
	for _, r := range res {
		if r.Err != "" {
			return errFindings
		}
	}
	return nil
}

// keyDirTLS, when not nil, is the TLS configuration of key directory
// fetches: tests trust their loopback server's certificate with it.
var keyDirTLS *tls.Config

// keyDirResult is what became of one signature agent's key directory.
type keyDirResult struct {
	Agent   string `json:"agent"`
	URL     string `json:"url"` // the directory's official address
	Keys    int    `json:"keys"`
	Path    string `json:"path,omitempty"`
	Changed bool   `json:"changed"`
	Err     string `json:"error,omitempty"`
}

// fetchKeyDirs fetches each agent's key directory (from mirror/key-dirs/
// HOST.json when mirror is set) and saves it in dir under its official
// address, earlier keys kept. A failure writes nothing.
func fetchKeyDirs(ctx context.Context, agents []string, dir, mirror string, client *http.Client) []keyDirResult {
	f := &keydir.Fetcher{Client: client, UserAgent: fetch.DefaultUserAgent}
	out := make([]keyDirResult, 0, len(agents))
	for _, a := range agents {
		r := keyDirResult{Agent: a}
		err := func() error {
			u, err := httpsig.DirectoryURL(a)
			if err != nil {
				return err
			}
			r.URL = u
			from := u
			if mirror != "" {
				name, err := keydir.Name(u)
				if err != nil {
					return err
				}
				from = strings.TrimRight(mirror, "/") + "/key-dirs/" + name
			}
			s, err := f.Fetch(ctx, from)
			if err != nil {
				return err
			}
			s.URL = u // saved under the agent's own address, whichever copy was read
			r.Keys = s.Directory.Usable()
			r.Path, r.Changed, err = keydir.Save(dir, s)
			return err
		}()
		if err != nil {
			r.Err = strings.TrimPrefix(strings.TrimPrefix(err.Error(), "keydir: "), "httpsig: ")
		}
		out = append(out, r)
	}
	return out
}

// writeKeyDirResults says, a line each, what became of each directory:
// saved or unchanged on standard output, a failure on standard error.
func writeKeyDirResults(c *cli, res []keyDirResult) {
	for _, r := range res {
		if r.Err != "" {
			fmt.Fprintf(c.stderr, "robotstxt: %s: %s; nothing written\n", textsafe.Escape(r.Agent), textsafe.Escape(r.Err))
			continue
		}
		what := "unchanged"
		if r.Changed {
			what = "saved"
		}
		fmt.Fprintf(c.stdout, "%s: %s, %s in %s\n", textsafe.Escape(r.URL), plural(r.Keys, "key"), what, textsafe.Escape(r.Path))
	}
}

// signatureAgents are the Web Bot Auth signature agents whose key
// directories "crawlers update" keeps: those the registry gives a crawler
// and those verify attributes to an operator, sorted, once each.
func signatureAgents() []string {
	seen := map[string]bool{}
	var out []string
	add := func(u string) {
		if u != "" && !seen[u] {
			seen[u] = true
			out = append(out, u)
		}
	}
	for _, c := range crawlers.All() {
		add(c.SignatureAgent)
	}
	for _, a := range verify.SignatureAgents {
		add("https://" + a.Host)
	}
	slices.Sort(out)
	return out
}

// defaultKeyDirs is where "crawlers update" keeps the key directories and
// "logs" looks for them: $ROBOTSTXT_KEYDIRS, else key-dirs beside the IP
// lists.
func defaultKeyDirs(c *cli) string {
	if p := c.getenv("ROBOTSTXT_KEYDIRS"); p != "" {
		return p
	}
	return filepath.Join(filepath.Dir(defaultDB(c)), "key-dirs")
}
