package logs

import (
	"bytes"
	"context"
	"net/netip"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzParse: no line crashes a format, and a parsed record's fields are
// pieces of the line (or empty).
func FuzzParse(f *testing.F) {
	for _, tt := range parseTests {
		f.Add(tt.line)
	}
	f.Add(`{"EdgeStartTimestamp":"x"}`)
	f.Add(`1.2.3.4 - - [10/Oct/2026:13:55:36 +0000] "GET /\\" 200 1 "-" "\\`)
	formats := []Format{mustFormat(f, "combined"), mustFormat(f, "common"), mustFormat(f, "cloudflare"),
		mustFormat(f, `$time_iso8601 $remote_addr "$request_method $uri$is_args$args" $status "$http_user_agent"`),
		mustFormat(f, "combined-signed")}
	f.Add(`1.2.3.4 - - [10/Oct/2026:13:55:36 +0000] "GET / HTTP/1.1" 200 1 "-" "ua" "h" "s=:AA==:" "s=(\x22@authority\x22)" "\"x\\"`)
	f.Fuzz(func(t *testing.T, line string) {
		for i, fm := range formats {
			var r Record
			if err := fm.Parse(line, &r); err != nil {
				continue
			}
			if i == 2 {
				continue // JSON decodes escapes: fields need not be substrings
			}
			for _, s := range []string{r.Method, r.UserAgent} {
				if !strings.Contains(line, s) {
					t.Fatalf("format %d: field %q is not in the line %q", i, s, line)
				}
			}
			// Unescaping only shortens.
			if len(r.Host)+len(r.Signature)+len(r.SignatureInput)+len(r.SignatureAgent) > len(line) {
				t.Fatalf("format %d: signature fields longer than the line %q", i, line)
			}
			if r.Time.IsZero() {
				t.Fatalf("format %d: parsed without a time: %q", i, line)
			}
		}
	})
}

// FuzzRead: any bytes read as a log give records and bad lines that add up
// to the lines read, and never crash.
func FuzzRead(f *testing.F) {
	f.Add([]byte(combinedLine(1, "/a", "x") + "junk\n" + combinedLine(0, "/b", "y")))
	f.Add(gz(nil, combinedLine(1, "/a", "x")))
	f.Add([]byte{0x1f, 0x8b})
	f.Add([]byte("\r\n\n\x00"))
	fm := mustFormat(f, "combined")
	f.Fuzz(func(t *testing.T, data []byte) {
		rd := &Reader[struct{}]{Format: fm, Workers: 2}
		n := 0
		st, err := rd.Read(context.Background(), []Input{{"f", bytes.NewReader(data)}}, func(r *Record, _ *struct{}) error {
			n++
			if !utf8.ValidString(r.Input) || r.Line < 1 {
				t.Fatalf("record %+v", r)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if n != st.Records || st.Records+st.Bad > st.Lines+1 {
			t.Fatalf("%d records seen, stats %+v", n, st)
		}
	})
}

// FuzzFastPath: the unrolled reading of the default formats gives what the
// general loop gives, error for error.
func FuzzFastPath(f *testing.F) {
	for _, tt := range parseTests {
		f.Add(tt.line)
	}
	f.Add(`1.2.3.4 a b c [10/Oct/2026:13:55:36 +0000] "GET / HTTP/1.1" 200 1 2 "-" "x"`)
	f.Add(`1.2.3.4 - - [10/Oct/2026:13:55:36 +0000] "GET / HTTP/1.1" 200`)
	// Past each shortcut of the unrolled reading, into its general search.
	f.Add(`1.2.3.4 - - [99/Oct/2026:13:55:36 +0000] "GET / HTTP/1.1" 200 1 "-" "x"`)
	f.Add(`1.2.3.4 - - [10/Oct/2026:13:55:36 +0000] "] "GET / HTTP/1.1" 20 1 "-" "x"`)
	f.Add(`1.2.3.4 - - [10/Oct/2026:13:55:36 +0000]] "GET / HTTP/1.1" 2 0 1 "-\"" "x"`)
	f.Add(`1.2.3.4 -  - [10/Oct/2026:13:55:36 +0000] "GET / HTTP/1.1" 200 1 "-"x" "x"`)
	var fast, slow []Format
	for _, name := range []string{Combined, Common} {
		a, _ := Custom(name)
		b, _ := Custom(name)
		b.(*textFormat).fast = 0
		fast, slow = append(fast, a), append(slow, b)
	}
	f.Fuzz(func(t *testing.T, line string) {
		for i := range fast {
			var a, b Record
			ea, eb := fast[i].Parse(line, &a), slow[i].Parse(line, &b)
			if ea != eb || (ea == nil && a != b) { // a record that failed is dropped, whatever it holds
				t.Fatalf("format %d, %q: fast %v %+v, general %v %+v", i, line, ea, a, eb, b)
			}
		}
	})
}

// FuzzParseAddr: the IPv4 shortcut answers as netip.ParseAddr does.
func FuzzParseAddr(f *testing.F) {
	for _, s := range []string{"192.0.2.1", "0.0.0.0", "255.255.255.255", "256.1.1.1", "01.2.3.4", "1.2.3", "1.2.3.4.5", "1..2.3", "::1", "::ffff:192.0.2.1", "1.2.3.4%eth0", "", "-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := parseAddr(s)
		want, err := netip.ParseAddr(s)
		if ok != (err == nil) || ok && got != want.Unmap() {
			t.Fatalf("parseAddr(%q) = %v %v, netip.ParseAddr %v %v", s, got, ok, want, err)
		}
	})
}
