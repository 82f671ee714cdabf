package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// refusingDNS answers no lookup, as a resolver that refuses or times out.
type refusingDNS struct{}

func (refusingDNS) LookupAddr(context.Context, string) ([]string, error) {
	return nil, errors.New("read udp: connection refused")
}
func (refusingDNS) LookupHost(context.Context, string) ([]string, error) {
	return nil, errors.New("read udp: connection refused")
}

// TestLogsHonestIdentity: with a resolver that answers nothing, YandexBot
// (verified by reverse DNS alone) is unverifiable and the report says
// why and how many lookups were answered; a ChatGPT-User fetch of a
// disallowed URL from OpenAI's user-triggered list is said to be a fetch
// for a user; a GPTBot from an address of no list is spoofed.
func TestLogsHonestIdentity(t *testing.T) {
	old := logsResolver
	defer func() { logsResolver = old }()
	logsResolver = refusingDNS{}
	t0 := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	var b strings.Builder
	for i := range 3 {
		b.WriteString(clf(t0.Add(time.Duration(i)*time.Minute), "5.255.253."+string(rune('1'+i)), "/", "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)"))
	}
	b.WriteString(clf(t0.Add(time.Hour), "4.197.115.120", "/private/a", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ChatGPT-User/1.0; +https://openai.com/bot)"))
	b.WriteString(clf(t0.Add(2*time.Hour), "198.51.100.9", "/private/b", "GPTBot/1.2"))
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "robots.txt"), []byte("User-agent: *\nDisallow: /private/\n"), 0o644)
	out, stderr, code := runCLI(t, b.String(), "logs", "--robots", filepath.Join(dir, "robots.txt"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"YandexBot: 3 requests unverifiable: reverse DNS gave no answer",
		"ChatGPT-User: disallowed yet fetched for a user (a user-triggered fetcher: its operator says these generally do not read robots.txt)",
		"GPTBot: 1 spoofed request, from 198.51.100.9",
		"reverse DNS on (3 addresses looked up, 0 answered, 3 without an answer)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	out, _, _ = runCLI(t, b.String(), "logs", "--robots", filepath.Join(dir, "robots.txt"), "--json")
	for _, want := range []string{`"unverifiableReasons": {
        "dns-unanswered": 3
      }`, `"userTriggered": true`, `"dnsStats": {
    "lookups": 3,
    "answered": 0,
    "unanswered": 3,
    "skipped": 0
  }`} {
		if !strings.Contains(out, want) {
			t.Errorf("no %s in the JSON", want)
		}
	}
}
