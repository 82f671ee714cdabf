package expect

import (
	"encoding/json"
	"fmt"
	"github.com/robotstxt/robotstxt/internal/junit"
	"io"
	"strconv"
	"strings"

	"github.com/robotstxt/robotstxt/internal/textsafe"
)

// Formats Write knows.
var Formats = []string{"text", "tap", "junit", "github", "json", "ndjson"}

// File is the results of one expectations file.
type File struct {
	Name    string   `json:"file"`
	Results []Result `json:"results"`
}

// Write writes the results of the files in a format: "text" (one line per
// failure and a total), "tap" (Test Anything Protocol 13), "junit" (JUnit
// XML, one test suite per file), "github" (GitHub Actions workflow commands:
// an error annotation per failure), "json" (one document) or "ndjson" (one
// result a line, with its file). subject names the robots.txt tested, for
// the reports that carry it.
func Write(w io.Writer, format, subject string, files []File) error {
	switch format {
	case "text", "":
		return writeText(w, subject, files)
	case "tap":
		return writeTAP(w, files)
	case "junit":
		return writeJUnit(w, subject, files)
	case "github":
		return writeGitHub(w, files)
	case "json":
		return writeJSON(w, subject, files)
	case "ndjson":
		return writeNDJSON(w, files)
	}
	return fmt.Errorf("unknown format %q (want one of %s)", format, strings.Join(Formats, ", "))
}

func totals(files []File) (n, failed int) {
	for _, f := range files {
		n += len(f.Results)
		failed += Failed(f.Results)
	}
	return n, failed
}

// clean makes text from an expectations file or a robots.txt safe to print
// on a terminal.
func clean(s string) string { return textsafe.Escape(s) }

func title(r Result) string {
	return clean(r.Agent) + " " + clean(r.URL) + " " + r.Want()
}

func writeText(w io.Writer, subject string, files []File) error {
	var b strings.Builder
	for _, f := range files {
		for _, r := range f.Results {
			if !r.Pass {
				fmt.Fprintf(&b, "FAIL %s:%d: %s %s: %s\n", clean(f.Name), r.Line, clean(r.Agent), clean(r.URL), clean(r.Message()))
			}
		}
	}
	n, failed := totals(files)
	if failed == 0 {
		fmt.Fprintf(&b, "ok: %d expectations hold for %s\n", n, clean(subject))
	} else {
		fmt.Fprintf(&b, "%d of %d expectations failed for %s\n", failed, n, clean(subject))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeTAP(w io.Writer, files []File) error {
	var b strings.Builder
	n, _ := totals(files)
	fmt.Fprintf(&b, "TAP version 13\n1..%d\n", n)
	i := 0
	for _, f := range files {
		for _, r := range f.Results {
			i++
			status := "ok"
			if !r.Pass {
				status = "not ok"
			}
			// '#' would start a TAP directive in the description.
			desc := strings.ReplaceAll(fmt.Sprintf("%s:%d: %s", clean(f.Name), r.Line, title(r)), "#", `\#`)
			fmt.Fprintf(&b, "%s %d - %s\n", status, i, desc)
			if !r.Pass {
				fmt.Fprintf(&b, "  ---\n  message: %s\n  ...\n", strconv.Quote(r.Message()))
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeJUnit(w io.Writer, subject string, files []File) error {
	out := junit.Suites{Name: "robots.txt expectations for " + subject}
	for _, f := range files {
		s := junit.Suite{Name: f.Name}
		for _, r := range f.Results {
			c := junit.Case{Name: fmt.Sprintf("line %d: %s %s %s", r.Line, r.Agent, r.URL, r.Want()),
				ClassName: f.Name, File: f.Name, Line: r.Line}
			if !r.Pass {
				c.Failure = &junit.Failure{Message: r.Message(), Text: r.Message()}
			}
			s.Cases = append(s.Cases, c)
		}
		out.Add(s)
	}
	return out.Write(w)
}

// ghEscape escapes a workflow command's message (and, with prop, a
// property value), as GitHub Actions' toolkit does.
func ghEscape(s string, prop bool) string {
	s = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
	if prop {
		s = strings.NewReplacer(":", "%3A", ",", "%2C").Replace(s)
	}
	return s
}

func writeGitHub(w io.Writer, files []File) error {
	var b strings.Builder
	for _, f := range files {
		for _, r := range f.Results {
			if !r.Pass {
				fmt.Fprintf(&b, "::error file=%s,line=%d,title=%s::%s\n", ghEscape(f.Name, true), r.Line,
					ghEscape("robots.txt expectation failed", true), ghEscape(clean(title(r)+": "+r.Message()), false))
			}
		}
	}
	n, failed := totals(files)
	fmt.Fprintf(&b, "%d of %d robots.txt expectations failed\n", failed, n)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeNDJSON writes one result a line, as JSON, with its file's name.
func writeNDJSON(w io.Writer, files []File) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, f := range files {
		for _, r := range f.Results {
			if err := enc.Encode(struct {
				File string `json:"file"`
				Result
			}{f.Name, r}); err != nil {
				return err
			}
		}
	}
	return nil
}

func writeJSON(w io.Writer, subject string, files []File) error {
	n, failed := totals(files)
	for i := range files {
		if files[i].Results == nil {
			files[i].Results = []Result{}
		}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Robots string `json:"robots"`
		Total  int    `json:"total"`
		Failed int    `json:"failed"`
		Files  []File `json:"files"`
	}{subject, n, failed, files})
}
