package main

import (
	"runtime/debug"
	"testing"
)

// TestWithStamp: a release binary is built without VCS information and
// stamped with -X main.stampVersion, stampRevision and stampDate
// (.goreleaser.yaml); the stamps replace what the build information says.
func TestWithStamp(t *testing.T) {
	devel := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}}
	vcs := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "d9fbfa7c8c9e50e0f06e20359f97840f90fb5fea"}, {Key: "vcs.modified", Value: "true"}}}
	tests := []struct {
		name                    string
		info                    *debug.BuildInfo
		version, revision, date string
		want                    string
	}{
		{"no stamp", devel, "", "", "", "robotstxt (devel) go1.26.8"},
		{"release stamp", devel, "1.2.0", "0123abcd4567890fedcba", "2026-12-01T10:00:00Z",
			"robotstxt v1.2.0 (revision 0123abcd4567, 2026-12-01T10:00:00Z) go1.26.8"},
		{"snapshot stamp keeps its words", devel, "1.2.1-SNAPSHOT-0123abc", "", "", "robotstxt v1.2.1-SNAPSHOT-0123abc go1.26.8"},
		{"stamp with a v", devel, "v1.2.0", "", "", "robotstxt v1.2.0 go1.26.8"},
		{"stamp replaces the VCS revision", vcs, "1.2.0", "0123abcd4567890", "",
			"robotstxt v1.2.0 (revision 0123abcd4567) go1.26.8"},
		{"no build information", nil, "1.2.0", "", "", "robotstxt v1.2.0"},
	}
	for _, tt := range tests {
		if got := versionLine(withStamp(tt.info, tt.version, tt.revision, tt.date)); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
	// The stamp does not change the information it was given.
	if vcs.Settings[1].Value != "true" || len(vcs.Settings) != 2 {
		t.Errorf("withStamp changed its input: %v", vcs.Settings)
	}
}
