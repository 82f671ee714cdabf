package gate

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"time"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/internal/wire"
)

// RepDecision is what the Robots Exclusion Protocol says of a URL.
type RepDecision string

const (
	RepAllow    RepDecision = "allow"
	RepDisallow RepDecision = "disallow"
	// RepUnresolved: the policy could not be had (unreachable, rate-limited):
	// everything is disallowed for now, and the task waits.
	RepUnresolved RepDecision = "unresolved"
)

// CollectionDecision is what the collection scope says of a URL, apart from
// robots.txt: has the team approved collecting it?
type CollectionDecision string

const (
	Approved CollectionDecision = "approved"
	Denied   CollectionDecision = "denied"
	// Unresolved: nobody has decided (no scope file, no entry covering the
	// URL, or robots.txt answered 401/403).
	Unresolved CollectionDecision = "unresolved"
)

// Action is what the gate does with a task.
type Action string

const (
	Admit Action = "admit" // allow and approved
	Hold  Action = "hold"  // unresolved on either side: wait
	Drop  Action = "drop"  // disallow or denied
)

// actionOf combines the two decisions; a task goes ahead only when both say
// yes (seed 004: policy, permission and delivery are separate decisions).
func actionOf(rep RepDecision, col CollectionDecision) Action {
	switch {
	case rep == RepDisallow || col == Denied:
		return Drop
	case rep == RepAllow && col == Approved:
		return Admit
	}
	return Hold
}

// AgentLine is a user-agent line of the group that applied.
type AgentLine struct {
	Line  int    `json:"line"`
	Value string `json:"value"`
}

// Record is the decision record of one check: which policy was applied to
// which URL for which crawler, and what it and the collection scope decided.
// Its JSON form has exactly the fields below; times are RFC 3339 in UTC, and
// a field with no value (no final URL, no HTTP status, no digest, no rule)
// is null.
type Record struct {
	Origin       string `json:"origin"`
	ProductToken string `json:"productToken"`
	// TargetURL is the URL decided on, as a browser requests it (see
	// Target): dot segments resolved, no user information or fragment.
	TargetURL string `json:"targetURL"`
	// PolicyURL is the robots.txt requested; PolicyFinalURL where it was
	// found after redirects.
	PolicyURL       string    `json:"policyURL"`
	PolicyFinalURL  string    `json:"policyFinalURL"`
	PolicyFetchedAt time.Time `json:"policyFetchedAt"`
	// PolicyStatus is the status of the policy applied or, when none
	// applies, of the failed fetch.
	PolicyStatus     fetch.Status `json:"policyStatus"`
	PolicyHTTPStatus int          `json:"policyHTTPStatus"`
	// PolicyDigest ("sha256:<hex>" of the bytes read) is the policy version.
	PolicyDigest string `json:"policyDigest"`
	// PolicyStale reports that the policy is past its expiry and used only
	// because the origin is unreachable.
	PolicyStale bool `json:"policyStale"`
	// PolicySource, with a cache shared by a fleet, says whether the policy
	// came from the fleet's store ("shared") or from this process's own copy
	// while the store was unreachable ("local"); absent otherwise.
	PolicySource string `json:"policySource,omitempty"`
	// PolicySignedBy is the keyid (JWK thumbprint) of the key that signed
	// the robots.txt requests (Web Bot Auth, fetch.Fetcher.Signer); absent
	// when they were not signed.
	PolicySignedBy string `json:"policySignedBy,omitempty"`
	// PolicyPrice is the crawler-price of a robots.txt answered 402 (pay
	// per crawl), PolicyCharged the crawler-charged of a paid one, and
	// PolicyChallenge the mark of a challenge page answered instead of the
	// file; absent otherwise.
	PolicyPrice     string `json:"policyPrice,omitempty"`
	PolicyCharged   string `json:"policyCharged,omitempty"`
	PolicyChallenge string `json:"policyChallenge,omitempty"`
	// Group are the user-agent lines of the group that applied.
	Group              []AgentLine        `json:"group"`
	MatchedRule        *robotstxt.Rule    `json:"matchedRule"`
	RepDecision        RepDecision        `json:"repDecision"`
	CollectionDecision CollectionDecision `json:"collectionDecision"`
	// Reason says in plain words how the decisions were reached.
	Reason string `json:"reason"`
	// Usage holds the Content-Usage preferences that apply to the target
	// (docs/usage-preferences.md), UsageLine the deciding rule's line and
	// Signals the Content-Signal keys that apply; all absent when the file
	// states no preference or the target is disallowed.
	Usage     *robotstxt.Preferences `json:"usage,omitempty"`
	UsageLine int                    `json:"usageLine,omitempty"`
	Signals   map[string]string      `json:"signals,omitempty"`
	// Purpose is what the crawler declared it fetches for, Refused the
	// line that refuses it (the REP decision is then disallow).
	Purpose string   `json:"purpose,omitempty"`
	Refused *Refusal `json:"refused,omitempty"`
}

