package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/robotstxt/robotstxt/web/internal/wasmbuild"
)

//go:generate go run ./internal/genwasm -o static/assets

//go:embed static
var static embed.FS

// ContentSecurityPolicy is sent with every response of "robotstxt serve" and
// written for static hosts: the page may run its own scripts and compile
// WebAssembly, fetch only from its own origin, and nothing may frame it.
const ContentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; " +
	"connect-src 'self'; style-src 'self'; img-src 'self'; object-src 'none'; base-uri 'none'; " +
	"form-action 'none'; frame-ancestors 'none'"

// metaPolicy is ContentSecurityPolicy for the <meta> element of index.html,
// which is all a static host without headers gets; browsers ignore
// frame-ancestors there.
var metaPolicy = strings.TrimSuffix(ContentSecurityPolicy, "; frame-ancestors 'none'")

// File is one file of the site.
type File struct {
	// Path is slash-separated and relative to the site root: "index.html",
	// "v/1f2e3d4c5b6a/app.js".
	Path        string
	ContentType string
	Data        []byte
	// Gzip is Data gzip-compressed, or nil when compressing does not pay.
	Gzip []byte
	// Brotli is Data brotli-compressed, for the WebAssembly module only
	// (committed beside it, made by go generate), or nil.
	Brotli []byte
	// Immutable files have versioned paths and may be cached for ever.
	Immutable bool
	// ETag is a strong entity tag of Data, quoted.
	ETag string
}

// Site is the page as a static site.
type Site struct {
	// Version names the asset folder v/<Version>/: a hash of the assets.
	Version string
	// Files, sorted by path; index.html among them.
	Files  []*File
	byPath map[string]*File
}

// Lookup returns the file at the slash-separated path ("index.html",
// "v/<version>/app.js"), or nil.
func (s *Site) Lookup(p string) *File { return s.byPath[p] }

var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".json": "application/json; charset=utf-8",
	".svg":  "image/svg+xml",
	".wasm": "application/wasm",
}

// Load returns the embedded site. It is built once; the result is shared and
// must not be modified.
var Load = sync.OnceValues(func() (*Site, error) { return build(static) })

func build(fsys fs.FS) (*Site, error) {
	const assetDir = "static/assets"
	var assets []*File
	var br []byte
	err := fs.WalkDir(fsys, assetDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		name := strings.TrimPrefix(p, assetDir+"/")
		if name == wasmbuild.WasmBr {
			br = data // served as the module's brotli coding, below
			return nil
		}
		f := &File{Path: name, Data: data}
		if name == wasmbuild.WasmGz {
			// The module is committed compressed: serve it as is to clients
			// that accept gzip, which is every browser.
			f.Path, f.Gzip = strings.TrimSuffix(name, ".gz"), data
			if f.Data, err = gunzip(data); err != nil {
				return fmt.Errorf("%s: %v", p, err)
			}
		}
		assets = append(assets, f)
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Slice(assets, func(i, j int) bool { return assets[i].Path < assets[j].Path })
	for _, f := range assets {
		if f.Path == strings.TrimSuffix(wasmbuild.WasmGz, ".gz") {
			f.Brotli = br
		}
	}
	h := sha256.New()
	for _, f := range assets {
		fmt.Fprintf(h, "%s\x00%d\x00", f.Path, len(f.Data))
		h.Write(f.Data)
	}
	s := &Site{Version: hex.EncodeToString(h.Sum(nil))[:12], byPath: map[string]*File{}}
	prefix := "v/" + s.Version + "/"
	for _, f := range assets {
		f.Path = prefix + f.Path
		f.Immutable = true
	}
	index, err := fs.ReadFile(fsys, "static/index.html")
	if err != nil {
		return nil, err
	}
	index = bytes.ReplaceAll(index, []byte("__ASSETS__"), []byte(strings.TrimSuffix(prefix, "/")))
	index = bytes.ReplaceAll(index, []byte("__CSP__"), []byte(metaPolicy))
	if index, err = prerender(fsys, index); err != nil {
		return nil, err
	}
	s.Files = append(assets, &File{Path: "index.html", Data: index})
	sort.Slice(s.Files, func(i, j int) bool { return s.Files[i].Path < s.Files[j].Path })
	for _, f := range s.Files {
		ext := path.Ext(f.Path)
		ct, ok := contentTypes[ext]
		if !ok {
			return nil, fmt.Errorf("%s: no content type for %q files", f.Path, ext)
		}
		f.ContentType = ct
		sum := sha256.Sum256(f.Data)
		f.ETag = `"` + hex.EncodeToString(sum[:16]) + `"`
		if f.Gzip == nil && ext != ".wasm" && len(f.Data) >= 1024 {
			gz, err := wasmbuild.Gzip(f.Data)
			if err != nil {
				return nil, err
			}
			if len(gz) < len(f.Data)*9/10 {
				f.Gzip = gz
			}
		}
		s.byPath[f.Path] = f
	}
	return s, nil
}

// emptyText finds the elements whose text the catalogue gives (data-i18n)
// and that are still empty in index.html.
var emptyText = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(<[a-z][a-z0-9]*\b[^<>]*\sdata-i18n="([^"]+)"[^<>]*>)(</)`)
})

