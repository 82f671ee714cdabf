package lint

import (
	"strings"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/crawlers"
)

// The AI usage preference checks: Content-Usage (draft-ietf-aipref-attach-05
// section 3, draft-ietf-aipref-vocab-07) and where Content-Signal lines sit
// (docs/usage-preferences.md). No fix ever removes a preference line: it is
// the site's statement; the fixes rewrite it so that readers understand it.

func init() {
	checkIDs = append(checkIDs, []struct {
		id  string
		sev Severity
	}{
		{"content-usage", Warning},
		{"usage-outside-group", Warning},
		{"usage-not-applicable", Warning},
		{"usage-conflict", Warning},
		{"content-signal-placement", Warning},
		{"usage-google", Info},
	}...)
}

func usageExamples() map[string]struct{ bad, good string } {
	return map[string]struct{ bad, good string }{
		"content-usage":            {"User-agent: *\nAllow: /\nContent-Usage: Train-AI=n\n", "User-agent: *\nAllow: /\nContent-Usage: train-ai=n\n"},
		"usage-outside-group":      {"Content-Usage: train-ai=n\nUser-agent: *\nAllow: /\n", "User-agent: *\nAllow: /\nContent-Usage: train-ai=n\n"},
		"usage-not-applicable":     {"User-agent: *\nDisallow: /drafts/\nContent-Usage: /drafts/ train-ai=n\n", "User-agent: *\nDisallow: /drafts/\nContent-Usage: /docs/ train-ai=n\n"},
		"usage-conflict":           {"User-agent: *\nAllow: /\nContent-Usage: /docs/ train-ai=y\nContent-Usage: /docs/ train-ai=n\n", "User-agent: *\nAllow: /\nContent-Usage: /docs/ train-ai=n\n"},
		"content-signal-placement": {"User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\nUser-agent: Googlebot\nAllow: /\n", "User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\nUser-agent: Googlebot\nContent-Signal: search=yes, ai-train=no\nAllow: /\n"},
		"usage-google":             {"User-agent: *\nAllow: /\nContent-Usage: train-ai=n\n", "User-agent: *\nAllow: /\n"},
	}
}

// oldUsageLabels are the labels of earlier aipref drafts, which readers of
// vocab-07 ignore.
var oldUsageLabels = map[string]bool{"tdm": true, "ai": true, "genai": true, "train-genai": true, "inference": true,
	"all": true, "bots": true, "ai-use": true, "ai-output": true}

// checkContentUsage checks one Content-Usage line's value (attach-05
// section 3.2, vocab-07 section 6).
func (l *linter) checkContentUsage(ln *robotstxt.Line) {
	n := ln.Number
	col := l.valueColumn(n, ln.Value)
	path, stmt := robotstxt.SplitUsageValue(ln.Value)
	keys, ok := robotstxt.PreferenceKeys(stmt)
	switch {
	case strings.TrimSpace(ln.Value) == "" || path != "" && stmt == "":
		l.add(Warning, "content-usage", "empty", n, col, "value", quote(ln.Value))
		return
	case !ok && path == "" && strings.ContainsAny(firstWord(stmt), "/*") && !strings.HasPrefix(stmt, "/"):
		// "*.pdf train-ai=n", "docs/ train-ai=n": meant as a path.
		l.add(Warning, "content-usage", "no-slash", n, col, "value", quote(ln.Value))
		return
	case !ok:
		if lower := strings.ToLower(stmt); lower != stmt {
			if _, lok := robotstxt.PreferenceKeys(lower); lok {
				l.add(Warning, "content-usage", "upper-case", n, col, "value", quote(stmt), "fixed", quote(lower))
				return
			}
		}
		l.add(Warning, "content-usage", "parse", n, col, "value", quote(stmt))
		return
	}
	prefs, _ := robotstxt.ParsePreferences(stmt)
	var old, unknown []string
	for _, k := range keys {
		switch {
		case k == robotstxt.LabelTrainAI || k == robotstxt.LabelSearch:
			if prefs.Get(k) == robotstxt.PreferenceUnknown {
				l.add(Warning, "content-usage", "value", n, col, "value", quote(stmt), "label", k)
				return
			}
		case oldUsageLabels[k]:
			old = append(old, k)
		default:
			unknown = append(unknown, k)
		}
	}
	if len(old) > 0 {
		l.add(Warning, "content-usage", "old-label", n, col, "labels", strings.Join(old, ", "))
	} else if len(unknown) > 0 {
		l.add(Info, "content-usage", "unknown-label", n, col, "labels", strings.Join(unknown, ", "))
	}
}

