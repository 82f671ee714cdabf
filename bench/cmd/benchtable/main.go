// Command benchtable runs the side-by-side benchmarks of this library and
// github.com/temoto/robotstxt v1.1.2 and prints, in Markdown, the comparison
// table with ratios and targets and the counts of checks where the two
// libraries disagree, by cause. It is what the README's figures come from.
//
// Run it from the bench module's folder, beside the shared corpus:
//
//	cd bench && go run ./cmd/benchtable
package main

import (
	"os"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }
