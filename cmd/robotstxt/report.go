package main

import (
	"context"
	"errors"
)

// runReport is a placeholder until the command lands.
func runReport(ctx context.Context, c *cli, args []string) error {
	return errors.New("report: not implemented yet")
}
