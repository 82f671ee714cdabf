package walk

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Options choose the files of a walk.
type Options struct {
	// Want reports whether a file name is one the command reads by
	// default (for lint: a robots file). Nil takes every file.
	Want func(name string) bool
	// Include are patterns of more files to take ("*.txt"), Exclude of
	// files and folders to leave out; both are read relative to the walk's
	// root, and Exclude wins.
	Include, Exclude []string
	// NoIgnoreFiles reads no .gitignore: every file is a candidate.
	NoIgnoreFiles bool
	// MaxFiles bounds the files returned; past it Files fails (0: no bound).
	MaxFiles int
}

// ErrTooMany is returned when a walk finds more files than Options.MaxFiles.
var ErrTooMany = errors.New("walk: too many files")

// Files returns the files under root that opts choose, sorted. Hidden
// folders (".git", ".cache") are skipped; so are files and folders that a
// .gitignore on the way, or the repository's .git/info/exclude, ignores.
// When root is inside a git work tree, the .gitignore files of the folders
// above it up to the work tree's top apply too, as git reads them.
func Files(root string, opts Options) ([]string, error) {
	top, prefix := repoTop(root)
	var ignores []Pattern
	if !opts.NoIgnoreFiles && top != "" {
		ignores = append(ignores, readIgnore(filepath.Join(top, ".git", "info", "exclude"), "")...)
		// The .gitignore of each folder from the top down to root's parent.
		dir, rel := top, ""
		for _, seg := range splitRel(prefix) {
			ignores = append(ignores, readIgnore(filepath.Join(dir, ".gitignore"), rel)...)
			dir, rel = filepath.Join(dir, seg), joinRel(rel, seg)
		}
	}
	include := patterns(opts.Include, prefix)
	exclude := patterns(opts.Exclude, prefix)
	var out []string
	// Patterns read so far, by folder depth: a folder's .gitignore applies
	// below it only.
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		relRoot, _ := filepath.Rel(root, p)
		rel := joinRel(prefix, filepath.ToSlash(relRoot))
		if relRoot == "." {
			rel = prefix
		}
		if d.IsDir() {
			if p != root && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			if p != root && (Ignored(ignores, rel, true) || Ignored(exclude, rel, true)) {
				return filepath.SkipDir
			}
			if !opts.NoIgnoreFiles {
				ignores = append(ignores, readIgnore(filepath.Join(p, ".gitignore"), rel)...)
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil // a link, a socket: not followed
		}
		if Ignored(ignores, rel, false) || Ignored(exclude, rel, false) {
			return nil
		}
		if (opts.Want == nil || opts.Want(d.Name())) || Ignored(include, rel, false) {
			if opts.MaxFiles > 0 && len(out) >= opts.MaxFiles {
				return fmt.Errorf("%w: more than %d", ErrTooMany, opts.MaxFiles)
			}
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.Sort(out)
	return out, nil
}

// Excluded reports whether a path named on the command line matches one
// of the exclude patterns (read from the current folder), as ruff's
// --force-exclude does for files named explicitly.
func Excluded(path string, exclude []string) bool {
	rel := filepath.ToSlash(filepath.Clean(path))
	return Ignored(patterns(exclude, ""), rel, false) || Ignored(patterns(exclude, ""), filepath.Base(rel), false)
}

// patterns parses command-line globs relative to the walk's root, which
// sits at prefix in the matching tree.
func patterns(globs []string, prefix string) []Pattern {
	var out []Pattern
	for _, g := range globs {
		if p, ok := ParsePattern(g, prefix); ok {
			out = append(out, p)
		}
	}
	return out
}

// readIgnore reads an ignore file, if there is one (too large a file is
// read up to its bound of patterns).
func readIgnore(file, base string) []Pattern {
	f, err := os.Open(file)
	if err != nil {
		return nil
	}
	defer f.Close()
	return ReadPatterns(f, base)
}

// repoTop returns the top of the git work tree holding root ("" when it is
// in none) and root's path below it, with "/" separators.
func repoTop(root string) (top, prefix string) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return "", ""
	}
	for dir := abs; ; {
		if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
			rel, _ := filepath.Rel(dir, abs)
			if rel == "." {
				rel = ""
			}
			return dir, filepath.ToSlash(rel)
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", ""
		}
		dir = up
	}
}

func splitRel(rel string) []string {
	if rel == "" {
		return nil
	}
	return strings.Split(rel, "/")
}

func joinRel(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "" || b == ".":
		return a
	}
	return a + "/" + b
}
