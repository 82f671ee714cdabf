package lint

import (
	"strings"

	"github.com/robotstxt/robotstxt/internal/i18n"
)

// catalogues holds every text the audit shows to users, by language and key.
// English is complete. Adding a language is adding one map here (a file
// messages_xx.go with "func init() { catalogues["xx"] = ... }" works too);
// keys it lacks fall back to English.
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
var catalogues = i18n.Catalogue{
	"en": english,
}

var english = map[string]string{
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
	"at-line":            "line {line}",
	"unit.rule":          "{n} rule|{n} rules",
	"unit.directive":     "{n} directive|{n} directives",
	"unit.named crawler": "{n} named crawler|{n} named crawlers",
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
	"empty-disallow.summary":  "\"Disallow:\" with no path: it matches nothing, so it allows everything.",
	"empty-disallow.fix":      "Remove the empty Disallow line; if the group is meant to allow everything, \"Disallow:\" alone (or \"Allow: /\") says so.",
	"empty-disallow.msg.only": "\"Disallow:\" with no path allows everything for {agents}; that is the classic way to say \"crawl anything\", so nothing is wrong if that is what you mean.",
	"empty-disallow.fix.only": "",
	"empty-disallow.msg":      "\"Disallow:\" with no path matches nothing and has no effect here; it is often left over from a template. The other rules of the group still apply.",

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
	"site-closed.summary":     "The whole site is closed to a group (a Disallow matching every path and no Allow reopening anything); names the crawlers affected and those still let in.",
	"site-closed.fix":         "If this is a leftover from a staging site, remove the \"Disallow: /\"; if it is meant, there is nothing to do.",
	"site-closed.msg.star":    "The whole site is closed to every crawler without a group of its own ({count} known crawlers, such as {examples}).{extra}",
	"site-closed.msg.search":  "The whole site is closed to {agents}: the site will drop out of their search results.{extra}",
	"site-closed.msg.named":   "The whole site is closed to {count}: {agents}.{extra}",
	"site-closed.fix.named":   "",
	"site-closed.open-named":  " These have groups of their own that leave the site open: {agents}.",
	"site-closed.ignoring":    " These ignore \"User-agent: *\" and may still crawl: {agents}.",
	"site-closed.followers":   " This also closes the site to {followers}, which follow that group when no group names them.",
	"site-closed.others-open": " Crawlers without a group of their own may still crawl.",
	"site-closed.star-open":   " Crawlers without a group of their own follow the \"*\" group, which leaves the site open.",
	"site-closed.no-star":     " There is no \"*\" group, so every other crawler may fetch everything.",

	// blocks-css-js
	"blocks-css-js.summary": "A Disallow rule that keeps search engines from CSS or JavaScript files; Google, Bing and Yandex render pages and need them.",
	"blocks-css-js.fix":     "Allow the CSS and JavaScript files, e.g. \"Allow: /*.css$\" and \"Allow: /*.js$\" in the same group, or narrow the rule.",
	"blocks-css-js.msg":     "\"{rule}\" blocks {path} for {agents}; search engines render pages and without the CSS and JavaScript they may see a broken page.",

	// pattern-no-slash
	"pattern-no-slash.summary":       "A path that starts with neither \"/\" nor \"*\": paths always start with \"/\", so it can never match.",
	"pattern-no-slash.fix":           "Start the path with \"/\": \"{kind}: {fixed}\".",
	"pattern-no-slash.msg.invisible": "The path {pattern} starts with an invisible character ({char}) that parsers do not trim, so it does not start with \"/\" and the rule never matches anything.",
	"pattern-no-slash.fix.invisible": "Delete the character before the path: \"{kind}: {fixed}\".",
	"pattern-no-slash.msg":           "The path {pattern} does not start with \"/\" or \"*\", and every URL path starts with \"/\", so this rule never matches anything.",

	// full-url-pattern
	"full-url-pattern.summary": "A rule whose path is a full URL (\"Disallow: https://example.com/x\"): it never matches.",
	"full-url-pattern.fix":     "Write only the path: \"{kind}: {path}\". robots.txt applies to the host it is served from.",
	"full-url-pattern.msg":     "The rule's path {pattern} is a full URL; rules match only the path of a URL, so this one never matches anything.",

	// dollar-inside
	"dollar-inside.summary": "A \"$\" that is not the last character of a path: only a final \"$\" anchors; elsewhere it is a literal dollar sign.",
	"dollar-inside.fix":     "Move the \"$\" to the end if it should anchor the path; write %24 if you mean a literal dollar sign.",
	"dollar-inside.msg":     "In {pattern} the \"$\" is not the last character, so it matches a literal \"$\" in the URL rather than the end of the path.",

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
	"shadowed-rule.msg.same-kind":   "\"{rule}\" never decides: \"{by}\" (line {line}) matches every path it matches and is longer; the outcome is the same, so the rule is redundant.",
	"shadowed-rule.fix.same-kind":   "Remove the redundant rule.",
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
	"agent-wildcard.msg.none":   "{value} is not a product token (a user-agent value must start with letters, \"-\" or \"_\"), so this line names no crawler at all.",

	// invalid-product-token
	"invalid-product-token.summary":       "A user-agent value that is not a valid product token (\"Brightbot 1.0\", \"bigsur.ai\"): parsers cut it to its leading letters.",
	"invalid-product-token.fix":           "Write the crawler's product token alone (letters, \"-\" and \"_\"): \"User-agent: {token}\".",
	"invalid-product-token.msg":           "{value} is not a valid product token; parsers cut it to {token}, and the group applies to {token}.",
	"invalid-product-token.msg.family":    "{value} is not a valid product token; parsers cut it to {token}, so the group applies to {token} and to every crawler that follows the {token} group.",
	"invalid-product-token.msg.none":      "{value} is not a valid product token and starts with no letters, so this line names no crawler at all.",
	"invalid-product-token.fix.none":      "Write the crawler's product token (letters, \"-\" and \"_\" only), as its operator documents it.",
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
	"empty-group.msg.shares":      "The user-agent lines for {agents} are parted from the next ones by blank lines or other records, but no rule comes between them: under RFC 9309 and Google they all form one group with line {next} and share its rules (from line {rules}); Yandex ends a group at a blank line and gives them no rules.",
	"empty-group.msg.shares-star": "The user-agent lines for {agents} are parted from the next ones by blank lines or other records, but no rule comes between them: under RFC 9309 and Google they form one group, with \"*\" among them, and share its rules (from line {rules}); Yandex ends a group at a blank line and gives them no rules.",
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
	"clean-param-syntax.summary":           "Yandex's Clean-param (\"Clean-param: p0[&p1&...] [path]\"): its syntax is checked and what it means is shown; other crawlers ignore it.",
	"clean-param-syntax.fix":               "Write \"Clean-param: name1&name2 /path/prefix\": parameter names joined by \"&\", then one optional path made of A-Z a-z 0-9 . - / * _.",
	"clean-param-syntax.msg.ok":            "Yandex drops the parameters {params} from URLs {where} before crawling them; other crawlers ignore Clean-param.",
	"clean-param-syntax.fix.ok":            "",
	"clean-param-syntax.site":              "on the whole site",
	"clean-param-syntax.under":             "matching {path}",
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
	"ai-token-confusion.msg.apple":       "This group closes Applebot together with AI crawlers, which takes the site out of Siri and Spotlight too. To keep Apple from training on the site, name Applebot-Extended instead.",
	"ai-token-confusion.fix.apple":       "Replace \"User-agent: Applebot\" with \"User-agent: Applebot-Extended\" in this group.",
	"ai-token-confusion.msg.search":      "This group closes {token}, a search engine, together with AI crawlers, which takes the site out of its search results too.",
	"ai-token-confusion.fix.search":      "Move {token} to a group of its own if it should keep crawling.",
	"ai-token-confusion.msg.legacy":      "{token} is an old {operator} token that its crawlers no longer use: {current}, the current one, is not named, so it follows the \"{group}\" group rather than this one.",
	"ai-token-confusion.msg.legacy-none": "{token} is an old {operator} token that its crawlers no longer use: {current}, the current one, is not named and no group applies to it, so it may fetch everything.",
	"ai-token-confusion.fix.legacy":      "Add \"User-agent: {current}\" to the group that names {token}.",
	"ai-token-confusion.fix.legacy-none": "Add \"User-agent: {current}\" to the group that names {token}.",
	"ai-token-confusion.msg.user-fetch":  "{token} fetches pages on behalf of {operator}'s users, and {operator} says robots.txt may not apply to such fetches: this group may not stop it.",
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
	"invalid-utf8.summary":   "Text that is not valid UTF-8 (RFC 9309 requires UTF-8), including files in UTF-16.",
	"invalid-utf8.fix":       "Save the file as UTF-8.",
	"invalid-utf8.msg":       "This line is not valid UTF-8 (the file may be in a legacy encoding such as Windows-1251 or Latin-1); paths with these bytes match only URLs with the very same bytes.",
	"invalid-utf8.msg.many":  "{count} lines, from this one to line {last}, are not valid UTF-8 (the file may be in a legacy encoding such as Windows-1251 or Latin-1); paths with these bytes match only URLs with the very same bytes.",
	"invalid-utf8.msg.utf16": "The file is in UTF-16, not UTF-8; crawlers cannot read its rules.",

	// line-too-long
	"line-too-long.summary": "A line longer than Google's parser reads (16,663 bytes): the rest of the line is cut off.",
	"line-too-long.fix":     "Split the rule into shorter ones.",
	"line-too-long.msg":     "This line is {length} bytes long; Google's parser keeps only the first {max} bytes, so what it reads ends with {end}.",

	// empty-file
	"empty-file.summary":           "The file has no directives: every crawler may fetch everything.",
	"empty-file.fix":               "Nothing to do if that is what you mean; otherwise add a group such as \"User-agent: *\" with its rules.",
	"empty-file.msg.empty":         "The file is empty: every crawler may fetch everything.",
	"empty-file.msg.comments":      "The file has only comments: every crawler may fetch everything.",
	"empty-file.msg.no-directives": "The file has no directives at all (no User-agent, Allow, Disallow or Sitemap lines): every crawler may fetch everything.",
}

// t returns the text for key in the linter's language, with the {name}
// placeholders replaced by args (name, value pairs). A missing fix is "";
// a missing message is the key itself, which tests catch.
func (l *linter) t(key string, args ...any) string { return text(l.lang, key, args...) }

func text(lang, key string, args ...any) string {
	s, ok := catalogues.Lookup(lang, key)
	if !ok {
		if strings.Contains(key, ".fix") {
			return ""
		}
		return key
	}
	return i18n.Fill(s, args...)
}

// count renders n with a unit ("3 rules") in the linter's language.
func (l *linter) count(n int, unit string) string { return countText(l.lang, n, "unit."+unit) }

func countText(lang string, n int, key string) string {
	return i18n.Plural(lang, n, text(lang, key, "n", n))
}

// pluralForm picks the plural form of n for a language (see i18n.PluralForm).
var pluralForm = i18n.PluralForm

// Languages lists the languages the catalogue holds.
func Languages() []string { return catalogues.Languages() }
