package gate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/robotstxt/robotstxt/fetch"
)

// Scope is the collection scope: the origins and path prefixes a team has
// approved or denied for collection. It answers a question robots.txt does
// not: whether the team may collect a URL at all.
//
// A scope file, in YAML or JSON, has two lists of URL prefixes:
//
//	# What we may collect, decided apart from robots.txt.
//	approved:
//	  - https://example.com/              # the whole origin
//	  - https://docs.example.com/guides/  # one path prefix
//	  - https://*.example.org/            # every subdomain of example.org
//	denied:
//	  - https://example.com/account/
//	# Approved although robots.txt answers 401 or 403: a person decided.
//	approvedDespiteRefusal:
//	  - https://partner.example.net/
//
// An entry is an origin (scheme, host, optional port) and a path prefix
// ("/" when absent); a host may start with "*." to cover every subdomain,
// and the entry "*" covers every URL. The path prefix is compared with the
// URL's normalised path and query (as robots.txt rules are, but literally:
// no wildcards). The longest matching prefix decides; between an approved
// and a denied entry of the same length, denied wins. A URL no entry covers
// is unresolved.
//
// A robots.txt answered with 401 or 403 is no consent: such an origin's
// collection stays unresolved even under an approved entry, until a person
// approves it in the third list, approvedDespiteRefusal. Its entries approve
// like the others (and take part in the longest match), and also when
// robots.txt refused; the record's reason says so.
type Scope struct {
	approved, denied []scopeEntry
}

type scopeEntry struct {
	raw    string
	all    bool   // "*"
	scheme string // "http" or "https"
	host   string // lower case; with port when not the default
	suffix bool   // host is ".example.org": any subdomain
	path   string // normalised prefix
	// despite: from approvedDespiteRefusal, it approves even when
	// robots.txt answered 401 or 403.
	despite bool
}

type scopeFile struct {
	Approved               []string `json:"approved" yaml:"approved"`
	Denied                 []string `json:"denied" yaml:"denied"`
	ApprovedDespiteRefusal []string `json:"approvedDespiteRefusal" yaml:"approvedDespiteRefusal"`
}

// LoadScope reads a scope file: JSON when its name ends in ".json", YAML
// when it ends in ".yaml" or ".yml", otherwise JSON when its first
// non-space character is '{', else YAML.
func LoadScope(path string) (*Scope, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	s, err := ParseScope(b, filepath.Ext(path))
	if err != nil {
		return nil, fmt.Errorf("scope file %s: %w", path, err)
	}
	return s, nil
}

// ParseScope parses a scope file. format is "json", "yaml" (or ".json",
// ".yaml", ".yml"), or anything else to choose by the content.
func ParseScope(data []byte, format string) (*Scope, error) {
	var f scopeFile
	switch strings.TrimPrefix(strings.ToLower(format), ".") {
	case "json":
		if err := decodeJSON(data, &f); err != nil {
			return nil, err
		}
	case "yaml", "yml":
		if err := decodeYAML(data, &f); err != nil {
			return nil, err
		}
	default:
		if t := bytes.TrimLeft(data, " \t\r\n\xEF\xBB\xBF"); len(t) > 0 && t[0] == '{' {
			if err := decodeJSON(data, &f); err != nil {
				return nil, err
			}
		} else if err := decodeYAML(data, &f); err != nil {
			return nil, err
		}
	}
	s := &Scope{}
	for _, l := range []struct {
		name    string
		in      []string
		out     *[]scopeEntry
		despite bool
	}{{"approved", f.Approved, &s.approved, false}, {"denied", f.Denied, &s.denied, false},
		{"approvedDespiteRefusal", f.ApprovedDespiteRefusal, &s.approved, true}} {
		for i, raw := range l.in {
			e, err := parseScopeEntry(raw)
			if err != nil {
				return nil, fmt.Errorf("%s[%d] %q: %v", l.name, i, raw, err)
			}
			e.despite = l.despite
			*l.out = append(*l.out, e)
		}
	}
	if len(s.approved)+len(s.denied) == 0 {
		return nil, errors.New(`no entries: give "approved", "denied" and/or "approvedDespiteRefusal" lists of URL prefixes`)
	}
	return s, nil
}

