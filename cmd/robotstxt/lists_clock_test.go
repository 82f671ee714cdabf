package main

import "time"

// The lists' ages in every test of the package are counted at one fixed
// day, so that outputs naming them do not change as the days pass.
func init() {
	listsNow = func() time.Time { return time.Date(2026, 12, 5, 0, 0, 0, 0, time.UTC) }
}
