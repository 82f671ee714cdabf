// Command robotstxt parses, checks, lints and fetches robots.txt files, gates
// a crawl queue on them and serves the robots.txt analyser web page.
//
// Run "robotstxt help" for the list of commands.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := Run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
