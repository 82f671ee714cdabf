// Package httpsig implements HTTP Message Signatures (RFC 9421) as Web Bot
// Auth uses them (draft-ietf-webbotauth-httpsig-protocol-01): a crawler
// signs each request it sends, and a site verifies that the request comes
// from the signature agent it names.
//
// The package has three layers:
//
//   - RFC 9421 itself: Message (the parts of a request a signature can
//     cover), ParseSignatures (the Signature-Input and Signature fields,
//     Dictionaries of Inner Lists with parameters, section 4), the
//     signature base (section 2.5) of the components Web Bot Auth uses
//     (@method, @target-uri, @authority, @scheme, @request-target, @path,
//     @query, header fields with their ;key and ;sf parameters), and the
//     algorithms ed25519, ecdsa-p256-sha256 and rsa-pss-sha512 (section 3.3).
//     hmac-sha256 is refused: a shared secret proves nothing to a third
//     party.
//   - Keys: JWK (RFC 7517) for Ed25519, P-256 and RSA public keys, the
//     RFC 7638 thumbprint, the key directory of
//     draft-meunier-webbotauth-httpsig-directory (a JWKS served as
//     application/http-message-signatures-directory+json), and private keys
//     read from a file only (a JWK or a PKCS#8 PEM), refused when the file
//     is readable by group or others.
//   - Web Bot Auth: Signer signs a request with a fresh signature covering
//     @authority and the Signature-Agent member, tag "web-bot-auth" and a
//     short validity; Verify checks a request at a given time (the
//     request's own, so that an old log is judged by its day), requires the
//     tag, created and expires, and looks the key up by (directory URL, key)
//     — keyid as given, then as the JWK thumbprint — never by keyid alone.
//
// Structured fields are parsed by internal/sfv (RFC 9651). The package
// imports the standard library only.
package httpsig
