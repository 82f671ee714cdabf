// Command temotocheck is the check command of the bench's CLI comparison
// built on github.com/temoto/robotstxt: it reads a robots.txt and a file of
// URLs (one per line) and prints, for each URL, the agent, the URL and
// whether it is allowed, as JSON lines (--json) or text. It exists only to
// be timed against "robotstxt check". temoto matches paths, so a full URL is
// reduced to its path and query first, as a crawler using temoto must.
//
//	temotocheck -f robots.txt -a Googlebot --urls urls.txt [--json]
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"net/url"
	"os"
	"strings"

	temoto "github.com/temoto/robotstxt"
)

func main() {
	file := flag.String("f", "", "robots.txt file")
	agent := flag.String("a", "", "agent")
	urls := flag.String("urls", "", "file of URLs, one per line")
	asJSON := flag.Bool("json", false, "JSON lines")
	flag.Parse()
	data, err := os.ReadFile(*file)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	r, err := temoto.FromBytes(data)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	g := r.FindGroup(*agent)
	f, err := os.Open(*urls)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	defer f.Close()
	out := bufio.NewWriterSize(os.Stdout, 64<<10)
	defer out.Flush()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		u := strings.TrimSpace(sc.Text())
		if u == "" {
			continue
		}
		path := u
		if strings.Contains(u, "://") {
			if pu, err := url.Parse(u); err == nil {
				path = pu.RequestURI()
			}
		}
		ok := g.Test(path)
		if *asJSON {
			b, _ := json.Marshal(struct {
				Agent   string `json:"agent"`
				URL     string `json:"url"`
				Allowed bool   `json:"allowed"`
			}{*agent, u, ok})
			out.Write(append(b, '\n'))
		} else {
			status := "ALLOWED"
			if !ok {
				status = "DISALLOWED"
			}
			fmt.Fprintf(out, "%-10s  %s  %s\n", status, *agent, u)
		}
	}
}
