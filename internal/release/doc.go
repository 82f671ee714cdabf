// Package release builds the release archives that .goreleaser.yaml
// describes with the Go toolchain alone, the way GoReleaser would: each
// target cross-compiled with the same environment, flags and stamped
// ldflags, packed under the same archive name, and a checksums.txt beside
// them. Its tests check .goreleaser.yaml, action.yml and
// .pre-commit-hooks.yaml against each other and against the command, and
// run the Action's install script against a snapshot release served on
// loopback.
package release
