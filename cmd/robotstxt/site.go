package main

import (
	"context"
	"errors"
)

// runSite is a placeholder until the command lands.
func runSite(ctx context.Context, c *cli, args []string) error {
	return errors.New("site: not implemented yet")
}
