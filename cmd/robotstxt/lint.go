package main

import (
	"context"
	"errors"
)

// runLint is a placeholder until the command lands.
func runLint(ctx context.Context, c *cli, args []string) error {
	return errors.New("lint: not implemented yet")
}