// Refusal says which line refuses a declared purpose.
type Refusal struct {
	Purpose string `json:"purpose"`
	Line    int    `json:"line"`
	Source  string `json:"source"` // "Content-Usage train-ai=n", "Content-Signal ai-train=no"
}

// recordJSON is the wire form: absent values are null.
type recordJSON struct {
	Origin             string             `json:"origin"`
	ProductToken       string             `json:"productToken"`
	TargetURL          string             `json:"targetURL"`
	PolicyURL          string             `json:"policyURL"`
	PolicyFinalURL     *string            `json:"policyFinalURL"`
	PolicyFetchedAt    *string            `json:"policyFetchedAt"`
	PolicyStatus       fetch.Status       `json:"policyStatus"`
	PolicyHTTPStatus   *int               `json:"policyHTTPStatus"`
	PolicyDigest       *string            `json:"policyDigest"`
	PolicyStale        bool               `json:"policyStale"`
	PolicySource       string             `json:"policySource,omitempty"`
	PolicySignedBy     string             `json:"policySignedBy,omitempty"`
	PolicyPrice        string             `json:"policyPrice,omitempty"`
	PolicyCharged      string             `json:"policyCharged,omitempty"`
	PolicyChallenge    string             `json:"policyChallenge,omitempty"`
	Group              []AgentLine        `json:"group"`
	MatchedRule        *robotstxt.Rule    `json:"matchedRule"`
	RepDecision        RepDecision        `json:"repDecision"`
	CollectionDecision CollectionDecision `json:"collectionDecision"`
	Reason             string             `json:"reason"`
	recordUsageJSON
}

// recordUsageJSON holds the usage fields of the wire form
// (docs/usage-preferences.md).
type recordUsageJSON struct {
	Usage     *robotstxt.Preferences `json:"usage,omitempty"`
	UsageLine int                    `json:"usageLine,omitempty"`
	Signals   map[string]string      `json:"signals,omitempty"`
	Purpose   string                 `json:"purpose,omitempty"`
	Refused   *Refusal               `json:"refused,omitempty"`
}

// MarshalJSON writes the record with RFC 3339 UTC times and nulls for
// absent values.
func (r Record) MarshalJSON() ([]byte, error) { return r.appendJSON(nil), nil }

