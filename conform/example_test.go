package conform_test

import (
	"fmt"

	"github.com/robotstxt/robotstxt/conform"
)

// Grading a log: a crawler fetched a page of the origin whose robots.txt
// answered 500, and obeyed the case-sensitive rule of another.
func ExampleGrade() {
	ua := "ExampleBot/1.0"
	l := &conform.Log{Format: conform.LogFormat, Agent: "ExampleBot",
		Origins: []conform.Origin{{Name: "status-500"}, {Name: "match-case"}},
		Requests: []conform.Request{
			{Seq: 1, Origin: "status-500", Method: "GET", Path: "/robots.txt", Status: 500, Robots: "status-500", UserAgent: ua},
			{Seq: 2, Origin: "status-500", Method: "GET", Path: "/page", Status: 200, UserAgent: ua},
			{Seq: 3, Origin: "match-case", Method: "GET", Path: "/robots.txt", Status: 200, Robots: "match-case", UserAgent: ua},
			{Seq: 4, Origin: "match-case", Method: "GET", Path: "/private/page", Status: 200, UserAgent: ua},
		}}
	rep := conform.Grade(l)
	for _, c := range rep.Checks {
		if c.ID == "status-500" || c.ID == "match-case" {
			fmt.Printf("%s: %s (%s): %s\n", c.ID, c.Result, c.Ref, c.Detail)
		}
	}
	// Output:
	// match-case: pass (RFC 9309 §2.2.2): every page fetched was allowed, and every allowed probe was fetched
	// status-500: fail (RFC 9309 §2.3.1.4): /page fetched while robots.txt answered 500
}
