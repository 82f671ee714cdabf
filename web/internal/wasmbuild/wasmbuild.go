// Package wasmbuild builds the page's WebAssembly module reproducibly: the
// same sources and Go version give the same bytes. go generate (through
// ../genwasm) and the staleness test of package web both use it, so they
// cannot disagree about the flags.
package wasmbuild

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Names of the files Build writes.
const (
	WasmGz   = "robotstxt.wasm.gz" // the module, gzip-compressed
	WasmBr   = "robotstxt.wasm.br" // the module, brotli-compressed (by genwasm)
	WasmExec = "wasm_exec.js"      // Go's JavaScript support file, copied from GOROOT
	Manifest = "wasm.json"         // what was built, and with which Go
)

// Package is the import path of the module's main package.
const Package = "./web/wasm"

// Flags are the fixed build flags. -trimpath drops local paths, -s -w drop
// the symbol table and DWARF (the page never needs them), -buildvcs=false
// keeps the git state out, so a dirty checkout builds the same bytes.
var Flags = []string{"-trimpath", "-buildvcs=false", "-ldflags=-s -w"}

// Info is the manifest written next to the module.
type Info struct {
	Go     string `json:"go"`     // Go version that built it
	Bytes  int    `json:"bytes"`  // uncompressed size
	SHA256 string `json:"sha256"` // of the uncompressed module
}

// Build compiles the module from the module root dir with GOOS=js
// GOARCH=wasm and writes WasmGz, WasmExec and Manifest into out.
func Build(ctx context.Context, dir, out string) (Info, error) {
	goVersion, err := goEnv(ctx, dir, "GOVERSION")
	if err != nil {
		return Info{}, err
	}
	goroot, err := goEnv(ctx, dir, "GOROOT")
	if err != nil {
		return Info{}, err
	}
	tmp, err := os.MkdirTemp("", "robotstxt-wasm-")
	if err != nil {
		return Info{}, err
	}
	defer os.RemoveAll(tmp)
	wasmPath := filepath.Join(tmp, "robotstxt.wasm")
	args := append([]string{"build"}, Flags...)
	args = append(args, "-o", wasmPath, Package)
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	cmd.Env = Env()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return Info{}, fmt.Errorf("GOOS=js GOARCH=wasm go %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	wasm, err := os.ReadFile(wasmPath)
	if err != nil {
		return Info{}, err
	}
	gz, err := Gzip(wasm)
	if err != nil {
		return Info{}, err
	}
	execJS, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", WasmExec))
	if err != nil {
		return Info{}, fmt.Errorf("reading %s from GOROOT: %w", WasmExec, err)
	}
	sum := sha256.Sum256(wasm)
	info := Info{Go: goVersion, Bytes: len(wasm), SHA256: hex.EncodeToString(sum[:])}
	manifest, err := json.MarshalIndent(info, "", "  ")
	if err != nil {
		return Info{}, err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return Info{}, err
	}
	for name, data := range map[string][]byte{WasmGz: gz, WasmExec: execJS, Manifest: append(manifest, '\n')} {
		if err := writeFile(filepath.Join(out, name), data); err != nil {
			return Info{}, err
		}
	}
	return info, nil
}

// Env is the environment of the build: the caller's, with the target set and
// with GOFLAGS cleared, so that a developer's -race or -tags cannot change
// the bytes.
func Env() []string {
	var env []string
	for _, kv := range os.Environ() {
		switch k, _, _ := strings.Cut(kv, "="); k {
		case "GOOS", "GOARCH", "GOFLAGS", "CGO_ENABLED", "GOWASM":
			continue
		}
		env = append(env, kv)
	}
	return append(env, "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0", "GOFLAGS=")
}

// Gzip compresses data at the best level with an empty header (no name, no
// time), so the output depends on the input alone.
func Gzip(data []byte) ([]byte, error) {
	var b bytes.Buffer
	zw, err := gzip.NewWriterLevel(&b, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(data); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// ModuleRoot returns the directory of the main module's go.mod, as seen from
// dir.
func ModuleRoot(ctx context.Context, dir string) (string, error) {
	gomod, err := goEnv(ctx, dir, "GOMOD")
	if err != nil {
		return "", err
	}
	if gomod == "" || gomod == os.DevNull {
		return "", errors.New("not inside a Go module")
	}
	return filepath.Dir(gomod), nil
}

func goEnv(ctx context.Context, dir, name string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", "env", name)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// writeFile writes through a temporary file and a rename, so a reader (the
// Go build embedding the file) never sees half of it.
// WriteFile writes a file of the build atomically.
func WriteFile(path string, data []byte) error { return writeFile(path, data) }

func writeFile(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