// checkUsage runs the checks that look at the preference lines of the
// whole file.
func (l *linter) checkUsage() {
	if !l.r.HasUsageLines() {
		return
	}
	first := 0
	for _, rec := range l.r.Other {
		if robotstxt.IsUsageKey(rec.Name) || robotstxt.IsSignalKey(rec.Name) {
			first = rec.Line
			break
		}
	}
	l.add(Info, "usage-google", "", first, 0)
	for _, ur := range l.r.OrphanUsageRules() {
		l.add(Warning, "usage-outside-group", "", ur.Line, 1)
	}
	for gi := range l.r.Groups {
		rules := l.r.UsageRules(gi)
		if len(rules) == 0 {
			continue
		}
		l.checkUsageApplies(gi, rules)
		l.checkUsageConflicts(rules)
	}
	l.checkSignalPlacement()
}

// checkUsageApplies: preferences do not apply to what may not be crawled
// (attach-05 section 3.1), so a rule in a closed group, or whose path the
// group disallows, states nothing.
func (l *linter) checkUsageApplies(gi int, rules []robotstxt.UsageRule) {
	g := &l.r.Groups[gi]
	if closedBy, closed := crawlers.ClosedBy(g.Rules); closed {
		for _, ur := range rules {
			l.add(Warning, "usage-not-applicable", "closed", ur.Line, 1, "line", closedBy.Line, "agents", l.agents(g.UserAgents))
		}
		return
	}
	var mini *robotstxt.Robots // the group's Allow and Disallow lines alone
	for _, ur := range rules {
		prefix := ur.Path
		if i := strings.IndexAny(prefix, "*$"); i >= 0 {
			prefix = prefix[:i]
		}
		if prefix == "" {
			continue
		}
		if mini == nil {
			var b strings.Builder
			b.WriteString("User-agent: *\n")
			for _, r := range g.Rules {
				b.WriteString(kindName(r.Kind) + ": " + r.Pattern + "\n")
			}
			mini = robotstxt.ParseString(b.String())
		}
		v := mini.Check("*", prefix)
		if v.Allowed || v.Rule == nil {
			continue
		}
		opened := false // an Allow under the path opens part of it
		for _, r := range g.Rules {
			if r.Kind == robotstxt.Allow && strings.HasPrefix(r.Pattern, prefix) && r.Pattern != prefix {
				opened = true
				break
			}
		}
		if !opened {
			l.add(Warning, "usage-not-applicable", "path", ur.Line, 1, "path", quote(ur.Path), "line", ruleLine(g, v.Rule))
		}
	}
}

// ruleLine is the line in the file of the group's rule that the group's
// own file (built by checkUsageApplies) matched.
func ruleLine(g *robotstxt.Group, r *robotstxt.Rule) int {
	i := r.Line - 2 // the group's file starts with its User-agent line
	if i >= 0 && i < len(g.Rules) {
		return g.Rules[i].Line
	}
	return 0
}

// checkUsageConflicts: rules of one group with the same path and opposite
// preferences combine, the most restrictive winning (attach-05 section
// 3.1, vocab-07 section 5.1), the opposite of Allow and Disallow's tie.
func (l *linter) checkUsageConflicts(rules []robotstxt.UsageRule) {
	if len(rules) > 256 {
		rules = rules[:256] // pairs of a hostile file stay bounded
	}
	for i := range rules {
		for j := 0; j < i; j++ {
			a, b := &rules[j], &rules[i]
			if robotstxt.CanonicalPattern(a.Path) != robotstxt.CanonicalPattern(b.Path) {
				continue
			}
			for _, label := range robotstxt.UsageLabels {
				pa, pb := a.Preferences.Get(label), b.Preferences.Get(label)
				if pa != pb && pa != robotstxt.PreferenceUnknown && pb != robotstxt.PreferenceUnknown {
					path := a.Path
					if path == "" {
						path = "/"
					}
					l.add(Warning, "usage-conflict", "", b.Line, 1, "label", label, "line", a.Line, "path", quote(path))
					break
				}
			}
		}
	}
}