func decodeJSON(data []byte, f *scopeFile) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(f); err != nil {
		return fmt.Errorf("JSON: %v", err)
	}
	if dec.More() {
		return errors.New("JSON: data after the object")
	}
	return nil
}

func decodeYAML(data []byte, f *scopeFile) error {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(f); err != nil && err != io.EOF {
		return fmt.Errorf("YAML: %v", err)
	}
	return nil
}

func parseScopeEntry(raw string) (scopeEntry, error) {
	s := strings.TrimSpace(raw)
	if s == "*" {
		return scopeEntry{raw: raw, all: true, path: "/"}, nil
	}
	e := scopeEntry{raw: raw}
	// "*." is not valid in a URL host: take it out before parsing.
	if i := strings.Index(s, "://*."); i >= 0 {
		e.suffix = true
		s = s[:i+3] + s[i+5:]
	}
	origin, err := fetch.Origin(s)
	if err != nil {
		return e, err
	}
	e.scheme, e.host, _ = strings.Cut(origin, "://")
	if e.suffix {
		e.host = "." + e.host
	}
	u, _ := url.Parse(s)
	if u.User != nil {
		return e, errors.New("user information is not allowed")
	}
	if u.Fragment != "" {
		return e, errors.New("a fragment is not allowed")
	}
	// The prefix in the form targets' paths take (ParseTarget): dot
	// segments resolved, so that an entry and a URL spelled alike match.
	t, err := ParseTarget(s)
	if err != nil {
		return e, err
	}
	e.path = t.Path
	return e, nil
}

// match reports whether the entry covers the URL of the given origin parts
// and normalised path.
func (e *scopeEntry) match(scheme, host, path string) bool {
	if !e.all {
		if scheme != e.scheme {
			return false
		}
		if e.suffix {
			if !strings.HasSuffix(host, e.host) {
				return false
			}
		} else if host != e.host {
			return false
		}
	}
	return strings.HasPrefix(path, e.path)
}

// Decide returns the collection decision for rawURL and the entry that
// decided it ("" when none did). The URL is read as ParseTarget reads it:
// dot segments resolved, so "/public/../account/" is under "/account/".
func (s *Scope) Decide(rawURL string) (CollectionDecision, string) {
	if s == nil {
		return Unresolved, ""
	}
	t, err := ParseTarget(rawURL)
	if err != nil {
		return Unresolved, ""
	}
	return s.decide(t.Origin, t.Path)
}

// decide is Decide for a URL's canonical origin and normalised path (a
// Target's).
func (s *Scope) decide(origin, path string) (CollectionDecision, string) {
	dec, e := s.decideEntry(origin, path)
	if e == nil {
		return dec, ""
	}
	return dec, e.raw
}

// decideEntry is decide returning the deciding entry (nil when none did).
func (s *Scope) decideEntry(origin, path string) (CollectionDecision, *scopeEntry) {
	if s == nil {
		return Unresolved, nil
	}
	scheme, host, _ := strings.Cut(origin, "://")
	var best *scopeEntry
	bestLen, dec := -1, Unresolved
	for i := range s.approved {
		e := &s.approved[i]
		// Between an ordinary approval and one despite a refusal of the
		// same length, the explicit one decides.
		if e.match(scheme, host, path) && (len(e.path) > bestLen || len(e.path) == bestLen && e.despite) {
			best, bestLen, dec = e, len(e.path), Approved
		}
	}
	for i := range s.denied {
		e := &s.denied[i]
		if e.match(scheme, host, path) && len(e.path) >= bestLen {
			best, bestLen, dec = e, len(e.path), Denied
		}
	}
	return dec, best
}
