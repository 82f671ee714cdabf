package verify

import (
	"context"
	"net/netip"
)

// Status is the verdict on a request's claimed identity.
type Status string

const (
	Verified     Status = "verified"
	Spoofed      Status = "spoofed"
	Unverifiable Status = "unverifiable"
)

// Verifier judges claimed identities. A nil DNS turns reverse DNS off
// (--no-dns).
type Verifier struct {
	Ranges *Ranges
	DNS    *DNS
}

// Verdict is a Verify answer and how it was reached.
type Verdict struct {
	Status Status `json:"status"`
	// Method is "ip-list", "dns" (forward-confirmed reverse DNS), or ""
	// when Unverifiable.
	Method string `json:"method,omitempty"`
	// Name is the confirmed host name when Method is "dns".
	Name string `json:"name,omitempty"`
}

// Verify judges a request from addr that claims a crawler of operator:
//
//   - in one of the operator's published lists: Verified;
//   - else, if the operator documents reverse DNS and DNS is on: a
//     confirmed name is Verified, a refuted one Spoofed;
//   - else, if the operator publishes lists (loaded here): Spoofed, since
//     the address is in none of them;
//   - else (nothing to check against, or DNS gave no answer):
//     Unverifiable.
func (v *Verifier) Verify(ctx context.Context, operator string, addr netip.Addr) Verdict {
	op := findOperator(operator)
	if op == nil || !addr.IsValid() {
		return Verdict{Status: Unverifiable}
	}
	hasList := v.Ranges != nil && v.Ranges.Has(operator)
	if hasList && v.Ranges.Contains(operator, addr) {
		return Verdict{Status: Verified, Method: "ip-list"}
	}
	if len(op.DNS) > 0 && v.DNS != nil {
		switch res, name := v.DNS.Check(ctx, operator, op.DNS, addr); res {
		case DNSConfirmed:
			return Verdict{Status: Verified, Method: "dns", Name: name}
		case DNSRefuted:
			return Verdict{Status: Spoofed, Method: "dns"}
		}
	}
	if hasList {
		return Verdict{Status: Spoofed, Method: "ip-list"}
	}
	return Verdict{Status: Unverifiable}
}

// Checkable reports whether the operator publishes anything to verify its
// crawlers by (a list or reverse-DNS domains).
func Checkable(operator string) bool {
	op := findOperator(operator)
	return op != nil && (len(op.DNS) > 0 || len(op.Sources) > 0)
}
