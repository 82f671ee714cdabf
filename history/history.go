package history

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver, pure Go
)

// DefaultMaxBytesPerURL bounds the bodies kept for one URL: 20 versions at
// the 500 KiB parse limit.
const DefaultMaxBytesPerURL = 10 << 20

// ErrNotFound is returned when no version matches.
var ErrNotFound = errors.New("robotstxt/history: no such version")

// Version is one stored version of a robots.txt URL.
type Version struct {
	// N numbers the URL's versions from 1, oldest first.
	N   int    `json:"n"`
	URL string `json:"url"`
	// Digest is "sha256:" and the hex SHA-256 of Body ("" when there was
	// no file).
	Digest string `json:"digest,omitempty"`
	// Status is the fetch status ("success", "unavailable",
	// "unreachable", ...) and HTTPStatus the last HTTP status (0 when
	// there was no answer).
	Status     string    `json:"status"`
	HTTPStatus int       `json:"httpStatus,omitempty"`
	FinalURL   string    `json:"finalURL,omitempty"`
	Detail     string    `json:"detail,omitempty"`
	FirstSeen  time.Time `json:"firstSeen"`
	LastSeen   time.Time `json:"lastSeen"`
	// Size is the length of the body; Body is nil when Pruned or when
	// listed without bodies.
	Size   int    `json:"size"`
	Body   []byte `json:"-"`
	Pruned bool   `json:"pruned,omitempty"`
	// Truncated reports that the file was longer than the parse limit and
	// Body holds the bytes kept (see fetch.ParseBody).
	Truncated bool `json:"truncated,omitempty"`
}

// Observation is one fetch to record.
type Observation struct {
	URL        string
	Status     string
	HTTPStatus int
	FinalURL   string
	Detail     string
	Digest     string
	Body       []byte
	Truncated  bool
	At         time.Time
}

// same reports whether the observation is the version v: same body and
// same statuses.
func (o *Observation) same(v *Version) bool {
	return v != nil && o.Digest == v.Digest && o.Status == v.Status && o.HTTPStatus == v.HTTPStatus
}

// Store is an open history database. It is safe for concurrent use.
type Store struct {
	db *sql.DB
	// MaxBytesPerURL bounds the bodies kept per URL (default
	// DefaultMaxBytesPerURL).
	MaxBytesPerURL int64
}

// migrations bring the schema from version i to i+1. Append only: a
// released step never changes.
var migrations = []string{
	// 1: the versions of each URL.
	`CREATE TABLE versions (
		id          INTEGER PRIMARY KEY,
		url         TEXT NOT NULL,
		digest      TEXT NOT NULL,
		status      TEXT NOT NULL,
		http_status INTEGER NOT NULL,
		final_url   TEXT NOT NULL,
		first_seen  TEXT NOT NULL,
		last_seen   TEXT NOT NULL,
		body        BLOB
	);
	CREATE INDEX versions_url ON versions(url, id);`,
	// 2: the size of each body (kept when the body is pruned), the detail of
	// a failed fetch, whether the body was cut at the parse limit, and per-URL schedule state so that a restarted watch
	// honours Retry-After and backoff.
	`ALTER TABLE versions ADD COLUMN size INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE versions ADD COLUMN detail TEXT NOT NULL DEFAULT '';
	ALTER TABLE versions ADD COLUMN truncated INTEGER NOT NULL DEFAULT 0;
	UPDATE versions SET size = length(body) WHERE body IS NOT NULL;
	CREATE TABLE schedule (
		url        TEXT PRIMARY KEY,
		next_fetch TEXT NOT NULL,
		failures   INTEGER NOT NULL DEFAULT 0
	);`,
}

// SchemaVersion is the schema this release writes.
var SchemaVersion = len(migrations)

// Open opens or creates the database at path and migrates it to
// SchemaVersion.
func Open(path string) (*Store, error) {
	return openAt(path, len(migrations))
}

