package logs

import (
	"net/netip"
	"testing"
	"time"
)

func mustFormat(t testing.TB, name string) Format {
	t.Helper()
	f, err := Named(name)
	if err != nil {
		t.Fatalf("Named(%q): %v", name, err)
	}
	return f
}

// parseTests are real lines of each format, as the servers write them.
var parseTests = []struct {
	name, format, line string
	want               Record
	err                error
}{
	{
		name:   "nginx combined",
		format: "combined",
		line:   `66.249.66.1 - - [10/Oct/2026:13:55:36 +0200] "GET /search?q=a%20b HTTP/1.1" 200 5120 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"`,
		want:   Record{Time: time.Date(2026, 10, 10, 11, 55, 36, 0, time.UTC), Addr: netip.MustParseAddr("66.249.66.1"), Method: "GET", Target: "/search?q=a%20b", Status: 200, UserAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"},
	},
	{
		name:   "nginx combined with $request_time appended",
		format: "combined",
		line:   `2001:db8::1 - alice [01/Jan/2026:00:00:00 -0500] "HEAD / HTTP/2.0" 304 0 "https://example.com/" "curl/8.5.0" 0.002`,
		want:   Record{Time: time.Date(2026, 1, 1, 5, 0, 0, 0, time.UTC), Addr: netip.MustParseAddr("2001:db8::1"), Method: "HEAD", Target: "/", Status: 304, UserAgent: "curl/8.5.0"},
	},
	{
		name:   "nginx escapes a quote in the user agent as \\x22",
		format: "combined",
		line:   `203.0.113.9 - - [10/Oct/2026:13:55:36 +0000] "GET /a HTTP/1.1" 404 12 "-" "bad\x22agent"`,
		want:   Record{Time: time.Date(2026, 10, 10, 13, 55, 36, 0, time.UTC), Addr: netip.MustParseAddr("203.0.113.9"), Method: "GET", Target: "/a", Status: 404, UserAgent: `bad\x22agent`},
	},
	{
		name:   "Apache combined escapes a quote as \\\"",
		format: "combined",
		line:   `192.0.2.7 - - [10/Oct/2026:13:55:36 -0700] "GET /b?x=\"y\" HTTP/1.0" 200 2326 "http://www.example.com/start.html" "Mozilla/4.08 [en] (Win98; I ;Nav) \"quoted\""`,
		want:   Record{Time: time.Date(2026, 10, 10, 20, 55, 36, 0, time.UTC), Addr: netip.MustParseAddr("192.0.2.7"), Method: "GET", Target: `/b?x=\"y\"`, Status: 200, UserAgent: `Mozilla/4.08 [en] (Win98; I ;Nav) \"quoted\"`},
	},
	{
		name:   "common log format has no user agent",
		format: "common",
		line:   `127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326`,
		want:   Record{Time: time.Date(2000, 10, 10, 20, 55, 36, 0, time.UTC), Addr: netip.MustParseAddr("127.0.0.1"), Method: "GET", Target: "/apache_pb.gif", Status: 200},
	},
	{
		name:   "a scanner's junk request line gives no target",
		format: "combined",
		line:   `198.51.100.4 - - [10/Oct/2026:13:55:36 +0000] "\x16\x03\x01\x00\xca\x01" 400 157 "-" "-"`,
		want:   Record{Time: time.Date(2026, 10, 10, 13, 55, 36, 0, time.UTC), Addr: netip.MustParseAddr("198.51.100.4"), Status: 400},
	},
	{
		name:   "a request line of \"-\"",
		format: "combined",
		line:   `198.51.100.4 - - [10/Oct/2026:13:55:36 +0000] "-" 408 0 "-" "-"`,
		want:   Record{Time: time.Date(2026, 10, 10, 13, 55, 36, 0, time.UTC), Addr: netip.MustParseAddr("198.51.100.4"), Status: 408},
	},
	{
		name:   "custom Apache format: vhost first, %U%q",
		format: `%v %h %t %m %U%q %>s "%{User-Agent}i"`,
		line:   `example.com 192.0.2.1 [10/Oct/2026:13:55:36 +0000] GET /p?a=1 200 "GPTBot/1.2"`,
		want:   Record{Time: time.Date(2026, 10, 10, 13, 55, 36, 0, time.UTC), Addr: netip.MustParseAddr("192.0.2.1"), Method: "GET", Target: "/p?a=1", Status: 200, UserAgent: "GPTBot/1.2"},
	},
	{
		name:   "custom nginx format with $time_iso8601 and $request_uri",
		format: `$time_iso8601 $remote_addr "$request_method $request_uri" $status "$http_user_agent" $request_time`,
		line:   `2026-10-10T13:55:36+03:00 192.0.2.1 "GET /x/y?z" 301 "ClaudeBot/1.0; +claudebot@anthropic.com" 0.001`,
		want:   Record{Time: time.Date(2026, 10, 10, 10, 55, 36, 0, time.UTC), Addr: netip.MustParseAddr("192.0.2.1"), Method: "GET", Target: "/x/y?z", Status: 301, UserAgent: "ClaudeBot/1.0; +claudebot@anthropic.com"},
	},
	{
		name:   "custom nginx format with $uri$is_args$args",
		format: `$remote_addr [$time_local] "$request_method $uri$is_args$args" $status "$http_user_agent"`,
		line:   `192.0.2.1 [10/Oct/2026:13:55:36 +0000] "GET /s?q=1" 200 "Applebot/0.1"`,
		want:   Record{Time: time.Date(2026, 10, 10, 13, 55, 36, 0, time.UTC), Addr: netip.MustParseAddr("192.0.2.1"), Method: "GET", Target: "/s?q=1", Status: 200, UserAgent: "Applebot/0.1"},
	},
	{
		name:   "nginx writes an empty $args as \"-\": no query, no dash",
		format: `$remote_addr [$time_local] "$request_method $uri$is_args$args" $status "$http_user_agent"`,
		line:   `192.0.2.1 [10/Oct/2026:13:55:36 +0000] "GET /robots.txt-" 200 "Applebot/0.1"`,
		want:   Record{Time: time.Date(2026, 10, 10, 13, 55, 36, 0, time.UTC), Addr: netip.MustParseAddr("192.0.2.1"), Method: "GET", Target: "/robots.txt", Status: 200, UserAgent: "Applebot/0.1"},
	},
	{
		name:   "IPv4-mapped IPv6 client address is unmapped",
		format: "common",
		line:   `::ffff:66.249.66.1 - - [10/Oct/2026:13:55:36 +0000] "GET / HTTP/1.1" 200 1`,
		want:   Record{Time: time.Date(2026, 10, 10, 13, 55, 36, 0, time.UTC), Addr: netip.MustParseAddr("66.249.66.1"), Method: "GET", Target: "/", Status: 200},
	},
	{
		// IBM QRadar's "Cloudflare Logs sample event messages" (sample 1,
		// cut after ClientSrcPort): a real Logpush line.
		name:   "Cloudflare Logpush, a published sample line",
		format: "cloudflare",
		line:   `{"ClientIP":"10.0.0.1","ClientRequestHost":"host.domain.test","ClientRequestMethod":"GET","ClientRequestURI":"/cdn-cgi/images/cf-icon-cloud.png","EdgeEndTimestamp":"2020-10-13T19:49:36Z","EdgeResponseBytes":1895,"EdgeResponseStatus":200,"EdgeStartTimestamp":"2020-10-13T19:49:36Z","RayID":"5e1b95b9ea390cc5","SecurityAction":"unknown","WAFFlags":"0","WAFMatchedVar":"","SecurityRuleID":"","SecurityRuleDescription":"","CacheCacheStatus":"unknown","CacheResponseBytes":0,"CacheResponseStatus":0,"CacheTieredFill":false,"ClientASN":855,"ClientCountry":"xx","ClientDeviceType":"desktop","ClientIPClass":"noRecord","ClientRequestBytes":1049,"ClientRequestPath":"/cdn-cgi/images/cf-icon-cloud.png","ClientRequestProtocol":"HTTP/1.1","ClientRequestReferer":"http://host.domain.test/cdn-cgi/styles/main.css","ClientRequestUserAgent":"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/86.0.4240.75 Safari/537.36","ClientSSLCipher":"NONE","ClientSSLProtocol":"none","ClientSrcPort":53851}`,
		want:   Record{Time: time.Date(2020, 10, 13, 19, 49, 36, 0, time.UTC), Addr: netip.MustParseAddr("10.0.0.1"), Method: "GET", Target: "/cdn-cgi/images/cf-icon-cloud.png", Status: 200, UserAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/86.0.4240.75 Safari/537.36"},
	},
	{
		// Cloudflare's API schema example of Logpull's JSON lines.
		name:   "Cloudflare Logpull example, nanosecond time",
		format: "cloudflare",
		line:   `{"ClientIP":"192.0.2.1","RayID":"41ddf1740f67442d","EdgeStartTimestamp":1526810289280000000}`,
		want:   Record{Time: time.Unix(0, 1526810289280000000).UTC(), Addr: netip.MustParseAddr("192.0.2.1")},
	},
	{
		name:   "Cloudflare Logpush, RFC 3339 time",
		format: "cloudflare",
		line:   `{"ClientIP":"66.249.66.1","ClientRequestHost":"example.com","ClientRequestMethod":"GET","ClientRequestURI":"/a?b=1","ClientRequestUserAgent":"Googlebot/2.1","EdgeResponseStatus":200,"EdgeStartTimestamp":"2026-10-10T13:55:36Z","RayID":"8c1f"}`,
		want:   Record{Time: time.Date(2026, 10, 10, 13, 55, 36, 0, time.UTC), Addr: netip.MustParseAddr("66.249.66.1"), Method: "GET", Target: "/a?b=1", Status: 200, UserAgent: "Googlebot/2.1"},
	},
	{
		name:   "Cloudflare Logpush, Unix nanoseconds, path and query only",
		format: "cloudflare",
		line:   `{"ClientIP":"2001:db8::5","ClientRequestMethod":"GET","ClientRequestPath":"/p","ClientRequestQuery":"?x=1","ClientRequestUserAgent":"bingbot/2.0","EdgeResponseStatus":403,"EdgeStartTimestamp":1791640536000000000}`,
		want:   Record{Time: time.Unix(0, 1791640536000000000).UTC(), Addr: netip.MustParseAddr("2001:db8::5"), Method: "GET", Target: "/p?x=1", Status: 403, UserAgent: "bingbot/2.0"},
	},
	{
		name:   "Cloudflare Logpush, Unix seconds",
		format: "cloudflare",
		line:   `{"ClientIP":"192.0.2.1","ClientRequestURI":"/","EdgeStartTimestamp":1791640536}`,
		want:   Record{Time: time.Unix(1791640536, 0).UTC(), Addr: netip.MustParseAddr("192.0.2.1"), Target: "/"},
	},
	{name: "wrong time", format: "combined", line: `1.2.3.4 - - [10/Foo/2026:13:55:36 +0000] "GET / HTTP/1.1" 200 1 "-" "-"`, err: ErrTime},
	{name: "time without zone", format: "combined", line: `1.2.3.4 - - [10/Oct/2026:13:55:36] "GET / HTTP/1.1" 200 1 "-" "-"`, err: ErrTime},
	{name: "status not a number", format: "combined", line: `1.2.3.4 - - [10/Oct/2026:13:55:36 +0000] "GET / HTTP/1.1" OK 1 "-" "-"`, err: ErrStatus},
	{name: "not the format", format: "combined", line: `hello world`, err: ErrNoMatch},
	{name: "unterminated quote", format: "combined", line: `1.2.3.4 - - [10/Oct/2026:13:55:36 +0000] "GET / HTTP/1.1`, err: ErrNoMatch},
	{name: "JSON that is not an object", format: "cloudflare", line: `[1,2]`, err: ErrJSON},
	{name: "JSON without a time", format: "cloudflare", line: `{"ClientIP":"1.2.3.4"}`, err: ErrTime},
}

func TestParse(t *testing.T) {
	for _, tt := range parseTests {
		t.Run(tt.name, func(t *testing.T) {
			f := mustFormat(t, tt.format)
			r := Record{Input: "in", Line: 7}
			err := f.Parse(tt.line, &r)
			if err != tt.err {
				t.Fatalf("error %v, want %v", err, tt.err)
			}
			if err != nil {
				return
			}
			tt.want.Input, tt.want.Line = "in", 7
			if !r.Time.Equal(tt.want.Time) || r.Addr != tt.want.Addr || r.Method != tt.want.Method || r.Target != tt.want.Target || r.Status != tt.want.Status || r.UserAgent != tt.want.UserAgent || r.Input != "in" || r.Line != 7 {
				t.Errorf("got  %+v\nwant %+v", r, tt.want)
			}
		})
	}
}

func TestCustomFormatErrors(t *testing.T) {
	for _, f := range []string{
		`%h %>s`,                    // no time, no request
		`%h %t`,                     // no request
		`%h %t %r%>s`,               // two fields with nothing between
		`%h %{User-Agent`,           // unterminated %{
		`%{%Y}t "%r"`,               // strftime times are not read
		`$remote_addr ${time_local`, // unterminated ${
	} {
		if _, err := Custom(f); err == nil {
			t.Errorf("Custom(%q) compiled; want an error", f)
		}
	}
}

func TestParseFields(t *testing.T) {
	f, err := ParseFields(CloudflareFields, "time=ts, addr=ip,target=uri,userAgent=ua,status=code")
	if err != nil {
		t.Fatal(err)
	}
	r := Record{}
	if err := JSON(f).Parse(`{"ts":"2026-10-10T13:55:36.5Z","ip":"192.0.2.1","uri":"/a","ua":"GPTBot/1.2","code":"200"}`, &r); err != nil {
		t.Fatal(err)
	}
	if r.Target != "/a" || r.UserAgent != "GPTBot/1.2" || r.Status != 200 || r.Time.Nanosecond() != 5e8 {
		t.Errorf("got %+v", r)
	}
	if _, err := ParseFields(CloudflareFields, "colour=red"); err == nil {
		t.Error("an unknown key was accepted")
	}
	if _, err := ParseFields(CloudflareFields, "time"); err == nil {
		t.Error("a key without a field was accepted")
	}
}

// TestParseAllocs: a combined line costs no allocation (the hot path).
func TestParseAllocs(t *testing.T) {
	f := mustFormat(t, "combined")
	line := parseTests[0].line
	var r Record
	if n := testing.AllocsPerRun(100, func() { _ = f.Parse(line, &r) }); n != 0 {
		t.Errorf("Parse allocates %v times per line, want 0", n)
	}
}

// TestCLFTimeAgainstTime: the hand-written time reading agrees with the
// time package on every day of 1890-2210 (leap years included; the table
// of years covers 1900-2199, daysFromCivil the rest), at several zones,
// and refuses days a month does not have.
func TestCLFTimeAgainstTime(t *testing.T) {
	for d := time.Date(1890, 1, 1, 23, 59, 58, 0, time.UTC); d.Year() < 2211; d = d.Add(24 * time.Hour) {
		for _, zone := range []string{"+0000", "-0700", "+0530", "+1400"} {
			s := d.Format("02/Jan/2006:15:04:05 ") + zone
			got, ok := parseCLFTime(s)
			want, err := time.Parse("02/Jan/2006:15:04:05 -0700", s)
			if !ok || err != nil || !got.Equal(want) || got.Location() != time.UTC {
				t.Fatalf("%s: got %v %v, want %v", s, got, ok, want)
			}
		}
	}
	for _, s := range []string{"29/Feb/2026:00:00:00 +0000", "31/Apr/2026:00:00:00 +0000", "30/Feb/2024:00:00:00 +0000", "00/Jan/2026:00:00:00 +0000", "01/Jan/2026:24:00:00 +0000", "01/Foo/2026:00:00:00 +0000", "01/Jan/2O26:00:00:00 +0000", "01/Jan/2026:00:00:00 *0000"} {
		if _, ok := parseCLFTime(s); ok {
			t.Errorf("%s was read", s)
		}
	}
	if _, ok := parseCLFTime("29/Feb/2024:00:00:00 +0000"); !ok {
		t.Error("29 February of a leap year was refused")
	}
}
