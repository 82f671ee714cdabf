// Package keydir fetches, caches and saves Web Bot Auth key directories
// (draft-meunier-webbotauth-httpsig-directory): the JWK Sets at which
// signature agents publish their public keys.
//
// Fetcher gets a directory over HTTPS through a caller's client (Client
// builds one whose every dial passes a netguard policy, the fetcher's
// destination guard). It takes a 200 only, follows no redirect, bounds the
// body (httpsig.MaxDirectorySize) and the keys (httpsig.MaxDirectoryKeys),
// refuses any media type but the directory's and JSON, and honours HTTP
// caching (RFC 9111): a fresh answer is reused, a stale one revalidated
// with its validators.
//
// Folder keeps directories on disk, one file per signature agent named by
// its host (bot.example.json, bot.example_8443.json for another port).
// Each file is a JWK Set, with two members a JWKS reader ignores: "fetched"
// (when the keys were fetched) and "previous" (the earlier versions with
// their fetch times), so that an old log is checked against the keys of
// its day. A plain JWKS without them is valid at any time. Folder
// implements httpsig.Keys.
package keydir
