// Package loggen writes access logs of known answers, for the tests of
// "robotstxt logs" (logcheck), of the page's WebAssembly module and of the
// page itself in a real browser: each counts what the log must give while
// it writes it.
package loggen

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
)

// Robots is the file the generated logs are judged by: every crawler is
// kept out of /private/, GPTBot out of everything.
const Robots = "User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n"

// The lines of Robots that a generated log's violations break.
const (
	PrivateLine = 2 // Disallow: /private/
	GPTBotLine  = 5 // Disallow: /
)

// Want is what a log must give when judged by Robots with the IP lists
// shipped with package verify: Googlebot comes from Google's listed
// 66.249.64.0/27 (verified) or from 203.0.113.0/24 (spoofed), GPTBot from
// 132.196.86.0/24 of OpenAI's GPTBot list (verified).
type Want struct {
	Other                     int // requests from browsers
	GoogleAllowed, GoogleViol int
	GoogleSpoofed             int
	GoogleRobots              int // Googlebot's fetches of /robots.txt
	GPTViol                   int
}

var browserUAs = []string{
	"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36",
	"Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
	"Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0",
}

// The user agents of the two crawlers.
const (
	GoogleUA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
	GPTUA    = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)"
)

// Combined writes n lines of the combined format, in time order from
// 2026-11-01: browsers, Googlebot from Google's listed addresses and from
// elsewhere, and GPTBot. The same seed gives the same log.
func Combined(n int, seed uint64) (string, Want) {
	rng := rand.New(rand.NewPCG(seed, 1))
	var b strings.Builder
	var w Want
	t := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	for i := range n {
		t = t.Add(time.Duration(rng.IntN(2000)) * time.Millisecond)
		addr, ua, target := "", "", fmt.Sprintf("/p/%d?q=%d", rng.IntN(5000), i)
		switch k := rng.IntN(10); {
		case k < 6:
			addr, ua = fmt.Sprintf("198.51.%d.%d", rng.IntN(256), rng.IntN(256)), browserUAs[rng.IntN(len(browserUAs))]
			w.Other++
		case k < 8:
			addr, ua = fmt.Sprintf("66.249.64.%d", rng.IntN(32)), GoogleUA
			switch rng.IntN(4) {
			case 0:
				target = "/private/" + target[3:]
				w.GoogleViol++
			case 1:
				target = "/robots.txt"
				w.GoogleRobots++
			default:
				w.GoogleAllowed++
			}
		case k < 9:
			addr, ua = fmt.Sprintf("203.0.113.%d", rng.IntN(256)), GoogleUA
			w.GoogleSpoofed++
		default:
			addr, ua = fmt.Sprintf("132.196.86.%d", rng.IntN(256)), GPTUA
			w.GPTViol++
		}
		fmt.Fprintf(&b, "%s - - [%s] \"GET %s HTTP/1.1\" 200 %d \"-\" %q\n", addr, t.Format("02/Jan/2006:15:04:05 -0700"), target, rng.IntN(90000), ua)
	}
	return b.String(), w
}
