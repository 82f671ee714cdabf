package lint

import (
	"fmt"
	"maps"
	"strconv"
	"strings"

	"github.com/robotstxt/robotstxt/internal/i18n"
)

// catalogues holds every text the audit shows to users, by language and key.
// English is complete. Adding a language is adding one function that
// returns its map to languageTexts (a file messages_xx.go with
// "func init() { languageTexts["xx"] = xxTexts }" works too); keys it lacks
// fall back to English. The maps are built on first use, not at start-up:
// every command of the robotstxt binary, lint or not, would pay for their
// thousands of entries.
//
// Keys:
//
//	<id>.summary          what the check looks for (Checks)
//	<id>.fix              its generic fix (Checks, and findings without a better one)
//	<id>.msg[.<variant>]  a finding's message
//	<id>.fix.<variant>    a finding's own fix; an empty text means "no fix"
//	unit.<name>           plural forms "one|other" ("one|few|many" where the
//	                      language has them; see pluralForm)
//
// Placeholders are {name}; the code passes name/value pairs.
var catalogues = i18n.Lazy(languageTexts, func(c i18n.Catalogue) {
	maps.Copy(c["en"], usageEnglish())
	maps.Copy(c["ru"], usageRussian())
	maps.Copy(c["ro"], usageRomanian())
})

// languageTexts builds each language's texts, for catalogues.
var languageTexts = map[string]func() map[string]string{"en": englishTexts}

// english is the complete catalogue.
func english() map[string]string { return catalogues()["en"] }

