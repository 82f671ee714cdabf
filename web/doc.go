// Package web holds the robots.txt analyser page: its HTML, CSS, JavaScript,
// message catalogues (English, Russian, Romanian) and the WebAssembly module
// built from the same Go packages as the command line (./wasm), all embedded
// in the binary with go:embed.
//
// Load returns the page as a static site: index.html, which is never cached
// for long, and the assets under v/<version>/, where the version is a hash of
// their content, so they can be cached for ever. "robotstxt serve" serves it
// and "robotstxt site DIR" writes it to a folder.
//
// # Rebuilding the WebAssembly module
//
// The module is committed gzip-compressed (static/assets/robotstxt.wasm.gz),
// with Go's wasm_exec.js and a manifest (wasm.json). After changing any Go
// code the page uses, rebuild them with one command from the module root:
//
//	go generate ./web/...
//
// which runs GOOS=js GOARCH=wasm go build -trimpath -buildvcs=false
// -ldflags="-s -w" ./web/wasm: the same sources and Go version give the same
// bytes. TestWasmIsCurrent rebuilds the module and fails when the embedded
// copy differs (under CI=true it never skips), so a stale module cannot land.
//
// # What the page reads
//
// An opened, dropped or linked file is analysed as its bytes (passed to
// the module as a Uint8Array), exactly as the command line reads it, until
// the text is edited; permalinks carry those bytes, compressed, with a
// CRC-32, so a cut link is refused rather than answered. docs/page.md
// describes the page, the permalink format and the module's functions.
//
// # Privacy
//
// Everything the page does runs in the browser. ContentSecurityPolicy lets
// it load its own scripts and WebAssembly and nothing else, and the page
// keeps the robots.txt text in the URL fragment, which browsers never send,
// and in the browser's local storage.
package web
