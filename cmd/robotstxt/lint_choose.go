package main

import (
	"errors"
	"flag"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/robotstxt/robotstxt/internal/walk"
	"github.com/robotstxt/robotstxt/lint"
)

// lintChoice holds lint's flags that choose which findings are reported:
// --select, --ignore, the config file and the baseline.
type lintChoice struct {
	selects, ignores stringList
	config           string
	noConfig         bool
	baseline         string
	statistics       bool
	// The folder walk (lintPaths): more files, files left out, and
	// whether .gitignore files are read.
	includes, excludes stringList
	noGitignore        bool

	// Set by resolve, for forFile: the flags given on the command line,
	// their values, and the run's config file (nil for none).
	set      map[string]bool
	flagSel  lint.Selection
	host     string
	maxBytes int
	runCfg   *lint.Config
	cfgs     map[string]*lint.Config // read per folder's nearest config path
}

func addLintChoiceFlags(fs *flag.FlagSet) *lintChoice {
	lc := &lintChoice{}
	fs.Var(&lc.selects, "select", "report only the findings of these checks or severities (comma-separated `list` of IDs and error, warning, info); repeatable")
	fs.Var(&lc.ignores, "ignore", "do not report the findings of these checks or severities (comma-separated `list`); repeatable; wins over --select")
	fs.StringVar(&lc.config, "config", "", "read the options from this config `file` (default: the nearest "+lint.ConfigName+" from the current folder upwards)")
	fs.BoolVar(&lc.noConfig, "no-config", false, "read no config file")
	fs.StringVar(&lc.baseline, "baseline", "", "report only the findings that are not in this `file`, saved from lint --json")
	fs.BoolVar(&lc.statistics, "statistics", false, "print how many findings each check gave, most frequent first, instead of the findings")
	fs.Var(&lc.includes, "include", "in a folder, also lint the files this gitignore-style `glob` matches (default: robots files only, *robots*.txt); repeatable")
	fs.Var(&lc.excludes, "exclude", "in a folder, leave out the files and folders this gitignore-style `glob` matches; repeatable")
	fs.BoolVar(&lc.noGitignore, "no-respect-gitignore", false, "in a folder, also lint the files that .gitignore files ignore")
	return lc
}

// lintSettings are the flags of lint a config file may set too.
type lintSettings struct {
	failOn, format, host, lang *string
	maxBytes                   *int
}

// resolve reads the config file (unless --no-config), lets every flag
// given on the command line win over it, checks the check IDs, and reads
// the baseline. It returns the selection and the baseline (nil for none).
func (lc *lintChoice) resolve(fs *flag.FlagSet, s lintSettings) (lint.Selection, *lint.Baseline, error) {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["json"] || set["output-format"] {
		set["format"] = true
	}
	sel := lint.Selection{Select: lint.SplitNames(lc.selects), Ignore: lint.SplitNames(lc.ignores)}
	lc.set, lc.flagSel, lc.host, lc.maxBytes = set, sel, *s.host, *s.maxBytes
	baseline := lc.baseline
	if lc.noConfig && lc.config != "" {
		return sel, nil, usagef("lint: --config and --no-config ask for two things; give one")
	}
	path := lc.config
	if path == "" && !lc.noConfig {
		dir, err := os.Getwd()
		if err == nil {
			path, err = lint.FindConfig(dir)
		}
		if err != nil {
			return sel, nil, usagef("lint: looking for %s: %v", lint.ConfigName, err)
		}
	}
	if path != "" {
		cfg, err := lint.ReadConfig(path)
		if err != nil {
			return sel, nil, usagef("lint: config: %s", fileError(err))
		}
		lc.runCfg = cfg
		lc.cfgs = map[string]*lint.Config{path: cfg}
		str := func(name string, dst *string, v string) {
			if v != "" && !set[name] {
				*dst = v
			}
		}
		str("fail-on", s.failOn, cfg.FailOn)
		str("format", s.format, cfg.Format)
		str("host", s.host, cfg.Host)
		str("lang", s.lang, cfg.Lang)
		str("baseline", &baseline, cfg.Baseline)
		if cfg.MaxBytes != nil && !set["max-bytes"] {
			*s.maxBytes = *cfg.MaxBytes
		}
		if !set["select"] {
			sel.Select = cfg.Select
		}
		if !set["ignore"] {
			sel.Ignore = cfg.Ignore
		}
	}
	if err := sel.Validate(); err != nil {
		var u *lint.UnknownCheckError
		if errors.As(err, &u) && u.Suggestion == "" {
			return sel, nil, usagef("lint: %v (run \"robotstxt lint --checks\")", err)
		}
		return sel, nil, usagef("lint: %v", err)
	}
	if baseline == "" {
		return sel, nil, nil
	}
	f, err := os.Open(baseline)
	if err != nil {
		return sel, nil, usagef("lint: --baseline: %s", fileError(err))
	}
	defer f.Close()
	b, err := lint.ReadBaseline(f)
	if err != nil {
		return sel, nil, usagef("lint: %s: %v", baseline, err)
	}
	return sel, b, nil
}

