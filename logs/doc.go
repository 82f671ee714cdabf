// Package logs reads web server access logs as servers write them and hands
// out one Record per request, for "robotstxt logs".
//
// Formats: nginx's and Apache's "combined" and "common" formats, a custom
// format given as an Apache LogFormat string (%h %t "%r" %>s ...) or an
// nginx log_format string ($remote_addr [$time_local] "$request" ...), and
// JSON lines with Cloudflare Logpush's field names (ClientIP,
// EdgeStartTimestamp, ClientRequestURI, ...) or a mapping of one's own.
//
// Input: files, gzip files (recognised by their magic bytes, not their
// names) and standard input. Several inputs are merged in time order, each
// assumed to be in time order itself (as a server writes it); a line earlier
// than the one before it in its own input is counted (Stats.OutOfOrder) and
// kept where it stands.
//
// Reading streams in constant memory: each input is cut into chunks of
// whole lines, the chunks are parsed by a pool of workers (one per core by
// default) and delivered in their order. Memory is bounded by the number of
// chunks in flight, not by the size of the log.
//
// Bad input is never fatal. A line that does not parse, a line longer than
// MaxLine (64 KiB), a line of binary junk and a truncated gzip stream are
// each counted with the input's name and line number (Stats.Bad, the first
// MaxBadKept kept with their reason); the rest of the input is still read.
//
// The strings of a Record point into the read buffer of its chunk, which
// is reused once the consumer has moved on: they are valid only during
// the Work and Read callbacks. Copy what is kept (strings.Clone).
package logs
