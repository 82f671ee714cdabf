package pagetesting

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"fmt"
	"hash/crc32"
	"io"
	"strings"
	"testing"
)

// Commas writes n with thousands separators, as the English page does.
func Commas(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// FragmentKeys splits a permalink's fragment into its keys.
func FragmentKeys(t *testing.T, frag string) map[string]string {
	t.Helper()
	keys := map[string]string{}
	for _, part := range strings.Split(frag, "&") {
		k, v, _ := strings.Cut(part, "=")
		keys[k] = v
	}
	return keys
}

// LinkBytes decodes a version-2 link's file and checks its CRC-32.
func LinkBytes(t *testing.T, keys map[string]string) []byte {
	t.Helper()
	raw, err := base64.RawURLEncoding.DecodeString(keys["robots"])
	if err != nil {
		t.Fatalf("robots=%q: %v", keys["robots"], err)
	}
	if keys["z"] == "1" {
		if raw, err = io.ReadAll(flate.NewReader(bytes.NewReader(raw))); err != nil {
			t.Fatalf("inflating the link: %v", err)
		}
	}
	if want := fmt.Sprintf("%08x", crc32.ChecksumIEEE(raw)); keys["crc"] != want {
		t.Errorf("crc=%s, want %s", keys["crc"], want)
	}
	return raw
}

// FlateBase64 compresses data as the page's links do (raw deflate, then
// base64url).
func FlateBase64(t *testing.T, data []byte) string {
	t.Helper()
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, flate.BestCompression)
	w.Write(data)
	w.Close()
	return base64.RawURLEncoding.EncodeToString(b.Bytes())
}
