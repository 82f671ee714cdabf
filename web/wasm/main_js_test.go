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
	for _, name := range []string{"parse", "check", "lint", "matrix", "crawlers", "selftest", "version"} {
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

	// A number where a string belongs is an error, not a silent "42".
	out = api.Call("check", seed004, 42, "/")
	if !strings.Contains(out.String(), "argument 2 is number, not a string") {
		t.Errorf("check with a number = %s", out.String())
	}
}
