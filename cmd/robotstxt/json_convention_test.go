package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestJSONConvention: one JSON convention across the commands. The verdict
// object is the same in check, report, diff and test: allowed, reason and
// rule, rule null when no rule decided (never left out); and every command
// that prints many objects prints them one a line with --ndjson, each a
// JSON object, as many as --json holds.
func TestJSONConvention(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	old := write("old.txt", "User-agent: *\nDisallow: /p/\n")
	new := write("new.txt", "User-agent: *\nDisallow: /\nAllow: /q\n")
	spec := write("robots.expect", "Googlebot /p/x disallow\nGooglebot /q allow\nGooglebot /r allow\n")

	// verdict checks one verdict object: the three fields, rule present.
	verdict := func(where string, v map[string]json.RawMessage) {
		t.Helper()
		for _, k := range []string{"allowed", "reason", "rule"} {
			if _, ok := v[k]; !ok {
				t.Errorf("%s: the verdict has no %q: %v", where, k, jsonKeys(v))
			}
		}
		var reason string
		if json.Unmarshal(v["reason"], &reason) != nil || reason == "" {
			t.Errorf("%s: reason %s is not a word", where, v["reason"])
		}
	}
	lines := func(args ...string) []map[string]json.RawMessage {
		t.Helper()
		out, stderr, code := runCLI(t, "", args...)
		if code == exitUsage {
			t.Fatalf("%v: exit 2: %s", args, stderr)
		}
		var objs []map[string]json.RawMessage
		for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			var o map[string]json.RawMessage
			if err := json.Unmarshal([]byte(l), &o); err != nil {
				t.Fatalf("%v: line %q is not a JSON object: %v", args, l, err)
			}
			objs = append(objs, o)
		}
		return objs
	}
	object := func(v json.RawMessage) map[string]json.RawMessage {
		var o map[string]json.RawMessage
		if err := json.Unmarshal(v, &o); err != nil {
			t.Fatalf("%s: not an object: %v", v, err)
		}
		return o
	}

	// check --json: one answer a line, each a verdict.
	for _, o := range lines("check", "-f", new, "-a", "Googlebot", "--json", "/p/x", "/q", "/r") {
		verdict("check --json", o)
	}
	// report --ndjson: one row a line; each row's verdicts as check's.
	rows := lines("report", "-f", new, "--ndjson", "/p/x", "/q")
	var doc struct{ Rows []json.RawMessage }
	out, _, _ := runCLI(t, "", "report", "-f", new, "--json", "/p/x", "/q")
	if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Rows) != len(rows) {
		t.Errorf("report: %d rows with --ndjson, %d with --json (%v)", len(rows), len(doc.Rows), err)
	}
	for _, row := range rows {
		var vs []map[string]json.RawMessage
		if err := json.Unmarshal(row["verdicts"], &vs); err != nil || len(vs) != 2 {
			t.Fatalf("report row verdicts %s: %v", row["verdicts"], err)
		}
		for _, v := range vs {
			verdict("report --ndjson", v)
		}
	}
	// diff --ndjson: one change a line, its old and new verdicts.
	changes := lines("diff", old, new, "--ndjson", "-a", "Googlebot")
	var d struct{ Changes []json.RawMessage }
	out, _, _ = runCLI(t, "", "diff", old, new, "--json", "-a", "Googlebot")
	if err := json.Unmarshal([]byte(out), &d); err != nil || len(d.Changes) != len(changes) || len(changes) == 0 {
		t.Errorf("diff: %d changes with --ndjson, %d with --json (%v)", len(changes), len(d.Changes), err)
	}
	for _, ch := range changes {
		verdict("diff --ndjson old", object(ch["old"]))
		verdict("diff --ndjson new", object(ch["new"]))
	}
	// test --ndjson: one result a line, with its file; got as check's.
	results := lines("test", "-f", new, "--ndjson", spec)
	if len(results) != 3 {
		t.Errorf("test --ndjson: %d results, want 3", len(results))
	}
	for _, r := range results {
		if string(r["file"]) == "" {
			t.Errorf("test --ndjson: a result without its file: %v", jsonKeys(r))
		}
		verdict("test --ndjson got", object(r["got"]))
	}
	// lint --ndjson: one finding a line, with its file and fingerprint.
	findings := lines("lint", "--ndjson", write("robots.txt", "User-agent: *\nDisallow: admin/\nDisallow: /a#b\n"))
	if len(findings) < 2 {
		t.Errorf("lint --ndjson: %d findings", len(findings))
	}
	for _, f := range findings {
		for _, k := range []string{"file", "id", "severity", "line", "message", "fingerprint"} {
			if _, ok := f[k]; !ok {
				t.Errorf("lint --ndjson: a finding without %q: %v", k, jsonKeys(f))
			}
		}
	}
	// Two outputs asked for at once are a usage error.
	for _, args := range [][]string{
		{"diff", old, new, "--json", "--ndjson"},
		{"report", "-f", new, "--json", "--ndjson"},
		{"lint", "--json", "--ndjson", old},
		{"test", "-f", new, "--json", "--ndjson", spec},
	} {
		if _, _, code := runCLI(t, "", args...); code != exitUsage {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

func jsonKeys(m map[string]json.RawMessage) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
