// Command genwasm rebuilds the page's WebAssembly module, writes it gzip-
// and brotli-compressed (with andybalholm/brotli, a pure-Go port of the
// reference encoder) and copies Go's wasm_exec.js next to it. It is run by "go generate ./web/..." from the web
// directory:
//
//	go run ./internal/genwasm -o static/assets
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/andybalholm/brotli"

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
	if err := writeBrotli(dir); err != nil {
		fail(err)
	}
	fmt.Printf("genwasm: wrote %s and %s (%d bytes, %s) with %s\n", filepath.Join(*out, wasmbuild.WasmGz), wasmbuild.WasmBr, info.Bytes, info.SHA256[:12], info.Go)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "genwasm:", err)
	os.Exit(1)
}

// compressBrotli compresses data at brotli's best quality (11) with a 16 MiB
// window: a quarter smaller than gzip for the module. It is slow (about a
// minute on a loaded machine) and only go generate needs it, so it lives
// here rather than in package wasmbuild, which every binary that embeds
// the page links. The encoder is deterministic; web's TestWasmBrotliIsCurrent
// checks that the committed copy decodes to the module.
func compressBrotli(data []byte) ([]byte, error) {
	var b bytes.Buffer
	zw := brotli.NewWriterOptions(&b, brotli.WriterOptions{Quality: brotli.BestCompression, LGWin: 24})
	if _, err := zw.Write(data); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// writeBrotli writes wasmbuild.WasmBr into out, from the WasmGz that
// wasmbuild.Build wrote there.
func writeBrotli(out string) error {
	gz, err := os.ReadFile(filepath.Join(out, wasmbuild.WasmGz))
	if err != nil {
		return err
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return err
	}
	var wasm bytes.Buffer
	if _, err := wasm.ReadFrom(zr); err != nil {
		return err
	}
	br, err := compressBrotli(wasm.Bytes())
	if err != nil {
		return err
	}
	return wasmbuild.WriteFile(filepath.Join(out, wasmbuild.WasmBr), br)
}
