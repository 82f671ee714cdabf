package main

import (
	"context"
	"errors"
)

// runFetch is a placeholder until the command lands.
func runFetch(ctx context.Context, c *cli, args []string) error {
	return errors.New("fetch: not implemented yet")
}
