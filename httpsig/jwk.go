package httpsig

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
)

// ErrJWK wraps every error about a JSON Web Key.
var ErrJWK = errors.New("httpsig: JWK")

// JWK is a JSON Web Key (RFC 7517) of the types Web Bot Auth directories
// publish: OKP Ed25519 (RFC 8037), EC P-256 and RSA (RFC 7518 section 6).
// D is set only in a private key.
type JWK struct {
	Kty string `json:"kty"`
	Crv string `json:"crv,omitempty"`
	Kid string `json:"kid,omitempty"`
	Alg string `json:"alg,omitempty"`
	Use string `json:"use,omitempty"`
	X   string `json:"x,omitempty"`
	Y   string `json:"y,omitempty"`
	N   string `json:"n,omitempty"`
	E   string `json:"e,omitempty"`
	D   string `json:"d,omitempty"`
}

func b64(s string) ([]byte, error) { return base64.RawURLEncoding.DecodeString(s) }

// PublicKey returns the verification key of k.
func (k JWK) PublicKey() (PublicKey, error) {
	switch k.Kty {
	case "OKP":
		x, err := b64(k.X)
		if k.Crv != "Ed25519" || err != nil || len(x) != ed25519.PublicKeySize {
			return PublicKey{}, fmt.Errorf("%w: OKP key is not an Ed25519 key", ErrJWK)
		}
		return PublicKey{Alg: Ed25519, Key: ed25519.PublicKey(x)}, nil
	case "EC":
		x, errX := b64(k.X)
		y, errY := b64(k.Y)
		if k.Crv != "P-256" || errX != nil || errY != nil || len(x) != 32 || len(y) != 32 {
			return PublicKey{}, fmt.Errorf("%w: EC key is not a P-256 key", ErrJWK)
		}
		// Validate the point through the uncompressed encoding.
		pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), append(append([]byte{4}, x...), y...))
		if err != nil {
			return PublicKey{}, fmt.Errorf("%w: EC point: %v", ErrJWK, err)
		}
		return PublicKey{Alg: ECDSAP256, Key: pub}, nil
	case "RSA":
		n, errN := b64(k.N)
		e, errE := b64(k.E)
		if errN != nil || errE != nil || len(e) == 0 || len(e) > 4 {
			return PublicKey{}, fmt.Errorf("%w: RSA key", ErrJWK)
		}
		pub := &rsa.PublicKey{N: new(big.Int).SetBytes(n), E: int(new(big.Int).SetBytes(e).Int64())}
		return NewPublicKey(pub)
	case "oct":
		return PublicKey{}, ErrHMAC
	}
	return PublicKey{}, fmt.Errorf("%w: key type %q", ErrJWK, k.Kty)
}

// Thumbprint returns the JWK SHA-256 thumbprint of k (RFC 7638),
// base64url without padding: the keyid Web Bot Auth signers send.
func (k JWK) Thumbprint() (string, error) {
	// Section 3.2: the required members only, in lexicographic order, no
	// whitespace. The values are base64url or fixed names, which
	// json.Marshal writes without escapes.
	var v any
	switch k.Kty {
	case "OKP":
		v = struct {
			Crv string `json:"crv"`
			Kty string `json:"kty"`
			X   string `json:"x"`
		}{k.Crv, k.Kty, k.X}
	case "EC":
		v = struct {
			Crv string `json:"crv"`
			Kty string `json:"kty"`
			X   string `json:"x"`
			Y   string `json:"y"`
		}{k.Crv, k.Kty, k.X, k.Y}
	case "RSA":
		v = struct {
			E   string `json:"e"`
			Kty string `json:"kty"`
			N   string `json:"n"`
		}{k.E, k.Kty, k.N}
	default:
		return "", fmt.Errorf("%w: no thumbprint for key type %q", ErrJWK, k.Kty)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "", err
	}
	sum := sha256.Sum256(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
	return base64.RawURLEncoding.EncodeToString(sum[:]), nil
}

// PublicJWK returns the JWK of a public key, without kid.
func PublicJWK(pub PublicKey) (JWK, error) {
	switch k := pub.Key.(type) {
	case ed25519.PublicKey:
		return JWK{Kty: "OKP", Crv: "Ed25519", X: base64.RawURLEncoding.EncodeToString(k)}, nil
	case *ecdsa.PublicKey:
		b, err := k.Bytes()
		if err != nil || len(b) != 65 {
			return JWK{}, fmt.Errorf("%w: EC key", ErrJWK)
		}
		return JWK{Kty: "EC", Crv: "P-256", X: base64.RawURLEncoding.EncodeToString(b[1:33]),
			Y: base64.RawURLEncoding.EncodeToString(b[33:])}, nil
	case *rsa.PublicKey:
		return JWK{Kty: "RSA", N: base64.RawURLEncoding.EncodeToString(k.N.Bytes()),
			E: base64.RawURLEncoding.EncodeToString(big.NewInt(int64(k.E)).Bytes())}, nil
	}
	return JWK{}, fmt.Errorf("%w: %T", ErrKeyType, pub.Key)
}

// PrivateJWK returns the JWK of an Ed25519 private key, its thumbprint as
// kid.
func PrivateJWK(k ed25519.PrivateKey) JWK {
	j, _ := PublicJWK(PublicKey{Alg: Ed25519, Key: k.Public()})
	j.Kid, _ = j.Thumbprint()
	j.D = base64.RawURLEncoding.EncodeToString(k.Seed())
	return j
}

// signer returns the private key of a JWK that has one (Ed25519 only).
func (k JWK) signer() (Signer, error) {
	if k.Kty != "OKP" || k.Crv != "Ed25519" {
		return Signer{}, fmt.Errorf("%w: private keys are read for Ed25519 only, not %s %s", ErrJWK, k.Kty, k.Crv)
	}
	d, err := b64(k.D)
	if err != nil || len(d) != ed25519.SeedSize {
		return Signer{}, fmt.Errorf("%w: \"d\" is not an Ed25519 seed", ErrJWK)
	}
	priv := ed25519.NewKeyFromSeed(d)
	if k.X != "" {
		x, err := b64(k.X)
		if err != nil || !bytes.Equal(x, priv.Public().(ed25519.PublicKey)) {
			return Signer{}, fmt.Errorf("%w: \"x\" is not the public key of \"d\"", ErrJWK)
		}
	}
	return Signer{Alg: Ed25519, Key: priv}, nil
}
