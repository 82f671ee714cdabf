package httpsig

import (
	"bytes"
	"crypto/ed25519"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
)

// ErrKeyFile wraps every error about a private key file. Its messages name
// the file, never its content.
var ErrKeyFile = errors.New("httpsig: private key file")

const maxKeyFile = 64 << 10

// ReadPrivateKey reads an Ed25519 private key from a file: a JWK (with
// "d") or a PEM "PRIVATE KEY" block (PKCS#8). A file that group or others
// can read (mode & 0o077) is refused: a signing key proves who the crawler
// is, and anyone who can read it can be that crawler.
func ReadPrivateKey(path string) (Signer, error) {
	f, err := os.Open(path)
	if err != nil {
		return Signer{}, fmt.Errorf("%w: %v", ErrKeyFile, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return Signer{}, fmt.Errorf("%w: %v", ErrKeyFile, err)
	}
	if !st.Mode().IsRegular() {
		return Signer{}, fmt.Errorf("%w: %s is not a regular file", ErrKeyFile, path)
	}
	if runtime.GOOS != "windows" && st.Mode().Perm()&0o077 != 0 {
		return Signer{}, fmt.Errorf("%w: %s can be read by other users (mode %04o); chmod 600 it", ErrKeyFile, path, st.Mode().Perm())
	}
	data, err := io.ReadAll(io.LimitReader(f, maxKeyFile+1))
	if err != nil {
		return Signer{}, fmt.Errorf("%w: %v", ErrKeyFile, err)
	}
	if len(data) > maxKeyFile {
		return Signer{}, fmt.Errorf("%w: %s is larger than %d bytes", ErrKeyFile, path, maxKeyFile)
	}
	s, err := ParsePrivateKey(data)
	if err != nil {
		return Signer{}, fmt.Errorf("%w: %s: %v", ErrKeyFile, path, err)
	}
	return s, nil
}

// ParsePrivateKey parses an Ed25519 private key, a JWK or a PKCS#8 PEM.
// Its errors never quote the data.
func ParsePrivateKey(data []byte) (Signer, error) {
	trimmed := bytes.TrimSpace(data)
	if bytes.HasPrefix(trimmed, []byte("{")) {
		var k JWK
		if err := json.Unmarshal(trimmed, &k); err != nil {
			return Signer{}, errors.New("not a JSON Web Key")
		}
		return k.signer()
	}
	block, _ := pem.Decode(trimmed)
	if block == nil {
		return Signer{}, errors.New("neither a JWK nor a PEM file")
	}
	if block.Type != "PRIVATE KEY" {
		return Signer{}, fmt.Errorf("PEM block %q, want \"PRIVATE KEY\" (PKCS#8)", block.Type)
	}
	k, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return Signer{}, errors.New("PEM block is not a PKCS#8 private key")
	}
	priv, ok := k.(ed25519.PrivateKey)
	if !ok {
		return Signer{}, fmt.Errorf("%w: %T, want Ed25519", ErrKeyType, k)
	}
	return Signer{Alg: Ed25519, Key: priv}, nil
}

// MarshalPrivateKeyPEM returns the PKCS#8 PEM of an Ed25519 private key.
func MarshalPrivateKeyPEM(k ed25519.PrivateKey) []byte {
	der, _ := x509.MarshalPKCS8PrivateKey(k)
	return pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})
}