func openAt(path string, target int) (*Store, error) {
	// busy_timeout: a second process (history while watch runs) waits for
	// a write instead of failing at once.
	// The path is part of a URI: escape what would end it.
	esc := strings.NewReplacer("%", "%25", "?", "%3F", "#", "%23").Replace(path)
	dsn := "file:" + esc + "?_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("history: %s: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	if err := migrate(db, target); err != nil {
		db.Close()
		return nil, fmt.Errorf("history: %s: %w", path, err)
	}
	return &Store{db: db, MaxBytesPerURL: DefaultMaxBytesPerURL}, nil
}

func migrate(db *sql.DB, target int) error {
	var v int
	if err := db.QueryRow("PRAGMA user_version").Scan(&v); err != nil {
		return err
	}
	if v > len(migrations) {
		return fmt.Errorf("schema version %d is newer than this release's %d", v, len(migrations))
	}
	for ; v < target; v++ {
		tx, err := db.Begin()
		if err != nil {
			return err
		}
		if _, err := tx.Exec(migrations[v]); err != nil {
			tx.Rollback()
			return fmt.Errorf("migrating to schema %d: %w", v+1, err)
		}
		if _, err := tx.Exec(fmt.Sprintf("PRAGMA user_version = %d", v+1)); err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// timeFormat has a fixed width, so that times compare as text in SQL.
const timeFormat = "2006-01-02T15:04:05.000000000Z"

func fmtTime(t time.Time) string { return t.UTC().Format(timeFormat) }

// Record stores one fetch of a URL. It returns the version before it (nil
// for the first fetch), the current version, and whether a new version
// started.
func (s *Store) Record(ctx context.Context, o Observation) (prev, cur *Version, changed bool, err error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, nil, false, err
	}
	defer tx.Rollback()
	latest, err := queryVersions(ctx, tx, `WHERE url = ? ORDER BY id DESC LIMIT 1`, false, o.URL)
	if err != nil {
		return nil, nil, false, err
	}
	if len(latest) == 1 {
		prev = &latest[0]
	}
	if o.same(prev) {
		if _, err := tx.ExecContext(ctx, `UPDATE versions SET last_seen = ? WHERE url = ? AND id = (SELECT max(id) FROM versions WHERE url = ?)`,
			fmtTime(o.At), o.URL, o.URL); err != nil {
			return nil, nil, false, err
		}
		cur := *prev
		cur.LastSeen = o.At.UTC()
		return prev, &cur, false, tx.Commit()
	}
	body := o.Body
	if body == nil {
		body = []byte{}
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO versions (url, digest, status, http_status, final_url, first_seen, last_seen, body, size, detail, truncated)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		o.URL, o.Digest, o.Status, o.HTTPStatus, o.FinalURL, fmtTime(o.At), fmtTime(o.At), body, len(o.Body), o.Detail, o.Truncated); err != nil {
		return nil, nil, false, err
	}
	if err := s.prune(ctx, tx, o.URL); err != nil {
		return nil, nil, false, err
	}
	if err := tx.Commit(); err != nil {
		return nil, nil, false, err
	}
	n := 1
	if prev != nil {
		n = prev.N + 1
	}
	cur = &Version{N: n, URL: o.URL, Digest: o.Digest, Status: o.Status, HTTPStatus: o.HTTPStatus, FinalURL: o.FinalURL,
		Detail: o.Detail, FirstSeen: o.At.UTC(), LastSeen: o.At.UTC(), Size: len(o.Body), Body: o.Body, Truncated: o.Truncated}
	return prev, cur, true, nil
}

// prune drops the bodies of the oldest versions of url while the bodies kept
// exceed MaxBytesPerURL, always keeping the newest.
func (s *Store) prune(ctx context.Context, tx *sql.Tx, url string) error {
	limit := s.MaxBytesPerURL
	if limit <= 0 {
		limit = DefaultMaxBytesPerURL
	}
	var total int64
	if err := tx.QueryRowContext(ctx, `SELECT coalesce(sum(length(body)), 0) FROM versions WHERE url = ? AND body IS NOT NULL`, url).Scan(&total); err != nil {
		return err
	}
	for total > limit {
		var id, size int64
		err := tx.QueryRowContext(ctx, `SELECT id, length(body) FROM versions WHERE url = ? AND body IS NOT NULL
			AND id < (SELECT max(id) FROM versions WHERE url = ?) ORDER BY id LIMIT 1`, url, url).Scan(&id, &size)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE versions SET body = NULL WHERE id = ?`, id); err != nil {
			return err
		}
		total -= size
	}
	return nil
}

type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// queryVersions selects versions; N is each row's rank among its URL's
// versions.
func queryVersions(ctx context.Context, q querier, where string, withBody bool, args ...any) ([]Version, error) {
	body := "NULL"
	if withBody {
		body = "body"
	}
	rows, err := q.QueryContext(ctx, `SELECT n, url, digest, status, http_status, final_url, detail, first_seen, last_seen, size, truncated, body IS NULL, `+body+`
		FROM (SELECT *, row_number() OVER (PARTITION BY url ORDER BY id) AS n FROM versions) `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Version
	for rows.Next() {
		var v Version
		var first, last string
		if err := rows.Scan(&v.N, &v.URL, &v.Digest, &v.Status, &v.HTTPStatus, &v.FinalURL, &v.Detail, &first, &last, &v.Size, &v.Truncated, &v.Pruned, &v.Body); err != nil {
			return nil, err
		}
		v.FirstSeen, _ = time.Parse(timeFormat, first)
		v.LastSeen, _ = time.Parse(timeFormat, last)
		out = append(out, v)
	}
	return out, rows.Err()
}

// Versions lists the versions of url, oldest first, without their bodies.
func (s *Store) Versions(ctx context.Context, url string) ([]Version, error) {
	return queryVersions(ctx, s.db, `WHERE url = ? ORDER BY n`, false, url)
}

// Version returns the n-th version of url with its body: 1 is the oldest,
// -1 the newest.
func (s *Store) Version(ctx context.Context, url string, n int) (*Version, error) {
	if n == 0 {
		return nil, fmt.Errorf("history: version numbers start at 1 (-1 is the newest)")
	}
	order := "ASC"
	if n < 0 {
		order, n = "DESC", -n
	}
	vs, err := queryVersions(ctx, s.db, `WHERE url = ? ORDER BY n `+order+` LIMIT 1 OFFSET ?`, true, url, n-1)
	if err != nil {
		return nil, err
	}
	if len(vs) == 0 {
		return nil, ErrNotFound
	}
	return &vs[0], nil
}

// At returns the version of url that was current at t: the newest one first
// seen at or before t.
func (s *Store) At(ctx context.Context, url string, t time.Time) (*Version, error) {
	vs, err := queryVersions(ctx, s.db, `WHERE url = ? AND first_seen <= ? ORDER BY n DESC LIMIT 1`, true, url, fmtTime(t))
	if err != nil {
		return nil, err
	}
	if len(vs) == 0 {
		return nil, ErrNotFound
	}
	return &vs[0], nil
}

// URLs lists the URLs with versions, in order.
func (s *Store) URLs(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT DISTINCT url FROM versions ORDER BY url`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var u string
		if err := rows.Scan(&u); err != nil {
			return nil, err
		}
		out = append(out, u)
	}
	return out, rows.Err()
}

// NextFetch returns when url is due and how many fetches in a row failed,
// as last saved by SetNextFetch; zero values when never saved.
func (s *Store) NextFetch(ctx context.Context, url string) (time.Time, int, error) {
	var next string
	var failures int
	err := s.db.QueryRowContext(ctx, `SELECT next_fetch, failures FROM schedule WHERE url = ?`, url).Scan(&next, &failures)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, 0, nil
	}
	if err != nil {
		return time.Time{}, 0, err
	}
	t, _ := time.Parse(timeFormat, next)
	return t, failures, nil
}

// SetNextFetch saves when url is due next and its count of failures in a
// row.
func (s *Store) SetNextFetch(ctx context.Context, url string, next time.Time, failures int) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO schedule (url, next_fetch, failures) VALUES (?, ?, ?)
		ON CONFLICT(url) DO UPDATE SET next_fetch = excluded.next_fetch, failures = excluded.failures`, url, fmtTime(next), failures)
	return err
}