// checkSignalPlacement: Cloudflare puts Content-Signal inside a group and
// some parsers read it that way; others (crawler-commons) read every line
// for every crawler. Where the two readings give a crawler different
// signals, say so.
func (l *linter) checkSignalPlacement() {
	withSignals, firstLine := 0, 0
	for gi := range l.r.Groups {
		if s := l.r.GroupSignals(gi); len(s) > 0 {
			withSignals++
			if firstLine == 0 {
				firstLine = s[0].Line
			}
		}
	}
	if pre := l.r.PreambleSignals(); len(pre) > 0 && len(l.r.Groups) > 0 {
		l.add(Warning, "content-signal-placement", "before-group", pre[0].Line, 1)
	}
	if withSignals == 0 {
		return
	}
	var without []robotstxt.UserAgent
	for gi := range l.r.Groups {
		g := &l.r.Groups[gi]
		if len(l.r.GroupSignals(gi)) > 0 {
			continue
		}
		if _, closed := crawlers.ClosedBy(g.Rules); !closed {
			without = append(without, g.UserAgents...)
		}
	}
	if len(without) > 0 {
		l.add(Warning, "content-signal-placement", "other-groups", firstLine, 1, "agents", l.agents(without))
	}
}

func usageEnglish() map[string]string {
	return map[string]string{
		"content-usage.summary":           "A Content-Usage line (IETF AI preferences, draft-ietf-aipref-attach-05 and -vocab-07): its path and its preferences, an RFC 9651 dictionary of labels train-ai and search with y or n.",
		"content-usage.fix":               "Write it as \"Content-Usage: train-ai=n\" or \"Content-Usage: /path/ train-ai=y, search=y\": labels train-ai and search in lower case, each y or n.",
		"content-usage.explain":           "Content-Usage states how content may be used once fetched: train-ai (training AI models) and search, each y (allowed) or n (refused); anything else leaves the preference unknown. A path before the preferences limits the rule to that path, matched as Allow and Disallow are. A dictionary that does not parse, an upper-case label included, makes every preference of the line unknown.",
		"content-usage.msg.empty":         "Content-Usage {value} states no preference: every preference of its paths is unknown.",
		"content-usage.fix.empty":         "Add the preferences after the path, such as \"train-ai=n\".",
		"content-usage.msg.no-slash":      "Content-Usage {value}: a path must start with \"/\"; as written the whole value is read as preferences, which do not parse, so every preference is unknown.",
		"content-usage.fix.no-slash":      "Start the path with \"/\" (\"/*.pdf train-ai=n\").",
		"content-usage.msg.upper-case":    "Content-Usage {value} has upper-case letters: labels are lower case, so the line does not parse and every preference it states is unknown.",
		"content-usage.fix.upper-case":    "Write {fixed}.",
		"content-usage.msg.parse":         "Content-Usage {value} is not a valid list of preferences (an RFC 9651 dictionary): every preference it states is unknown.",
		"content-usage.fix.parse":         "Write the preferences as label=value pairs separated by commas, such as \"train-ai=n, search=y\".",
		"content-usage.msg.value":         "Content-Usage {value}: {label} takes y or n; any other value leaves the preference unknown.",
		"content-usage.fix.value":         "Write y to allow or n to refuse (\"train-ai=n\").",
		"content-usage.msg.old-label":     "Content-Usage uses {labels}, labels of earlier drafts that current readers ignore.",
		"content-usage.fix.old-label":     "Use the current labels, train-ai and search (\"train-ai=n\").",
		"content-usage.msg.unknown-label": "Content-Usage uses {labels}, which the current vocabulary does not define: readers ignore them.",
		"content-usage.fix.unknown-label": "Keep it if a reader you care about understands it; the defined labels are train-ai and search.",

		"usage-outside-group.summary": "A Content-Usage line before the first User-agent line, which belongs to no group and applies to no crawler.",
		"usage-outside-group.fix":     "Move the line into the group it is meant for, such as the \"User-agent: *\" group.",
		"usage-outside-group.explain": "Content-Usage is a rule of a group, like Allow and Disallow; before the first User-agent line it is part of no group, so no crawler applies it.",
		"usage-outside-group.msg":     "This Content-Usage line comes before any User-agent line: it is in no group, so no crawler applies it.",

		"usage-not-applicable.summary":    "A Content-Usage line for paths its group disallows: preferences apply only to what may be crawled.",
		"usage-not-applicable.fix":        "Point the line at paths the group allows, or allow the paths it is about.",
		"usage-not-applicable.explain":    "Crawling comes first: a path a crawler may not fetch has no usage preference at all (draft-ietf-aipref-attach-05 section 3.1), so the line states nothing for it.",
		"usage-not-applicable.msg.closed": "The group for {agents} disallows every path (line {line}), so this Content-Usage line applies to nothing.",
		"usage-not-applicable.msg.path":   "Path {path} is disallowed in this group (line {line}), so this Content-Usage line applies to nothing there.",

		"usage-conflict.summary": "Two Content-Usage lines of a group for the same path with opposite preferences: the most restrictive wins, unlike Allow and Disallow.",
		"usage-conflict.fix":     "Keep one line per path, with the preference you mean.",
		"usage-conflict.explain": "Content-Usage lines with the same path combine label by label: n on any of them refuses (draft-ietf-aipref-vocab-07 section 5.1). That is the opposite of Allow and Disallow, where a tie allows.",
		"usage-conflict.msg":     "This line and line {line} give {label} opposite values for {path}: n wins, so {label} is refused there.",

		"content-signal-placement.summary":          "Content-Signal lines placed so that readers that take them from a group and readers that read them file-wide give a crawler different signals.",
		"content-signal-placement.fix":              "Put the same Content-Signal line in every group it is meant for.",
		"content-signal-placement.explain":          "Cloudflare's managed files put Content-Signal inside a group, and some parsers read it only for that group's crawlers; others, such as crawler-commons, read every Content-Signal line for every crawler. A line in one group, or before the first group, is read differently by the two.",
		"content-signal-placement.msg.other-groups": "Content-Signal is given in some groups only: readers that take it from the group give {agents} no signal, while file-wide readers apply it to them too.",
		"content-signal-placement.fix.other-groups": "Repeat the Content-Signal line in the groups for {agents}, if they should get it too.",
		"content-signal-placement.msg.before-group": "This Content-Signal line comes before any group: file-wide readers apply it to every crawler, readers that take it from a group to none.",
		"content-signal-placement.fix.before-group": "Put it in the \"User-agent: *\" group (and in the other groups it is meant for).",

		"usage-google.summary": "The file states AI usage preferences: Google's parser lists content-usage and content-signal as known fields but does not act on them.",
		"usage-google.fix":     "Nothing to change: the lines are for the crawlers that read them.",
		"usage-google.explain": "Since February 2026 Google's parser lists content-signal and content-usage as known but unsupported fields: Googlebot does not act on them, and crawlers that do read them are listed in docs/usage-preferences.md.",
		"usage-google.msg":     "Google's parser knows Content-Usage and Content-Signal but does not act on them; other crawlers may.",

		"content-signal.msg.bad-use": "Content-Signal use={value}: the value must be immediate, reference or full.",
	}
}

