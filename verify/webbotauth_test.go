package verify

import "testing"

func TestSignatureAgentOperator(t *testing.T) {
	for in, want := range map[string]string{
		"https://agent.bot.goog":        "Google",
		"https://Agent.Bot.Goog/":       "Google",
		"https://chatgpt.com":           "OpenAI",
		"http://chatgpt.com":            "", // not https
		"https://evil.agent.bot.goog":   "", // a subdomain is another agent
		"https://chatgpt.com.evil.test": "",
		"::":                            "",
	} {
		if got := SignatureAgentOperator(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
	for _, a := range SignatureAgents {
		if findOperator(a.Operator) == nil {
			t.Errorf("%s: operator %q is not in Operators", a.Host, a.Operator)
		}
	}
}