// markup is the catalogue's small markup: **strong**, `code`, [text](url).
var markup = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("\\*\\*|`|\\[([^\\]]*)\\]\\([^)]*\\)") })

// prerender writes the English catalogue's text into index.html's empty
// elements, as plain text, so that the page shows its own words at once,
// before any script or catalogue has arrived (on a slow link, seconds);
// the script then lays out the page's language, markup included.
func prerender(fsys fs.FS, index []byte) ([]byte, error) {
	raw, err := fs.ReadFile(fsys, "static/assets/i18n/en.json")
	if err != nil {
		return nil, err
	}
	var en map[string]any
	if err := json.Unmarshal(raw, &en); err != nil {
		return nil, fmt.Errorf("i18n/en.json: %v", err)
	}
	return emptyText().ReplaceAllFunc(index, func(m []byte) []byte {
		sub := emptyText().FindSubmatch(m)
		text, ok := en[string(sub[2])].(string)
		if !ok {
			return m
		}
		plain := markup().ReplaceAllString(text, "$1")
		return append(append(append([]byte{}, sub[1]...), html.EscapeString(plain)...), sub[3]...)
	}), nil
}

func gunzip(b []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}

// Headers is a "_headers" file, the format several static hosts read, with
// the policy and the caching the server applies.
func (s *Site) Headers() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "/*\n  Content-Security-Policy: %s\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: no-referrer\n", ContentSecurityPolicy)
	fmt.Fprintf(&b, "/v/*\n  Cache-Control: public, max-age=31536000, immutable\n")
	fmt.Fprintf(&b, "/\n  Cache-Control: no-cache\n")
	return b.Bytes()
}

// Write writes the site into dir, creating it if needed: every file, a .gz
// copy beside each compressed one (for hosts that serve those, such as
// nginx's gzip_static), and the _headers file. Files already there are
// overwritten; nothing else is removed. It returns the paths written.
func (s *Site) Write(dir string) ([]string, error) {
	var written []string
	put := func(rel string, data []byte) error {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return err
		}
		written = append(written, rel)
		return nil
	}
	for _, f := range s.Files {
		if err := put(f.Path, f.Data); err != nil {
			return written, err
		}
		if f.Gzip != nil {
			if err := put(f.Path+".gz", f.Gzip); err != nil {
				return written, err
			}
		}
		if f.Brotli != nil {
			if err := put(f.Path+".br", f.Brotli); err != nil {
				return written, err
			}
		}
	}
	if err := put("_headers", s.Headers()); err != nil {
		return written, err
	}
	return written, nil
}
