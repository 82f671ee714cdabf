package main

import (
	"flag"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/httpsig"
	"github.com/robotstxt/robotstxt/internal/textsafe"
)

// signFlags are the Web Bot Auth flags of the commands that send requests:
// the private key file, the signature agent, and the price offered to
// sites that charge crawlers.
type signFlags struct {
	key, agent, maxPrice string
	wholeField           bool
}

// addSignFlags registers --sign-key, --signature-agent,
// --sign-whole-agent-field and, with price, --max-price on fs; cond ("with
// --gate: ") starts their help when they go with another flag.
func addSignFlags(fs *flag.FlagSet, cond string, price bool) *signFlags {
	s := &signFlags{}
	fs.StringVar(&s.key, "sign-key", "", cond+"sign every request with the Ed25519 private key in this `file` (Web Bot Auth; robotstxt keys new makes one; read from the file only, refused when others can read it)")
	fs.StringVar(&s.agent, "signature-agent", "", cond+"with --sign-key: the https `URL` whose key directory lists the key, sent as Signature-Agent (https://YOUR-HOST, directory at /.well-known/http-message-signatures-directory)")
	fs.BoolVar(&s.wholeField, "sign-whole-agent-field", false, cond+"with --sign-key: cover the whole Signature-Agent field rather than its member (;key), as web-bot-auth 0.1 for Node verifies")
	if !price {
		return s
	}
	fs.StringVar(&s.maxPrice, "max-price", "", cond+"with --sign-key: offer at most this `price` to sites that charge crawlers (pay per crawl, such as \"USD 0.01\"), sent as crawler-max-price and signed; without it, a 402 is payment-required")
	return s
}

// set reports whether any of the flags was given.
func (s *signFlags) set() bool {
	return s.key != "" || s.agent != "" || s.maxPrice != "" || s.wholeField
}

// apply reads the key and sets f's Signer and MaxPrice; cmd names the
// command in errors, which never quote the key.
func (s *signFlags) apply(cmd string, f *fetch.Fetcher) error {
	if !s.set() {
		return nil
	}
	if s.key == "" {
		return usagef("%s: --signature-agent, --sign-whole-agent-field and --max-price go with --sign-key", cmd)
	}
	if s.agent == "" {
		return usagef("%s: --sign-key needs --signature-agent URL: the https URL whose key directory lists the key", cmd)
	}
	if _, err := httpsig.DirectoryURL(s.agent); err != nil {
		return usagef("%s: --signature-agent %q: want an https URL (https://YOUR-HOST)", cmd, textsafe.Escape(s.agent))
	}
	if s.maxPrice != "" {
		if _, err := fetch.ParsePrice(s.maxPrice); err != nil {
			return usagef("%s: --max-price: %s", cmd, textsafe.Escape(err.Error()))
		}
	}
	key, err := httpsig.ReadPrivateKey(s.key)
	if err != nil {
		return usagef("%s: --sign-key: %s", cmd, textsafe.Escape(err.Error()))
	}
	f.Signer = &httpsig.RequestSigner{Key: key, Agent: s.agent, WholeAgentField: s.wholeField}
	f.MaxPrice = s.maxPrice
	return nil
}
