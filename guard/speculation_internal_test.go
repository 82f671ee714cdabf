package guard

import (
	"context"
	"errors"
	"testing"

	"github.com/chromedp/cdproto"
	"github.com/chromedp/cdproto/cdp/jsonv2"
)

// askSession is a tab whose Preload.enable fails with err (nil: succeeds)
// and that reports the events in states once subscribed.
type askSession struct {
	err    error
	states []string
}

func (s *askSession) Call(ctx context.Context, method string, params, result any) error {
	if method == "Preload.enable" {
		return s.err
	}
	return nil
}

func (s *askSession) Subscribe(method string) (<-chan jsonv2.Value, func()) {
	ch := make(chan jsonv2.Value, len(s.states))
	for _, st := range s.states {
		ch <- jsonv2.Value(st)
	}
	return ch, func() {}
}

// TestCheckPreloadingAnswers: the speculation check lets a browser through
// only on its word that it does not preload, or when it has no Preload
// domain at all (method not found); any other failure to ask, a timeout
// on a loaded machine first, refuses (issue 41, item 3: a slow answer once
// let a browser with prediction on through).
func TestCheckPreloadingAnswers(t *testing.T) {
	off := `{"disabledByPreference":true,"disabledByDataSaver":false,"disabledByBatterySaver":false,"disabledByHoldbackPrefetchSpeculationRules":false,"disabledByHoldbackPrerenderSpeculationRules":false}`
	on := `{"disabledByPreference":false,"disabledByDataSaver":false,"disabledByBatterySaver":false,"disabledByHoldbackPrefetchSpeculationRules":false,"disabledByHoldbackPrerenderSpeculationRules":false}`
	for _, tt := range []struct {
		name string
		s    askSession
		want error
	}{
		{"prediction off", askSession{states: []string{off}}, nil},
		{"prediction on", askSession{states: []string{on}}, ErrSpeculativeLoads},
		{"no Preload domain", askSession{err: &cdproto.Error{Code: methodNotFound, Message: "'Preload.enable' wasn't found"}}, nil},
		{"enable timed out", askSession{err: context.DeadlineExceeded}, ErrPreloadingUnknown},
		{"enable failed otherwise", askSession{err: &cdproto.Error{Code: -32000, Message: "Target closed"}}, ErrPreloadingUnknown},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := checkPreloading(context.Background(), &tt.s)
			if !errors.Is(err, tt.want) || (tt.want == nil && err != nil) {
				t.Errorf("checkPreloading: %v, want %v", err, tt.want)
			}
		})
	}
}
