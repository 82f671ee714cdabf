// Package history stores the versions of watched robots.txt files in an
// embedded SQLite database (modernc.org/sqlite, a pure-Go driver, so that
// "go install" needs no C compiler), for "robotstxt watch", "robotstxt
// history" and "robotstxt diff URL@VERSION".
//
// A version is a distinct outcome of fetching one robots.txt URL: its body
// digest, fetch status and HTTP status. Each fetch either extends the
// latest version's last-seen time or, when any of those differ, starts a
// new version with its first- and last-seen times, final URL after
// redirects and the bytes. Returning to an earlier file starts a new version
// too: the history is a timeline, numbered from 1 per URL.
//
// Stored bytes are bounded per URL (Store.MaxBytesPerURL): beyond it the
// bodies of the oldest versions are dropped, their metadata kept
// (Version.Pruned); the newest body is always kept.
//
// The schema is versioned (SQLite's user_version) and migrated forward on
// Open, one step at a time in a transaction, so a database written by an
// older release opens in a newer one. A database from a newer release is
// refused rather than misread.
package history
