package robotstxt

import "testing"

// fallbackTests: each crawler's documented fallbacks apply in every answer
// (fallback.go). want is the deciding line (0: none), fallback the name
// Verdict.Fallback must carry.
var fallbackTests = []struct {
	name, ref, robots, agent string
	opts                     AgentOptions
	allowed                  bool
	line                     int
	fallback                 string
	reason                   Reason
}{
	{"Googlebot-Image follows Googlebot", "google",
		"User-agent: Googlebot\nDisallow: /\nUser-agent: *\nAllow: /\n", "Googlebot-Image", AgentOptions{}, false, 2, "Googlebot", MatchedRule},
	{"its own group wins over the fallback", "google",
		"User-agent: Googlebot\nDisallow: /\nUser-agent: Googlebot-Image\nAllow: /\n", "Googlebot-Image", AgentOptions{}, true, 4, "", MatchedRule},
	{"no fallback group: *", "google",
		"User-agent: Bingbot\nDisallow: /\nUser-agent: *\nDisallow: /p\n", "Googlebot-Image", AgentOptions{}, false, 4, "", MatchedRule},
	{"--no-fallback: *", "RFC 9309 2.2.1",
		"User-agent: Googlebot\nDisallow: /\nUser-agent: *\nAllow: /\n", "Googlebot-Image", AgentOptions{NoFallback: true}, true, 4, "", MatchedRule},
	{"exact mode: no fallback", "google",
		"User-agent: Googlebot\nDisallow: /\nUser-agent: *\nAllow: /\n", "Googlebot-Image", AgentOptions{Exact: true}, true, 4, "", MatchedRule},
	{"name case is ignored", "google",
		"User-agent: googlebot\nDisallow: /\n", "GOOGLEBOT-NEWS", AgentOptions{}, false, 2, "googlebot", MatchedRule},
	{"Google-InspectionTool follows Googlebot", "google",
		"User-agent: Googlebot\nDisallow: /p\n", "Google-InspectionTool", AgentOptions{}, false, 2, "Googlebot", MatchedRule},
	{"GoogleOther-Image follows GoogleOther", "google",
		"User-agent: GoogleOther\nDisallow: /\nUser-agent: Googlebot\nAllow: /\n", "GoogleOther-Image", AgentOptions{}, false, 2, "GoogleOther", MatchedRule},
	{"GoogleOther-Image does not follow Googlebot", "google",
		"User-agent: Googlebot\nDisallow: /\n", "GoogleOther-Image", AgentOptions{}, true, 0, "", NoGroup},
	{"Applebot follows Googlebot", "apple",
		"User-agent: Googlebot\nDisallow: /\nUser-agent: *\nAllow: /\n", "Applebot", AgentOptions{}, false, 2, "Googlebot", MatchedRule},
	{"Applebot's user-agent string follows Googlebot", "apple",
		"User-agent: Googlebot\nDisallow: /\nUser-agent: *\nAllow: /\n",
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)",
		AgentOptions{}, false, 2, "Googlebot", MatchedRule},
	{"YandexBot follows Yandex, not *", "yandex",
		"User-agent: *\nAllow: /\nUser-agent: Yandex\nDisallow: /\n", "YandexBot", AgentOptions{}, false, 4, "Yandex", MatchedRule},
	{"YandexImages follows Yandex", "yandex",
		"User-agent: Yandex\nDisallow: /p\n", "YandexImages", AgentOptions{}, false, 2, "Yandex", MatchedRule},
	{"YandexBot's own group", "yandex",
		"User-agent: Yandex\nDisallow: /\nUser-agent: YandexBot\nAllow: /\n", "YandexBot", AgentOptions{}, true, 4, "", MatchedRule},
	{"AdsBot-Google ignores *", "google",
		"User-agent: *\nDisallow: /\n", "AdsBot-Google", AgentOptions{}, true, 0, "", GlobalIgnored},
	{"AdsBot-Google with --no-fallback obeys *", "RFC 9309 2.2.1",
		"User-agent: *\nDisallow: /\n", "AdsBot-Google", AgentOptions{NoFallback: true}, false, 2, "", MatchedRule},
	{"AdsBot-Google obeys its own group", "google",
		"User-agent: *\nAllow: /\nUser-agent: AdsBot-Google\nDisallow: /\n", "AdsBot-Google", AgentOptions{}, false, 4, "", MatchedRule},
	{"AdsBot-Google-Mobile ignores *", "google",
		"User-agent: *\nDisallow: /\n", "AdsBot-Google-Mobile", AgentOptions{}, true, 0, "", GlobalIgnored},
	{"AdsBot-Google-Mobile's user-agent string ignores *", "google",
		"User-agent: *\nDisallow: /\n", "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0 Mobile Safari/537.36 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)",
		AgentOptions{}, true, 0, "", GlobalIgnored},
	{"APIs-Google ignores *", "google",
		"User-agent: *\nDisallow: /\n", "APIs-Google", AgentOptions{}, true, 0, "", GlobalIgnored},
	{"Mediapartners-Google without any group", "google",
		"Sitemap: https://e/s.xml\n", "Mediapartners-Google", AgentOptions{}, true, 0, "", NoGroup},
	{"an unknown crawler: *", "RFC 9309 2.2.1",
		"User-agent: Googlebot\nAllow: /\nUser-agent: *\nDisallow: /\n", "ExampleBot", AgentOptions{}, false, 4, "", MatchedRule},
	{"/robots.txt stays implicit under a fallback", "RFC 9309 2.2.2",
		"User-agent: Googlebot\nDisallow: /\n", "Googlebot-Video", AgentOptions{}, true, 0, "Googlebot", ImplicitRobotsTxt},
}

