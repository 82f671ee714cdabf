package bench

import (
	"context"
	"os/exec"
	"reflect"
	"strings"
	"testing"
	"time"
)

// go test's summary lines: the packages' times, slowest first, and the
// failures, whatever else the output holds.
func TestParseTestOutput(t *testing.T) {
	out := strings.Join([]string{
		"ok  \tgithub.com/robotstxt/robotstxt\t16.652s",
		"?   \tgithub.com/robotstxt/robotstxt/internal/loggen\t[no test files]",
		"=== RUN   TestX",
		"    x_test.go:12: ok  \tnot a summary",
		"--- FAIL: TestBrowseAttachAutomation (22.88s)",
		"FAIL",
		"FAIL\tgithub.com/robotstxt/robotstxt/cmd/robotstxt\t108.974s",
		"ok  \tgithub.com/robotstxt/robotstxt/web/pagetest/editor\t158.751s\tcoverage: 0.0% of statements",
		"FAIL\tgithub.com/robotstxt/robotstxt/broken [build failed]",
		"ok  \tgithub.com/robotstxt/robotstxt/cache\t0.064s",
		"ok  \tgithub.com/robotstxt/robotstxt/odd\t",
		"ok  \tgithub.com/robotstxt/robotstxt/negative\t-1s",
	}, "\n")
	pkgs, failed := parseTestOutput(strings.NewReader(out))
	want := []PackageTime{
		{"github.com/robotstxt/robotstxt/web/pagetest/editor", 158751 * time.Millisecond},
		{"github.com/robotstxt/robotstxt/cmd/robotstxt", 108974 * time.Millisecond},
		{"github.com/robotstxt/robotstxt", 16652 * time.Millisecond},
		{"github.com/robotstxt/robotstxt/cache", 64 * time.Millisecond},
	}
	if !reflect.DeepEqual(pkgs, want) {
		t.Errorf("packages:\n%v\nwant:\n%v", pkgs, want)
	}
	if want := []string{"github.com/robotstxt/robotstxt/cmd/robotstxt", "github.com/robotstxt/robotstxt/broken"}; !reflect.DeepEqual(failed, want) {
		t.Errorf("failed %q, want %q", failed, want)
	}
}

// /proc/stat's first line in clock ticks: every column but idle and
// iowait, and but guest and guest_nice, which user and nice include.
func TestParseBusy(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"cpu  100 2 30 5000 7 1 1 3 40 0\ncpu0 50 1 15 2500 3 0 0 0 0 0\n", 137 * 10 * time.Millisecond, true},
		{"cpu  100 2 30 5000 7\n", 132 * 10 * time.Millisecond, true}, // an old kernel's five columns
		{"cpu  1 2 3 4\n", 0, false},         // too few columns
		{"cpu0 1 2 3 4 5 6 7\n", 0, false},   // not the machine's line
		{"cpu  1 2 x 4 5 6 7 8\n", 0, false}, // not a number
		{"", 0, false},
	} {
		got, ok := parseBusy([]byte(tt.in))
		if got != tt.want || ok != tt.ok {
			t.Errorf("parseBusy(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// TimeSuite times a real command and reads its summary lines; a command
// that fails is still timed, with its failures; one that cannot start is
// an error.
func TestTimeSuite(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	ctx := context.Background()
	s, err := TimeSuite(ctx, t.TempDir(), []string{sh, "-c", `printf 'ok  \tgithub.com/robotstxt/robotstxt/a\t0.250s\n'; sleep 0.2`})
	if err != nil {
		t.Fatal(err)
	}
	if s.Wall < 200*time.Millisecond || len(s.Packages) != 1 || s.Packages[0].Elapsed != 250*time.Millisecond || len(s.Failed) != 0 {
		t.Errorf("timed %+v", s)
	}
	s, err = TimeSuite(ctx, t.TempDir(), []string{sh, "-c", `printf 'FAIL\tgithub.com/robotstxt/robotstxt/b\t1.5s\n'; exit 1`})
	if err != nil || !reflect.DeepEqual(s.Failed, []string{"github.com/robotstxt/robotstxt/b"}) {
		t.Errorf("failing suite: %+v, %v", s, err)
	}
	s, err = TimeSuite(ctx, t.TempDir(), []string{sh, "-c", `exit 3`})
	if err != nil || len(s.Failed) != 1 || !strings.Contains(s.Failed[0], "exit status 3") {
		t.Errorf("a failure with no summary line: %+v, %v", s, err)
	}
	if _, err := TimeSuite(ctx, t.TempDir(), []string{"/nonexistent/go"}); err == nil {
		t.Error("a command that cannot start gave no error")
	}
}

// The suite's line: met only under the target and with nothing failed.
func TestWriteSuite(t *testing.T) {
	s := SuiteTime{Command: SuiteCommand, Wall: 4*time.Minute + 17*time.Second, CPU: 341 * time.Second, Busy: 480 * time.Second, Cores: 2,
		Packages: []PackageTime{{"github.com/robotstxt/robotstxt/web/pagetest/editor", 159 * time.Second}, {"github.com/robotstxt/robotstxt", 16 * time.Second}}}
	var b strings.Builder
	if err := WriteSuite(&b, s); err != nil {
		t.Fatal(err)
	}
	want := "Test suite (`go test -count=1 ./...` in the repository: the README's test command without the test cache): 4 min 17 s on the clock; target under 5 min: yes." +
		" CPU: 341 s by the command and the processes it waited for; the whole machine was busy 480 s of the 514 s its 2 cores had (93%)." +
		" The packages' own times add up to 175 s; the slowest: web/pagetest/editor 159 s, . 16.0 s.\n"
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
	for _, tt := range []struct {
		s    SuiteTime
		want string
	}{
		{SuiteTime{Command: SuiteCommand, Wall: 5 * time.Minute}, "target under 5 min: no."},
		{SuiteTime{Command: SuiteCommand, Wall: time.Minute, Failed: []string{"x"}}, "target under 5 min: no. Failed: x."},
		{SuiteTime{Command: SuiteCommand, Wall: 42 * time.Second}, "42 s on the clock; target under 5 min: yes."},
	} {
		b.Reset()
		WriteSuite(&b, tt.s)
		if !strings.Contains(b.String(), tt.want) {
			t.Errorf("%+v: %s\nwant it to say %q", tt.s, b.String(), tt.want)
		}
	}
}