func englishTexts() map[string]string {
	return map[string]string{
		// Shared pieces.
		// Fillers for the generic fixes that Checks shows (no finding at hand).
		"generic.same":       "the path without it",
		"generic.token":      "Token",
		"generic.suggestion": "the right name",
		"generic.current":    "the current token",
		"generic.open":       "the training crawler",
		"generic.closed":     "the others",
		"generic.name":       "the name",
		"more":               " and {n} more",
		"and":                "{list} and {last}",
		"at-line":            "line {line}",
		"unit.rule":          "{n} rule|{n} rules",
		"unit.directive":     "{n} directive|{n} directives",
		"unit.named crawler": "{n} named crawler|{n} named crawlers",
		"unit.name":          "{n} name|{n} names",
		// Groups the digits of large numbers: "100,000".
		"number.separator":   ",",
		"severity.error":     "error",
		"severity.warning":   "warning",
		"severity.info":      "info",
		"severity.errors":    "{n} error|{n} errors",
		"severity.warnings":  "{n} warning|{n} warnings",
		"severity.infos":     "{n} info|{n} info",
		"text.fix":           "fix",
		"text.no-findings":   "no findings",
		"text.whole-file":    "whole file",
		"text.line":          "line {line}",
		"text.lines":         "lines {line}–{end}",
		"text.group.error":   "Errors",
		"text.group.warning": "Warnings",
		"text.group.info":    "Info",
		"text.summary":       "{file}: {counts}",

		// text-before-group
		"text-before-group.summary":        "Prose or other text before the first User-agent line that is not a comment.",
		"text-before-group.fix":            "Start each line of explanation with \"#\" so that it is a comment.",
		"text-before-group.msg.text":       "{text} is not a directive and stands before the first User-agent line; crawlers skip it, and Google Search Console reports it as a syntax error.",
		"text-before-group.msg.text-lines": "Lines {line}–{last} ({count} lines, starting with {text}) are not directives and stand before the first User-agent line; crawlers skip them.",

		// rule-outside-group
		"rule-outside-group.summary": "An Allow or Disallow line before any User-agent line: it belongs to no group, and every crawler ignores it (RFC 9309 section 2.2.2).",
		"rule-outside-group.fix":     "Put a User-agent line (\"User-agent: *\", or the crawlers' names) above the rules.",
		"rule-outside-group.msg":     "\"{rule}\" comes before any User-agent line, so it belongs to no group and every crawler ignores it.",

		// empty-disallow
		"empty-disallow.summary":    "\"Disallow:\" with no path: it matches nothing, so it allows everything.",
		"empty-disallow.fix":        "Remove the empty Disallow line; if the group is meant to allow everything, \"Disallow:\" alone (or \"Allow: /\") says so.",
		"empty-disallow.msg.only":   "\"Disallow:\" with no path allows everything for {agents}; that is the classic way to say \"crawl anything\", so nothing is wrong if that is what you mean.",
		"empty-disallow.fix.only":   "",
		"empty-disallow.msg.merged": "\"Disallow:\" with no path does not allow everything for {agents} here: another group for them (line {other}) is merged with this one, and its rules still apply.",
		"empty-disallow.fix.merged": "To allow everything, remove the other group's rules; otherwise remove this group, which adds nothing.",
		"empty-disallow.msg":        "\"Disallow:\" with no path matches nothing and has no effect here; it is often left over from a template. The other rules of the group still apply.",

		// unknown-directive
		"unknown-directive.summary":        "A field no major crawler understands (with a \"did you mean\" for misspellings), or a line that is not a directive at all.",
		"unknown-directive.fix":            "Remove the line, turn it into a comment with \"#\", or correct the field name.",
		"unknown-directive.msg":            "{key} is not a field Google, Bing or Yandex read; crawlers skip the line.",
		"unknown-directive.msg.typo":       "{key} is not a field any crawler reads; did you mean {suggestion}? As written, crawlers skip the line.",
		"unknown-directive.fix.typo":       "Write \"{suggestion}:\".",
		"unknown-directive.msg.minor":      "{key} is an old extension that Google, Bing and Yandex ignore (a few small crawlers, such as Seznam's, read Request-rate).",
		"unknown-directive.fix.minor":      "Remove it unless a crawler you care about reads it.",
		"unknown-directive.msg.url":        "{text} is a bare URL, not a directive; crawlers skip it.",
		"unknown-directive.fix.url":        "If it is a sitemap, write \"Sitemap: {url}\"; otherwise remove the line or start it with \"#\".",
		"unknown-directive.msg.junk":       "{text} is neither a directive (\"name: value\") nor a comment; crawlers skip it.",
		"unknown-directive.msg.junk-lines": "Lines {line}–{last} ({count} lines, starting with {text}) are neither directives nor comments; crawlers skip them.",
		"unknown-directive.fix.junk":       "Start the line with \"#\" if it is a note, or write it as \"name: value\".",
		"unknown-directive.fix.junk-lines": "Start the lines with \"#\" if they are notes, or write them as \"name: value\".",

		// typo-accepted
		"typo-accepted.summary": "A misspelt or extended field name that Google's parser accepts (\"Useragent\", \"Dissallow\", \"Site-map\", \"Disallowed\") but RFC 9309 and other crawlers may not.",
		"typo-accepted.fix":     "Spell the field as RFC 9309 does: User-agent, Allow, Disallow, Sitemap.",
		"typo-accepted.msg":     "Google reads {key} as {name}, but RFC 9309 parsers and other crawlers may ignore the line.",

		// missing-colon
		"missing-colon.summary":     "A directive without a colon (\"Disallow /x\"): Google accepts it when the line has exactly two words; others do not.",
		"missing-colon.fix":         "Put a colon after the field name: \"{key}: {value}\".",
		"missing-colon.msg":         "{text} has no colon; Google reads it as \"{key}: {value}\" because the line has exactly two words, but other crawlers skip it.",
		"missing-colon.msg.ignored": "{text} has no colon and is not exactly two words, so every crawler skips it.",
		"missing-colon.fix.ignored": "Write it as \"{key}: value\", one value per line.",

		// file-too-large
		"file-too-large.summary":           "The file is over the 500 KiB that Google and Yandex read; what follows the limit is ignored.",
		"file-too-large.fix":               "Keep robots.txt under 500 KiB: merge similar rules with \"*\", and drop rules for paths that no longer exist.",
		"file-too-large.msg":               "The file is {size} bytes, but crawlers read only the first {limit} bytes (whole lines): lines {first}–{last} are ignored, with {directives} ({rules} among them).",
		"file-too-large.msg.no-directives": "The file is {size} bytes, but crawlers read only the first {limit} bytes: lines {first}–{last} are ignored (they hold no directives, so nothing is lost).",

		// site-closed
		"site-closed.summary":         "The whole site is closed to a group (a Disallow matching every path and no Allow reopening anything); names the crawlers affected and those still let in.",
		"site-closed.fix":             "If this is a leftover from a staging site, remove the \"Disallow: /\"; if it is meant, there is nothing to do.",
		"site-closed.msg.star":        "The whole site is closed to every crawler without a group of its own ({count} known crawlers, such as {examples}).{extra}",
		"site-closed.msg.search":      "The whole site is closed to {agents}: the site will drop out of their search results.{extra}",
		"site-closed.msg.run-in":      "The whole site is closed to {agents}: their user-agent lines (from line {first}) hold no rule of their own (a Crawl-delay is no rule), so under RFC 9309 and Google they join the group of line {next} and its \"Disallow: /\"; the site will drop out of their search results.{extra}",
		"site-closed.fix.run-in":      "Give each of their records a rule of its own, an empty \"Disallow:\" after its Crawl-delay, so that they are allowed everything; keep this \"Disallow: /\" for the crawler of line {next}.",
		"site-closed.msg.star-run-in": "The whole site is closed to every crawler without a group of its own ({count} known crawlers, such as {examples}): the \"User-agent: *\" line and those with it (from line {first}) hold no rule of their own (a Crawl-delay is no rule), so under RFC 9309 and Google they join the group of line {next} and its \"Disallow: /\".{extra}",
		"site-closed.fix.star-run-in": "Give the \"*\" record a rule of its own, an empty \"Disallow:\" after its Crawl-delay, so that other crawlers are allowed everything; keep this \"Disallow: /\" for the crawler of line {next}.",
		"site-closed.msg.named":       "The whole site is closed to {count}: {agents}.{extra}",
		"site-closed.fix.named":       "",
		"site-closed.open-named":      " Still let in by groups of their own: {agents}.",
		"site-closed.ignoring":        " Not bound by \"User-agent: *\", and so still free to crawl: {agents}.",
		"site-closed.followers":       " This also closes the site to {followers}, which follow that group when no group names them.",
		"site-closed.others-open":     " Crawlers without a group of their own may still crawl.",
		"site-closed.star-open":       " Crawlers without a group of their own follow the \"*\" group, which leaves the site open.",
		"site-closed.no-star":         " There is no \"*\" group, so every other crawler may fetch everything.",

		// blocks-css-js
		"blocks-css-js.summary":    "A Disallow rule that keeps search engines from CSS or JavaScript files; Google, Bing and Yandex render pages and need them.",
		"blocks-css-js.fix":        "Allow the CSS and JavaScript files, e.g. \"Allow: /*.css$\" and \"Allow: /*.js$\" in the same group, or narrow the rule.",
		"blocks-css-js.fix.proven": "Add \"{allowcss}\" and \"{allowjs}\" to the same group: checked with the matcher, they win over this rule for the CSS and JavaScript it blocks (a shorter \"Allow: /*.css$\" would lose to it).",
		"blocks-css-js.fix.narrow": "No Allow line beside it frees {path} (a longer Disallow still wins): narrow \"{rule}\" or the longer rules instead.",
		"blocks-css-js.fix.remove": "Remove \"{rule}\": it blocks the CSS or JavaScript files themselves.",
		"blocks-css-js.msg.query":  "\"{rule}\" blocks {path} for {agents}: CSS and JavaScript are often loaded with a version in the query (\"?ver=\"), and search engines that render pages then cannot load them.",
		"blocks-css-js.msg":        "\"{rule}\" blocks {path} for {agents}: search engines render pages and, without the CSS and JavaScript, may see them broken.",

		// pattern-no-slash
		"pattern-no-slash.summary":       "A path that starts with neither \"/\" nor \"*\": paths always start with \"/\", so it can never match.",
		"pattern-no-slash.fix":           "Start the path with \"/\": \"{kind}: {fixed}\".",
		"pattern-no-slash.msg.invisible": "The path {pattern} starts with an invisible character ({char}) that parsers do not trim, so it does not start with \"/\" and the rule never matches anything.",
		"pattern-no-slash.fix.invisible": "Delete the character before the path: \"{kind}: {fixed}\".",
		"pattern-no-slash.msg":           "The path {pattern} does not start with \"/\" or \"*\", and every URL path starts with \"/\", so this rule never matches anything.",

		// full-url-pattern
		"full-url-pattern.summary": "A rule whose path is a full URL (\"Disallow: https://example.com/x\"): it never matches, and a robots.txt applies only to the host it is served from.",
		"full-url-pattern.fix":     "Write only the path, in the robots.txt of the host the URL names: \"{kind}: {path}\".",
		"full-url-pattern.msg":     "The rule's path {pattern} is a full URL; rules match only the path of a URL, so this one never matches anything.",

		// dollar-inside
		"dollar-inside.summary": "A \"$\" that is not the last character of a path: Google and RFC 9309 parsers read it as a literal dollar sign (CMS paths like /$FILE/ mean that); only a final \"$\" anchors.",
		"dollar-inside.fix":     "Nothing to change if the URLs contain a dollar sign; if the \"$\" should end the path, cut the rule there.",
		"dollar-inside.msg":     "In {pattern} the \"$\" is not the last character: Google and RFC 9309 parsers match it as a literal \"$\" in the URL, which is right for paths that hold one; a parser that takes every \"$\" as the end of the URL would match less. Do not write %24 instead: Google does not decode it, so the rule would stop matching for Googlebot.",

		// regex-syntax
		"regex-syntax.summary":         "A path written as a regular expression (\"^/private\", \"/*\\.pdf$\", \"/page[0-9]\"): robots.txt paths know only \"*\" and a final \"$\", so every other character is matched as written.",
		"regex-syntax.fix":             "Rewrite it with \"*\" (any characters) and a final \"$\" only, one rule for each alternative; robots.txt has no character classes or repetitions.",
		"regex-syntax.fix.fixed":       "Write what it means: {fixed}.",
		"regex-syntax.fix.never-fixed": "Write what it means: {fixed}.",
		"regex-syntax.msg":             "{pattern} is written as a regular expression ({mark}), but robots.txt paths know only \"*\" (any characters) and a final \"$\" (the end of the URL); every other character is matched as written, so this rule matches only paths that hold these characters literally, not what it says.",
		"regex-syntax.msg.fixed":       "{pattern} is written as a regular expression ({mark}), but robots.txt paths know only \"*\" (any characters) and a final \"$\" (the end of the URL); every other character is matched as written, so this rule matches only paths that hold these characters literally, not what it says.",
		"regex-syntax.msg.never":       "{pattern} is written as a regular expression ({mark}), but robots.txt paths know only \"*\" (any characters) and a final \"$\" (the end of the URL); every other character is matched as written, and no URL path starts with \"^\" or holds a \"\\\" (browsers and crawlers turn it into \"/\"), so this rule never matches anything.",
		"regex-syntax.msg.never-fixed": "{pattern} is written as a regular expression ({mark}), but robots.txt paths know only \"*\" (any characters) and a final \"$\" (the end of the URL); every other character is matched as written, and no URL path starts with \"^\" or holds a \"\\\" (browsers and crawlers turn it into \"/\"), so this rule never matches anything.",

		// redundant-wildcard
		"redundant-wildcard.summary": "A trailing \"*\": rules already match every path that starts with them.",
		"redundant-wildcard.fix":     "Drop the trailing \"*\": write {same}.",
		"redundant-wildcard.msg":     "The trailing \"*\" in {pattern} changes nothing: it matches exactly the paths {same} matches.",

		// duplicate-rule
		"duplicate-rule.summary":    "The same rule twice in the rules that apply to a crawler.",
		"duplicate-rule.fix":        "Remove the repeated line.",
		"duplicate-rule.msg":        "\"{rule}\" repeats line {first}.",
		"duplicate-rule.msg.merged": "\"{rule}\" repeats line {first}; the two groups apply to {agents} together, since groups naming the same crawler are merged.",

		// conflicting-rules
		"conflicting-rules.summary": "The same path both allowed and disallowed for a crawler: Allow wins the tie, so the Disallow never applies.",
		"conflicting-rules.fix":     "Keep the line you mean and remove the other.",
		"conflicting-rules.msg":     "{pattern} is both allowed (line {allow}) and disallowed (line {disallow}); on a tie Allow wins, so the Disallow line never applies.",

		// shadowed-rule
		"shadowed-rule.summary":         "A rule that can never decide any path: another rule matches every path it matches and always wins (longer, or Allow on a tie), or an Allow with an empty path.",
		"shadowed-rule.fix":             "Remove the rule, or make it longer (more specific) than the one that overrides it.",
		"shadowed-rule.msg":             "\"{rule}\" never decides: \"{by}\" (line {line}) matches every path it matches and always wins (the longer match wins; on a tie, Allow).",
		"shadowed-rule.msg.empty-allow": "\"Allow:\" with no path matches nothing, so it never decides anything.",
		"shadowed-rule.fix.empty-allow": "Remove it; to allow everything, \"Allow: /\" or an empty group does that.",

		// case-mismatch-hint
		"case-mismatch-hint.summary":   "Paths that differ only in case, or upper-case letters in a file whose other paths are lower-case: paths are case-sensitive.",
		"case-mismatch-hint.fix":       "Check the spelling your URLs really use; write one rule per spelling that exists.",
		"case-mismatch-hint.msg.pair":  "{pattern} differs from {other} (line {first}) only in case; paths are case-sensitive, so these are two different paths. That is right if both spellings exist.",
		"case-mismatch-hint.msg.upper": "{pattern} has upper-case letters while the other {others} paths in the file are lower-case; paths are case-sensitive, so it does not match {lower}.",

		// non-ascii-pattern
		"non-ascii-pattern.summary": "A path with characters outside ASCII: crawlers match it percent-encoded as UTF-8.",
		"non-ascii-pattern.fix":     "Nothing is wrong if the file is UTF-8; writing the encoded form makes the rule read the same in every parser.",
		"non-ascii-pattern.msg":     "{pattern} holds characters outside ASCII; it is matched as {encoded}.",

		// agent-with-version
		"agent-with-version.summary": "A user-agent value with a version (\"Googlebot/2.1\", \"iaskspider/2.0\"): only the leading product token counts.",
		"agent-with-version.fix":     "Write the product token alone: \"User-agent: {token}\".",
		"agent-with-version.msg":     "Only the product token of {value} counts, so the group applies to every version of {token}; parsers that compare the whole value may never match it.",

		// agent-wildcard
		"agent-wildcard.summary":    "\"*\" inside a user-agent value (\"Googlebot*\", \"*bot\"): it is not a wildcard there; only \"*\" on its own means every crawler.",
		"agent-wildcard.fix":        "Name each crawler on its own User-agent line, or use \"User-agent: *\".",
		"agent-wildcard.msg":        "In {value} the \"*\" is not a wildcard: the group applies to {token} only.",
		"agent-wildcard.msg.family": "In {value} the \"*\" is not a wildcard: the group applies to {token} only, not to {others}.",
		"agent-wildcard.msg.none":   "{value} does not start with a crawler name (a user-agent value must start with letters, digits, \"-\", \"_\" or \".\"), so this line names no crawler at all.",

		// misspelled-agent
		"misspelled-agent.summary":   "A user-agent name one or two letters from a known crawler's (\"Googelbot\" for Googlebot) that is no crawler's own: the crawler it was meant for does not follow the group.",
		"misspelled-agent.fix":       "Write the crawler's name: \"User-agent: {suggestion}\".",
		"misspelled-agent.msg":       "No known crawler is called {token}, and it is one or two letters from {suggestion}: crawlers look only for their own name, so {suggestion} does not follow this group.",
		"misspelled-agent.msg.merge": "No known crawler is called {token}, and it is one or two letters from {suggestion}: crawlers look only for their own name, so {suggestion} does not follow this group. {suggestion} has a group at line {other}: with the name fixed, the two groups are merged into one, and all their rules apply to it.",
		"misspelled-agent.msg.star":  "No known crawler is called {token}, and it is one or two letters from {suggestion}: crawlers look only for their own name, so {suggestion} follows the \"*\" group now. With the name fixed it follows this group only, and no longer the \"*\" rules: copy here those it should keep.",

		// invalid-product-token
		"invalid-product-token.summary":       "A user-agent value that is not a crawler name alone (\"Brightbot 1.0\", \"Yahoo! Slurp\"): parsers read it up to the first character that cannot be part of a name.",
		"invalid-product-token.fix":           "Write the crawler's product token alone (letters, digits, \"-\", \"_\" and \".\"): \"User-agent: {name}\".",
		"invalid-product-token.msg":           "{value} is not a crawler name alone; parsers read it as {token}, and the group applies to {token}.",
		"invalid-product-token.msg.family":    "{value} is not a crawler name alone; parsers read it as {token}, so the group applies to {token} and to every crawler that follows the {token} group.",
		"invalid-product-token.msg.none":      "{value} does not start with a crawler name (letters, digits, \"-\", \"_\" or \".\"), so this line names no crawler at all.",
		"invalid-product-token.fix.none":      "Write the crawler's product token, as its operator documents it.",
		"invalid-product-token.msg.star":      "{value} is read as \"*\" (every crawler): the rest of the line, {rest}, is ignored.",
		"invalid-product-token.fix.star":      "Put each directive on a line of its own: \"User-agent: *\", then the rules.",
		"invalid-product-token.msg.invisible": "The user-agent value {value} starts with an invisible character ({char}) that parsers do not trim, so this line names no crawler at all.",
		"invalid-product-token.fix.invisible": "Delete the character before the name (retype the space after \"User-agent:\").",
		"invalid-product-token.msg.empty":     "The User-agent line has no value, so it names no crawler.",
		"invalid-product-token.fix.empty":     "Write a product token, or \"*\" for every crawler.",

		// empty-group
		"empty-group.summary":         "User-agent lines with no rules after them, or parted by a blank line from the lines whose rules they share.",
		"empty-group.fix":             "Add the rules meant for these crawlers; to allow them everything, write \"Disallow:\" under them.",
		"empty-group.msg":             "No rules follow the user-agent lines for {agents}: these crawlers may fetch everything, and they do not fall back to the \"*\" group.",
		"empty-group.msg.star":        "No rules follow \"User-agent: *\": every crawler without a group of its own may fetch everything.",
		"empty-group.msg.shares":      "The user-agent lines for {agents} are parted from the next ones by blank lines or other records, but no rule comes between them: under RFC 9309 and Google they all form one group with line {next} and share its rules (from line {rules}).{yandex}{usage}",
		"empty-group.msg.shares-star": "The user-agent lines for {agents} are parted from the next ones by blank lines or other records, but no rule comes between them: under RFC 9309 and Google they form one group, with \"*\" among them, and share its rules (from line {rules}).{yandex}{usage}",
		"empty-group.fix.shares-star": "Give each crawler that needs different rules its own rules; remove the blank lines if they are meant to share them.",
		"empty-group.fix.shares":      "Remove the blank line if they should share those rules; add \"Disallow:\" under them if they should be allowed everything.",

		// crawl-delay
		"crawl-delay.summary":     "Crawl-delay is not part of RFC 9309: Google ignores it and Yandex has ignored it since 2018; Bing and some AI crawlers (ClaudeBot) read it.",
		"crawl-delay.fix":         "Set the crawl rate in the search engines' webmaster tools, or answer 429/503 when the server is busy.",
		"crawl-delay.msg":         "Crawl-delay: {value} is not part of RFC 9309; Google ignores it and Yandex has ignored it since 2018, while Bing and some other crawlers wait {value} seconds between requests.",
		"crawl-delay.msg.invalid": "Crawl-delay {value} is not a number of seconds; crawlers that read Crawl-delay ignore it.",
		"crawl-delay.fix.invalid": "Write a number of seconds, such as \"Crawl-delay: 5\", or remove the line.",
		"crawl-delay.msg.huge":    "Crawl-delay: {value} is more than 300 seconds; some crawlers (Apache Nutch and others built on crawler-commons) then treat the whole site as closed.",
		"crawl-delay.fix.huge":    "Use a delay of a few seconds, or close the site to the crawler outright.",

		// host-directive
		"host-directive.summary": "Yandex's Host directive: Yandex stopped reading it in March 2018, and no other crawler ever did.",
		"host-directive.fix":     "Remove the Host line; to choose the main mirror, redirect the other hosts to it with HTTP 301.",
		"host-directive.msg":     "Host: {value} is Yandex's old main-mirror directive, which Yandex stopped reading in March 2018; no crawler uses it now.",

		// clean-param-syntax
		"clean-param-syntax.summary":           "A Clean-param line that Yandex would reject (\"Clean-param: p0[&p1&...] [path]\").",
		"clean-param-syntax.fix":               "Write \"Clean-param: name1&name2 /path/prefix\": parameter names joined by \"&\", then one optional path made of A-Z a-z 0-9 . - / * _.",
		"clean-param-syntax.msg.empty":         "Clean-param has no value; Yandex reports it as an error.",
		"clean-param-syntax.msg.too-long":      "Clean-param {value} is {length} characters long; Yandex accepts at most 500.",
		"clean-param-syntax.fix.too-long":      "Split it into several Clean-param lines.",
		"clean-param-syntax.msg.fields":        "Clean-param {value} has {count} space-separated parts; Yandex expects the parameter names joined by \"&\", then at most one path.",
		"clean-param-syntax.msg.empty-name":    "Clean-param {value} has an empty parameter name (a leading, trailing or doubled \"&\").",
		"clean-param-syntax.msg.value-given":   "Clean-param {value} gives a value in {param}; it takes parameter names only.",
		"clean-param-syntax.fix.value-given":   "Write the name alone: {name}.",
		"clean-param-syntax.msg.path-as-param": "Clean-param {value}: {param} looks like a path, but the first part must be parameter names; the path comes second, after a space.",
		"clean-param-syntax.msg.param-chars":   "Clean-param {value}: the parameter name {param} has characters a query parameter name does not have.",
		"clean-param-syntax.msg.path-chars":    "Clean-param {value}: the path {path} has the character {char}; Yandex allows only A-Z a-z 0-9 . - / * _ there.",
		"clean-param-syntax.msg.path-slash":    "Clean-param {value}: the path {path} should start with \"/\".",

		// noindex-directive
		"noindex-directive.summary": "Noindex or Nofollow in robots.txt: Google stopped reading them on 1 September 2019, and no major crawler reads them.",
		"noindex-directive.fix":     "Use a robots meta tag (<meta name=\"robots\" content=\"noindex\">) or an X-Robots-Tag header, and let crawlers fetch the page so that they can see it.",
		"noindex-directive.msg":     "{key} in robots.txt is not supported: Google stopped reading it on 1 September 2019 and no other major crawler reads it, so the pages can still be indexed.",

		// sitemap-not-absolute
		"sitemap-not-absolute.summary":       "A Sitemap value that is not an absolute http or https URL.",
		"sitemap-not-absolute.fix":           "Give the sitemap's full URL, such as \"Sitemap: https://example.com/sitemap.xml\".",
		"sitemap-not-absolute.msg.invisible": "The sitemap {value} starts with an invisible character ({char}) that parsers do not trim, so the value is not a URL.",
		"sitemap-not-absolute.fix.invisible": "Delete the character before the URL (retype the space after \"Sitemap:\").",
		"sitemap-not-absolute.msg.empty":     "The Sitemap line has no URL.",
		"sitemap-not-absolute.msg.relative":  "The sitemap {value} is a relative path; crawlers need its full URL, with https:// and the host.",
		"sitemap-not-absolute.msg.no-scheme": "The sitemap {value} has no scheme; crawlers need a full URL such as {url}.",
		"sitemap-not-absolute.fix.no-scheme": "Write \"Sitemap: {url}\".",
		"sitemap-not-absolute.msg.scheme":    "The sitemap {value} uses {scheme}; crawlers fetch sitemaps over http or https only.",
		"sitemap-not-absolute.msg.invalid":   "The sitemap {value} is not a valid URL.",

		// multiple-star-groups
		"multiple-star-groups.summary":  "More than one \"User-agent: *\" group: RFC 9309 and Google merge them, Yandex reports an error.",
		"multiple-star-groups.fix":      "Move these rules into the first \"User-agent: *\" group.",
		"multiple-star-groups.msg":      "A second \"User-agent: *\" group (the first is at line {first}): RFC 9309 and Google merge them, but Yandex reports multiple \"*\" groups as an error.",
		"multiple-star-groups.msg.many": "The file has {count} \"User-agent: *\" groups (at line {first}, then at lines {lines}): RFC 9309 and Google merge them, but Yandex reports multiple \"*\" groups as an error.",

		// blank-line-in-group
		"blank-line-in-group.summary": "A blank line between a group's User-agent lines and its rules: fine for RFC 9309 and Google, an error for Yandex, which ends the group there.",
		"blank-line-in-group.fix":     "Remove the blank line, so that the rules follow the User-agent lines directly.",
		"blank-line-in-group.msg":     "A blank line parts the user-agent lines for {agents} from their rules (line {rule}); RFC 9309 and Google read past it, but Yandex ends the group at the blank line, leaving those crawlers without rules.",

		// named-group-replaces-star
		"named-group-replaces-star.summary": "A crawler with a group of its own does not read the \"*\" group, so it may fetch what \"*\" disallows unless its group repeats the rule.",
		"named-group-replaces-star.fix":     "Repeat in the group the \"*\" rules the crawler should follow too.",
		"named-group-replaces-star.msg":     "{agents} has a group of its own, so the \"*\" group (line {star}) does not apply to it, and it may fetch paths that group disallows ({count}): {rules}.",

		// ai-token-confusion
		"ai-token-confusion.summary":         "Mixed-up AI tokens: blocking an AI search or user fetcher while the same operator's training crawler stays open, blocking a search engine along with AI crawlers, or naming an old token.",
		"ai-token-confusion.fix":             "Name each of the operator's tokens for what you want: training (GPTBot, ClaudeBot, Google-Extended, Applebot-Extended), search (OAI-SearchBot, Claude-SearchBot, PerplexityBot) and user fetches (ChatGPT-User, Claude-User).",
		"ai-token-confusion.msg.reverse":     "The site is closed to {closed} ({operator}'s search, or its fetches for users), but {open}, {operator}'s training crawler, is still allowed: the site stays out of {operator}'s answers yet open to training, the reverse of the usual intent.",
		"ai-token-confusion.fix.reverse":     "To opt out of training only, close {open} and leave {closed} open; to opt out of everything, close them all.",
		"ai-token-confusion.msg.google":      "This group closes Googlebot together with AI crawlers, which takes the site out of Google Search too. To keep Google from training Gemini on the site, name Google-Extended instead.",
		"ai-token-confusion.fix.google":      "Replace \"User-agent: Googlebot\" with \"User-agent: Google-Extended\" in this group.",
		"ai-token-confusion.msg.apple":       "This group closes Applebot, Apple's search crawler, together with AI crawlers, which keeps the site out of Siri and Spotlight; that may well be meant. Applebot-Extended, the token that says whether Apple may train on the site, is not named.",
		"ai-token-confusion.fix.apple":       "If Apple should not train on the site, add \"User-agent: Applebot-Extended\" to this group as well; keep Applebot there if Siri and Spotlight are meant to stay out.",
		"ai-token-confusion.msg.search":      "This group closes {token}, a search engine, together with AI crawlers, which takes the site out of its search results too.",
		"ai-token-confusion.fix.search":      "Move {token} to a group of its own if it should keep crawling.",
		"ai-token-confusion.msg.legacy":      "{token} is an old {operator} token that its crawlers no longer use: {current}, the current one, is not named, so it follows the \"{group}\" group rather than this one.",
		"ai-token-confusion.msg.legacy-none": "{token} is an old {operator} token that its crawlers no longer use: {current}, the current one, is not named and no group applies to it, so it may fetch everything.",
		"ai-token-confusion.fix.legacy":      "Add \"User-agent: {current}\" to the group that names {token}.",
		"ai-token-confusion.fix.legacy-none": "Add \"User-agent: {current}\" to the group that names {token}.",
		"ai-token-confusion.msg.user-fetch":  "{token} fetches pages on behalf of {operator}'s users, and {operator} says robots.txt may not apply to such fetches: this group may not stop it.",
		"ai-token-confusion.msg.made-up":     "No crawler goes by {token}: {operator}'s crawler looks for \"{real}\", and RFC 9309 matches the whole name, so this line keeps no crawler out.{extra}",
		"ai-token-confusion.fix.made-up":     "Name {operator}'s crawler by its token, \"User-agent: {real}\"; the made-up name can go.",
		"ai-token-confusion.made-up-named":   " The file names {real} too (line {line}), so nothing is lost: the line is only noise.",
		"ai-token-confusion.made-up-none":    " {real} is not named anywhere, and no group applies to it, so it may fetch everything.",
		"ai-token-confusion.made-up-other":   " {real} is not named in this group, so it follows the \"{group}\" group.",
		"ai-token-confusion.fix.user-fetch":  "",

		// invalid product token etc. are above; content-signal
		"content-signal.summary":        "A Content-Signal line (search, ai-input, ai-train = yes or no): recognised, and its syntax checked.",
		"content-signal.fix":            "Write it as \"Content-Signal: search=yes, ai-input=yes, ai-train=no\": signals search, ai-input and ai-train, each yes or no, separated by commas.",
		"content-signal.msg.empty":      "Content-Signal has no value.",
		"content-signal.msg.empty-item": "Content-Signal {value} has an empty item (a leading, trailing or doubled comma).",
		"content-signal.msg.no-value":   "Content-Signal item {item} has no \"=yes\" or \"=no\".",
		"content-signal.msg.typo":       "Content-Signal has no signal {name}; did you mean {suggestion}?",
		"content-signal.fix.typo":       "Write {suggestion}.",
		"content-signal.msg.unknown":    "Content-Signal has no signal {name}; the signals are search, ai-input and ai-train.",
		"content-signal.msg.short":      "Content-Signal {name}={value}: the Content Signals Policy spells its values yes and no. robotstxt reads {value} as {full}, as a careful crawler should (\"check --purpose\" answers as for {name}={full}), but readers that follow the policy to the letter may ignore the signal.",
		"content-signal.fix.short":      "Write {name}={full}.",
		"content-signal.msg.bad-value":  "Content-Signal {name}={value}: the value must be yes or no.",
		"content-signal.msg.twice":      "Content-Signal gives {name} twice.",

		// html-body
		"html-body.summary":  "The file is an HTML page (or another document), not robots.txt: typically an error page or a site's start page served at /robots.txt.",
		"html-body.fix":      "Serve a plain-text robots.txt at /robots.txt, or answer 404 if there is none.",
		"html-body.msg.html": "The file is an HTML page, not robots.txt; crawlers find no rules in it, so they may fetch everything.",
		"html-body.msg.xml":  "The file is an XML document (perhaps the sitemap), not robots.txt; crawlers find no rules in it.",

		// bom
		"bom.summary":     "The file starts with a byte order mark: Google and RFC 9309 parsers skip it, some older ones read it as part of the first line.",
		"bom.fix":         "Save the file as UTF-8 without a byte order mark.",
		"bom.msg":         "The file starts with a UTF-8 byte order mark; Google and RFC 9309 parsers skip it, but some older parsers take it as part of the first line and miss that line's directive.",
		"bom.msg.partial": "The file starts with {bytes} bytes of a broken byte order mark; Google skips them, other parsers may not.",

		// mixed-line-endings
		"mixed-line-endings.summary": "The file mixes line endings (LF, CRLF, CR): crawlers accept it, but tools and editors may not.",
		"mixed-line-endings.fix":     "Save the file with one kind of line ending ({major}).",
		"mixed-line-endings.msg":     "The file mixes line endings ({counts}); the first line that differs from the rest is this one. RFC 9309 parsers accept this, but some tools and editors do not.",

		// invalid-utf8
		"invalid-utf8.summary":    "Text that is not valid UTF-8 (RFC 9309 requires UTF-8), including files in UTF-16.",
		"invalid-utf8.fix":        "Save the file as UTF-8.",
		"invalid-utf8.msg":        "This line is not valid UTF-8 (the file may be in a legacy encoding such as Windows-1251 or Latin-1): crawlers read robots.txt as UTF-8, so paths with these bytes match only URLs with the very same bytes.",
		"invalid-utf8.msg.many":   "{count} lines, from this one to line {last}, are not valid UTF-8 (the file may be in a legacy encoding such as Windows-1251 or Latin-1): crawlers read robots.txt as UTF-8, so paths with these bytes match only URLs with the very same bytes.",
		"invalid-utf8.msg.utf16":  "The file is in UTF-16, not UTF-8; crawlers cannot read its rules.",
		"invalid-utf8.msg.binary": "This is not a text file (it holds NUL or control bytes: an executable, an image or a compressed body?); crawlers find no rules in it.",
		"invalid-utf8.fix.binary": "Serve the robots.txt itself at /robots.txt: plain UTF-8 text, not a program, an image or a body compressed without a Content-Encoding header.",

		// line-too-long
		"line-too-long.summary": "A line longer than Google's parser reads (16,663 bytes): the rest of the line is cut off.",
		"line-too-long.fix":     "Split the rule into shorter ones.",
		"line-too-long.msg":     "This line is {length} bytes long; Google's parser keeps only the first {max} bytes, so what it reads ends with {end}.",

		// empty-file
		"empty-file.summary":                       "The file has no directives: every crawler may fetch everything.",
		"empty-file.fix":                           "Nothing to do if that is what you mean; otherwise add a group such as \"User-agent: *\" with its rules.",
		"empty-file.msg.empty":                     "The file is empty: every crawler may fetch everything.",
		"empty-file.msg.comments":                  "The file has only comments: every crawler may fetch everything.",
		"empty-file.msg.no-directives":             "The file has no directives at all (no User-agent, Allow, Disallow or Sitemap lines): every crawler may fetch everything.",
		"full-url-pattern.msg.everything":          "The rule's path {pattern} is a full URL, so it never matches anything; written as a path, {path}, it would close the whole site, which is more than it has ever done.",
		"full-url-pattern.fix.everything":          "Remove the line; write \"{kind}: {path}\" only if the whole site really should be closed.",
		"full-url-pattern.msg.other-host":          "The rule's path {pattern} is a full URL on {host}, so it never matches anything; a robots.txt applies only to the host it is served from ({own}), so no line here can control {host}.",
		"full-url-pattern.fix.other-host":          "Remove the line here; the rule belongs in the robots.txt of {host}, if that host should have it.",
		"full-url-pattern.msg.unknown-host":        "The rule's path {pattern} is a full URL on {host}, so it never matches anything; a robots.txt applies only to the host it is served from, so the rule belongs in the robots.txt of {host}.",
		"full-url-pattern.fix.unknown-host":        "If this file is served by {host}, write the rule with the URL's path only; otherwise remove the line and put the rule in the robots.txt of {host} (lint with --host to let the audit tell).",
		"pattern-no-slash.msg.anywhere":            "The path {pattern} does not start with \"/\" or \"*\", and every URL path starts with \"/\", so this rule never matches anything; it looks meant for any path containing it.",
		"pattern-no-slash.fix.anywhere":            "To match it anywhere in the path, write \"{kind}: {fixed}\".",
		"pattern-no-slash.msg.doubled-key":         "The value {pattern} repeats the field name {key}, so the path does not start with \"/\" or \"*\" and the rule never matches anything.",
		"pattern-no-slash.fix.doubled-key":         "Write the field name once: \"{kind}: {fixed}\".",
		"agent-with-version.msg.browser":           "{value} is a browser's whole user-agent string: parsers read only its first name, {token}, so this is not the group the crawler it was meant for looks up; that crawler's own token in it is {name}.",
		"agent-with-version.fix.browser":           "Write the crawler's token alone: \"User-agent: {name}\".",
		"agent-with-version.msg.browser-unknown":   "{value} is a browser's whole user-agent string: parsers read only its first name, {token}, so this is not the group the crawler it was meant for looks up.",
		"agent-with-version.fix.browser-unknown":   "Write the product token the crawler's operator documents, alone on the line.",
		"invalid-product-token.msg.other-word":     "{value} is not a crawler name alone; parsers read it as {token}, but the crawler's own token is {name}, so the group does not apply to it.",
		"invalid-product-token.msg.unsure":         "{value} is not a crawler name alone; parsers read it as {token}, so the group applies to crawlers named {token} and to those whose user-agent string contains it.",
		"invalid-product-token.fix.unsure":         "If the crawler's operator documents a product token, write it alone on the line.",
		"clean-param.msg":                          "Yandex drops the parameters {params} from URLs {where} before crawling them; other crawlers ignore Clean-param.",
		"clean-param.site":                         "on the whole site",
		"clean-param.under":                        "matching {path}",
		"clean-param.summary":                      "A valid Clean-param line (Yandex): what it makes Yandex drop from URLs; other crawlers ignore it.",
		"clean-param.fix":                          "Nothing to fix; keep it if Yandex should drop these parameters.",
		"redundant-rule.msg":                       "\"{rule}\" never decides: \"{by}\" (line {line}) matches every path it matches and is longer; the outcome is the same, so the rule is redundant.",
		"redundant-rule.fix":                       "Remove the redundant rule.",
		"space-in-path.summary":                    "A space inside a path (\"Disallow: /path with space/\"): RFC 9309's paths have no spaces, and parsers disagree about them.",
		"space-in-path.fix":                        "Write the space as %20: \"{kind}: {fixed}\".",
		"space-in-path.msg":                        "The path {value} holds a space. RFC 9309's grammar has no space in a path, and parsers disagree: Google's parser keeps it as a literal space, so for Googlebot the rule does not match the %20 that browsers and crawlers send; other parsers encode it as %20 or cut the value at the space.",
		"several-paths.summary":                    "Several paths in one value (\"Disallow: /cgi-bin/ /tmp/\"): a rule takes one path, so parsers read one long path with spaces, which matches nothing.",
		"several-paths.fix":                        "Write one rule per line: {lines}.",
		"several-paths.msg":                        "{value} gives {count} paths in one {kind} line; a rule takes one path, so crawlers read it as one path with spaces in it, and it blocks none of them.",
		"glued-directives.summary":                 "Directives run together on one line (\"Disallow: /a Disallow: /b\", \"Disallow: /x/User-agent: *\"): the rest of the line becomes part of the path.",
		"glued-directives.fix":                     "Put each directive on a line of its own.",
		"glued-directives.msg.closes":              "{value} holds another directive, {rest}: crawlers read it all as one {kind} path, which matches almost nothing today; split in two, one half would disallow the whole site.",
		"glued-directives.fix.closes":              "Do not split it as it stands: decide what the line was meant to say first (\"robotstxt diff\" shows what a change closes); splitting it closes the whole site.",
		"glued-directives.msg.opens":               "{value} holds another directive, {rest}: crawlers read it all as one {kind} path; split in two, one half would allow the whole site, overriding the group's other rules.",
		"glued-directives.fix.opens":               "Do not split it as it stands: decide what the line was meant to say first; splitting it opens the whole site.",
		"glued-directives.msg.cut":                 "{value} holds another directive, {rest}: crawlers read it all as one {kind} path, and its first half, {first}, is not a path (its start seems lost).",
		"glued-directives.fix.cut":                 "Restore the lost start of the first rule, then put each directive on a line of its own.",
		"glued-directives.msg.inword":              "{value} holds another directive, {rest}, that starts inside a word: crawlers read it all as one {kind} path, and where the line break belongs is not certain (a split after {first} could block more than was meant).",
		"glued-directives.fix.inword":              "Put each directive on a line of its own, after checking where the first rule really ends.",
		"glued-directives.msg":                     "{value} holds another directive, {rest}: directives run together on one line, so crawlers read it all as one {kind} path, and the second directive is lost.",
		"hash-in-path.summary":                     "A \"#\" inside a path (\"Disallow: /page#section\"): \"#\" starts a comment, so the rule silently becomes the shorter path before it.",
		"hash-in-path.fix":                         "Remove the \"#\" and what follows; URLs reach the server without their #fragment anyway.",
		"hash-in-path.msg":                         "In {value} the \"#\" starts a comment, so crawlers read the rule as {read}, which matches every path that starts with it; a #fragment never reaches the server.",
		"hash-in-path.msg.everything":              "In {value} the \"#\" starts a comment, so crawlers read the rule as {read}, which matches every path: it closes the whole site.",
		"host-as-path.summary":                     "A host name written as a path (\"Disallow: /beta.example.gov\"): it matches only a path of that name on this host, and a robots.txt cannot speak for another host.",
		"host-as-path.fix":                         "To keep crawlers off {host}, put the rules in the robots.txt served by {host}. Keep this line if it blocks junk URLs of this host that start with that name (links written without https://).",
		"host-as-path.msg":                         "{value} looks like the host name {host} written as a path: it only matches paths on this host that start with it, and a robots.txt applies only to the host it is served from.",
		"home-page-only.summary":                   "Only the home page is open (\"Disallow: /\" with \"Allow: /$\"): every other page is closed.",
		"home-page-only.fix":                       "If this is a leftover from a staging site, remove the \"Disallow: /\"; if it is meant, there is nothing to do.",
		"home-page-only.msg":                       "Only the home page is open to {agents}: \"Disallow: /\" closes every other page, and search engines will index the home page alone.",
		"yandex-limits.summary":                    "More rules than Yandex reads (2,048 in the groups it follows), or a rule longer than 1,024 characters.",
		"yandex-limits.fix":                        "Merge similar rules with \"*\" and drop rules for paths that no longer exist; split very long rules.",
		"yandex-limits.msg.count":                  "The groups Yandex follows hold {count} rules; Yandex reads at most {max}, so it reports an error and the rules from this line on may be ignored.",
		"yandex-limits.msg.length":                 "This rule is {length} characters long; Yandex reports rules longer than {max} characters as an error.",
		"repeated-directive.summary":               "Crawl-delay given twice in one group, or Host twice in the file: crawlers use one of them, and not all the same one.",
		"repeated-directive.fix":                   "Keep one line and remove the others.",
		"repeated-directive.msg":                   "{key} is given again in the same group (first at line {first}); crawlers that read it use only one of the values.",
		"repeated-directive.msg.host":              "{key} is given again (first at line {first}); Yandex read only the first Host line.",
		"lookalike-field.summary":                  "A field name written with a lookalike character (\"User‑agent\" with a non-breaking hyphen, a Cyrillic letter): crawlers do not recognise it and skip the line.",
		"lookalike-field.fix":                      "Retype the field name in plain ASCII: \"{name}:\".",
		"lookalike-field.msg":                      "The field name {key} holds {char}, which looks like an ASCII character but is not; crawlers do not recognise it as {name} and skip the line.",
		"html-in-line.summary":                     "HTML tags inside a line (\"<br/>\"), left by a CMS editor or a copy from a web page: they become part of the value.",
		"html-in-line.fix":                         "Remove the HTML tags; write each directive on a line of its own in plain text.",
		"html-in-line.msg":                         "The line holds the HTML tag {tag}; crawlers read it as part of the line, so the value is not what it seems.",
		"no-sitemap.summary":                       "No Sitemap line: crawlers find the site's sitemaps only if they are submitted elsewhere.",
		"no-sitemap.fix":                           "Add \"Sitemap: https://example.com/sitemap.xml\" with the full URL of each sitemap.",
		"no-sitemap.msg":                           "The file names no sitemap; a Sitemap line lets every crawler find the site's pages without a webmaster account.",
		"sitemap-other-host.summary":               "A sitemap on another host than the file's: Google and Bing accept it from robots.txt (cross-host submission), other crawlers may not.",
		"sitemap-malformed.summary":                "A Sitemap URL that is absolute but malformed: the scheme written twice, a host that is no host name, or a path starting with \"//\".",
		"sitemap-malformed.fix":                    "Give the sitemap's address as a browser shows it.",
		"sitemap-malformed.msg.scheme":             "The sitemap {value} has its scheme twice, so its host reads as \"https:\" and crawlers cannot fetch it.",
		"sitemap-malformed.fix.scheme":             "Write \"Sitemap: {url}\".",
		"sitemap-malformed.msg.host":               "The sitemap {value} has {host} as its host, which is no host name; crawlers cannot fetch it.",
		"sitemap-malformed.msg.slashes":            "The path of the sitemap {value} starts with \"//\": that is another URL than {url}, which servers may not answer the same way.",
		"sitemap-malformed.fix.slashes":            "Write \"Sitemap: {url}\".",
		"sitemap-other-host.fix":                   "Nothing to fix if that host is yours; otherwise give the sitemap on {own}.",
		"sitemap-other-host.msg":                   "The sitemap {value} is on {host}, not on {own}, the host this file is served from; Google and Bing accept that from robots.txt, other crawlers may ignore it.",
		"redundant-rule.summary":                   "A rule made redundant by another rule of the same kind: a shorter one that matches every path it matches (\"Disallow: /ref/\" then \"Disallow: /ref/x\"), or a longer one that always wins.",
		"broad-prefix.summary":                     "A rule without a trailing \"/\" also matches every longer name (\"Disallow: /test\" blocks \"/testimonial\").",
		"broad-prefix.fix":                         "End the path with \"/\" if only the folder is meant: \"{fixed}\".",
		"broad-prefix.msg":                         "{pattern} has no trailing \"/\", so it also matches longer names, such as {examples} named in this file.",
		"generic.lines":                            "one line per path",
		"generic.host":                             "the other host",
		"generic.own":                              "this host",
		"redundant-rule.msg.longer":                "\"{rule}\" makes {count} redundant ({lines}): it is shorter, matches every path they match and decides them the same way.",
		"named-group-replaces-star.msg.allow-only": "The group of {agents} holds only Allow lines, which read as exceptions to the \"*\" group (line {star}), but a crawler with a group of its own does not read \"*\" at all: {agents} may fetch every path that group disallows ({count}): {rules}.",
		"named-group-replaces-star.fix.allow-only": "Repeat in the group the \"*\" Disallow rules {agents} should follow, beside its Allow lines.",
		"named-group-replaces-star.msg.many":       "{agents} have a group of their own, so the \"*\" group (line {star}) does not apply to them, and they may fetch paths that group disallows ({count}): {rules}.",
		"named-group-replaces-star.msg.left-out":   "The group of {agents} repeats {repeated} of the \"*\" group's (line {star}) Disallow rules but not these ({count}): {rules}. That looks deliberate: {agents} may fetch those paths.",
		"named-group-replaces-star.fix.left-out":   "Nothing to do if {agents} should fetch them; if not, add those lines to its group.",
		"redundant-rule.fix.longer":                "Remove the longer rules; this one already covers them.",
		"text-before-group.explain":                "Lines before the first User-agent line that are neither directives nor comments are skipped by every crawler. They are harmless to crawling, but Google Search Console lists them as syntax errors, and they hide real mistakes among them.",
		"rule-outside-group.explain":               "RFC 9309 puts every Allow and Disallow line in the group of the User-agent lines above it. A rule with no User-agent line above it belongs to no group, so no crawler applies it: the path it names stays open.",
		"empty-disallow.explain":                   "An empty Disallow matches no path. As a group's only rule it is the classic way to allow everything; among other rules it does nothing and is usually left over from a template.",
		"unknown-directive.explain":                "Crawlers skip lines whose field they do not know. A misspelt field name (\"Disalow\" is accepted by Google, \"Disallw\" by nobody) silently loses the rule, so the audit suggests the closest known name.",
		"typo-accepted.explain":                    "Google's parser accepts a few misspellings of the four record names. RFC 9309 parsers and other crawlers may not, so the rule works for Google only.",
		"missing-colon.explain":                    "Google reads a line of exactly two words without a colon as \"key: value\"; other parsers need the colon and skip the line.",
		"file-too-large.explain":                   "Google and Yandex read the first 500 KiB of a robots.txt and ignore the rest, whole lines only. Rules past the limit apply to no crawler that honours it.",
		"site-closed.explain":                      "A Disallow that matches every path, with no Allow opening anything back, closes the whole site to the crawlers of that group. On a live site this is usually a leftover from staging; the audit names who is closed and who is still let in.",
		"blocks-css-js.explain":                    "Search engines render pages as a browser does. Blocking the CSS and JavaScript a page needs can make it look broken to them and hurt how it is ranked.",
		"pattern-no-slash.explain":                 "Every URL path starts with \"/\", so a rule whose path starts with neither \"/\" nor \"*\" never matches anything. The fix keeps what the rule plainly means: \".pdf$\" becomes \"/*.pdf$\", a doubled field name is dropped.",
		"full-url-pattern.explain":                 "Rules match the path of a URL, never its scheme or host, so a rule written as a full URL never matches. A robots.txt applies only to the host that serves it: a rule for another host belongs in that host's file, and the audit suggests the bare path only for the file's own host.",
		"dollar-inside.explain":                    "Only a \"$\" at the end of a path anchors it. Elsewhere Google and RFC 9309 parsers read it as a literal dollar sign, which is right for CMS paths that contain one; writing %24 instead would stop the rule from matching for Google.",
		"regex-syntax.explain":                     "RFC 9309 section 2.2.3 gives a path two special characters: \"*\" for any sequence of characters, and \"$\" at the end for the end of the URL. Regular-expression syntax (\"^\", \"\\.\", \"[0-9]\", \"\\d\") is matched literally, so such a rule blocks nothing, or something else. A fix is offered only where the rewrite is exact: a leading \"^\" dropped, \"\\.\" as \".\", \".*\" as \"*\", plain alternatives as one rule each; a class or a repetition has no equivalent.",
		"redundant-wildcard.explain":               "A rule already matches every path that starts with it, so a trailing \"*\" adds nothing, except where it changes which rule is longer in a tie.",
		"duplicate-rule.explain":                   "The same rule twice in the rules a crawler follows changes nothing; it often shows a file assembled from copies, where a later edit may miss one of them.",
		"conflicting-rules.explain":                "The same path both allowed and disallowed: RFC 9309 and Google let Allow win a tie, so the Disallow never applies.",
		"shadowed-rule.explain":                    "Under RFC 9309 the longest matching rule decides, and Allow wins a tie. A rule that another rule always beats on every path it matches never decides anything.",
		"case-mismatch-hint.explain":               "Paths are case-sensitive, so \"/Admin/\" does not block \"/admin/\". Rules that differ only in case, or one upper-case path among lower-case ones, are often slips.",
		"non-ascii-pattern.explain":                "Crawlers match non-ASCII characters percent-encoded as UTF-8. Nothing is wrong if the file is UTF-8; the encoded form reads the same in every parser.",
		"agent-with-version.explain":               "A crawler finds its group by its name; a version or a whole browser user-agent string after the name does not count, and parsers that compare the whole value may never match it.",
		"agent-wildcard.explain":                   "\"*\" means every crawler only on its own; inside a name it is not a wildcard, so \"Googlebot*\" names Googlebot only.",
		"misspelled-agent.explain":                 "A crawler finds its group by its own product token, compared without case (RFC 9309 section 2.2.1), so a misspelt name makes a group for a crawler that does not exist. Only names very close to exactly one crawler of the registry are reported, and never a name the registry knows: many real crawlers are not in the registry, and some are a letter from one that is.",
		"empty-group.explain":                      "User-agent lines with no rules after them form a group that allows everything, and the crawlers they name no longer follow \"*\". User-agent lines parted by a blank line share the next rules under RFC 9309 and Google, but not under Yandex.",
		"crawl-delay.explain":                      "Crawl-delay is not in RFC 9309. Google ignores it, Yandex has ignored it since February 2018; Bing and some other crawlers wait that many seconds between requests.",
		"host-directive.explain":                   "Host was Yandex's way to name the main mirror. Yandex stopped reading it in 2018 and no other crawler ever did; a 301 redirect does the job.",
		"clean-param-syntax.explain":               "Clean-param tells Yandex which query parameters do not change a page. Yandex rejects a line that does not follow its syntax: parameter names joined by \"&\", then an optional path prefix.",
		"clean-param.explain":                      "A valid Clean-param line: Yandex drops the named parameters before crawling, so URLs that differ only in them count as one. Other crawlers ignore it.",
		"noindex-directive.explain":                "Google stopped reading Noindex in robots.txt on 1 September 2019 and no other major crawler reads it. Keeping pages out of results needs a robots meta tag or an X-Robots-Tag header on pages crawlers may fetch.",
		"sitemap-not-absolute.explain":             "RFC 9309 and the search engines want a Sitemap value to be a full URL with scheme and host; a relative path or a bare host name is not read.",
		"multiple-star-groups.explain":             "RFC 9309 and Google merge every \"User-agent: *\" group into one; Yandex reports several as an error. One group is easier to read and read the same by all.",
		"blank-line-in-group.explain":              "Yandex documents that no blank line may stand between User-agent and its rules, and its checker reports the rules after one as having no User-agent: Yandex ends the group there. RFC 9309 and Google read past it. See docs/yandex.md.",
		"named-group-replaces-star.explain":        "A crawler with a group of its own reads only that group, not \"*\". Rules of the \"*\" group it should follow too must be repeated in its group.",
		"invalid-product-token.explain":            "A user-agent line names a crawler by its product token (letters, digits, \"-\", \"_\", \".\"); parsers stop at the first other character, so \"Yahoo! Slurp\" names Yahoo, not Slurp. The audit suggests the crawler's token only when it knows it, never a cut name.",
		"ai-token-confusion.explain":               "AI operators use separate tokens for training, search and fetches a user asks for; closing one leaves the others open. The audit spots the usual mix-ups: closing search but not training, closing a search engine along with AI crawlers, old tokens.",
		"content-signal.explain":                   "Content-Signal (contentsignals.org) states how content may be used: search, ai-input, ai-train, each yes or no. The audit checks its syntax.",
		"html-body.explain":                        "A robots.txt that is an HTML page (an error page or the site's start page served at /robots.txt) holds no rules a crawler can read, so crawlers may fetch everything.",
		"bom.explain":                              "A UTF-8 byte order mark at the start is skipped by Google and RFC 9309 parsers, but some older parsers read it as part of the first line and miss its directive.",
		"mixed-line-endings.explain":               "Crawlers accept LF, CRLF and CR, even mixed; some tools and editors do not, which makes later edits error-prone.",
		"invalid-utf8.explain":                     "RFC 9309 requires UTF-8. Bytes of another encoding match only URLs with the very same bytes, and a UTF-16 file cannot be read at all.",
		"line-too-long.explain":                    "Google's parser keeps only the first 16,663 bytes of a line; the rest of a longer rule is cut off, which changes what it matches.",
		"empty-file.explain":                       "A file with no directives lets every crawler fetch everything, as no robots.txt would.",
		"space-in-path.explain":                    "RFC 9309's grammar has no space in a path, and parsers disagree: Google's parser keeps the space literally, so for Googlebot the rule does not match the %20 that browsers send, while others encode it as %20 or cut the value at the space. Written as %20, the rule means the same to all.",
		"several-paths.explain":                    "One Allow or Disallow line takes one path. Several paths on one line are read as one long path with spaces, which matches none of them.",
		"glued-directives.explain":                 "Directives run together on one line (a lost line break, often from a CMS) become part of the first one's path: the first rule matches nothing, and the second directive is lost.",
		"hash-in-path.explain":                     "\"#\" starts a comment anywhere in a line, so \"/page#section\" is the rule \"/page\": it matches more than meant, and \"/#top\" closes the whole site. A #fragment never reaches the server anyway.",
		"host-as-path.explain":                     "A host name written as a path (\"/beta.example.gov\") only matches a path of that name on this host. A robots.txt cannot speak for another host: that host needs its own file.",
		"home-page-only.explain":                   "\"Disallow: /\" with \"Allow: /$\" opens the home page and closes everything else. Site-closed does not fire, as something is open, so this check says it.",
		"yandex-limits.explain":                    "Yandex's robots.txt checker reports an error when the groups it reads hold more than 2,048 rules, or when a rule is longer than 1,024 characters.",
		"repeated-directive.explain":               "Crawl-delay twice in one group, or Host twice in the file: the crawlers that read them take one value, and not all the same one.",
		"lookalike-field.explain":                  "A field name typed with a lookalike character (a non-breaking hyphen, a Cyrillic letter) looks right but is not the name crawlers look for, so they skip the line.",
		"html-in-line.explain":                     "HTML tags left by a CMS editor or a copy from a web page become part of the line: a user-agent value or a path then holds \"<br/>\" and no longer matches.",
		"no-sitemap.explain":                       "A Sitemap line lets every crawler find the site's sitemaps without a webmaster account; without one, only the engines it was submitted to know them.",
		"sitemap-other-host.explain":               "A sitemap on another host than the file's: Google and Bing accept it from robots.txt as proof that both hosts are the owner's, other crawlers may not.",
		"unit.sitemap URL":                         "{n} sitemap URL|{n} sitemap URLs",
		"unit.problem":                             "{n} problem|{n} problems",
		"sitemap-not-absolute.msg.doubled-scheme":  "The sitemap {value} has its scheme twice: crawlers read \"https:\" or \"http:\" as its host, and never find the sitemap.",
		"sitemap-not-absolute.fix.doubled-scheme":  "Write \"Sitemap: {url}\".",
		"sitemap-url-blocked.summary":              "Sitemap URLs blocked for search crawlers: the sitemaps submit pages that the file forbids them to fetch.",
		"sitemap-url-blocked.fix":                  "Take those URLs out of the sitemaps, or let the crawlers fetch them (an Allow rule, or a narrower Disallow).",
		"sitemap-url-blocked.msg":                  "{count} blocked for {agents} by this rule ({rule}), such as {example}: search engines report them as submitted but blocked by robots.txt.",
		"sitemap-url-blocked.explain":              "A sitemap lists the pages a site wants crawled; a rule that blocks some of them contradicts it, and Google Search Console reports each as a submitted URL blocked by robots.txt. With lint --sitemap, the sitemaps' URLs are checked for Googlebot, bingbot and YandexBot.",
		"sitemap-unreadable.summary":               "A sitemap that cannot be read: unreachable, not a sitemap, or broken XML.",
		"sitemap-unreadable.fix":                   "Serve the sitemap at its URL with status 200, as well-formed XML or text, and name it by its full URL.",
		"sitemap-unreadable.msg":                   "The sitemap {sitemap} could not be read: {reason}.",
		"sitemap-unreadable.explain":               "Crawlers fetch each sitemap that a Sitemap line names; from one they cannot fetch or parse they get none of its URLs.",
		"sitemap-cross-host.summary":               "A sitemap lists URLs of hosts whose robots.txt does not name it: search engines drop them.",
		"sitemap-cross-host.fix":                   "List each host's URLs in a sitemap on that host, or name the sitemap in that host's robots.txt (cross-submission).",
		"sitemap-cross-host.msg":                   "The sitemap {sitemap} lists {count} on other hosts than its own, which do not submit it: {detail}",
		"sitemap-cross-host.explain":               "A sitemap may list only URLs of its own host, at or below its own directory, unless the robots.txt of the other host names it (sitemaps.org: sitemap file location, and cross-submission).",
		"sitemap-invalid.summary":                  "A sitemap breaks the sitemap protocol: its limits (50,000 URLs, 50 MB), malformed URLs, undefined entities, bad dates.",
		"sitemap-invalid.fix":                      "Correct the sitemap: absolute, escaped URLs, at most 50,000 a file and 50 MB uncompressed, lastmod as a W3C Datetime.",
		"sitemap-invalid.msg":                      "The sitemap {sitemap} has {count}; the first: {detail}",
		"sitemap-invalid.explain":                  "Search engines skip what breaks the sitemap protocol (sitemaps.org): a URL that is not absolute or not escaped, more than 50,000 URLs or 50 MB in a file, an index listed by an index. lint --sitemap gives the first problem of each sitemap and the count.",
		"sitemap-malformed.explain":                "A Sitemap URL can be absolute and still lead nowhere: \"https://https//example.com/sitemap.xml\" reads as the host \"https\". The audit names the scheme written twice with its colon lost (with the colon, sitemap-not-absolute names it and fixes it), a host that is no host name, and a path starting with \"//\".",
		"redundant-rule.explain":                   "A rule matched wholly by another rule of the same kind that decides the same way changes nothing and makes the file longer; a shorter rule often makes many longer ones redundant.",
		"broad-prefix.explain":                     "A rule matches every path that starts with it, so a path without a trailing \"/\" also catches longer names: \"Disallow: /test\" blocks \"/testimonials\". The audit says so when the file itself names such a longer path and disallows it nowhere; a longer path the file disallows elsewhere shows that the prefix is meant.",
		"text.bad":                                 "Bad",
		"text.good":                                "Good",
		"text.more":                                "More",
		"text.total":                               "{files} files: {counts}",
		"text.stat.total":                          "in all",
		"unit.file":                                "{n} file|{n} files",
		"text.id":                                  "ID",
		"text.severity":                            "severity",
		"text.summary-heading":                     "what it looks for",
		"at-lines":                                 "lines {lines}",
		"empty-group.yandex":                       " Yandex ends a group at a blank line and gives them no rules.",
		"empty-group.usage":                        " Their Content-Usage line (line {line}) is theirs alone: draft-ietf-aipref-attach-05 reads it as a rule that ends their group, so readers of usage preferences apply it to them only, while their crawl rules are the shared ones.",
		"blocks-css-js.msg.folder":                 "\"{rule}\" blocks {path} for {agents}: if the site serves CSS or JavaScript from there, search engines cannot render its pages as visitors see them and may take them for broken.",
		// audit-limit
		"unit.rule set":          "{n} rule set|{n} rule sets",
		"audit-limit.summary":    "The audit compared only part of the file's rules with each other: the file reached a bound that keeps the audit's cost linear in its size.",
		"audit-limit.fix":        "Nothing needs fixing for crawlers. For a complete audit, name each crawler in one group only, and keep the rules few: one rule with \"*\" instead of many that differ in one part.",
		"audit-limit.msg":        "The merged rules of {count} ({agents}) were not compared: with them, the merged rule sets of the file's names would hold more than {limit} rules in all. The checks of a crawler's merged rules (duplicate-rule, conflicting-rules, shadowed-rule, redundant-rule, blocks-css-js, site-closed and the like) did not look at these names; every other check ran on the whole file.",
		"audit-limit.msg.large":  "redundant-rule did not compare the rules of {sets} ({agents}): each holds more than {limit} distinct rules. A longer rule that a shorter one makes redundant is not reported there; the other checks compared them.",
		"audit-limit.msg.budget": "The checks that compare rules with each other stopped after {limit} steps: shadowed-rule, redundant-rule and named-group-replaces-star may have missed some rules of this file. Every other check ran on the whole file.",
		"audit-limit.explain":    "Some checks compare rules with each other: the rules of each crawler's merged groups (duplicate-rule, shadowed-rule, redundant-rule), and those of a named group with the \"*\" group (named-group-replaces-star). Their work can grow faster than the file: hundreds of names that each add a small group of their own to one large shared group make hundreds of large rule sets. So that the audit stays linear in the size of the file, that work is bounded: 100,000 rules in all merged rule sets, 4,000,000 comparison steps, and 5000 distinct rules per set for redundant-rule. Past a bound the audit compares only part of the file and says so: what it reports is still right, but it may report less. Crawlers read the file as usual; nothing is wrong with it as such. The example shows the shape in small: it takes hundreds of names and rules to reach the bound. Naming each crawler in one group only, as in the fixed file, lets crawlers that share their rules share one rule set, compared once.",
		// bad-suppression
		"bad-suppression.summary":  "A \"# robotstxt: ignore\" comment names something that is not a check ID, so it silences nothing for it.",
		"bad-suppression.fix":      "Write the check's ID as \"robotstxt lint --checks\" lists it, or remove it from the comment.",
		"bad-suppression.msg":      "{id} in this \"robotstxt: ignore\" comment is not a check ID: no finding is silenced for it.",
		"bad-suppression.msg.typo": "{id} in this \"robotstxt: ignore\" comment is not a check ID; did you mean {suggestion}? No finding is silenced for it.",
		"bad-suppression.fix.typo": "Write \"{suggestion}\".",
		"bad-suppression.explain":  "\"# robotstxt: ignore ID[,ID]\" silences the named checks on its own line and, when the comment is a line of its own, on the next line; \"# robotstxt: ignore\" with no ID silences every check there. Crawlers read it as a comment. An ID that names no check silences nothing, and the finding it was meant for comes back: this check says so, with the closest ID when one is near.",
	}
}

