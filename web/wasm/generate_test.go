package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/robotstxt/robotstxt/internal/robotsgen"
)

// The builder's refusals and notes reach the page by code, which the
// page's three catalogues translate ("builder.msg.<code>").
func TestGenerateMessages(t *testing.T) {
	s := new(session)
	res, errMsg := call(t, s, "generate", `{"Sitemaps":["ftp://example.com/s.xml"]}`, "")
	var got generateResult
	if err := json.Unmarshal(res, &got); errMsg != "" || err != nil {
		t.Fatalf("%s %v", errMsg, err)
	}
	if got.Refused == nil || got.Refused.Code != "bad-sitemap" || got.Refused.Params["url"] != "ftp://example.com/s.xml" || got.Text != "" {
		t.Errorf("refusal %+v, text %q", got.Refused, got.Text)
	}
	res, errMsg = call(t, s, "generate", `{"Block":["ai-training"]}`, "User-agent: GPTBot\nAllow: /\n")
	got = generateResult{}
	if err := json.Unmarshal(res, &got); errMsg != "" || err != nil {
		t.Fatalf("%s %v", errMsg, err)
	}
	if got.Refused != nil || len(got.Messages) != 1 || got.Messages[0].Code != "keeps-group" || got.Messages[0].Params["token"] != "GPTBot" || len(got.Notes) != 1 {
		t.Errorf("notes %q, messages %+v", got.Notes, got.Messages)
	}
	for _, lang := range []string{"en", "ru", "ro"} {
		b, err := os.ReadFile(filepath.Join("..", "static", "assets", "i18n", lang+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var cat map[string]any
		if err := json.Unmarshal(b, &cat); err != nil {
			t.Fatal(err)
		}
		for _, c := range robotsgen.MessageCodes {
			if _, ok := cat["builder.msg."+c]; !ok {
				t.Errorf("%s.json lacks builder.msg.%s", lang, c)
			}
		}
	}
}