func usageRussian() map[string]string {
	return map[string]string{
		"content-usage.summary":           "Строка Content-Usage (предпочтения ИИ от IETF, draft-ietf-aipref-attach-05 и -vocab-07): её путь и предпочтения, словарь RFC 9651 с метками train-ai и search и значениями y или n.",
		"content-usage.fix":               "Запишите её в виде \"Content-Usage: train-ai=n\" или \"Content-Usage: /path/ train-ai=y, search=y\": метки train-ai и search строчными буквами, у каждой y или n.",
		"content-usage.explain":           "Content-Usage сообщает, как можно использовать полученное содержимое: train-ai (обучение моделей ИИ) и search (поиск), у каждой y (разрешено) или n (запрещено); при любом другом значении предпочтение неизвестно. Путь перед предпочтениями ограничивает правило этим путём и сравнивается так же, как в Allow и Disallow. Если словарь не разбирается (в том числе из-за заглавной буквы в метке), все предпочтения строки неизвестны.",
		"content-usage.msg.empty":         "Content-Usage {value} не задаёт предпочтений: для его путей все предпочтения неизвестны.",
		"content-usage.fix.empty":         "Добавьте предпочтения после пути, например \"train-ai=n\".",
		"content-usage.msg.no-slash":      "Content-Usage {value}: путь должен начинаться с \"/\"; в таком виде всё значение читается как предпочтения, которые не разбираются, поэтому все предпочтения неизвестны.",
		"content-usage.fix.no-slash":      "Начните путь с \"/\" (\"/*.pdf train-ai=n\").",
		"content-usage.msg.upper-case":    "В Content-Usage {value} есть заглавные буквы: метки пишутся строчными, поэтому строка не разбирается и все её предпочтения неизвестны.",
		"content-usage.fix.upper-case":    "Напишите {fixed}.",
		"content-usage.msg.parse":         "Content-Usage {value} — не список предпочтений (словарь RFC 9651): все её предпочтения неизвестны.",
		"content-usage.fix.parse":         "Запишите предпочтения парами label=value через запятую, например \"train-ai=n, search=y\".",
		"content-usage.msg.value":         "Content-Usage {value}: у {label} значение y или n; при любом другом предпочтение неизвестно.",
		"content-usage.fix.value":         "Напишите y, чтобы разрешить, или n, чтобы запретить (\"train-ai=n\").",
		"content-usage.msg.old-label":     "В Content-Usage метки {labels} из прежних черновиков; нынешние читатели их пропускают.",
		"content-usage.fix.old-label":     "Используйте нынешние метки train-ai и search (\"train-ai=n\").",
		"content-usage.msg.unknown-label": "В Content-Usage метки {labels}, которых нет в нынешнем словаре: читатели их пропускают.",
		"content-usage.fix.unknown-label": "Оставьте, если их понимает важный для вас читатель; определены метки train-ai и search.",

		"usage-outside-group.summary": "Строка Content-Usage до первой строки User-agent: она не входит ни в одну группу и не действует ни на один робот.",
		"usage-outside-group.fix":     "Перенесите строку в нужную группу, например в группу \"User-agent: *\".",
		"usage-outside-group.explain": "Content-Usage — правило группы, как Allow и Disallow; до первой строки User-agent оно не входит ни в одну группу, и ни один робот его не применяет.",
		"usage-outside-group.msg":     "Эта строка Content-Usage стоит до первой строки User-agent: она не входит ни в одну группу, и ни один робот её не применяет.",

		"usage-not-applicable.summary":    "Строка Content-Usage для путей, закрытых в её группе: предпочтения действуют только там, где обход разрешён.",
		"usage-not-applicable.fix":        "Укажите в строке пути, открытые в группе, или откройте пути, о которых она.",
		"usage-not-applicable.explain":    "Сначала решается обход: у пути, который роботу запрещено загружать, вообще нет предпочтений использования (draft-ietf-aipref-attach-05, раздел 3.1), поэтому строка для него ничего не значит.",
		"usage-not-applicable.msg.closed": "Группа для {agents} закрывает все пути (строка {line}), поэтому эта строка Content-Usage ни к чему не применяется.",
		"usage-not-applicable.msg.path":   "Путь {path} закрыт в этой группе (строка {line}), поэтому там эта строка Content-Usage ни к чему не применяется.",

		"usage-conflict.summary": "Две строки Content-Usage одной группы для одного пути с противоположными предпочтениями: побеждает самое строгое, в отличие от Allow и Disallow.",
		"usage-conflict.fix":     "Оставьте одну строку на путь, с тем предпочтением, которое имеется в виду.",
		"usage-conflict.explain": "Строки Content-Usage с одним путём объединяются по каждой метке: n в любой из них запрещает (draft-ietf-aipref-vocab-07, раздел 5.1). У Allow и Disallow наоборот: при равенстве разрешается.",
		"usage-conflict.msg":     "Эта строка и строка {line} дают {label} противоположные значения для {path}: побеждает n, и {label} там запрещено.",

		"content-signal-placement.summary":          "Строки Content-Signal расположены так, что читатели, берущие их из группы, и читатели, читающие их для всего файла, дают роботу разные сигналы.",
		"content-signal-placement.fix":              "Поставьте одну и ту же строку Content-Signal в каждую группу, для которой она задумана.",
		"content-signal-placement.explain":          "Управляемые файлы Cloudflare ставят Content-Signal внутрь группы, и некоторые парсеры читают его только для роботов этой группы; другие, например crawler-commons, применяют каждую строку Content-Signal ко всем роботам. Строку в одной группе или до первой группы они читают по-разному.",
		"content-signal-placement.msg.other-groups": "Content-Signal задан только в некоторых группах: читатели, берущие его из группы, не дают {agents} никакого сигнала, а читатели всего файла применяют его и к ним.",
		"content-signal-placement.fix.other-groups": "Повторите строку Content-Signal в группах для {agents}, если он должен действовать и для них.",
		"content-signal-placement.msg.before-group": "Эта строка Content-Signal стоит до первой группы: читатели всего файла применяют её ко всем роботам, читатели групп — ни к одному.",
		"content-signal-placement.fix.before-group": "Поставьте её в группу \"User-agent: *\" (и в другие группы, для которых она задумана).",

		"usage-google.summary": "Файл задаёт предпочтения использования ИИ: парсер Google знает поля content-usage и content-signal, но не применяет их.",
		"usage-google.fix":     "Менять ничего не нужно: строки предназначены для роботов, которые их читают.",
		"usage-google.explain": "С февраля 2026 года парсер Google числит content-signal и content-usage известными, но не поддерживаемыми полями: Googlebot их не применяет; роботы, которые их читают, перечислены в docs/usage-preferences.md.",
		"usage-google.msg":     "Парсер Google знает Content-Usage и Content-Signal, но не применяет их; другие роботы могут применять.",

		"content-signal.msg.bad-use": "Content-Signal use={value}: значение должно быть immediate, reference или full.",
	}
}

