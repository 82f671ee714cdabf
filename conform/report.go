package conform

import (
	"fmt"
	"io"
	"strings"

	"github.com/robotstxt/robotstxt/internal/textsafe"
)

// resultLabel is a result as the text report card writes it.
var resultLabel = map[string]string{Pass: "PASS", Fail: "FAIL", Noted: "NOTE", NotExercised: "----"}

// Summary is the report's one-line count.
func (r *Report) Summary() string {
	return fmt.Sprintf("%d pass, %d fail, %d noted, %d not exercised", r.Counts[Pass], r.Counts[Fail], r.Counts[Noted], r.Counts[NotExercised])
}

// WriteText writes the report card: one line per check, then the detail and
// the deciding requests of each check that did not pass. Everything from
// the crawler (paths, User-Agents) is escaped for the terminal.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "conform: agent %s, %s\n\n", r.Agent, r.Summary())
	width := 0
	for _, c := range r.Checks {
		width = max(width, len(c.ID))
	}
	for _, c := range r.Checks {
		fmt.Fprintf(&b, "%s  %-*s  %s (%s)\n", resultLabel[c.Result], width, c.ID, c.Title, c.Ref)
		if c.Result == Pass {
			continue
		}
		fmt.Fprintf(&b, "      %s\n", textsafe.Escape(c.Detail))
		for _, q := range c.Requests {
			fmt.Fprintf(&b, "      #%d %s %s %s -> %s  %s\n", q.Seq, q.Origin, q.Method, textsafe.Escape(q.URI()), answerText(q), textsafe.Escape(q.UserAgent))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func answerText(q Request) string {
	if q.Answer != "" {
		return q.Answer
	}
	return fmt.Sprint(q.Status)
}

// WriteMarkdown writes the report as a Markdown table, for a README.
func (r *Report) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Agent `%s`: %s.\n\n| check | result | reference | detail |\n|---|---|---|---|\n", r.Agent, r.Summary())
	for _, c := range r.Checks {
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", c.ID, MarkdownResult(c.Result), mdCell(c.Ref), mdCell(c.Detail))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// MarkdownResult is a result as a table cell.
func MarkdownResult(result string) string {
	switch result {
	case Pass:
		return "✅ pass"
	case Fail:
		return "❌ fail"
	case Noted:
		return "ℹ️ noted"
	}
	return "— not exercised"
}

// mdCell makes s safe in a Markdown table cell: one line, no pipes, no
// HTML, no code spans breaking out, controls escaped.
func mdCell(s string) string {
	s = textsafe.Escape(s)
	r := strings.NewReplacer("|", `\|`, "<", "&lt;", ">", "&gt;", "`", "'", "\n", " ")
	if len(s) > 300 {
		s = strings.ToValidUTF8(s[:300], "") + "..."
	}
	return r.Replace(s)
}