// t returns the text for key in the linter's language, with the {name}
// placeholders replaced by args (name, value pairs). A missing fix is "";
// a missing message is the key itself, which tests catch.
func (l *linter) t(key string, args ...any) string { return text(l.lang, key, args...) }

func text(lang, key string, args ...any) string {
	s, ok := catalogues().Lookup(lang, key)
	if !ok {
		if strings.Contains(key, ".fix") {
			return ""
		}
		return key
	}
	return fill(s, args)
}

// fill is i18n.Fill in one pass, without fmt for the usual strings and
// ints (it runs for every finding, and a file can give one per line). A
// value is never read for placeholders: a path "{count}" stays as written.
func fill(s string, args []any) string {
	if strings.IndexByte(s, '{') < 0 {
		return s
	}
	// Built on the stack, then copied once at its exact length: findings
	// are kept, and slack capacity would stay with each.
	var buf [512]byte
	b := buf[:0]
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			break
		}
		j := strings.IndexAny(s[i+1:], "{}")
		if j < 0 {
			break
		}
		end := i + 1 + j
		if s[end] == '{' { // "{{name}": the placeholder starts at the second brace
			b = append(b, s[:end]...)
			s = s[end:]
			continue
		}
		v, ok := arg(args, s[i+1:end])
		if !ok {
			b = append(b, s[:end+1]...)
			s = s[end+1:]
			continue
		}
		b = append(b, s[:i]...)
		switch v := v.(type) {
		case string:
			b = append(b, v...)
		case int:
			b = strconv.AppendInt(b, int64(v), 10)
		default:
			b = fmt.Append(b, v)
		}
		s = s[end+1:]
	}
	b = append(b, s...)
	return string(b)
}

// arg returns the value that follows name in args (name, value pairs).
func arg(args []any, name string) (any, bool) {
	for i := 0; i+1 < len(args); i += 2 {
		if n, _ := args[i].(string); n == name {
			return args[i+1], true
		}
	}
	return nil, false
}

// count renders n with a unit ("3 rules") in the linter's language.
func (l *linter) count(n int, unit string) string { return countText(l.lang, n, "unit."+unit) }

// number writes n with its digits grouped in threes, as the language does
// ("100,000"; "100 000" in Russian).
func (l *linter) number(n int) string {
	s := strconv.Itoa(n)
	if n < 10_000 {
		return s // "5000", as style guides write four digits
	}
	sep := l.t("number.separator")
	var b strings.Builder
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func countText(lang string, n int, key string) string {
	return i18n.Plural(lang, n, text(lang, key, "n", n))
}

// pluralForm picks the plural form of n for a language (see i18n.PluralForm).
var pluralForm = i18n.PluralForm

// Languages lists the languages the catalogue holds.
func Languages() []string { return catalogues().Languages() }
