package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt/httpsig"
)

// newTestKey runs "keys new" into a temporary folder and returns the key
// file and the directory printed.
func newTestKey(t *testing.T, name string, args ...string) (string, *httpsig.Directory) {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	out, errOut, code := runCLI(t, "", append([]string{"keys", "new", path}, args...)...)
	if code != 0 {
		t.Fatalf("keys new: exit %d: %s", code, errOut)
	}
	dir, err := httpsig.ParseDirectory([]byte(out))
	if err != nil {
		t.Fatalf("keys new printed no directory: %v\n%s", err, out)
	}
	return path, dir
}

// TestKeysNew: the private key file is created 0600, never over an
// existing file, in either form; the directory printed holds the public
// key alone, its RFC 7638 thumbprint as kid
// (draft-meunier-webbotauth-httpsig-directory section 4).
func TestKeysNew(t *testing.T) {
	for _, form := range []struct {
		name string
		args []string
		head string
	}{{"jwk", nil, "{"}, {"pem", []string{"--pem"}, "-----BEGIN PRIVATE KEY-----"}} {
		t.Run(form.name, func(t *testing.T) {
			path, dir := newTestKey(t, "key."+form.name, form.args...)
			st, err := os.Stat(path)
			if err != nil || st.Mode().Perm() != 0o600 {
				t.Fatalf("key file mode %v, %v; want 0600", st.Mode(), err)
			}
			data, _ := os.ReadFile(path)
			if !strings.HasPrefix(string(data), form.head) {
				t.Errorf("key file starts %.30q, want %q", data, form.head)
			}
			s, err := httpsig.ReadPrivateKey(path)
			if err != nil {
				t.Fatal(err)
			}
			if len(dir.Keys) != 1 || dir.Keys[0].D != "" {
				t.Fatalf("directory %+v: want one public key", dir.Keys)
			}
			pub, _ := httpsig.PublicJWK(s.Public())
			tp, _ := pub.Thumbprint()
			if dir.Keys[0].Kid != tp || dir.Keys[0].X != pub.X {
				t.Errorf("directory key %+v, want x %s kid %s", dir.Keys[0], pub.X, tp)
			}
			if _, _, ok := dir.Find(tp); !ok {
				t.Error("the directory does not find the key by its thumbprint")
			}
			// Never over an existing file: the key stays as it was.
			_, errOut, code := runCLI(t, "", append([]string{"keys", "new", path}, form.args...)...)
			if code != 2 || !strings.Contains(errOut, "never overwritten") {
				t.Errorf("second keys new: exit %d, %q", code, errOut)
			}
			if again, _ := os.ReadFile(path); string(again) != string(data) {
				t.Error("keys new changed an existing key file")
			}
		})
	}
}

// TestKeysShow: the directory lists every key given (a rotation holds
// two), a key given twice once; a public JWK may stand for a key; a
// private key that others can read is refused and its content never
// printed.
func TestKeysShow(t *testing.T) {
	oldKey, oldDir := newTestKey(t, "old.jwk")
	newKey, newDir := newTestKey(t, "new.pem", "--pem")
	oldKid, newKid := oldDir.Keys[0].Kid, newDir.Keys[0].Kid
	pubFile := filepath.Join("testdata", "docs", "docs", "crawler-side", "examplebot.pub.jwk")
	const pubKid = "4wApKfeYlFCIzclzwGDtaYV6kdQ0E-zVSGdVOg_TciE"
	loose := filepath.Join(t.TempDir(), "loose.jwk")
	data, _ := os.ReadFile(oldKey)
	if err := os.WriteFile(loose, data, 0o640); err != nil {
		t.Fatal(err)
	}
	secret := string(data[strings.Index(string(data), `"d"`):])
	for _, tc := range []struct {
		name string
		args []string
		kids []string
		code int
		err  string
	}{
		{"rotation: both keys listed", []string{oldKey, newKey}, []string{oldKid, newKid}, 0, ""},
		{"a key given twice is listed once", []string{newKey, newKey, oldKey}, []string{newKid, oldKid}, 0, ""},
		{"a public JWK", []string{pubFile, newKey}, []string{pubKid, newKid}, 0, ""},
		{"readable by the group: refused", []string{newKey, loose}, nil, 2, "can be read by other users"},
		{"missing file", []string{filepath.Join(t.TempDir(), "none")}, nil, 2, "no such file"},
		{"no key", nil, nil, 2, "at least one key"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", append([]string{"keys", "show"}, tc.args...)...)
			if code != tc.code || !strings.Contains(errOut, tc.err) {
				t.Fatalf("exit %d, stderr %q; want %d, %q", code, errOut, tc.code, tc.err)
			}
			if strings.Contains(out+errOut, secret[:20]) || strings.Contains(out, `"d"`) {
				t.Fatal("private key material printed")
			}
			if tc.code != 0 {
				return
			}
			dir, err := httpsig.ParseDirectory([]byte(out))
			if err != nil {
				t.Fatal(err)
			}
			var kids []string
			for _, k := range dir.Keys {
				kids = append(kids, k.Kid)
			}
			if strings.Join(kids, " ") != strings.Join(tc.kids, " ") {
				t.Errorf("kids %v, want %v", kids, tc.kids)
			}
		})
	}
}

func TestKeysUsage(t *testing.T) {
	for _, args := range [][]string{{"keys"}, {"keys", "rotate"}, {"keys", "new"}, {"keys", "new", "a", "b"}, {"keys", "show", "--pem", "x"}} {
		if _, errOut, code := runCLI(t, "", args...); code != 2 || errOut == "" {
			t.Errorf("%v: exit %d, %q; want a usage error", args, code, errOut)
		}
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
