// Command wasm is the robots.txt analyser's WebAssembly module: the page's
// worker loads it and calls the functions it puts on globalThis.robotstxt
// (parse, check, lint, matrix, crawlers, selftest, version). Each takes
// strings and returns a JSON string: {"result": ...} or {"error": "..."}.
//
// Build it with "go generate ./web/..." (see package web), which runs
//
//	GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w" -buildvcs=false
//
// It is the same Go code as the command line: nothing is sent anywhere.
package main

import (
	"fmt"
	"syscall/js"
)

func main() {
	js.Global().Set("robotstxt", register(new(session)))
	// Tell the loader the functions are there; it cannot know otherwise,
	// as go.run() only returns when the program exits.
	if ready := js.Global().Get("robotstxtReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

// register returns the object of functions the page calls, bound to s.
func register(s *session) js.Value {
	api := js.Global().Get("Object").New()
	for name := range functions {
		api.Set(name, js.FuncOf(func(this js.Value, args []js.Value) any {
			strs, err := jsStrings(args)
			if err != nil {
				return encode(envelope{Error: name + ": " + err.Error()})
			}
			return s.call(name, strs)
		}))
	}
	return api
}

// jsStrings converts the arguments to Go strings. A Uint8Array is taken
// byte for byte: it is how the page passes a file's bytes, which a
// JavaScript string cannot hold (CRLF, Latin-1 and a byte order mark would
// be lost), so the page analyses exactly what the command line reads. Any
// other value that is not a string is an error, so that check(text, 42, "/")
// fails loudly instead of checking the agent "42".
func jsStrings(args []js.Value) ([]string, error) {
	out := make([]string, len(args))
	u8 := js.Global().Get("Uint8Array")
	for i, a := range args {
		switch {
		case a.Type() == js.TypeString:
			out[i] = a.String()
		case a.Type() == js.TypeObject && a.InstanceOf(u8):
			b := make([]byte, a.Length())
			js.CopyBytesToGo(b, a)
			out[i] = string(b)
		default:
			return nil, fmt.Errorf("argument %d is %s, not a string or bytes", i+1, a.Type())
		}
	}
	return out, nil
}
