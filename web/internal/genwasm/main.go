// Command genwasm rebuilds the page's WebAssembly module and copies Go's
// wasm_exec.js next to it. It is run by "go generate ./web/..." from the web
// directory:
//
//	go run ./internal/genwasm -o static/assets
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/robotstxt/robotstxt/web/internal/wasmbuild"
)

func main() {
	out := flag.String("o", "static/assets", "output `directory`")
	flag.Parse()
	ctx := context.Background()
	root, err := wasmbuild.ModuleRoot(ctx, ".")
	if err != nil {
		fail(err)
	}
	dir, err := filepath.Abs(*out)
	if err != nil {
		fail(err)
	}
	info, err := wasmbuild.Build(ctx, root, dir)
	if err != nil {
		fail(err)
	}
	fmt.Printf("genwasm: wrote %s (%d bytes, %s) with %s\n", filepath.Join(*out, wasmbuild.WasmGz), info.Bytes, info.SHA256[:12], info.Go)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "genwasm:", err)
	os.Exit(1)
}
