package lint_test

import (
	"fmt"
	"os"

	"github.com/robotstxt/robotstxt/lint"
)

func ExampleLint() {
	body := `User-agent: *
Disallow: /private
Disalow: /tmp
Allow: /a$b

Sitemap: /sitemap.xml
`
	for _, f := range lint.Lint(body, nil) {
		fmt.Printf("line %d: %s %s\n", f.Line, f.Severity, f.ID)
	}
	// Output:
	// line 3: warning typo-accepted
	// line 4: info dollar-inside
	// line 6: error sitemap-not-absolute
}

func ExampleWriteGitHub() {
	findings := lint.Lint("User-agent: *\nDisallow: private/\nSitemap: https://example.com/sitemap.xml\n", nil)
	lint.WriteGitHub(os.Stdout, "public/robots.txt", findings, "en")
	// Output:
	// ::error file=public/robots.txt,line=2,col=11,title=pattern-no-slash::The path "private/" does not start with "/" or "*", and every URL path starts with "/", so this rule never matches anything.%0Afix: Start the path with "/": "Disallow: /private/".
}

func ExampleChecks() {
	for _, c := range lint.Checks()[:3] {
		fmt.Printf("%s (%s)\n", c.ID, c.Severity)
	}
	// Output:
	// text-before-group (warning)
	// rule-outside-group (error)
	// empty-disallow (warning)
}

// A rule written as a full URL gets its path as the fix only for the file's
// own host: a robots.txt applies to its own host only.
func ExampleOptions_host() {
	body := "User-agent: *\nDisallow: https://www.example.org/private/\nDisallow: https://app.example.org/*\n"
	for _, f := range lint.Lint(body, &lint.Options{Host: "www.example.org"}) {
		if f.ID == "full-url-pattern" {
			fmt.Printf("line %d: %s\n", f.Line, f.Fix)
		}
	}
	// Output:
	// line 2: Write only the path, in the robots.txt of the host the URL names: "Disallow: /private/".
	// line 3: Remove the line here; the rule belongs in the robots.txt of app.example.org, if that host should have it.
}

func ExampleLookupLang() {
	c, _ := lint.LookupLang("hash-in-path", "en")
	fmt.Println(c.Severity)
	fmt.Print(c.Bad)
	// Output:
	// warning
	// User-agent: *
	// Disallow: /page#comments
}
