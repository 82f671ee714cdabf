package main

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/tls"
	"encoding/json"
	"fmt"
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

func runKeys(ctx context.Context, c *cli, args []string) error {
	fs := c.newFlags("keys", "new FILE [--pem] | show FILE... | fetch AGENT-URL... --key-dirs FOLDER",
		`Web Bot Auth keys (HTTP Message Signatures, RFC 9421).

"keys new FILE" writes a new Ed25519 private key to FILE (a JWK, or a
PKCS#8 PEM with --pem), readable by its owner only, and prints the key
directory to publish at https://YOUR-HOST/.well-known/http-message-signatures-directory
(media type application/http-message-signatures-directory+json), the key's
JWK thumbprint as its kid. It never overwrites a file.

"keys show FILE..." prints the directory of existing private keys: give
the old and the new key while rotating, and the directory lists both.
Private keys are read from files only, refused when other users can read
them, and never printed.

"keys fetch AGENT-URL..." fetches signature agents' key directories
(https://agent.example, or a directory's own URL) over HTTPS through the
destination guard (no loopback, private or link-local address unless
--allow-private or --allow-range; a 200 only, no redirect) and saves each
in --key-dirs, the folder "robotstxt logs --key-dirs" and "serve
--key-dirs" read: one file per agent named by its host, with the fetch
time, earlier keys kept so that old logs are checked against the keys of
their day.

Exit status: 0 when done, 1 when a directory could not be fetched, 2 on a
usage error.`,
		`  robotstxt keys new crawler-key.json > http-message-signatures-directory
  robotstxt keys show old-key.json new-key.json
  robotstxt keys fetch https://chatgpt.com https://agent.bot.goog --key-dirs key-dirs`)
	pem := fs.Bool("pem", false, "keys new: write the private key as a PKCS#8 PEM file instead of a JWK")
	keyDirs := fs.String("key-dirs", "", "keys fetch: `folder` to save the directories in")
	timeout := fs.Duration("timeout", 30*time.Second, "keys fetch: bound each fetch to this `duration`")
	guard := addGuardFlags(fs)
	if err := c.parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() < 2 {
		return usagef("keys: give new FILE, show FILE... or fetch AGENT-URL... (run \"robotstxt keys --help\")")
	}
	rest := fs.Args()[1:]
	switch fs.Arg(0) {
	case "new":
		if len(rest) != 1 {
			return usagef("keys new: give one FILE")
		}
		return keysNew(c, rest[0], *pem)
	case "show":
		return keysShow(c, rest)
	case "fetch":
		if *keyDirs == "" {
			return usagef("keys fetch: give --key-dirs FOLDER")
		}
		return keysFetch(ctx, c, rest, *keyDirs, keydir.Client(guard.policy(), *timeout, keyDirTLS))
	}
	return usagef("keys: unknown subcommand %q (new, show, fetch)", fs.Arg(0))
}

func keysNew(c *cli, path string, pem bool) error {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return err
	}
	jwk := httpsig.PrivateJWK(priv)
	var data []byte
	if pem {
		data = httpsig.MarshalPrivateKeyPEM(priv)
	} else {
		data, _ = json.MarshalIndent(jwk, "", "  ")
		data = append(data, '\n')
	}
	// O_EXCL: never overwrite a key; 0600: the owner's alone.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return usagef("keys new: %v", err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Fprintf(c.stderr, "robotstxt: wrote a new Ed25519 private key to %s (kid %s); publish the directory below\n", textsafe.Escape(path), jwk.Kid)
	return keysShow(c, []string{path})
}

func keysShow(c *cli, paths []string) error {
	var keys []httpsig.JWK
	for _, p := range paths {
		s, err := httpsig.ReadPrivateKey(p)
		if err != nil {
			return usagef("keys: %v", err)
		}
		j, err := httpsig.PublicJWK(s.Public())
		if err != nil {
			return usagef("keys: %v", err)
		}
		j.Kid, _ = j.Thumbprint()
		keys = append(keys, j)
	}
	_, err := c.stdout.Write(httpsig.NewDirectory(keys...).Marshal())
	return err
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
