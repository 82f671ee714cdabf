package guard

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/robotstxt/robotstxt/gate"
)

// DefaultRemoteTimeout bounds one decision of a RemoteGate.
const DefaultRemoteTimeout = 15 * time.Second

// maxRemoteAnswer bounds the answer read for one URL.
const maxRemoteAnswer = 1 << 20

// RemoteGate takes the guard's decisions from the fleet's decision service
// (`robotstxt serve --gate`, POST /api/v1/decide; docs/fleet.md) instead of
// a local gate, so that a farm of browsers makes one robots.txt fetch per
// origin and product token between them and shares the fleet's holds. It
// never fails open: a service that does not answer, answers late, with an
// error status, or with what is not a decision for the URL asked gives an
// error, which the guard records as a hold (repDecision and
// collectionDecision unresolved).
type RemoteGate struct {
	// URL is the service's base URL, such as http://127.0.0.1:8080.
	URL string
	// Agent is the product token to decide for ("" is the service's own).
	Agent string
	// Purpose is sent as the decide request's purpose ("" for none).
	Purpose string
	// Token, when set, is sent as Authorization: Bearer (serve
	// --gate-token-file).
	Token string
	// Timeout bounds one decision (0: DefaultRemoteTimeout). The service
	// answers a URL whose robots.txt is still being fetched at its own
	// deadline with a hold; one beyond this bound is held here.
	Timeout time.Duration
	// Client sends the requests; nil means http.DefaultClient.
	Client *http.Client
}

// remoteItem is one element of the decide answer: a decision record and
// the gate's action, or an error.
type remoteItem struct {
	URL      string       `json:"url"`
	Decision *gate.Record `json:"decision"`
	Gate     gate.Action  `json:"gate"`
	RetryAt  time.Time    `json:"retryAt"`
	Error    string       `json:"error"`
}

// Check asks the service to decide rawURL.
func (rg *RemoteGate) Check(ctx context.Context, rawURL string) (*gate.Decision, error) {
	timeout := rg.Timeout
	if timeout <= 0 {
		timeout = DefaultRemoteTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	body, err := json.Marshal(struct {
		URLs    []string `json:"urls"`
		Agent   string   `json:"agent,omitempty"`
		Purpose string   `json:"purpose,omitempty"`
	}{[]string{rawURL}, rg.Agent, rg.Purpose})
	if err != nil {
		return nil, err
	}
	endpoint := strings.TrimSuffix(rg.URL, "/") + "/api/v1/decide"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("the decision service %s: %v", rg.URL, err)
	}
	req.Header.Set("Content-Type", "application/json")
	if rg.Token != "" {
		req.Header.Set("Authorization", "Bearer "+rg.Token)
	}
	c := rg.Client
	if c == nil {
		c = http.DefaultClient
	}
	resp, err := c.Do(req)
	if err != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return nil, fmt.Errorf("the decision service %s did not answer within %s", rg.URL, timeout)
		}
		return nil, fmt.Errorf("the decision service %s: %v", rg.URL, unwrapURLError(err))
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxRemoteAnswer+1))
	if err != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return nil, fmt.Errorf("the decision service %s did not answer within %s", rg.URL, timeout)
		}
		return nil, fmt.Errorf("the decision service %s: reading the answer: %v", rg.URL, err)
	}
	if len(b) > maxRemoteAnswer {
		return nil, fmt.Errorf("the decision service %s: an answer over %d bytes", rg.URL, maxRemoteAnswer)
	}
	if resp.StatusCode != http.StatusOK {
		var e struct{ Error string }
		json.Unmarshal(b, &e)
		msg := e.Error
		if msg == "" {
			msg = http.StatusText(resp.StatusCode)
		}
		return nil, fmt.Errorf("the decision service %s answered HTTP %d: %s", rg.URL, resp.StatusCode, oneLine(msg))
	}
	d, err := decideAnswer(b, rawURL)
	if err != nil {
		return nil, fmt.Errorf("the decision service %s: %v", rg.URL, err)
	}
	return d, nil
}

// decideAnswer reads the service's answer for the one URL asked.
func decideAnswer(b []byte, rawURL string) (*gate.Decision, error) {
	var items []remoteItem
	if err := json.Unmarshal(b, &items); err != nil {
		return nil, fmt.Errorf("not a decide answer: %v", err)
	}
	if len(items) != 1 || items[0].URL != rawURL {
		return nil, errors.New("the answer is not for the URL asked")
	}
	it := items[0]
	switch it.Gate {
	case gate.Admit, gate.Drop, gate.Hold:
	default:
		return nil, fmt.Errorf("gate %q is not admit, drop or hold", oneLine(string(it.Gate)))
	}
	if it.Decision == nil {
		// Not decided: a URL the service refuses, or one it could not fit
		// in its answer (a hold).
		if it.Gate == gate.Admit {
			return nil, errors.New("admit without a decision record")
		}
		d := &gate.Decision{Action: it.Gate}
		d.TargetURL, d.Reason = rawURL, "the decision service: "+oneLine(it.Error)
		return d, nil
	}
	return &gate.Decision{Record: *it.Decision, Action: it.Gate, RetryAt: it.RetryAt}, nil
}

func unwrapURLError(err error) error {
	var u *url.Error
	if errors.As(err, &u) {
		return u.Err
	}
	return err
}

// oneLine bounds text of the service for a record's reason.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 300 {
		s = s[:300] + "..."
	}
	return s
}