func TestFallbacks(t *testing.T) {
	for _, tt := range fallbackTests {
		t.Run(tt.name, func(t *testing.T) {
			r := ParseString(tt.robots)
			url := "/page"
			if tt.reason == ImplicitRobotsTxt {
				url = "/robots.txt"
			}
			v := r.AgentWith(tt.agent, tt.opts).Check(url)
			line := 0
			if v.Rule != nil {
				line = v.Rule.Line
			}
			if v.Allowed != tt.allowed || line != tt.line || v.Fallback != tt.fallback || v.Reason != tt.reason {
				t.Errorf("[%s] AgentWith(%q, %+v).Check(%q) on %q:\n\tgot  allowed=%v line=%d fallback=%q reason=%s\n\twant allowed=%v line=%d fallback=%q reason=%s",
					tt.ref, tt.agent, tt.opts, url, tt.robots, v.Allowed, line, v.Fallback, v.Reason, tt.allowed, tt.line, tt.fallback, tt.reason)
			}
			// The one-call check gives the same answer as the default Agent.
			if tt.opts == (AgentOptions{}) {
				if w := r.Check(tt.agent, url); w.Allowed != v.Allowed || w.Rule != v.Rule || w.Fallback != v.Fallback || w.Reason != v.Reason {
					t.Errorf("Robots.Check = %+v, Agent.Check = %+v", w, v)
				}
			}
		})
	}
}

func TestCrawlerFallback(t *testing.T) {
	for _, tt := range []struct {
		token, fallback string
		ignores         bool
	}{
		{"Googlebot-Image", "googlebot", false},
		{"googlebot-news", "googlebot", false},
		{"YandexBot", "yandex", false},
		{"AdsBot-Google", "", true},
		{"Googlebot", "", false},
		{"ExampleBot", "", false},
	} {
		fb, ig := CrawlerFallback(tt.token)
		if fb != tt.fallback || ig != tt.ignores {
			t.Errorf("CrawlerFallback(%q) = %q, %v; want %q, %v", tt.token, fb, ig, tt.fallback, tt.ignores)
		}
	}
}
