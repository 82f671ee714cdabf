package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/robotstxt/robotstxt/internal/docgen"
)

// The reference pages under docs/ (one per command, the audit catalogue, the
// crawler table) and the manual page are generated from the code; the test
// TestGeneratedDocs fails while the committed ones differ.
//go:generate go test -run TestGeneratedDocs -update .

// flagSpec is what newFlags hands to cli.onFlags: a command's flag set and
// the texts its --help prints.
type flagSpec struct {
	fs                       *flag.FlagSet
	synopsis, about, example string
}

// reference describes every command as its --help does: each is
// run in-process with --help, with no input, no environment and its output
// captured, and the flag set it creates is kept.
func reference() ([]docgen.Command, error) {
	var out []docgen.Command
	for _, cmd := range commands {
		var help bytes.Buffer
		var spec *flagSpec
		c := &cli{
			stdin:  strings.NewReader(""),
			stdout: &help,
			stderr: io.Discard,
			getenv: func(string) string { return "" },
			onFlags: func(s flagSpec) {
				if spec == nil && s.fs.Name() == cmd.name {
					spec = &s
				}
			},
		}
		err := cmd.run(context.Background(), c, []string{"--help"})
		if err != nil && !errors.Is(err, flag.ErrHelp) {
			return nil, fmt.Errorf("%s --help: %v", cmd.name, err)
		}
		if spec == nil {
			return nil, fmt.Errorf("%s --help: the command made no flag set with c.newFlags", cmd.name)
		}
		out = append(out, docgen.FromFlagSet(cmd.name, cmd.summary, spec.synopsis, spec.about, spec.example, help.String(), spec.fs))
	}
	return out, nil
}
