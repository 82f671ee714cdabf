package verify

import (
	"net/url"
	"strings"
)

// SignatureAgent is a Web Bot Auth signature agent an operator documents:
// a request signed by it (and verified against its key directory) comes
// from that operator.
type SignatureAgent struct {
	Host     string // the Signature-Agent URL's host
	Operator string // as in Operators
}

// SignatureAgents are the signature agents whose operator documents them
// (FIELD-NOTES 6a, late 2026). A verified signature from an agent not
// listed here identifies that agent, not any crawler its user agent names.
var SignatureAgents = []SignatureAgent{
	{Host: "agent.bot.goog", Operator: "Google"}, // Google-Agent (experimental)
	{Host: "chatgpt.com", Operator: "OpenAI"},    // ChatGPT agent
}

// SignatureAgentOperator returns the operator of a Signature-Agent URL, or
// "" when none documents it.
func SignatureAgentOperator(agentURL string) string {
	u, err := url.Parse(agentURL)
	if err != nil || u.Scheme != "https" {
		return ""
	}
	host := strings.ToLower(u.Hostname())
	for _, a := range SignatureAgents {
		if host == a.Host {
			return a.Operator
		}
	}
	return ""
}
