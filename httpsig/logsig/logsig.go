package logsig

import (
	"errors"
	"net/http"
	"strings"

	"github.com/robotstxt/robotstxt/httpsig"
	"github.com/robotstxt/robotstxt/logcheck"
	"github.com/robotstxt/robotstxt/logs"
	"github.com/robotstxt/robotstxt/verify"
)

// Checker implements logcheck.SignatureChecker.
type Checker struct {
	// Keys finds the agents' directories; nil leaves every signature
	// unverifiable (logcheck.SigNoDirectory).
	Keys httpsig.Keys
}

// CheckSignature verifies the Web Bot Auth signature of r, if it has one,
// at the request's own time. The scheme is taken to be https (the
// components Web Bot Auth covers do not depend on it); the authority is the
// logged Host, else the host of an absolute target.
func (c *Checker) CheckSignature(r *logs.Record) logcheck.SignatureVerdict {
	if r.SignatureInput == "" || !strings.Contains(r.SignatureInput, httpsig.Tag) {
		return logcheck.SignatureVerdict{}
	}
	v := logcheck.SignatureVerdict{Signed: true, Agent: "(none)"}
	if r.SignatureAgent != "" {
		if agents, err := httpsig.ParseSignatureAgent(r.SignatureAgent); err == nil {
			v.Agent = agents[0].URL
		} else {
			v.Agent = "(unreadable)"
		}
	}
	host, target := r.Host, r.Target
	if strings.HasPrefix(target, "https://") || strings.HasPrefix(target, "http://") {
		rest := target[strings.Index(target, "//")+2:]
		h, path, _ := strings.Cut(rest, "/")
		if host == "" {
			host = h
		}
		target = "/" + path
	}
	if host == "" {
		v.Status, v.Reason = verify.Unverifiable, logcheck.SigNoHost
		return v
	}
	h := http.Header{}
	h.Set("Signature-Input", r.SignatureInput)
	if r.Signature != "" {
		h.Set("Signature", r.Signature)
	}
	if r.SignatureAgent != "" {
		h.Set("Signature-Agent", r.SignatureAgent)
	}
	if r.UserAgent != "" {
		h.Set("User-Agent", r.UserAgent)
	}
	res, err := httpsig.Verify(httpsig.FromTarget(r.Method, "https", host, target, h), httpsig.VerifyOptions{At: r.Time, Keys: c.Keys})
	if res.Agent != "" {
		v.Agent = res.Agent
	}
	switch {
	case err == nil:
		v.Status = verify.Verified
	case errors.Is(err, httpsig.ErrUnsigned):
		return logcheck.SignatureVerdict{} // no signature tagged web-bot-auth after all
	case errors.Is(err, httpsig.ErrNoAgent):
		v.Status, v.Reason = verify.Unverifiable, logcheck.SigNoAgent
	case errors.Is(err, httpsig.ErrUnknownAgent):
		v.Status, v.Reason = verify.Unverifiable, logcheck.SigNoDirectory
	case errors.Is(err, httpsig.ErrNoField):
		// The log keeps a few fields; one it does not keep cannot be
		// checked, which says nothing against the signature.
		v.Status, v.Reason = verify.Unverifiable, logcheck.SigNotLogged
	case errors.Is(err, httpsig.ErrUnsupported):
		v.Status, v.Reason = verify.Unverifiable, logcheck.SigUnsupported
	default:
		v.Status, v.Reason = verify.Spoofed, reason(err)
	}
	return v
}

func reason(err error) string {
	switch {
	case errors.Is(err, httpsig.ErrBadSignature):
		return logcheck.SigBadSignature
	case errors.Is(err, httpsig.ErrExpired):
		return logcheck.SigExpired
	case errors.Is(err, httpsig.ErrNotYetValid):
		return logcheck.SigNotYetValid
	case errors.Is(err, httpsig.ErrUnknownKey):
		return logcheck.SigUnknownKey
	case errors.Is(err, httpsig.ErrMalformed):
		return logcheck.SigMalformed
	case errors.Is(err, httpsig.ErrAgent):
		return logcheck.SigBadAgent
	}
	return logcheck.SigRules // coverage, parameters, HMAC, a component not supported
}
