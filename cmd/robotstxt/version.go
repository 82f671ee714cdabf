package main

import (
	"context"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"
)

func runVersion(ctx context.Context, c *cli, args []string) error {
	fs := c.newFlags("version", "",
		`Print the module version of robotstxt, the version control revision it was
built from (with its time, and "modified" when the working tree had
uncommitted changes) and the Go version. "robotstxt --version" prints the same.

A binary installed with "go install ...@VERSION" shows that version, and so
does a release binary (stamped when it was built); one built from a checkout
shows "(devel)" and the revision. Exit status: 0.`,
		`  robotstxt version
  robotstxt --version`)
	if err := c.parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("version: takes no arguments")
	}
	info, ok := debug.ReadBuildInfo()
	if !ok && stampVersion == "" {
		fmt.Fprintln(c.stdout, "robotstxt (no build information)")
		return nil
	}
	fmt.Fprintln(c.stdout, versionLine(withStamp(info, stampVersion, stampRevision, stampDate)))
	return ctx.Err()
}

// Set by the release build (.goreleaser.yaml), which builds without VCS
// information: -X main.stampVersion=1.2.0 -X main.stampRevision=<commit>
// -X main.stampDate=<commit time>.
var stampVersion, stampRevision, stampDate string

// withStamp returns the build information with the release stamps in place
// of the module version and VCS settings (a version without its "v" gets
// one, as "go install ...@v1.2.0" shows it). info may be nil.
func withStamp(info *debug.BuildInfo, version, revision, date string) *debug.BuildInfo {
	out := &debug.BuildInfo{}
	if info != nil {
		*out = *info
		out.Settings = slices.Clone(info.Settings)
	}
	if version == "" {
		return out
	}
	if version[0] >= '0' && version[0] <= '9' {
		version = "v" + version
	}
	out.Main.Version = version
	set := func(key, value string) {
		if value == "" {
			return
		}
		out.Settings = slices.DeleteFunc(out.Settings, func(s debug.BuildSetting) bool { return s.Key == key })
		out.Settings = append(out.Settings, debug.BuildSetting{Key: key, Value: value})
	}
	set("vcs.revision", revision)
	set("vcs.time", date)
	if revision != "" {
		set("vcs.modified", "false")
	}
	return out
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
