package crawlers

import "github.com/robotstxt/robotstxt/internal/i18n"

// The texts "robotstxt report" and the page use for AI usage preferences
// (docs/usage-preferences.md), apart so that the catalogues stay as they
// are. catalogues adds them when it is built.
func addUsageTexts(c i18n.Catalogue) {
	for k, v := range map[string]map[string]string{
		"report.usage":        {"en": "AI use: training {train}, search {search}", "ru": "использование ИИ: обучение {train}, поиск {search}", "ro": "utilizare IA: antrenare {train}, căutare {search}"},
		"report.usage.y":      {"en": "yes", "ru": "да", "ro": "da"},
		"report.usage.n":      {"en": "no", "ru": "нет", "ro": "nu"},
		"report.usage.?":      {"en": "unstated", "ru": "не указано", "ro": "nespecificat"},
		"report.usage.signal": {"en": "signals (Content-Signal) {signals}", "ru": "сигналы (Content-Signal) {signals}", "ro": "semnale (Content-Signal) {signals}"},
	} {
		c["en"][k], c["ru"][k], c["ro"][k] = v["en"], v["ru"], v["ro"]
	}
}
