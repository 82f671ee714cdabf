package robotstxt

import (
	"strings"
	"testing"
)

// crawlerRuleOf finds the rule knownCrawler finds, for bare names, full
// user-agent strings naming one or two known crawlers, and long names.
func TestCrawlerRuleOfAgreesWithKnownCrawler(t *testing.T) {
	names := []string{"", "*", "x", "Googlebot", "GOOGLEBOT-IMAGE", "adsbot-google-mobile", "AdsBot-Google-MobileX",
		"Mozilla/5.0 (compatible; AdsBot-Google-Mobile)", "Mozilla/5.0 (Linux; Android) AdsBot-Google (+http://x)",
		"YandexBot/3.0 YandexImages", "Applebot Googlebot-Video", strings.Repeat("Yandex", 12), strings.Repeat("a", 70) + " YandexNews"}
	for k := range crawlerRules {
		names = append(names, k, strings.ToUpper(k), "Mozilla/5.0 ("+k+"/1.0)", k+"x", "x"+k)
	}
	for _, n := range names {
		_, want, wantOK := knownCrawler(n)
		got, ok := crawlerRuleOf(n)
		if got != want || ok != wantOK {
			t.Errorf("crawlerRuleOf(%q) = %+v, %v; knownCrawler gives %+v, %v", n, got, ok, want, wantOK)
		}
	}
}
