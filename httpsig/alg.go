package httpsig

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/sha512"
	"errors"
	"fmt"
	"math/big"
)

// The algorithms of RFC 9421 section 3.3 this package signs and verifies
// with. Ed25519 is the one Web Bot Auth requires.
const (
	Ed25519   = "ed25519"
	ECDSAP256 = "ecdsa-p256-sha256"
	RSAPSS    = "rsa-pss-sha512"
)

var (
	// ErrBadSignature is a signature that does not verify.
	ErrBadSignature = errors.New("httpsig: signature does not verify")
	// ErrHMAC refuses hmac-sha256 (RFC 9421 section 3.3.3): a shared
	// secret cannot prove a crawler's identity to a site.
	ErrHMAC = errors.New("httpsig: hmac-sha256 refused: a shared secret proves no identity")
	// ErrKeyType is a key of a type or curve this package does not use.
	ErrKeyType = errors.New("httpsig: unsupported key type")
)

// PublicKey is a verification key and its algorithm.
type PublicKey struct {
	Alg string
	Key crypto.PublicKey // ed25519.PublicKey, *ecdsa.PublicKey (P-256) or *rsa.PublicKey
}

// NewPublicKey returns k with the algorithm its type implies: ed25519,
// ecdsa-p256-sha256, or rsa-pss-sha512 for RSA (Web Bot Auth directories
// publish RSA keys for PSS).
func NewPublicKey(k crypto.PublicKey) (PublicKey, error) {
	switch k := k.(type) {
	case ed25519.PublicKey:
		if len(k) != ed25519.PublicKeySize {
			return PublicKey{}, ErrKeyType
		}
		return PublicKey{Alg: Ed25519, Key: k}, nil
	case *ecdsa.PublicKey:
		if k.Curve != elliptic.P256() {
			return PublicKey{}, fmt.Errorf("%w: ECDSA curve %s", ErrKeyType, k.Curve.Params().Name)
		}
		return PublicKey{Alg: ECDSAP256, Key: k}, nil
	case *rsa.PublicKey:
		if k.N.BitLen() < 2048 {
			return PublicKey{}, fmt.Errorf("%w: RSA key of %d bits", ErrKeyType, k.N.BitLen())
		}
		return PublicKey{Alg: RSAPSS, Key: k}, nil
	}
	return PublicKey{}, fmt.Errorf("%w: %T", ErrKeyType, k)
}

func (p PublicKey) verify(base, sig []byte) error {
	ok := false
	switch k := p.Key.(type) {
	case ed25519.PublicKey:
		// section 3.3.6; ed25519.Verify panics on a key of another size
		ok = p.Alg == Ed25519 && len(k) == ed25519.PublicKeySize && ed25519.Verify(k, base, sig)
	case *ecdsa.PublicKey:
		if p.Alg == ECDSAP256 && len(sig) == 64 && k.Curve == elliptic.P256() && validPoint(k) { // section 3.3.4: r || s, 32 bytes each
			h := sha256.Sum256(base)
			r, s := new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])
			ok = ecdsa.Verify(k, h[:], r, s)
		}
	case *rsa.PublicKey:
		if p.Alg == RSAPSS && k.N != nil && k.N.BitLen() >= 2048 { // section 3.3.1: SHA-512, 64-byte salt
			h := sha512.Sum512(base)
			ok = rsa.VerifyPSS(k, crypto.SHA512, h[:], sig, &rsa.PSSOptions{SaltLength: 64}) == nil
		}
	}
	if !ok {
		return ErrBadSignature
	}
	return nil
}

// Signer is a private key and its algorithm.
type Signer struct {
	Alg string
	Key crypto.Signer // ed25519.PrivateKey, *ecdsa.PrivateKey (P-256) or *rsa.PrivateKey
}

// NewSigner returns k with the algorithm its type implies.
func NewSigner(k crypto.Signer) (Signer, error) {
	pub, err := NewPublicKey(k.Public())
	if err != nil {
		return Signer{}, err
	}
	return Signer{Alg: pub.Alg, Key: k}, nil
}

// Public returns the signer's public key.
func (s Signer) Public() PublicKey { return PublicKey{Alg: s.Alg, Key: s.Key.Public()} }

func (s Signer) sign(base []byte) ([]byte, error) {
	switch k := s.Key.(type) {
	case ed25519.PrivateKey:
		if s.Alg == Ed25519 {
			return ed25519.Sign(k, base), nil
		}
	case *ecdsa.PrivateKey:
		if s.Alg == ECDSAP256 {
			h := sha256.Sum256(base)
			r, sv, err := ecdsa.Sign(rand.Reader, k, h[:])
			if err != nil {
				return nil, err
			}
			out := make([]byte, 64)
			r.FillBytes(out[:32])
			sv.FillBytes(out[32:])
			return out, nil
		}
	case *rsa.PrivateKey:
		if s.Alg == RSAPSS {
			h := sha512.Sum512(base)
			return rsa.SignPSS(rand.Reader, k, crypto.SHA512, h[:], &rsa.PSSOptions{SaltLength: 64})
		}
	}
	return nil, fmt.Errorf("%w: %T for %q", ErrKeyType, s.Key, s.Alg)
}

// validPoint reports whether k is a point of its curve (a hand-made key
// may hold none, and ecdsa.Verify would panic on it).
func validPoint(k *ecdsa.PublicKey) bool {
	_, err := k.Bytes()
	return err == nil
}
