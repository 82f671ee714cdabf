// Package walk finds the files a command is meant to read in a folder, as
// ruff and git do: it honours .gitignore files (and .git/info/exclude) at
// every level, skips hidden folders, and takes include and exclude globs
// in the gitignore pattern syntax (gitignore(5): "*", "?", "[...]", "**",
// a leading or inner "/" anchoring a pattern to its folder, a trailing "/"
// for folders only, "!" to re-include).
//
// It reads only names and .gitignore files, never follows a symbolic
// link to a folder, and stops at a caller's bound on the number of files.
package walk
