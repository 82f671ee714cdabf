package main

import (
	"context"

	"github.com/robotstxt/robotstxt/internal/docgen"
)

func runMan(ctx context.Context, c *cli, args []string) error {
	fs := c.newFlags("man", "",
		`Print the manual page robotstxt(1), in roff (man(7) macros), made from the
same texts as every command's --help. Exit status: 0.`,
		`  robotstxt man | man -l -
  robotstxt man > ~/.local/share/man/man1/robotstxt.1`)
	if err := c.parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("man: takes no arguments")
	}
	cmds, err := reference()
	if err != nil {
		return err
	}
	if _, err := c.stdout.Write(docgen.ManPage(cmds)); err != nil {
		return err
	}
	return ctx.Err()
}
