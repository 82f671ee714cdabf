// Package server is the HTTP side of "robotstxt serve": it serves the
// analyser page embedded in package web and a small JSON API for programs
// that cannot run WebAssembly.
//
// # The page
//
// GET / returns index.html (Cache-Control: no-cache, with an ETag);
// GET /v/<version>/<file> returns the page's assets, whose paths change
// with their content, so they are cached for a year as immutable. Text
// assets and the WebAssembly module are sent gzip-compressed to clients that
// accept it; the module is stored compressed and sent as is, with
// Content-Type application/wasm. Every response carries the page's
// Content-Security-Policy (web.ContentSecurityPolicy), nosniff and
// no-referrer headers.
//
// # The API
//
// Requests are JSON (Content-Type application/json, or none), or the
// robots.txt itself as text/plain with the other parameters in the query
// string. Bodies are limited to Options.MaxBody bytes (413 beyond);
// malformed or incomplete requests get 400, other content types 415, wrong
// methods 405, always with a JSON body {"error": "..."}.
//
//	POST /api/v1/parse  {"robots": "..."}
//	  -> the document of "robotstxt parse --json"
//	POST /api/v1/check  {"robots": "...", "agents": ["Googlebot"], "urls": ["/x"], "exact": false}
//	  -> a JSON array with one object per URL and agent (URL-major, as the
//	     lines of "robotstxt check --json")
//	POST /api/v1/lint   {"robots": "...", "lang": "en"}
//	  -> {"files": [{"file": "robots.txt", ...}], "counts": ...}, as "robotstxt lint --json"
//	GET  /healthz       -> {"status": "ok"}
//
// With text/plain: POST /api/v1/check?agent=Googlebot&url=/x (agent and url
// repeatable, exact=true), /api/v1/lint?lang=ru, /api/v1/parse.
//
// The server logs one line per request (time, client, method, path,
// status, bytes, duration) and never logs request bodies.
package server