func usageRomanian() map[string]string {
	return map[string]string{
		"content-usage.summary":           "O linie Content-Usage (preferințele IA ale IETF, draft-ietf-aipref-attach-05 și -vocab-07): calea și preferințele ei, un dicționar RFC 9651 cu etichetele train-ai și search, cu y sau n.",
		"content-usage.fix":               "Scrieți-o sub forma \"Content-Usage: train-ai=n\" sau \"Content-Usage: /path/ train-ai=y, search=y\": etichetele train-ai și search cu litere mici, fiecare cu y sau n.",
		"content-usage.explain":           "Content-Usage spune cum poate fi folosit conținutul preluat: train-ai (antrenarea modelelor IA) și search (căutare), fiecare cu y (permis) sau n (refuzat); orice altă valoare lasă preferința necunoscută. O cale înaintea preferințelor limitează regula la acea cale, comparată ca la Allow și Disallow. Un dicționar care nu se poate citi, inclusiv din cauza unei majuscule într-o etichetă, face necunoscute toate preferințele liniei.",
		"content-usage.msg.empty":         "Content-Usage {value} nu dă nicio preferință: toate preferințele căilor sale sunt necunoscute.",
		"content-usage.fix.empty":         "Adăugați preferințele după cale, de exemplu \"train-ai=n\".",
		"content-usage.msg.no-slash":      "Content-Usage {value}: o cale trebuie să înceapă cu \"/\"; așa cum e scrisă, toată valoarea e citită ca preferințe, care nu se pot citi, deci toate preferințele sunt necunoscute.",
		"content-usage.fix.no-slash":      "Începeți calea cu \"/\" (\"/*.pdf train-ai=n\").",
		"content-usage.msg.upper-case":    "Content-Usage {value} are majuscule: etichetele se scriu cu litere mici, deci linia nu se poate citi și toate preferințele ei sunt necunoscute.",
		"content-usage.fix.upper-case":    "Scrieți {fixed}.",
		"content-usage.msg.parse":         "Content-Usage {value} nu este o listă de preferințe validă (un dicționar RFC 9651): toate preferințele ei sunt necunoscute.",
		"content-usage.fix.parse":         "Scrieți preferințele ca perechi label=value separate prin virgule, de exemplu \"train-ai=n, search=y\".",
		"content-usage.msg.value":         "Content-Usage {value}: {label} primește y sau n; orice altă valoare lasă preferința necunoscută.",
		"content-usage.fix.value":         "Scrieți y pentru a permite sau n pentru a refuza (\"train-ai=n\").",
		"content-usage.msg.old-label":     "Content-Usage folosește {labels}, etichete din versiuni anterioare ale propunerii, pe care cititorii actuali le ignoră.",
		"content-usage.fix.old-label":     "Folosiți etichetele actuale, train-ai și search (\"train-ai=n\").",
		"content-usage.msg.unknown-label": "Content-Usage folosește {labels}, pe care vocabularul actual nu le definește: cititorii le ignoră.",
		"content-usage.fix.unknown-label": "Păstrați-le dacă le înțelege un cititor important pentru dumneavoastră; etichetele definite sunt train-ai și search.",

		"usage-outside-group.summary": "O linie Content-Usage înaintea primei linii User-agent, care nu aparține niciunui grup și nu se aplică niciunui robot.",
		"usage-outside-group.fix":     "Mutați linia în grupul căruia îi este destinată, de exemplu grupul \"User-agent: *\".",
		"usage-outside-group.explain": "Content-Usage este o regulă a unui grup, ca Allow și Disallow; înaintea primei linii User-agent nu face parte din niciun grup, deci niciun robot nu o aplică.",
		"usage-outside-group.msg":     "Această linie Content-Usage vine înaintea oricărei linii User-agent: nu este în niciun grup, deci niciun robot nu o aplică.",

		"usage-not-applicable.summary":    "O linie Content-Usage pentru căi pe care grupul ei le interzice: preferințele se aplică doar la ce poate fi accesat.",
		"usage-not-applicable.fix":        "Îndreptați linia spre căi pe care grupul le permite sau permiteți căile la care se referă.",
		"usage-not-applicable.explain":    "Accesul vine întâi: o cale pe care un robot nu o poate prelua nu are nicio preferință de utilizare (draft-ietf-aipref-attach-05, secțiunea 3.1), deci linia nu spune nimic pentru ea.",
		"usage-not-applicable.msg.closed": "Grupul pentru {agents} interzice toate căile (linia {line}), deci această linie Content-Usage nu se aplică la nimic.",
		"usage-not-applicable.msg.path":   "Calea {path} este interzisă în acest grup (linia {line}), deci această linie Content-Usage nu se aplică la nimic acolo.",

		"usage-conflict.summary": "Două linii Content-Usage ale unui grup pentru aceeași cale, cu preferințe opuse: câștigă cea mai restrictivă, spre deosebire de Allow și Disallow.",
		"usage-conflict.fix":     "Păstrați o singură linie pe cale, cu preferința pe care o doriți.",
		"usage-conflict.explain": "Liniile Content-Usage cu aceeași cale se combină etichetă cu etichetă: n pe oricare dintre ele refuză (draft-ietf-aipref-vocab-07, secțiunea 5.1). La Allow și Disallow e invers: la egalitate se permite.",
		"usage-conflict.msg":     "Această linie și linia {line} dau lui {label} valori opuse pentru {path}: câștigă n, deci {label} este refuzat acolo.",

		"content-signal-placement.summary":          "Linii Content-Signal așezate astfel încât cititorii care le iau din grup și cei care le citesc pentru tot fișierul dau unui robot semnale diferite.",
		"content-signal-placement.fix":              "Puneți aceeași linie Content-Signal în fiecare grup căruia îi este destinată.",
		"content-signal-placement.explain":          "Fișierele gestionate de Cloudflare pun Content-Signal într-un grup, iar unele parsere îl citesc doar pentru roboții acelui grup; altele, precum crawler-commons, aplică fiecare linie Content-Signal tuturor roboților. O linie într-un singur grup sau înaintea primului grup este citită diferit de cele două.",
		"content-signal-placement.msg.other-groups": "Content-Signal este dat doar în unele grupuri: cititorii care îl iau din grup nu dau niciun semnal pentru {agents}, iar cei care citesc tot fișierul li-l aplică și lor.",
		"content-signal-placement.fix.other-groups": "Repetați linia Content-Signal în grupurile pentru {agents}, dacă trebuie să li se aplice și lor.",
		"content-signal-placement.msg.before-group": "Această linie Content-Signal vine înaintea oricărui grup: cititorii întregului fișier o aplică tuturor roboților, cei care o iau din grup niciunuia.",
		"content-signal-placement.fix.before-group": "Puneți-o în grupul \"User-agent: *\" (și în celelalte grupuri cărora le este destinată).",

		"usage-google.summary": "Fișierul dă preferințe de utilizare IA: parserul Google cunoaște câmpurile content-usage și content-signal, dar nu le aplică.",
		"usage-google.fix":     "Nu e nimic de schimbat: liniile sunt pentru roboții care le citesc.",
		"usage-google.explain": "Din februarie 2026 parserul Google consideră content-signal și content-usage câmpuri cunoscute, dar nesuportate: Googlebot nu le aplică; roboții care le citesc sunt enumerați în docs/usage-preferences.md.",
		"usage-google.msg":     "Parserul Google cunoaște Content-Usage și Content-Signal, dar nu le aplică; alți roboți pot să le aplice.",

		"content-signal.msg.bad-use": "Content-Signal use={value}: valoarea trebuie să fie immediate, reference sau full.",
	}
}
