package web

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt/internal/reference"
	"github.com/robotstxt/robotstxt/lint"
	"github.com/robotstxt/robotstxt/web/internal/wasmbuild"
)

// TestWasmIsCurrent rebuilds the WebAssembly module from the sources and
// compares it byte for byte with the embedded copy, so a change to any Go
// code the page runs cannot land without "go generate ./web/...". Under
// CI=true it never skips.
func TestWasmIsCurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("building the WebAssembly module is not short")
	}
	ci := os.Getenv("CI") == "true"
	var info wasmbuild.Info
	manifest, err := static.ReadFile("static/assets/" + wasmbuild.Manifest)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(manifest, &info); err != nil {
		t.Fatal(err)
	}
	if info.Go != runtime.Version() {
		msg := "the embedded module was built with " + info.Go + " and this is " + runtime.Version() + ": the bytes cannot match; run go generate ./web/... with " + info.Go + " or commit a rebuild"
		if ci {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatalf("the go command is needed to rebuild the module: %v", err)
	}
	ctx := context.Background()
	root, err := wasmbuild.ModuleRoot(ctx, ".")
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	fresh, err := wasmbuild.Build(ctx, root, out)
	if err != nil {
		t.Fatal(err)
	}
	site, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	embedded := site.Lookup("v/" + site.Version + "/robotstxt.wasm")
	if embedded == nil {
		t.Fatal("no robotstxt.wasm in the site")
	}
	gz, _ := os.ReadFile(filepath.Join(out, wasmbuild.WasmGz))
	rebuilt, err := gunzip(gz)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(rebuilt, embedded.Data) {
		t.Errorf("web/static/assets/robotstxt.wasm.gz is stale: the sources build %d bytes (sha256 %s), the embedded copy is %d bytes (sha256 %s).\nRun: go generate ./web/...",
			fresh.Bytes, fresh.SHA256[:12], info.Bytes, info.SHA256[:12])
	}
	for _, name := range []string{wasmbuild.WasmExec, wasmbuild.Manifest} {
		want, _ := os.ReadFile(filepath.Join(out, name))
		got, _ := static.ReadFile("static/assets/" + name)
		if !bytes.Equal(got, want) {
			t.Errorf("web/static/assets/%s is stale. Run: go generate ./web/...", name)
		}
	}
}

// The build is reproducible: the gzip wrapper depends on the bytes alone.
func TestGzipIsDeterministic(t *testing.T) {
	a, _ := wasmbuild.Gzip([]byte("robots"))
	b, _ := wasmbuild.Gzip([]byte("robots"))
	if !bytes.Equal(a, b) {
		t.Error("two compressions of the same bytes differ")
	}
}

func TestSite(t *testing.T) {
	site, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	index := site.Lookup("index.html")
	if index == nil || index.Immutable || index.ContentType != "text/html; charset=utf-8" {
		t.Fatalf("index.html = %+v", index)
	}
	html := string(index.Data)
	if strings.Contains(html, "__ASSETS__") || strings.Contains(html, "__CSP__") {
		t.Error("index.html has unreplaced placeholders")
	}
	// Every asset index.html names exists, under the versioned folder.
	refs := regexp.MustCompile(`(?:src|href)="([^"#]+)"`).FindAllStringSubmatch(html, -1)
	if len(refs) < 3 {
		t.Fatalf("index.html names %d assets", len(refs))
	}
	for _, m := range refs {
		if !strings.HasPrefix(m[1], "v/"+site.Version+"/") || site.Lookup(m[1]) == nil {
			t.Errorf("index.html refers to %q, which the site does not have", m[1])
		}
	}
	// The CSP forbids inline script and style: the markup must have none.
	for _, bad := range []*regexp.Regexp{regexp.MustCompile(`<script(?:\s[^>]*)?>[^<]`), regexp.MustCompile(`\sstyle=`), regexp.MustCompile(`\son[a-z]+=`), regexp.MustCompile(`<style`)} {
		if loc := bad.FindStringIndex(html); loc != nil {
			t.Errorf("index.html has inline code the CSP blocks: %q", html[loc[0]:min(loc[1]+40, len(html))])
		}
	}
	if !strings.Contains(html, `http-equiv="Content-Security-Policy" content="`+metaPolicy+`"`) {
		t.Error("index.html lacks the policy in a meta element")
	}
	wasm := site.Lookup("v/" + site.Version + "/robotstxt.wasm")
	if wasm == nil || wasm.ContentType != "application/wasm" || !wasm.Immutable || wasm.Gzip == nil ||
		!bytes.HasPrefix(wasm.Data, []byte("\x00asm")) {
		t.Fatalf("robotstxt.wasm is not served as an immutable, compressed WebAssembly module")
	}
	for _, f := range site.Files {
		if f.Gzip != nil {
			if plain, err := gunzip(f.Gzip); err != nil || !bytes.Equal(plain, f.Data) {
				t.Errorf("%s: the compressed copy does not decompress to the file", f.Path)
			}
		}
		if f.ETag == "" || !strings.HasPrefix(f.ETag, `"`) {
			t.Errorf("%s: ETag %q", f.Path, f.ETag)
		}
	}
	// The version follows the content.
	again, err := build(static)
	if err != nil || again.Version != site.Version {
		t.Errorf("building twice gives versions %s and %s (%v)", site.Version, again.Version, err)
	}
}