// fileChoice is what one linted file is audited with.
type fileChoice struct {
	sel      lint.Selection
	host     string
	maxBytes int
}

// forFile returns the selection, host and size limit for one file: those
// of the nearest config file above it (a monorepo keeps one per site),
// unless --config or --no-config chose one for the run, with the flags
// given on the command line winning, and the config's per-file-ignores
// that match the file added to what is ignored. run is what resolve
// returned for the run.
func (lc *lintChoice) forFile(file string, run lint.Selection, host string, maxBytes int) (fileChoice, error) {
	fc := fileChoice{sel: run, host: host, maxBytes: maxBytes}
	cfg := lc.runCfg
	if file != "-" && !isSourceURL(file) && lc.config == "" && !lc.noConfig {
		path, err := lint.FindConfig(filepath.Dir(file))
		if err != nil {
			return fc, usagef("lint: looking for %s: %v", lint.ConfigName, err)
		}
		if c, ok := lc.cfgs[path]; ok {
			cfg = c
		} else if path == "" {
			cfg = nil
		} else {
			if cfg, err = lint.ReadConfig(path); err != nil {
				return fc, usagef("lint: config: %s", fileError(err))
			}
			if lc.cfgs == nil {
				lc.cfgs = map[string]*lint.Config{}
			}
			lc.cfgs[path] = cfg
		}
		if cfg != lc.runCfg {
			// Another config than the run's: its own values, flags winning.
			fc = fileChoice{sel: lc.flagSel, host: lc.host, maxBytes: lc.maxBytes}
			if cfg != nil {
				if !lc.set["select"] {
					fc.sel.Select = cfg.Select
				}
				if !lc.set["ignore"] {
					fc.sel.Ignore = cfg.Ignore
				}
				if cfg.Host != "" && !lc.set["host"] {
					fc.host = cfg.Host
				}
				if cfg.MaxBytes != nil && !lc.set["max-bytes"] {
					fc.maxBytes = *cfg.MaxBytes
				}
			}
		}
	}
	if cfg != nil && file != "-" && !isSourceURL(file) {
		if ignore := perFileIgnores(cfg, file); len(ignore) > 0 {
			fc.sel.Ignore = append(slices.Clip(fc.sel.Ignore), ignore...)
		}
	}
	return fc, nil
}

// perFileIgnores returns the names a config's per-file-ignores give the
// file: those of each glob that matches its path from the config's folder.
func perFileIgnores(cfg *lint.Config, file string) []string {
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil
	}
	rel, err := filepath.Rel(cfg.Dir, abs)
	if err != nil || strings.HasPrefix(rel, "..") {
		return nil
	}
	rel = filepath.ToSlash(rel)
	var out []string
	for _, glob := range slices.Sorted(maps.Keys(cfg.PerFileIgnores)) {
		if p, ok := walk.ParsePattern(glob, ""); ok && p.Match(rel, false) {
			out = append(out, cfg.PerFileIgnores[glob]...)
		}
	}
	return out
}

// walkOptions are the folder walk's options: the flags, else the run's
// config file's include and exclude (read relative to its folder, so
// they are made relative to the walked folder where they can be).
func (lc *lintChoice) walkOptions(dir string) walk.Options {
	o := walk.Options{Want: isRobotsFile, Include: lc.includes, Exclude: lc.excludes, NoIgnoreFiles: lc.noGitignore, MaxFiles: maxLintFiles}
	if cfg := lc.runCfg; cfg != nil {
		if !lc.set["include"] {
			o.Include = rebase(cfg.Include, cfg.Dir, dir)
		}
		if !lc.set["exclude"] {
			o.Exclude = rebase(cfg.Exclude, cfg.Dir, dir)
		}
	}
	return o
}

// rebase rewrites globs read in folder from as globs for a walk of folder
// to: an anchored glob keeps its meaning only when to is at or below from
// (its part below to remains); an unanchored one (a bare name) matches at
// any depth either way.
func rebase(globs []string, from, to string) []string {
	fa, err1 := filepath.Abs(from)
	ta, err2 := filepath.Abs(to)
	rel, err3 := filepath.Rel(fa, ta)
	if err1 != nil || err2 != nil || err3 != nil || strings.HasPrefix(rel, "..") {
		return nil
	}
	rel = filepath.ToSlash(rel)
	var out []string
	for _, g := range globs {
		neg, body := "", g
		if strings.HasPrefix(body, "!") {
			neg, body = "!", body[1:]
		}
		if !strings.Contains(strings.TrimSuffix(body, "/"), "/") || rel == "." {
			out = append(out, g)
			continue
		}
		body = strings.TrimPrefix(body, "/")
		if rest, ok := strings.CutPrefix(body, rel+"/"); ok {
			out = append(out, neg+"/"+rest)
		}
	}
	return out
}

// isRobotsFile reports whether a file name is one a folder walk lints by
// default: a .txt file whose name says robots (robots.txt,
// robots.staging.txt, staging-robots.txt), so that "lint ." leaves
// requirements.txt and LICENSE.txt alone.
func isRobotsFile(name string) bool {
	n := strings.ToLower(name)
	return strings.HasSuffix(n, ".txt") && strings.Contains(n, "robots")
}
