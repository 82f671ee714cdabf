package main

import (
	"encoding/json"
	"strings"
	"syscall/js"
	"testing"
)

// TestBridge calls the functions as the page's worker does: through
// JavaScript values, with JavaScript strings in and out.
func TestBridge(t *testing.T) {
	api := register(new(session))
	for _, name := range []string{"parse", "check", "checkMany", "lint", "matrix", "crawlers", "selftest", "version"} {
		if api.Get(name).Type() != js.TypeFunction {
			t.Errorf("robotstxt.%s is %s, want a function", name, api.Get(name).Type())
		}
	}
	out := api.Call("check", seed004, "ExampleBot", "/catalog/private/item")
	if out.Type() != js.TypeString {
		t.Fatalf("check returned %s, want a string", out.Type())
	}
	var env struct {
		Result checkResult `json:"result"`
		Error  string      `json:"error"`
	}
	if err := json.Unmarshal([]byte(out.String()), &env); err != nil {
		t.Fatal(err)
	}
	if env.Error != "" || env.Result.Allowed || env.Result.Rule == nil || env.Result.Rule.Line != 5 {
		t.Errorf("check through JS = %+v", env)
	}

	// Non-ASCII text survives the trip through UTF-16 and back.
	out = api.Call("check", "User-agent: *\nDisallow: /ツ\n", "Bot", "/%E3%83%84/x")
	if !strings.Contains(out.String(), `"allowed":false`) {
		t.Errorf("check of a non-ASCII rule = %s", out.String())
	}

	// A file's bytes pass as a Uint8Array, byte for byte: a Latin-1 rule
	// (not valid UTF-8, so no JavaScript string could carry it) matches
	// its percent-encoded form, as "robotstxt check" reads it.
	raw := []byte("User-agent: *\r\nDisallow: /caf\xE9/\r\n")
	bytes := js.Global().Get("Uint8Array").New(len(raw))
	js.CopyBytesToJS(bytes, raw)
	out = api.Call("check", bytes, "Bot", "/caf%E9/x")
	if !strings.Contains(out.String(), `"allowed":false`) || !strings.Contains(out.String(), `"line":2`) {
		t.Errorf("check of Latin-1 bytes = %s, want disallowed by line 2", out.String())
	}
	if !strings.Contains(out.String(), `"ruleShown":"/caf%E9/"`) {
		t.Errorf("check of Latin-1 bytes = %s, want the rule shown as /caf%%E9/", out.String())
	}

	// A number where a string belongs is an error, not a silent "42".
	out = api.Call("check", seed004, 42, "/")
	if !strings.Contains(out.String(), "argument 2 is number, not a string or bytes") {
		t.Errorf("check with a number = %s", out.String())
	}
}
