package botauth

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/httpsig"
	"github.com/robotstxt/robotstxt/logcheck"
	"github.com/robotstxt/robotstxt/verify"
)

// Options configure Check and Middleware.
type Options struct {
	// Keys finds signature agents' directories; nil leaves every signed
	// request unverifiable.
	Keys httpsig.Keys
	// Robots returns the robots.txt in force for a request (the site's);
	// nil, or a nil answer, leaves Allowed unset.
	Robots func(*http.Request) *robotstxt.Robots
	// Skew is the clock difference allowed (httpsig.VerifyOptions.Skew).
	Skew time.Duration
	// Now is the verifier's clock; nil means time.Now.
	Now func() time.Time
}

// Result is what a request proves and what robots.txt says of it.
type Result struct {
	// Signed: the request carries a Web Bot Auth signature.
	Signed bool `json:"signed"`
	// Signature is the signature's verdict: verified, spoofed (a bad,
	// expired or unknown-key signature) or unverifiable (no directory
	// known for its agent, or no agent named); empty when unsigned.
	Signature verify.Status `json:"signature,omitempty"`
	// Reason says why a signature is not verified.
	Reason string `json:"reason,omitempty"`
	// Agent is the signature agent's URL, Operator the operator that
	// documents it, KeyID the key's keyid.
	Agent    string `json:"agent,omitempty"`
	Operator string `json:"operator,omitempty"`
	KeyID    string `json:"keyid,omitempty"`
	// Crawler is the registry's crawler the user agent names ("" for
	// none), Claimed its operator.
	Crawler string `json:"crawler,omitempty"`
	Claimed string `json:"crawlerOperator,omitempty"`
	// Proves is what the request is proven to come from: the crawler its
	// user agent names when the signature's agent is that crawler's
	// operator's, else the agent's URL when the signature is verified; ""
	// when nothing is proven.
	Proves string `json:"proves,omitempty"`
	// Allowed is robots.txt's answer for the request's user agent and URL,
	// with the deciding rule; nil without a robots.txt.
	Allowed *bool  `json:"allowed,omitempty"`
	Rule    string `json:"rule,omitempty"`
	Line    int    `json:"line,omitempty"`
}

var (
	identOnce sync.Once
	ident     *logcheck.Identifier
)

func identifier() *logcheck.Identifier {
	identOnce.Do(func() { ident = logcheck.NewIdentifier(nil) })
	return ident
}

// Check judges r at opts.Now (the request's arrival).
func Check(r *http.Request, opts Options) Result {
	now := time.Now()
	if opts.Now != nil {
		now = opts.Now()
	}
	return CheckAt(r, now, opts)
}

// CheckAt judges r as received at time at.
func CheckAt(r *http.Request, at time.Time, opts Options) Result {
	var res Result
	if i := identifier().Identify(r.UserAgent()); i >= 0 {
		c := identifier().Crawlers[i]
		res.Crawler, res.Claimed = c.Token, c.Operator
	}
	if r.Header.Get("Signature-Input") != "" {
		v, err := httpsig.Verify(httpsig.FromRequest(r), httpsig.VerifyOptions{At: at, Skew: opts.Skew, Keys: opts.Keys})
		switch {
		case err == nil:
			res.Signed, res.Signature = true, verify.Verified
			res.Agent, res.KeyID = v.Agent, v.KeyID
			res.Operator = verify.SignatureAgentOperator(v.Agent)
			res.Proves = v.Agent
			if res.Crawler != "" && res.Operator != "" && res.Operator == res.Claimed {
				res.Proves = res.Crawler
			}
		case errors.Is(err, httpsig.ErrUnsigned):
		default:
			res.Signed = true
			res.Signature, res.Reason = verify.Spoofed, err.Error()
			if httpsig.Unverifiable(err) {
				res.Signature = verify.Unverifiable
			}
			if agents, perr := httpsig.ParseSignatureAgent(r.Header.Get("Signature-Agent")); perr == nil {
				res.Agent = agents[0].URL
				res.Operator = verify.SignatureAgentOperator(res.Agent)
			}
		}
	}
	if opts.Robots != nil {
		if rb := opts.Robots(r); rb != nil {
			target := r.URL.EscapedPath()
			if target == "" {
				target = "/"
			}
			if r.URL.RawQuery != "" {
				target += "?" + r.URL.RawQuery
			}
			ua := r.UserAgent()
			if ua == "" {
				ua = "*"
			}
			v := rb.Check(ua, target)
			allowed := v.Allowed
			res.Allowed = &allowed
			if v.Rule != nil {
				res.Rule, res.Line = v.Rule.Pattern, v.Rule.Line
			}
		}
	}
	return res
}

type ctxKey struct{}

// FromContext returns the Result Middleware put in a request's context.
func FromContext(ctx context.Context) (*Result, bool) {
	r, ok := ctx.Value(ctxKey{}).(*Result)
	return r, ok
}

// Middleware judges every request (Check) and hands it to next with the
// Result in its context.
func Middleware(opts Options, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		res := Check(r, opts)
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), ctxKey{}, &res)))
	})
}
