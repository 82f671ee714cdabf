package main

import (
	"encoding/json"
	"fmt"

	"github.com/robotstxt/robotstxt/internal/robotsgen"
)

// generateResult is the builder's answer: the file, and notes about choices
// the merged file kept from being carried out.
type generateResult struct {
	Text  string   `json:"text"`
	Notes []string `json:"notes"`
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
	if err != nil {
		return nil, err
	}
	if res.Notes == nil {
		res.Notes = []string{}
	}
	return generateResult{Text: res.Text, Notes: res.Notes}, nil
}

func init() {
	functions["generate"] = function{[]string{"choices", "merge"}, (*session).generate}
}
