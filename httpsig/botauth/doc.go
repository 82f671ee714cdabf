// Package botauth is Web Bot Auth for Go servers: a net/http middleware
// that tells each request's handler which crawler or agent the request
// proves it comes from (a verified HTTP Message Signature,
// draft-ietf-webbotauth-httpsig-protocol-01) and whether the site's
// robots.txt allows it the URL.
//
// Middleware puts a *Result in the request's context (FromContext); it
// never answers a request itself, so the handler decides what to do with a
// spoofed signature or an unknown agent. Check gives the same Result for
// one request without the middleware ("robotstxt serve" answers it at
// /api/v1/identify).
//
// It sits under httpsig, the signature verifier it is a face of, rather
// than in verify, which keeps to the standard library and to IP lists and
// DNS. Keys come from saved directories (keydir.Folder) or are fetched as
// requests name them (keydir.Live).
package botauth
