// Command robotstxt parses, checks, lints and fetches robots.txt files, gates
// a crawl queue on them and serves the robots.txt analyser web page.
//
// Run "robotstxt help" for the list of commands.
package main

import (
	"context"
	"os"
)

func main() {
	// SIGINT and SIGTERM cancel the context; the exit status is then 130
	// or 143 (interrupt.go).
	ctx, stop := withSignals(context.Background(), os.Stderr)
	code := Run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
