//go:build !js

package main

import (
	"fmt"
	"os"
)

// On any platform but js/wasm there is nothing to run: the module only makes
// sense inside the page (build it with "go generate ./web/...").
func main() {
	fmt.Fprintln(os.Stderr, "web/wasm is the page's WebAssembly module: build it with GOOS=js GOARCH=wasm (go generate ./web/...)")
	os.Exit(2)
}
