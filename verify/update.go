//go:build !js

package verify

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/netip"
	"os"
	"path/filepath"
	"time"
)

// UpdateResult is the outcome of fetching one list.
type UpdateResult struct {
	Source
	Operator string    `json:"operator"`
	Prefixes int       `json:"prefixes,omitempty"`
	Created  time.Time `json:"created,omitzero"`
	Err      string    `json:"error,omitempty"`
	// Previous, when the list failed, is the copy in dir that stays in
	// use (its path), or "" when dir holds none: the snapshot's copy, if
	// any, is used instead. Nothing is written for a failed list.
	Previous string `json:"previous,omitempty"`
}

// Update fetches every list of Operators from its official address with
// client and writes each one that parses to dir (created if need be),
// through a temporary file and a rename, so that a failed or partial fetch
// never replaces a good list. The client decides where it may connect:
// the CLI gives it the fetcher's destination guard, tests a transport
// that answers from a local server. urlFor, when not nil, gives the
// address to fetch each list from instead of its official one (a mirror).
func Update(ctx context.Context, client *http.Client, dir, userAgent string, urlFor func(Source) string) ([]UpdateResult, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var out []UpdateResult
	for _, op := range Operators {
		for _, src := range op.Sources {
			res := UpdateResult{Source: src, Operator: op.Name}
			u := src.URL
			if urlFor != nil {
				u = urlFor(src)
			}
			data, err := get(ctx, client, u, userAgent, src.Page)
			if err == nil {
				ps, created, perr := ParseList(data)
				if perr != nil && src.Page {
					// The operator publishes a page: keep its addresses,
					// written in the common shape.
					if ps, perr = ParsePage(data); perr == nil {
						data = pageJSON(ps)
					}
				}
				err = perr
				res.Prefixes, res.Created = len(ps), created
			}
			if err == nil {
				err = writeAtomic(filepath.Join(dir, src.File), data)
			}
			if err != nil {
				res.Err = err.Error()
				res.Prefixes, res.Created = 0, time.Time{}
				if _, statErr := os.Stat(filepath.Join(dir, src.File)); statErr == nil {
					res.Previous = filepath.Join(dir, src.File)
				}
			}
			out = append(out, res)
		}
	}
	return out, nil
}

// pageJSON writes the prefixes read from a page in the common shape,
// without a creationTime (the page has none; the file's time is the date).
func pageJSON(ps []netip.Prefix) []byte {
	out := make([]map[string]string, 0, len(ps))
	for _, p := range ps {
		key := "ipv6Prefix"
		if p.Addr().Is4() {
			key = "ipv4Prefix"
		}
		out = append(out, map[string]string{key: p.String()})
	}
	data, _ := json.Marshal(map[string]any{"prefixes": out})
	return data
}

func get(ctx context.Context, client *http.Client, url, userAgent string, page bool) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	if userAgent != "" {
		req.Header.Set("User-Agent", userAgent)
	}
	if page {
		req.Header.Set("Accept", "text/html, application/json;q=0.9")
	} else {
		req.Header.Set("Accept", "application/json")
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("HTTP %d", resp.StatusCode)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxListBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxListBytes {
		return nil, fmt.Errorf("larger than %d bytes", maxListBytes)
	}
	return data, nil
}

func writeAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), path)
	}
	if werr != nil {
		os.Remove(tmp.Name())
	}
	return werr
}
