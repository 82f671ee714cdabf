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
		// knownCrawler's user-agent search, by its definition: the longest
		// token contained, the least of equally long ones.
		if !IsProductToken(n) {
			best, found := "", false
			for tok := range crawlerRules {
				if (len(tok) > len(best) || len(tok) == len(best) && tok < best) && containsFold(n, tok) {
					best, found = tok, true
				}
			}
			if key, _, ok := knownCrawler(n); key != best || ok != found {
				t.Errorf("knownCrawler(%q) = %q, %v; the longest contained token is %q, %v", n, key, ok, best, found)
			}
		}
		_, want, wantOK := knownCrawler(n)
		got, ok := crawlerRuleOf(n)
		if got != want || ok != wantOK {
			t.Errorf("crawlerRuleOf(%q) = %+v, %v; knownCrawler gives %+v, %v", n, got, ok, want, wantOK)
		}
	}
}
