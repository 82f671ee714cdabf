package bench

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Shape is the kind of rules a generated file holds.
type Shape string

const (
	// Literal rules only, like the corpus's largest file (47,064 allow lines
	// without a wildcard).
	Literal Shape = "literal"
	// Mixed is 75% literal rules and 25% wildcards, half of those under a
	// directory ("/shop/*.pdf$") and half starting with a wildcard ("/*?q=",
	// "*x$"), the mix of large real files such as www.linkedin.com and
	// www.ebay.com.
	Mixed Shape = "mixed"
	// Wildcard rules only, all starting with '*' ("*/media/k3f9xa*"), like
	// merckmanuals.com (7,925 such rules) or laprensa.hn.
	Wildcard Shape = "wildcard"
)

// Shapes lists the shapes of generated files.
var Shapes = []Shape{Literal, Mixed, Wildcard}

// ManyRules and FewRules are the rule counts of the generated files compared
// with each other.
const (
	ManyRules = 20000
	FewRules  = 10
)

// words are the directory and file names of generated rules.
var words = [...]string{
	"shop", "blog", "news", "item", "cat", "tag", "user", "cart",
	"media", "img", "api", "docs", "help", "page", "post", "list",
	"event", "store", "video", "file", "data", "wiki", "map", "go",
	"search", "info", "forum", "jobs", "out", "tmp", "app", "web",
}

func word(rng *rand.Rand) string { return words[rng.IntN(len(words))] }

// id is a six-character base-36 name.
func id(rng *rand.Rand) string {
	const digits = "0123456789abcdefghijklmnopqrstuvwxyz"
	var b [6]byte
	for i := range b {
		b[i] = digits[rng.IntN(len(digits))]
	}
	return string(b[:])
}

// genRule returns rule i of a generated file. Each rule consumes the random
// stream the same way whatever the file's size, so a file of n rules is the
// first n rules of every larger one.
func genRule(shape Shape, i int, rng *rand.Rand) string {
	w, x := word(rng), id(rng)
	kind := "Disallow"
	if i%10 == 7 {
		kind = "Allow"
	}
	literal := fmt.Sprintf("%s: /%s/%s", kind, w, x)
	switch shape {
	case Mixed:
		switch i % 20 {
		case 15:
			return fmt.Sprintf("Disallow: /%s/*%s", w, x)
		case 16:
			return fmt.Sprintf("Disallow: /%s/*.%s$", w, x[:3])
		case 17:
			return fmt.Sprintf("Allow: /%s/*?k=%s", w, x)
		case 18:
			return fmt.Sprintf("Disallow: /*?%s=", x)
		case 19:
			return fmt.Sprintf("Disallow: *%s$", x)
		}
	case Wildcard:
		return fmt.Sprintf("%s: */%s/%s*", kind, w, x)
	}
	return literal
}

// RulesFile returns a deterministic robots.txt with one "User-agent: *" group
// of n rules of the given shape (20,000 rules make 440 to 480 KiB, within
// the 500 KiB parse limit), and 64 URL paths to check against it: paths
// that rules match, longer paths below them, and paths that match nothing.
func RulesFile(shape Shape, n int) (text string, paths []string) {
	rng := rand.New(rand.NewPCG(9309, 1))
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	rules := make([]string, n)
	for i := range rules {
		rules[i] = genRule(shape, i, rng)
		b.WriteString(rules[i])
		b.WriteByte('\n')
	}
	prng := rand.New(rand.NewPCG(9309, 2))
	for k := 0; k < 64; k++ {
		r := rules[prng.IntN(n)]
		base := PathFromPattern(strings.TrimSpace(r[strings.IndexByte(r, ':')+1:]))
		switch k % 4 {
		case 0:
			paths = append(paths, base)
		case 1:
			paths = append(paths, base+"/page.html")
		case 2:
			paths = append(paths, base+"?id="+id(prng))
		case 3:
			paths = append(paths, "/"+word(prng)+"/"+id(prng)+".html")
		}
	}
	return b.String(), paths
}

// HostileFile holds wildcard rules that make a backtracking matcher slow:
// against a long run of 'a' a naive matcher tries every way to place each
// '*'.
const HostileFile = `User-agent: *
Disallow: /*a*a*a*a*a*a*a*a*b
Disallow: /*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*c$
Allow: /*aa*aa*aa*aa*aa*aa*aa*aa*ab
Allow: /*a*b*a*b*a*b*a*b*a*b*c
`

// HostileLengths are the URL path lengths of the hostile benchmark.
var HostileLengths = []int{500, 1000, 2000, 4000}

// HostilePaths returns two URL paths of n octets to check against
// HostileFile: all 'a' (no rule matches, the worst case) and 'a's ending in
// "b" (the first and third rules match only at the very end).
func HostilePaths(n int) []string {
	as := strings.Repeat("a", n-1)
	return []string{"/" + as, "/" + as[:n-2] + "b"}
}
