package main

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/robotstxt/robotstxt/internal/robotsgen"
)

// generateResult is the builder's answer: the file, and notes about choices
// the merged file kept from being carried out, in English and by code
// (Messages, in order), which the page says in its language; or, when the
// choices are refused, why, by code (Refused), and no file.
type generateResult struct {
	Text     string              `json:"text"`
	Notes    []string            `json:"notes"`
	Messages []robotsgen.Message `json:"messages"`
	Refused  *robotsgen.Message  `json:"refused,omitempty"`
}

// generate(choices, merge): the file "robotstxt generate" writes for the
// choices (robotsgen.Choices as JSON, without Merge), merged into merge
// when it is not empty.
func (s *session) generate(args []string) (any, error) {
	var c robotsgen.Choices
	if err := json.Unmarshal([]byte(args[0]), &c); err != nil {
		return nil, fmt.Errorf("choices: %v", err)
	}
	c.Merge = args[1]
	res, err := robotsgen.Build(c)
	var refused *robotsgen.Error
	if errors.As(err, &refused) {
		return generateResult{Notes: []string{}, Messages: []robotsgen.Message{}, Refused: &refused.Message}, nil
	}
	if err != nil {
		return nil, err
	}
	if res.Notes == nil {
		res.Notes, res.Messages = []string{}, []robotsgen.Message{}
	}
	return generateResult{Text: res.Text, Notes: res.Notes, Messages: res.Messages}, nil
}

func init() {
	functions["generate"] = function{[]string{"choices", "merge"}, (*session).generate}
}
