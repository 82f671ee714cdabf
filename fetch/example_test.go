package fetch_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/netguard"
)

func ExampleFetcher_Fetch() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "User-agent: *\nDisallow: /private/\n")
	}))
	defer srv.Close()

	// The test server is on loopback, which the destination guard refuses
	// unless told otherwise.
	f := &fetch.Fetcher{UserAgent: "ExampleBot/1.0", Guard: &netguard.Policy{AllowPrivate: true}}
	// Any URL of the origin: the policy is at its /robots.txt.
	p, err := f.Fetch(context.Background(), srv.URL+"/private/report.pdf")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Status, p.HTTPStatus, len(p.Body), "bytes")
	fmt.Println(p.Robots().Allowed("ExampleBot", "/private/report.pdf"))
	// Output:
	// success 200 34 bytes
	// false
}

func ExampleFetcher_Fetch_guard() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "User-agent: *\nDisallow: /private/\n")
	}))
	defer srv.Close()

	// The zero Fetcher refuses to dial loopback, private and link-local
	// addresses: a robots.txt URL or a redirect must not reach the
	// crawler's own network.
	p, err := (&fetch.Fetcher{}).Fetch(context.Background(), srv.URL)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Status, p.RefusedReason)
	// Output:
	// refused loopback
}

func ExampleOrigin() {
	for _, u := range []string{"HTTPS://Example.COM:443/a?b", "http://example.com:8080/", "ftp://example.com/"} {
		o, err := fetch.Origin(u)
		fmt.Printf("%q %v\n", o, err)
	}
	// Output:
	// "https://example.com" <nil>
	// "http://example.com:8080" <nil>
	// "" scheme "ftp" is not http or https
}

func ExampleFetcher_Open() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "https://example.com/a\nhttps://example.com/b\n")
	}))
	defer srv.Close()

	f := &fetch.Fetcher{Guard: &netguard.Policy{AllowPrivate: true}}
	// The URL itself, not its origin's robots.txt: a sitemap, say.
	doc, err := f.Open(context.Background(), srv.URL+"/sitemap.txt")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer doc.Body.Close()
	body, err := io.ReadAll(io.LimitReader(doc.Body, 1<<20)) // the caller bounds the size
	fmt.Println(doc.HTTPStatus, len(body), "bytes", err)
	// Output: 200 44 bytes <nil>
}
