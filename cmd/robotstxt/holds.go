package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/robotstxt/robotstxt/internal/textsafe"
)

// runHolds lists and lifts the holds of a decision service (serve --gate):
// the origins a target's 429, 503 or 403 holds for the whole fleet.
func runHolds(ctx context.Context, c *cli, args []string) error {
	fs := c.newFlags("holds", "[--gate URL] [--token-file FILE] [--json] [list | lift ORIGIN...]",
		`List the origins a decision service ("robotstxt serve --gate") holds because
a target answered 429, 503 or 403, for the whole fleet when it shares Redis,
with when each hold ends; or lift the holds of the ORIGINs given: the hold
goes for every instance (each drops its own copy, none writes it back).

Exit status: 0 on success, 1 when the service refused or could not be
reached, 2 on a usage error.`,
		`  robotstxt holds --gate http://127.0.0.1:8080
  robotstxt holds --gate http://127.0.0.1:8080 lift https://example.com`)
	base := fs.String("gate", "http://127.0.0.1:8080", "the decision service's `URL`")
	tokenFile := fs.String("token-file", "", "send Authorization: Bearer with the token in this `file` (serve --gate-token-file)")
	asJSON := fs.Bool("json", false, "print the service's JSON answer")
	if err := c.parseFlags(fs, args); err != nil {
		return err
	}
	u, err := url.Parse(*base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return usagef("holds: --gate %q: want the service's http(s) URL", *base)
	}
	token := ""
	if *tokenFile != "" {
		b, err := os.ReadFile(*tokenFile)
		if err != nil {
			return usagef("holds: --token-file: %v", err)
		}
		token = strings.TrimSpace(string(b))
	}
	verb, origins := "list", []string(nil)
	if fs.NArg() > 0 {
		verb, origins = fs.Arg(0), fs.Args()[1:]
	}
	endpoint := strings.TrimSuffix(*base, "/") + "/api/v1/holds"
	hc := &http.Client{Timeout: 30 * time.Second}
	do := func(method, q string) ([]byte, error) {
		req, err := http.NewRequestWithContext(ctx, method, endpoint+q, nil)
		if err != nil {
			return nil, err
		}
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := hc.Do(req)
		if err != nil {
			return nil, &exitError{code: exitFindings, msg: "holds: " + textsafe.Escape(err.Error())}
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
		if err != nil {
			return nil, &exitError{code: exitFindings, msg: "holds: " + textsafe.Escape(err.Error())}
		}
		if resp.StatusCode != 200 {
			var e struct{ Error string }
			_ = json.Unmarshal(b, &e)
			return nil, &exitError{code: exitFindings, msg: fmt.Sprintf("holds: %s answered %d: %s", textsafe.Escape(*base), resp.StatusCode, textsafe.Escape(e.Error))}
		}
		return b, nil
	}
	switch verb {
	case "list":
		if len(origins) > 0 {
			return usagef("holds: list takes no ORIGIN")
		}
		b, err := do("GET", "")
		if err != nil {
			return err
		}
		if *asJSON {
			_, err := c.stdout.Write(b)
			return err
		}
		var ans struct {
			Holds []struct {
				Origin, Until, Detail string
				HTTPStatus            int
			}
			Truncated bool
		}
		if err := json.Unmarshal(b, &ans); err != nil {
			return fmt.Errorf("holds: the service's answer: %v", err)
		}
		for _, h := range ans.Holds {
			line := fmt.Sprintf("%s  HTTP %d  until %s", h.Origin, h.HTTPStatus, h.Until)
			if h.Detail != "" {
				line += "  " + h.Detail
			}
			fmt.Fprintln(c.stdout, textsafe.Escape(line))
		}
		if len(ans.Holds) == 0 {
			fmt.Fprintln(c.stdout, "no origin held")
		}
		if ans.Truncated {
			fmt.Fprintln(c.stdout, "(more holds than listed)")
		}
		return nil
	case "lift":
		if len(origins) == 0 {
			return usagef("holds: lift needs at least one ORIGIN")
		}
		var errs []error
		for _, o := range origins {
			b, err := do("DELETE", "?origin="+url.QueryEscape(o))
			if err != nil {
				errs = append(errs, err)
				continue
			}
			if *asJSON {
				c.stdout.Write(b)
				continue
			}
			var ans struct {
				Origin string
				Lifted bool
			}
			_ = json.Unmarshal(b, &ans)
			if ans.Lifted {
				fmt.Fprintln(c.stdout, textsafe.Escape(ans.Origin)+": hold lifted for the fleet")
			} else {
				fmt.Fprintln(c.stdout, textsafe.Escape(ans.Origin)+": was not held")
			}
		}
		if len(errs) > 0 {
			return &exitError{code: exitFindings, msg: errors.Join(errs...).Error()}
		}
		return nil
	}
	return usagef("holds: %q: want list or lift", verb)
}