func TestWrite(t *testing.T) {
	site, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "public")
	written, err := site.Write(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"index.html", "_headers", "v/" + site.Version + "/app.js", "v/" + site.Version + "/robotstxt.wasm", "v/" + site.Version + "/robotstxt.wasm.gz"} {
		if !slices.Contains(written, p) {
			t.Errorf("Write did not report %s", p)
		}
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(p))); err != nil {
			t.Error(err)
		}
	}
	headers, _ := os.ReadFile(filepath.Join(dir, "_headers"))
	if !strings.Contains(string(headers), ContentSecurityPolicy) || !strings.Contains(string(headers), "immutable") {
		t.Errorf("_headers:\n%s", headers)
	}
}

// catalogue reads one message catalogue.
func catalogue(t *testing.T, lang string) map[string]any {
	t.Helper()
	b, err := static.ReadFile("static/assets/i18n/" + lang + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%s.json: %v", lang, err)
	}
	return m
}

var placeholder = regexp.MustCompile(`\{\w+\}`)

// placeholders returns the {names} a value uses, over all its plural forms.
func placeholders(v any) []string {
	var out []string
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			out = append(out, placeholder.FindAllString(v, -1)...)
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	walk(v)
	sort.Strings(out)
	return slices.Compact(out)
}

func kind(v any) string {
	switch v := v.(type) {
	case string:
		return "string"
	case []any:
		return "list"
	case map[string]any:
		if _, ok := v["other"]; ok {
			return "plural"
		}
		return "object"
	}
	return "?"
}

// The three catalogues have the same keys, of the same kinds, with the same
// placeholders, and plural entries have the forms their language needs.
func TestCatalogues(t *testing.T) {
	en := catalogue(t, "en")
	forms := map[string][]string{"en": {"one", "other"}, "ru": {"few", "many", "one", "other"}, "ro": {"few", "one", "other"}}
	for _, lang := range []string{"en", "ru", "ro"} {
		m := catalogue(t, lang)
		for k, v := range en {
			w, ok := m[k]
			switch {
			case !ok:
				t.Errorf("%s.json lacks %q", lang, k)
				continue
			case kind(w) != kind(v):
				t.Errorf("%s.json: %q is a %s, in en.json a %s", lang, k, kind(w), kind(v))
				continue
			case !slices.Equal(placeholders(w), placeholders(v)) && !(kind(w) == "plural" && isSubset(placeholders(w), placeholders(v))):
				t.Errorf("%s.json: %q uses %v, en.json %v", lang, k, placeholders(w), placeholders(v))
			}
			if p, ok := w.(map[string]any); ok && kind(w) == "plural" {
				var got []string
				for f := range p {
					got = append(got, f)
				}
				sort.Strings(got)
				if !slices.Equal(got, forms[lang]) {
					t.Errorf("%s.json: %q has the plural forms %v, want %v", lang, k, got, forms[lang])
				}
			}
			if lang != "en" && kind(w) == "string" && w == v && len(v.(string)) > 12 && !strings.HasPrefix(k, "lang.") && !strings.Contains(k, "placeholder") {
				t.Errorf("%s.json: %q is not translated", lang, k)
			}
		}
		for k := range m {
			if _, ok := en[k]; !ok {
				t.Errorf("%s.json has %q, which en.json lacks", lang, k)
			}
		}
	}
}

func isSubset(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// Every key the markup and the scripts use is in the catalogue, and the
// markup holds no text of its own.
func TestCatalogueCoversPage(t *testing.T) {
	en := catalogue(t, "en")
	html, _ := static.ReadFile("static/index.html")
	for _, m := range regexp.MustCompile(`data-i18n(?:-[a-z-]+)?="([^"]+)"`).FindAllSubmatch(html, -1) {
		if _, ok := en[string(m[1])]; !ok {
			t.Errorf("index.html uses the key %q, which en.json lacks", m[1])
		}
	}
	// Text between tags: only whitespace, and the language names' codes.
	for _, m := range regexp.MustCompile(`>([^<>]*[A-Za-z][^<>]*)<`).FindAllSubmatch(html, -1) {
		t.Errorf("index.html has text outside the catalogues: %q", m[1])
	}
	keyUse := regexp.MustCompile(`\bt[r]?\("([a-zA-Z0-9_.-]+)"`)
	for _, name := range []string{"app.js", "i18n.js"} {
		js, err := static.ReadFile("static/assets/" + name)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range keyUse.FindAllSubmatch(js, -1) {
			if _, ok := en[string(m[1])]; !ok {
				t.Errorf("%s uses the key %q, which en.json lacks", name, m[1])
			}
		}
	}
	// Keys built at run time.
	examples, _ := static.ReadFile("static/assets/examples.js")
	for _, m := range regexp.MustCompile(`id: "([a-z0-9-]+)"`).FindAllSubmatch(examples, -1) {
		if _, ok := en["example."+string(m[1])]; !ok {
			t.Errorf("example %q has no name (example.%s)", m[1], m[1])
		}
	}
	for _, c := range reference.Cases() {
		if _, ok := en["selftest.topic."+c.Topic]; !ok {
			t.Errorf("self-test topic %q has no title (selftest.topic.%s)", c.Topic, c.Topic)
		}
	}
	for _, r := range []string{"matched-rule", "no-matching-rule", "no-group", "implicit-robots-txt"} {
		if _, ok := en["matrix.reason."+r]; !ok {
			t.Errorf("reason %q has no text", r)
		}
	}
	for _, s := range []lint.Severity{lint.Error, lint.Warning, lint.Info} {
		key := map[string]string{"error": "error", "warning": "warning", "info": "info"}[s.String()]
		if _, ok := en["severity."+key]; !ok {
			t.Errorf("severity %s has no text", s)
		}
	}
}
