package main

import (
	"errors"
	"flag"
	"os"

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
}

func addLintChoiceFlags(fs *flag.FlagSet) *lintChoice {
	lc := &lintChoice{}
	fs.Var(&lc.selects, "select", "report only the findings of these checks or severities (comma-separated `list` of IDs and error, warning, info); repeatable")
	fs.Var(&lc.ignores, "ignore", "do not report the findings of these checks or severities (comma-separated `list`); repeatable; wins over --select")
	fs.StringVar(&lc.config, "config", "", "read the options from this config `file` (default: the nearest "+lint.ConfigName+" from the current folder upwards)")
	fs.BoolVar(&lc.noConfig, "no-config", false, "read no config file")
	fs.StringVar(&lc.baseline, "baseline", "", "report only the findings that are not in this `file`, saved from lint --json")
	fs.BoolVar(&lc.statistics, "statistics", false, "print how many findings each check gave, most frequent first, instead of the findings")
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
