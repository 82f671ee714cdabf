package main

import (
	"context"
	"fmt"
	"runtime/debug"
	"strings"
)

func runVersion(ctx context.Context, c *cli, args []string) error {
	fs := c.newFlags("version", "",
		`Print the module version of robotstxt, the version control revision it was
built from (with its time, and "modified" when the working tree had
uncommitted changes) and the Go version. "robotstxt --version" prints the same.

A binary installed with "go install ...@VERSION" shows that version; one built
from a checkout shows "(devel)" and the revision. Exit status: 0.`,
		`  robotstxt version
  robotstxt --version`)
	if err := c.parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("version: takes no arguments")
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		fmt.Fprintln(c.stdout, "robotstxt (no build information)")
		return nil
	}
	fmt.Fprintln(c.stdout, versionLine(info))
	return ctx.Err()
}

// versionLine renders the build information on one line:
//
//	robotstxt v1.2.0 (revision 0123abcd4567, 2026-11-30T10:00:00Z, modified) go1.26.8
func versionLine(info *debug.BuildInfo) string {
	version := info.Main.Version
	if version == "" {
		version = "(devel)"
	}
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	var vcs []string
	if rev := settings["vcs.revision"]; rev != "" {
		vcs = append(vcs, "revision "+rev[:min(len(rev), 12)])
	}
	if t := settings["vcs.time"]; t != "" {
		vcs = append(vcs, t)
	}
	if settings["vcs.modified"] == "true" {
		vcs = append(vcs, "modified")
	}
	line := "robotstxt " + version
	if len(vcs) > 0 {
		line += " (" + strings.Join(vcs, ", ") + ")"
	}
	if info.GoVersion != "" {
		line += " " + info.GoVersion
	}
	return line
}
