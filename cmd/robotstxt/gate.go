package main

import (
	"context"
	"errors"
)

// runGate is a placeholder until the command lands.
func runGate(ctx context.Context, c *cli, args []string) error {
	return errors.New("gate: not implemented yet")
}
