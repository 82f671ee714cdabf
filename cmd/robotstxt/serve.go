package main

import (
	"context"
	"errors"
)

// runServe is a placeholder until the command lands.
func runServe(ctx context.Context, c *cli, args []string) error {
	return errors.New("serve: not implemented yet")
}
