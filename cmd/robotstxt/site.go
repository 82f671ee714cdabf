package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/robotstxt/robotstxt/web"
)

func runSite(ctx context.Context, c *cli, args []string) error {
	fs := c.newFlags("site", "DIR",
		`Write the robots.txt analyser page to DIR for hosting on any static web
server: index.html, the assets under v/<version>/ (their names change with
their content, so they may be cached for ever), a .gz copy of the
WebAssembly module for servers that send pre-compressed files, and a
_headers file with the Content-Security-Policy and caching rules for hosts
that read one. Everything runs in the visitor's browser; no server code is
needed. DIR is created if needed; files already there are overwritten and
nothing else is removed.`,
		`  robotstxt site ./public
  robotstxt site /var/www/robots-analyser`)
	if err := c.parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usagef("site: give one directory (run \"robotstxt site --help\")")
	}
	dir := fs.Arg(0)
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return usagef("site: %s is not a directory", dir)
	}
	site, err := web.Load()
	if err != nil {
		return err
	}
	written, err := site.Write(dir)
	if err != nil {
		return fmt.Errorf("site: %w", err)
	}
	var total int64
	for _, p := range written {
		if fi, err := os.Stat(filepath.Join(dir, filepath.FromSlash(p))); err == nil {
			total += fi.Size()
		}
	}
	fmt.Fprintf(c.stdout, "robotstxt: wrote %d files (%d KiB) to %s; open index.html through a web server (WebAssembly does not load from file://)\n",
		len(written), (total+1023)/1024, dir)
	return nil
}
