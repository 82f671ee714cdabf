package keydir

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/httpsig"
)

// FuzzFolderFile: any saved file loads or fails with an error, and a
// loaded one answers for every time.
func FuzzFolderFile(f *testing.F) {
	f.Add([]byte(`{"keys":[],"fetched":"2026-01-01T00:00:00Z","previous":[{"fetched":"2025-01-01T00:00:00Z","keys":[]}]}`))
	f.Add(httpsig.NewDirectory(jwk(1)).Marshal())
	dir := f.TempDir()
	p := filepath.Join(dir, "bot.example.json")
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		fl, err := LoadFolder(dir)
		if err != nil {
			return
		}
		for u := range fl.agents {
			for _, at := range []time.Time{{}, time.Unix(0, 0), time.Unix(1<<40, 0)} {
				if _, err := fl.Directory(u, at); err != nil {
					t.Fatal(err)
				}
			}
		}
	})
}
