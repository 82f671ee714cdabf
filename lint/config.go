package lint

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/robotstxt/robotstxt/internal/editdist"
)

// ConfigName is the name of the config file "robotstxt lint" looks for in
// the current folder and each folder above it.
const ConfigName = ".robotstxt.json"

// maxConfigBytes bounds the size of a config file.
const maxConfigBytes = 1 << 20

// Config is the "lint" object of a config file: the same options as the
// command's flags, which win over it.
//
//	{"lint": {"select": ["error", "warning"], "ignore": ["crawl-delay"],
//	          "fail-on": "warning", "host": "www.example.org",
//	          "baseline": "robots-baseline.json",
//	          "include": ["sites/*.txt"], "exclude": ["vendor/"],
//	          "per-file-ignores": {"staging/robots.txt": ["site-closed"]}}}
//
// In a tree with several config files (a monorepo with one per site),
// each linted file takes the nearest one above it.
type Config struct {
	Selection
	FailOn   string `json:"fail-on,omitempty"`
	Format   string `json:"format,omitempty"`
	Host     string `json:"host,omitempty"`
	Lang     string `json:"lang,omitempty"`
	MaxBytes *int   `json:"max-bytes,omitempty"`
	// Baseline is a path relative to the config file's folder.
	Baseline string `json:"baseline,omitempty"`
	// Include and Exclude are gitignore-style globs, relative to the
	// config file's folder, of more files a folder walk takes and of files
	// and folders it leaves out.
	Include []string `json:"include,omitempty"`
	Exclude []string `json:"exclude,omitempty"`
	// PerFileIgnores maps a glob of files (relative to the config file's
	// folder, gitignore syntax) to the names (check IDs, prefixes,
	// severities) not reported for them, as ruff's per-file-ignores.
	PerFileIgnores map[string][]string `json:"per-file-ignores,omitempty"`
	// Dir is the config file's folder (set by ReadConfig).
	Dir string `json:"-"`
}

// configKeys are the keys of the "lint" object, for unknown-key errors.
var configKeys = []string{"select", "ignore", "fail-on", "format", "host", "lang", "max-bytes", "baseline", "include", "exclude", "per-file-ignores"}

// Formats are the output formats of "robotstxt lint".
var Formats = []string{"text", "json", "ndjson", "sarif", "github", "concise", "gitlab", "junit"}

// FindConfig returns the path of the nearest ConfigName in dir or a folder
// above it, or "" when there is none.
func FindConfig(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		p := filepath.Join(dir, ConfigName)
		st, err := os.Stat(p)
		if err == nil && !st.IsDir() {
			return p, nil
		}
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return "", err
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}

// ReadConfig reads a config file and checks every value: an unknown key,
// check ID or severity is an error that names the file and the key (with
// the closest name when one is near). A relative baseline is made relative
// to the file's folder.
func ReadConfig(path string) (*Config, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	body, err := io.ReadAll(io.LimitReader(f, maxConfigBytes+1))
	if err != nil {
		return nil, err
	}
	if len(body) > maxConfigBytes {
		return nil, fmt.Errorf("%s: larger than %d bytes", path, maxConfigBytes)
	}
	c, err := ParseConfig(body)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if c.Baseline != "" && !filepath.IsAbs(c.Baseline) {
		c.Baseline = filepath.Join(filepath.Dir(path), c.Baseline)
	}
	c.Dir = filepath.Dir(path)
	return c, nil
}

// ParseConfig reads the text of a config file (see Config).
func ParseConfig(body []byte) (*Config, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(body, &top); err != nil {
		return nil, fmt.Errorf("not a JSON object: %v", err)
	}
	for _, k := range slices.Sorted(maps.Keys(top)) {
		if k != "lint" {
			return nil, unknownKey(k, []string{"lint"})
		}
	}
	c := &Config{}
	raw, ok := top["lint"]
	if !ok {
		return c, nil
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(raw, &keys); err != nil {
		return nil, fmt.Errorf("lint: not a JSON object: %v", err)
	}
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		if !slices.Contains(configKeys, k) {
			return nil, unknownKey("lint."+k, prefixed("lint.", configKeys))
		}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(c); err != nil {
		return nil, fmt.Errorf("lint: %v", err)
	}
	if err := c.Selection.Validate(); err != nil {
		return nil, fmt.Errorf("lint: %w", err)
	}
	for _, glob := range slices.Sorted(maps.Keys(c.PerFileIgnores)) {
		if err := (Selection{Ignore: c.PerFileIgnores[glob]}).Validate(); err != nil {
			return nil, fmt.Errorf("lint.per-file-ignores[%q]: %w", glob, err)
		}
	}
	if c.FailOn != "" {
		if _, err := ParseSeverity(c.FailOn); err != nil {
			return nil, fmt.Errorf(`lint.fail-on must be error, warning or info, not %q`, c.FailOn)
		}
	}
	if c.Format != "" && !slices.Contains(Formats, c.Format) {
		return nil, fmt.Errorf(`lint.format must be %s, not %q`, strings.Join(Formats, ", "), c.Format)
	}
	if c.Lang != "" && !slices.Contains(Languages(), c.Lang) {
		return nil, fmt.Errorf(`lint.lang must be one of %s, not %q`, strings.Join(Languages(), ", "), c.Lang)
	}
	if c.MaxBytes != nil && *c.MaxBytes < -1 {
		return nil, fmt.Errorf(`lint.max-bytes must be -1 (no limit) or more, not %d`, *c.MaxBytes)
	}
	return c, nil
}

func prefixed(p string, names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = p + n
	}
	return out
}

// unknownKey is the error for a key the config file does not know, with
// the closest known key when one is near.
func unknownKey(k string, known []string) error {
	best, bestD := "", 3
	for _, n := range known {
		if d := editdist.Distance(strings.ToLower(k), n); d < bestD {
			best, bestD = n, d
		}
	}
	if best != "" {
		return fmt.Errorf("unknown key %q; did you mean %q?", k, best)
	}
	return fmt.Errorf("unknown key %q (known: %s)", k, strings.Join(known, ", "))
}
