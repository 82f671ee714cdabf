package main

import (
	"context"
	"errors"
)

// checkLive is a placeholder until the crawler side lands.
func checkLive(ctx context.Context, c *cli, agents, urls, urlFiles []string, asJSON bool) error {
	return errors.New("check --live: not implemented yet")
}