// appendJSON appends the JSON form of the record, as encoding/json would
// write recordJSON without HTML escaping; the gate writes a million of
// these, so it skips reflection.
func (r *Record) appendJSON(b []byte) []byte {
	str := func(name, v string, null bool) {
		b = append(b, name...)
		if null && v == "" {
			b = append(b, "null"...)
		} else {
			b = appendString(b, v)
		}
	}
	str(`{"origin":`, r.Origin, false)
	str(`,"productToken":`, r.ProductToken, false)
	str(`,"targetURL":`, r.TargetURL, false)
	str(`,"policyURL":`, r.PolicyURL, false)
	str(`,"policyFinalURL":`, r.PolicyFinalURL, true)
	b = append(b, `,"policyFetchedAt":`...)
	if r.PolicyFetchedAt.IsZero() {
		b = append(b, "null"...)
	} else {
		b = append(b, '"')
		b = r.PolicyFetchedAt.UTC().AppendFormat(b, time.RFC3339)
		b = append(b, '"')
	}
	str(`,"policyStatus":`, string(r.PolicyStatus), false)
	b = append(b, `,"policyHTTPStatus":`...)
	if r.PolicyHTTPStatus == 0 {
		b = append(b, "null"...)
	} else {
		b = strconv.AppendInt(b, int64(r.PolicyHTTPStatus), 10)
	}
	str(`,"policyDigest":`, r.PolicyDigest, true)
	b = append(b, `,"policyStale":`...)
	b = strconv.AppendBool(b, r.PolicyStale)
	if r.PolicySource != "" {
		str(`,"policySource":`, r.PolicySource, false)
	}
	if r.PolicySignedBy != "" {
		str(`,"policySignedBy":`, r.PolicySignedBy, false)
	}
	if r.PolicyPrice != "" {
		str(`,"policyPrice":`, r.PolicyPrice, false)
	}
	if r.PolicyCharged != "" {
		str(`,"policyCharged":`, r.PolicyCharged, false)
	}
	if r.PolicyChallenge != "" {
		str(`,"policyChallenge":`, r.PolicyChallenge, false)
	}
	b = append(b, `,"group":[`...)
	for i, g := range r.Group {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"line":`...)
		b = strconv.AppendInt(b, int64(g.Line), 10)
		str(`,"value":`, g.Value, false)
		b = append(b, '}')
	}
	b = append(b, `],"matchedRule":`...)
	if m := r.MatchedRule; m == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, `{"line":`...)
		b = strconv.AppendInt(b, int64(m.Line), 10)
		str(`,"kind":`, m.Kind.String(), false)
		str(`,"pattern":`, m.Pattern, false)
		b = append(b, '}')
	}
	str(`,"repDecision":`, string(r.RepDecision), false)
	str(`,"collectionDecision":`, string(r.CollectionDecision), false)
	str(`,"reason":`, r.Reason, false)
	if r.Usage != nil {
		b = append(b, `,"usage":{"train-ai":"`...)
		b = append(b, r.Usage.TrainAI.String()...)
		b = append(b, `","search":"`...)
		b = append(b, r.Usage.Search.String()...)
		b = append(b, `"}`...)
	}
	if r.UsageLine != 0 {
		b = append(b, `,"usageLine":`...)
		b = strconv.AppendInt(b, int64(r.UsageLine), 10)
	}
	if len(r.Signals) > 0 {
		b = append(b, `,"signals":{`...)
		for i, k := range slices.Sorted(maps.Keys(r.Signals)) {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, k)
			b = append(b, ':')
			b = appendString(b, r.Signals[k])
		}
		b = append(b, '}')
	}
	if r.Purpose != "" {
		str(`,"purpose":`, r.Purpose, false)
	}
	if f := r.Refused; f != nil {
		str(`,"refused":{"purpose":`, f.Purpose, false)
		b = append(b, `,"line":`...)
		b = strconv.AppendInt(b, int64(f.Line), 10)
		str(`,"source":`, f.Source, false)
		b = append(b, '}')
	}
	return append(b, '}')
}

// appendString appends s as a JSON string, escaped as encoding/json does
// with HTML escaping off.
func appendString(b []byte, s string) []byte { return wire.AppendString(b, s, false) }

// UnmarshalJSON reads a record written by MarshalJSON.
func (r *Record) UnmarshalJSON(b []byte) error {
	var w recordJSON
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*r = Record{Origin: w.Origin, ProductToken: w.ProductToken, TargetURL: w.TargetURL, PolicyURL: w.PolicyURL,
		PolicyStatus: w.PolicyStatus, PolicyStale: w.PolicyStale, PolicySource: w.PolicySource,
		PolicySignedBy: w.PolicySignedBy, PolicyPrice: w.PolicyPrice, PolicyCharged: w.PolicyCharged, PolicyChallenge: w.PolicyChallenge, Group: w.Group, MatchedRule: w.MatchedRule,
		RepDecision: w.RepDecision, CollectionDecision: w.CollectionDecision, Reason: w.Reason,
		Usage: w.Usage, UsageLine: w.UsageLine, Signals: w.Signals, Purpose: w.Purpose, Refused: w.Refused}
	if w.PolicyFinalURL != nil {
		r.PolicyFinalURL = *w.PolicyFinalURL
	}
	if w.PolicyHTTPStatus != nil {
		r.PolicyHTTPStatus = *w.PolicyHTTPStatus
	}
	if w.PolicyDigest != nil {
		r.PolicyDigest = *w.PolicyDigest
	}
	if w.PolicyFetchedAt != nil {
		t, err := time.Parse(time.RFC3339, *w.PolicyFetchedAt)
		if err != nil {
			return fmt.Errorf("policyFetchedAt: %v", err)
		}
		r.PolicyFetchedAt = t.UTC()
	}
	return nil
}

// Version identifies the policy a record was decided under: its digest for
// a fetched file, else its status and HTTP status ("unavailable 404"). Two
// records with the same version were decided under the same policy.
func (r *Record) Version() string {
	if r.PolicyDigest != "" {
		return r.PolicyDigest
	}
	return fmt.Sprintf("%s %d", r.PolicyStatus, r.PolicyHTTPStatus)
}

// Action is the gate's action for the record's two decisions.
func (r *Record) Action() Action { return actionOf(r.RepDecision, r.CollectionDecision) }
