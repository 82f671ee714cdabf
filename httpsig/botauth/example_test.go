package botauth_test

import (
	"fmt"
	"net/http"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/httpsig/botauth"
	"github.com/robotstxt/robotstxt/httpsig/keydir"
)

// A site that serves signed agents and tells the others apart.
func ExampleMiddleware() {
	keys, err := keydir.LoadFolder("testdata/keys") // saved directories, one per agent
	if err != nil {
		panic(err)
	}
	robots := robotstxt.ParseString("User-agent: *\nDisallow: /cart/\n")
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		res, _ := botauth.FromContext(r.Context())
		if res.Proves == "" {
			http.Error(w, "sign your requests (Web Bot Auth)", http.StatusForbidden)
			return
		}
		fmt.Fprintf(w, "hello, %s\n", res.Proves)
	})
	http.Handle("/", botauth.Middleware(botauth.Options{
		Keys:   keys,
		Robots: func(*http.Request) *robotstxt.Robots { return robots },
	}, handler))
	fmt.Println(keys.Len(), "agents known")
	// Output: 1 agents known
}
