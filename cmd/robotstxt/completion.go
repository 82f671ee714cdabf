package main

import (
	"context"
	"strings"

	"github.com/robotstxt/robotstxt/internal/docgen"
)

func runCompletion(ctx context.Context, c *cli, args []string) error {
	fs := c.newFlags("completion", strings.Join(docgen.Shells, "|"),
		`Print a completion script for a shell: it completes command names, each
command's flags, the values of flags that take one of a few (--format,
--fail-on, --lang, lint --explain's check ids, -a's known crawler tokens) and
file names elsewhere. Exit status: 0, or 2 for an unknown shell.

  bash        source <(robotstxt completion bash)
              (or save it in /etc/bash_completion.d/robotstxt)
  zsh         source <(robotstxt completion zsh)
              (or save it as _robotstxt in a directory of $fpath)
  fish        robotstxt completion fish | source
              (or save it as ~/.config/fish/completions/robotstxt.fish)
  powershell  robotstxt completion powershell | Out-String | Invoke-Expression
              (add that line to $PROFILE to keep it)`,
		`  robotstxt completion bash > ~/.local/share/bash-completion/completions/robotstxt`)
	if err := c.parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usagef("completion: name one shell: %s", strings.Join(docgen.Shells, ", "))
	}
	cmds, err := reference()
	if err != nil {
		return err
	}
	script, err := docgen.Completion(fs.Arg(0), cmds)
	if err != nil {
		return usagef("completion: %v", err)
	}
	if _, err := c.stdout.Write(script); err != nil {
		return err
	}
	return ctx.Err()
}
