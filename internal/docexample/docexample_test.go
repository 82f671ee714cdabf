package docexample

import (
	"fmt"
	"strings"
	"testing"
)

const page = "# Title\n\n<!-- example: file robots.txt -->\n```\nUser-agent: *\n```\n\ntext\n\n" +
	"<!-- example: not run: needs a network -->\n```sh\n$ robotstxt check -f robots.txt \\\n  /a\nALLOWED\n\n$ echo $?\n0\n```\n" +
	"```\nplain\n```\n"

func TestParse(t *testing.T) {
	p := Parse(page)
	if len(p.Blocks) != 3 {
		t.Fatalf("%d blocks, want 3", len(p.Blocks))
	}
	b := p.Blocks[0]
	if b.Line != 4 || b.Text() != "User-agent: *\n" || fmt.Sprint(b.Notes) != "[file robots.txt]" || b.IsExample() {
		t.Errorf("block 0 = %+v", b)
	}
	b = p.Blocks[1]
	if b.Info != "sh" || !b.IsExample() || fmt.Sprint(b.Notes) != "[not run: needs a network]" {
		t.Errorf("block 1 = %+v", b)
	}
	steps := b.Steps()
	want := []Step{
		{Command: "robotstxt check -f robots.txt \n  /a", Output: "ALLOWED\n", Sep: true},
		{Command: "echo $?", Output: "0\n"},
	}
	if len(steps) != len(want) {
		t.Fatalf("steps = %+v", steps)
	}
	for i := range want {
		if steps[i].Command != want[i].Command || steps[i].Output != want[i].Output || steps[i].Sep != want[i].Sep {
			t.Errorf("step %d = %+v, want %+v", i, steps[i], want[i])
		}
	}
	if p.Blocks[2].IsExample() || len(p.Blocks[2].Notes) != 0 {
		t.Errorf("block 2 = %+v", p.Blocks[2])
	}
	q := Parse("```\n$ curl -d '{\"a\":\n  1}' x\nout\n```\n").Blocks[0].Steps()
	if len(q) != 1 || q[0].Command != "curl -d '{\"a\":\n  1}' x" || q[0].Output != "out\n" {
		t.Errorf("a quoted line break: steps = %+v", q)
	}
	if got := Parse("```\n$ a\nopen"); len(got.Blocks) != 0 {
		t.Errorf("an unclosed block was read: %+v", got.Blocks)
	}
}

func TestRewrite(t *testing.T) {
	p := Parse(page)
	if got := p.Rewrite(nil); got != page {
		t.Errorf("Rewrite(nil) changed the page:\n%s", got)
	}
	got := p.Rewrite(map[int][]string{1: {"DISALLOWED\nsecond\n", "1\n"}})
	want := strings.Replace(page, "ALLOWED\n", "DISALLOWED\nsecond\n", 1)
	want = strings.Replace(want, "$ echo $?\n0\n", "$ echo $?\n1\n", 1)
	if got != want {
		t.Errorf("Rewrite =\n%s\nwant\n%s", got, want)
	}
	// An output ending in a blank line keeps it, with the separator after.
	got = p.Rewrite(map[int][]string{1: {"A\n\n", ""}})
	if q := Parse(got).Blocks[1].Steps(); q[0].Output != "A\n\n" || q[1].Output != "" {
		t.Errorf("after Rewrite, steps = %+v\n%s", q, got)
	}
}

func TestWords(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`robotstxt check -f robots.txt /a`, `[robotstxt check -f robots.txt /a]`},
		{`jq -c '{id, gate}' decided.jsonl`, `[jq -c {id, gate} decided.jsonl]`},
		{`echo $? "x $?" '$?'`, `[echo 1 x 1 $?]`},
		{`grep '"gate":"admit"' d.jsonl > q.jsonl`, `[grep "gate":"admit" d.jsonl >op q.jsonl]`},
		{`a|b 2>&1 <in >>out 2>/dev/null`, `[a |op b 2>&1op <op in >>op out 2>op /dev/null]`},
		{"curl -s x \\\n  -d \"{\\\"a\\\": 1}\"", `[curl -s x -d {"a": 1}]`},
		{`printf 'a\nb' > y.txt`, `[printf a\nb >op y.txt]`},
		{`echo a\ b x2>y`, `[echo a b x2 >op y]`},
	} {
		ws, err := Words(tc.in, "1")
		if err != nil {
			t.Errorf("Words(%q): %v", tc.in, err)
			continue
		}
		var parts []string
		for _, w := range ws {
			if w.Op {
				parts = append(parts, w.Text+"op")
			} else {
				parts = append(parts, w.Text)
			}
		}
		if got := "[" + strings.Join(parts, " ") + "]"; got != tc.want {
			t.Errorf("Words(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
	for _, bad := range []string{`echo 'a`, `echo "a`} {
		if _, err := Words(bad, "0"); err == nil {
			t.Errorf("Words(%q): no error", bad)
		}
	}
}

func FuzzWords(f *testing.F) {
	f.Add(`jq -c '{id}' "a b" x\ y 2>&1 | head -n 3 > out`)
	f.Fuzz(func(t *testing.T, s string) {
		ws, err := Words(s, "0")
		if err != nil {
			return
		}
		for _, w := range ws {
			if w.Op && w.Text == "" {
				t.Fatalf("empty operator in %q", s)
			}
		}
	})
}

func FuzzParse(f *testing.F) {
	f.Add(page)
	f.Fuzz(func(t *testing.T, s string) {
		p := Parse(s)
		same := map[int][]string{}
		for i, b := range p.Blocks {
			for _, st := range b.Steps() {
				same[i] = append(same[i], st.Output)
			}
		}
		// Rewriting every output with itself is the identity.
		if got := p.Rewrite(same); got != s {
			t.Fatalf("Rewrite with the same outputs changed %q to %q", s, got)
		}
	})
}
