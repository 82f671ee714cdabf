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
	// line 4: warning dollar-inside
	// line 6: error sitemap-not-absolute
}

func ExampleWriteGitHub() {
	findings := lint.Lint("User-agent: *\nDisallow: private/\n", nil)
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
