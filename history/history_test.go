package history

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

func obs(body string, status string, code int, at time.Time) Observation {
	o := Observation{URL: "https://example.com/robots.txt", Status: status, HTTPStatus: code, FinalURL: "https://example.com/robots.txt", At: at}
	if status == "success" {
		sum := sha256.Sum256([]byte(body))
		o.Digest, o.Body = "sha256:"+hex.EncodeToString(sum[:]), []byte(body)
	}
	return o
}

func open(t *testing.T) *Store {
	t.Helper()
	s, err := Open(filepath.Join(t.TempDir(), "watch.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// A version is a distinct (body, status, HTTP status); the same answer again
// only extends the last one; going back to an old file is a new version.
func TestRecordVersions(t *testing.T) {
	ctx := context.Background()
	s := open(t)
	steps := []struct {
		o       Observation
		changed bool
		n       int
	}{
		{obs("A", "success", 200, t0), true, 1},
		{obs("A", "success", 200, t0.Add(time.Hour)), false, 1},
		{obs("B", "success", 200, t0.Add(2*time.Hour)), true, 2},
		{obs("", "unreachable", 503, t0.Add(3*time.Hour)), true, 3},
		{obs("", "unreachable", 503, t0.Add(4*time.Hour)), false, 3},
		{obs("", "unreachable", 500, t0.Add(5*time.Hour)), true, 4},
		{obs("A", "success", 200, t0.Add(6*time.Hour)), true, 5},
	}
	for i, st := range steps {
		prev, cur, changed, err := s.Record(ctx, st.o)
		if err != nil {
			t.Fatal(err)
		}
		if changed != st.changed || cur.N != st.n {
			t.Errorf("step %d: changed=%v n=%d, want %v %d", i, changed, cur.N, st.changed, st.n)
		}
		if (i == 0) != (prev == nil) {
			t.Errorf("step %d: prev = %+v", i, prev)
		}
	}
	vs, err := s.Versions(ctx, "https://example.com/robots.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != 5 {
		t.Fatalf("%d versions, want 5", len(vs))
	}
	if !vs[0].FirstSeen.Equal(t0) || !vs[0].LastSeen.Equal(t0.Add(time.Hour)) || vs[2].HTTPStatus != 503 || vs[0].Body != nil {
		t.Errorf("versions: %+v", vs[:3])
	}
	v, err := s.Version(ctx, "https://example.com/robots.txt", -1)
	if err != nil || string(v.Body) != "A" || v.N != 5 {
		t.Errorf("Version(-1) = %+v, %v", v, err)
	}
	v, err = s.Version(ctx, "https://example.com/robots.txt", 2)
	if err != nil || string(v.Body) != "B" {
		t.Errorf("Version(2) = %+v, %v", v, err)
	}
	if _, err := s.Version(ctx, "https://example.com/robots.txt", 9); !errors.Is(err, ErrNotFound) {
		t.Errorf("Version(9): %v", err)
	}
	// At: the version current at a time; fractional seconds compare right.
	for _, tt := range []struct {
		at time.Time
		n  int
	}{
		{t0.Add(90 * time.Minute), 1},
		{t0.Add(2*time.Hour + time.Nanosecond), 2},
		{t0.Add(2 * time.Hour), 2},
		{t0.Add(2*time.Hour - time.Millisecond), 1},
		{t0.Add(100 * time.Hour), 5},
	} {
		v, err := s.At(ctx, "https://example.com/robots.txt", tt.at)
		if err != nil || v.N != tt.n {
			t.Errorf("At(%v) = %+v, %v; want version %d", tt.at, v, err, tt.n)
		}
	}
	if _, err := s.At(ctx, "https://example.com/robots.txt", t0.Add(-time.Second)); !errors.Is(err, ErrNotFound) {
		t.Errorf("At before the first: %v", err)
	}
}

// Bodies beyond the per-URL cap are dropped oldest first; the newest stays.
func TestPrune(t *testing.T) {
	ctx := context.Background()
	s := open(t)
	s.MaxBytesPerURL = 25
	for i, b := range []string{"1111111111", "2222222222", "3333333333", strings.Repeat("4", 40)} {
		if _, _, _, err := s.Record(ctx, obs(b, "success", 200, t0.Add(time.Duration(i)*time.Hour))); err != nil {
			t.Fatal(err)
		}
	}
	vs, _ := s.Versions(ctx, "https://example.com/robots.txt")
	var pruned []bool
	for _, v := range vs {
		pruned = append(pruned, v.Pruned)
	}
	if len(vs) != 4 || !pruned[0] || !pruned[1] || !pruned[2] || pruned[3] || vs[0].Size != 10 {
		t.Errorf("pruned = %v, versions %+v", pruned, vs)
	}
	v, _ := s.Version(ctx, "https://example.com/robots.txt", 1)
	if v.Body != nil || !v.Pruned {
		t.Errorf("pruned body returned: %+v", v)
	}
}

// A database written with schema 1 (the first release) opens in this one:
// its rows survive and gain the new columns.
func TestMigrateFromSchema1(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	old, err := openAt(path, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := old.db.Exec(`INSERT INTO versions (url, digest, status, http_status, final_url, first_seen, last_seen, body)
		VALUES ('https://example.com/robots.txt', 'sha256:x', 'success', 200, 'https://example.com/robots.txt', ?, ?, X'414243')`,
		fmtTime(t0), fmtTime(t0)); err != nil {
		t.Fatal(err)
	}
	old.Close()
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var v int
	s.db.QueryRow("PRAGMA user_version").Scan(&v)
	if v != SchemaVersion {
		t.Errorf("user_version %d, want %d", v, SchemaVersion)
	}
	got, err := s.Version(ctx, "https://example.com/robots.txt", 1)
	if err != nil || string(got.Body) != "ABC" || got.Size != 3 {
		t.Fatalf("old row after migration: %+v, %v", got, err)
	}
	if err := s.SetNextFetch(ctx, "https://example.com/robots.txt", t0, 2); err != nil {
		t.Fatalf("schedule table missing: %v", err)
	}
	next, fails, err := s.NextFetch(ctx, "https://example.com/robots.txt")
	if err != nil || !next.Equal(t0) || fails != 2 {
		t.Errorf("NextFetch = %v %d %v", next, fails, err)
	}
	// Opening again changes nothing.
	s2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	s2.Close()
}

// A database from a newer release is refused, not misread.
func TestRefuseNewerSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	s.db.Exec("PRAGMA user_version = 99")
	s.Close()
	if _, err := Open(path); err == nil || !strings.Contains(err.Error(), "newer") {
		t.Errorf("Open of a newer schema: %v", err)
	}
}

func TestURLs(t *testing.T) {
	ctx := context.Background()
	s := open(t)
	o := obs("A", "success", 200, t0)
	s.Record(ctx, o)
	o.URL = "https://a.example/robots.txt"
	s.Record(ctx, o)
	urls, err := s.URLs(ctx)
	if err != nil || strings.Join(urls, " ") != "https://a.example/robots.txt https://example.com/robots.txt" {
		t.Errorf("URLs = %q, %v", urls, err)
	}
}

// A path with the characters that end or escape a URI opens that very file.
func TestOddPath(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a?b#c%41.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := os.Stat(path); err != nil {
		t.Errorf("database not at %q: %v", path, err)
	}
}
