package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt/httpsig"
)

// TestKeys: keys new writes a private key its owner alone can read and
// prints the directory to publish; keys show prints the directory of one or
// two keys (a rotation); the private key is never printed.
func TestKeys(t *testing.T) {
	dir := t.TempDir()
	jwkPath, pemPath := filepath.Join(dir, "key.json"), filepath.Join(dir, "key.pem")
	stdout, stderr, code := runCLI(t, "", "keys", "new", jwkPath)
	if code != 0 {
		t.Fatalf("keys new: %d %s", code, stderr)
	}
	st, err := os.Stat(jwkPath)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v %v", st, err)
	}
	var priv httpsig.JWK
	data, _ := os.ReadFile(jwkPath)
	if err := json.Unmarshal(data, &priv); err != nil || priv.D == "" {
		t.Fatalf("key file: %s", data)
	}
	d, err := httpsig.ParseDirectory([]byte(stdout))
	if err != nil || len(d.Keys) != 1 || d.Keys[0].Kid != priv.Kid || d.Keys[0].D != "" {
		t.Fatalf("directory %s: %v", stdout, err)
	}
	if want, _ := d.Keys[0].Thumbprint(); d.Keys[0].Kid != want {
		t.Errorf("kid %s is not the thumbprint %s", d.Keys[0].Kid, want)
	}
	if strings.Contains(stdout+stderr, priv.D) {
		t.Error("the private key was printed")
	}
	if _, _, code := runCLI(t, "", "keys", "new", jwkPath); code != 2 {
		t.Errorf("overwrite: exit %d", code)
	}
	if _, stderr, code := runCLI(t, "", "keys", "new", "--pem", pemPath); code != 0 {
		t.Fatalf("keys new --pem: %d %s", code, stderr)
	}
	if _, err := httpsig.ReadPrivateKey(pemPath); err != nil {
		t.Errorf("PEM key: %v", err)
	}
	stdout, _, code = runCLI(t, "", "keys", "show", jwkPath, pemPath)
	if d, err := httpsig.ParseDirectory([]byte(stdout)); code != 0 || err != nil || d.Usable() != 2 {
		t.Errorf("keys show two keys: %d %s", code, stdout)
	}
	os.Chmod(pemPath, 0o644)
	if _, stderr, code := runCLI(t, "", "keys", "show", pemPath); code != 2 || !strings.Contains(stderr, "chmod 600") {
		t.Errorf("a key others can read: %d %s", code, stderr)
	}
}

// TestKeysFetch: the destination guard refuses loopback unless allowed,
// only https directories are fetched, and a failure writes nothing.
func TestKeysFetch(t *testing.T) {
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", httpsig.MediaType)
		w.Write([]byte(`{"keys":[]}`))
	}))
	defer srv.Close()
	dir := filepath.Join(t.TempDir(), "key-dirs")
	_, stderr, code := runCLI(t, "", "keys", "fetch", srv.URL, "http://agent.example", "--key-dirs", dir)
	if code != 1 || !strings.Contains(stderr, "loopback") || !strings.Contains(stderr, "not an https URL") || strings.Count(stderr, "nothing written") != 2 {
		t.Errorf("exit %d\n%s", code, stderr)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("written: %v", entries)
	}
	if _, _, code := runCLI(t, "", "keys", "fetch", srv.URL); code != 2 {
		t.Errorf("without --key-dirs: exit %d", code)
	}
}
