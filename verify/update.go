//go:build !js

package verify

import (
	"context"
	"fmt"
	"io"
	"net/http"
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
			data, err := get(ctx, client, u, userAgent)
			if err == nil {
				ps, created, perr := ParseList(data)
				err = perr
				res.Prefixes, res.Created = len(ps), created
			}
			if err == nil {
				err = writeAtomic(filepath.Join(dir, src.File), data)
			}
			if err != nil {
				res.Err = err.Error()
				res.Prefixes = 0
			}
			out = append(out, res)
		}
	}
	return out, nil
}

func get(ctx context.Context, client *http.Client, url, userAgent string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	if userAgent != "" {
		req.Header.Set("User-Agent", userAgent)
	}
	req.Header.Set("Accept", "application/json")
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
