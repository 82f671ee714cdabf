package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/robotstxt/robotstxt/internal/robotsgen"
	"github.com/robotstxt/robotstxt/internal/textsafe"
)

func runGenerate(_ context.Context, c *cli, args []string) error {
	fs := c.newFlags("generate", "[--block CATEGORY ...] [--train-ai y|n] [--search y|n] [--signal KEY=VALUE ...] [--sitemap URL ...] [--merge FILE]",
		`Write a robots.txt from choices: which categories of the crawler registry may
crawl (all may, except those given with --block: search, ai-training,
ai-assistant, ai-search, seo, archive, ads, other; each blocked category gets
one group naming its current crawlers, with "Disallow: /"), the site's AI
usage preferences, its sitemaps, and an existing file to merge into.

--train-ai and --search write the IETF Content-Usage line
(draft-ietf-aipref-attach-05, -vocab-07): y allows, n refuses.
--signal search=yes, --signal ai-input=no, --signal ai-train=no and
--signal use=immediate|reference|full write Cloudflare's Content-Signal line.
Both go into every group that allows something: preferences are group rules
and apply only where crawling is allowed, and some readers take
Content-Signal from the group while others read it file-wide. See
docs/usage-preferences.md.

A --signal key given twice with two values is a usage error.

--merge FILE keeps every line of FILE (its groups, rules, comments and
sitemaps). When preferences are chosen, they replace its Content-Usage lines
without a path (lines with a path are kept: they still decide their paths);
when signals are chosen, they replace the Content-Signal lines of its
groups, and are set in a Content-Signal line before the first group, which
is kept for readers that read it file-wide. A blocked crawler that FILE
names keeps FILE's group. Notes on standard error say what was replaced and
kept.

The output lints clean ("robotstxt lint" reports no error or warning) and
"robotstxt check" confirms each choice.

Exit status: 0, or 2 on a usage or input error.`,
		`  robotstxt generate --block ai-training --train-ai n --search y --signal ai-train=no --sitemap https://example.com/sitemap.xml
  robotstxt generate --merge robots.txt --block ai-training --block ai-search > robots.new.txt`)
	var block, signals, sitemaps stringList
	fs.Var(&block, "block", "a `category` of crawlers that may not crawl (search, ai-training, ai-assistant, ai-search, seo, archive, ads, other); repeatable")
	trainAI := fs.String("train-ai", "", "Content-Usage train-ai `preference`: y or n")
	search := fs.String("search", "", "Content-Usage search `preference`: y or n")
	fs.Var(&signals, "signal", "a Content-Signal `key=value`: search, ai-input or ai-train = yes or no, use = immediate, reference or full; repeatable")
	fs.Var(&sitemaps, "sitemap", "a sitemap `URL` (absolute); repeatable")
	merge := fs.String("merge", "", "an existing robots.txt `file` to merge into (- for standard input)")
	if err := c.parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("generate: unexpected argument %s (choices are flags; see robotstxt generate --help)", textsafe.Escape(fs.Arg(0)))
	}
	ch := robotsgen.Choices{Block: block, TrainAI: *trainAI, Search: *search, Sitemaps: sitemaps}
	given := map[string]string{} // key: the --signal that set it, as written
	for _, s := range signals {
		k, v, ok := strings.Cut(s, "=")
		k, v = strings.ToLower(strings.TrimSpace(k)), strings.ToLower(strings.TrimSpace(v))
		var dst *string
		switch {
		case !ok:
			return usagef("generate: --signal %s: want key=value", textsafe.Escape(s))
		case k == "search":
			dst = &ch.SignalSearch
		case k == "ai-input":
			dst = &ch.SignalAIInput
		case k == "ai-train":
			dst = &ch.SignalAITrain
		case k == "use":
			dst = &ch.SignalUse
		default:
			return usagef("generate: --signal %s: the keys are search, ai-input, ai-train and use", textsafe.Escape(s))
		}
		// Two values for one key: no silent "last wins".
		if *dst != "" && *dst != v {
			return usagef("generate: --signal %s and --signal %s give %s two values; give one", textsafe.Escape(given[k]), textsafe.Escape(s), k)
		}
		*dst, given[k] = v, s
	}
	if *merge != "" {
		body, err := c.readInput(*merge)
		if err != nil {
			return err
		}
		ch.Merge = string(body)
	}
	res, err := robotsgen.Build(ch)
	if err != nil {
		return usagef("generate: %s", textsafe.Escape(err.Error()))
	}
	for _, n := range res.Notes {
		fmt.Fprintf(c.stderr, "robotstxt: note: %s\n", textsafe.Escape(n))
	}
	_, err = c.stdout.Write([]byte(res.Text))
	return err
}
