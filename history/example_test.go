package history_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/robotstxt/robotstxt/history"
)

func Example() {
	dir, _ := os.MkdirTemp("", "history")
	defer os.RemoveAll(dir)
	st, err := history.Open(filepath.Join(dir, "watch.db"))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer st.Close()
	ctx := context.Background()
	at := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	for i, o := range []history.Observation{
		{Status: "success", HTTPStatus: 200, Digest: "sha256:aa", Body: []byte("User-agent: *\nDisallow:\n")},
		{Status: "success", HTTPStatus: 200, Digest: "sha256:aa", Body: []byte("User-agent: *\nDisallow:\n")},
		{Status: "unreachable", HTTPStatus: 503},
	} {
		o.URL, o.At = "https://example.com/robots.txt", at.Add(time.Duration(i)*time.Hour)
		_, cur, changed, _ := st.Record(ctx, o)
		fmt.Println(cur.N, changed)
	}
	vs, _ := st.Versions(ctx, "https://example.com/robots.txt")
	for _, v := range vs {
		fmt.Println(v.N, v.Status, v.FirstSeen.Format(time.Kitchen), v.LastSeen.Format(time.Kitchen))
	}
	// Output:
	// 1 true
	// 1 false
	// 2 true
	// 1 success 12:00AM 1:00AM
	// 2 unreachable 2:00AM 2:00AM
}
