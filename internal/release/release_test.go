package release

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
)

const root = "../.."

// releasesURL is where action.yml downloads releases from; the tests serve
// a snapshot release on loopback in its place.
const releasesURL = "https://github.com/robotstxt/robotstxt/releases/download"

var stamp = Stamp{Version: "1.2.3-SNAPSHOT-0123abc", FullCommit: "0123abcd4567890fedcba9876543210fedcba98",
	CommitDate: time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)}

type action struct {
	Name   string `yaml:"name"`
	Inputs map[string]struct {
		Description string `yaml:"description"`
		Required    bool   `yaml:"required"`
		Default     string `yaml:"default"`
	} `yaml:"inputs"`
	Runs struct {
		Using string `yaml:"using"`
		Steps []struct {
			ID    string            `yaml:"id"`
			Shell string            `yaml:"shell"`
			Env   map[string]string `yaml:"env"`
			Run   string            `yaml:"run"`
		} `yaml:"steps"`
	} `yaml:"runs"`
}

type hook struct {
	ID       string   `yaml:"id"`
	Name     string   `yaml:"name"`
	Entry    string   `yaml:"entry"`
	Language string   `yaml:"language"`
	Files    string   `yaml:"files"`
	Types    []string `yaml:"types"`
	Desc     string   `yaml:"description"`
}

func load(t *testing.T) (*Config, *action, []hook) {
	t.Helper()
	c, err := Load(filepath.Join(root, ".goreleaser.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var a action
	var hooks []hook
	for name, v := range map[string]any{"action.yml": &a, ".pre-commit-hooks.yaml": &hooks} {
		b, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		dec := yaml.NewDecoder(bytes.NewReader(b))
		dec.KnownFields(true)
		if name == "action.yml" {
			// branding and outputs are GitHub's business.
			dec = yaml.NewDecoder(bytes.NewReader(b))
		}
		if err := dec.Decode(v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	return c, &a, hooks
}

// TestGoReleaserConfig: pure Go, Linux, macOS and Windows on amd64 and
// arm64, checksums, and ldflags that stamp variables the command has.
func TestGoReleaserConfig(t *testing.T) {
	c, _, _ := load(t)
	b := c.Builds[0]
	if c.Version != 2 || c.Project != "robotstxt" || b.Binary != "robotstxt" || b.Main != "./cmd/robotstxt" {
		t.Errorf("version %d, project %q, binary %q, main %q", c.Version, c.Project, b.Binary, b.Main)
	}
	if !slices.Contains(b.Env, "CGO_ENABLED=0") {
		t.Errorf("env %v: the release must be pure Go (CGO_ENABLED=0)", b.Env)
	}
	var targets []string
	for _, tg := range c.Targets() {
		targets = append(targets, tg.OS+"/"+tg.Arch)
	}
	want := []string{"linux/amd64", "linux/arm64", "darwin/amd64", "darwin/arm64", "windows/amd64", "windows/arm64"}
	if !slices.Equal(targets, want) {
		t.Errorf("targets %v, want %v", targets, want)
	}
	if c.Checksum.NameTemplate != "checksums.txt" || c.Checksum.Algorithm != "sha256" {
		t.Errorf("checksum %+v, want checksums.txt with sha256", c.Checksum)
	}
	src, err := os.ReadFile(filepath.Join(root, "cmd/robotstxt/version.go"))
	if err != nil {
		t.Fatal(err)
	}
	ld, err := c.Ldflags(stamp)
	if err != nil {
		t.Fatal(err)
	}
	vars := regexp.MustCompile(`-X main\.(\w+)=(\S*)`).FindAllStringSubmatch(ld, -1)
	got := map[string]string{}
	for _, v := range vars {
		got[v[1]] = v[2]
		if !regexp.MustCompile(`(?m)^var .*\b` + v[1] + `\b.* string$`).Match(src) {
			t.Errorf("ldflags set main.%s, which cmd/robotstxt/version.go does not declare as a string variable", v[1])
		}
	}
	if got["stampVersion"] != stamp.Version || got["stampRevision"] != stamp.FullCommit || got["stampDate"] != "2026-12-01T10:00:00Z" {
		t.Errorf("ldflags %q do not stamp the version, revision and date", ld)
	}
	for _, tg := range c.Targets() {
		name, err := c.ArchiveName(tg, stamp)
		if err != nil {
			t.Fatal(err)
		}
		wantExt := ".tar.gz"
		if tg.OS == "windows" {
			wantExt = ".zip" // Windows has no tar in its default shell
		}
		if want := "robotstxt_" + stamp.Version + "_" + tg.OS + "_" + tg.Arch + wantExt; name != want {
			t.Errorf("%v: archive %q, want %q", tg, name, want)
		}
	}
}

// TestActionMatchesRelease: the Action has the inputs the docs promise, and
// maps every runner it knows to a target of the release, under the archive
// name the release gives it.
func TestActionMatchesRelease(t *testing.T) {
	c, a, _ := load(t)
	var inputs []string
	for k := range a.Inputs {
		inputs = append(inputs, k)
	}
	slices.Sort(inputs)
	if want := []string{"args", "command", "fail-on", "files", "version"}; !slices.Equal(inputs, want) {
		t.Errorf("inputs %v, want %v", inputs, want)
	}
	if a.Inputs["command"].Default != "lint" || a.Runs.Using != "composite" || len(a.Runs.Steps) != 2 {
		t.Errorf("command default %q, using %q, %d steps", a.Inputs["command"].Default, a.Runs.Using, len(a.Runs.Steps))
	}
	script := a.Runs.Steps[0].Run
	pairs := func(re string) []string {
		var out []string
		for _, m := range regexp.MustCompile(re).FindAllStringSubmatch(script, -1) {
			out = append(out, m[1])
		}
		return out
	}
	if got, want := pairs(`\) os=(\w+) ;;`), c.Builds[0].Goos; !slices.Equal(got, want) {
		t.Errorf("action's OS names %v, release's %v", got, want)
	}
	if got, want := pairs(`\) arch=(\w+) ;;`), c.Builds[0].Goarch; !slices.Equal(got, want) {
		t.Errorf("action's architectures %v, release's %v", got, want)
	}
	if !strings.Contains(script, releasesURL) || !strings.Contains(script, "checksums.txt") {
		t.Errorf("the install step does not download from %s with checksums.txt", releasesURL)
	}
	if got := c.Release.GitHub.Owner + "/" + c.Release.GitHub.Name; !strings.Contains(releasesURL, "/"+got+"/") {
		t.Errorf("the release goes to %s, the action downloads from %s", got, releasesURL)
	}
}

// TestPreCommitHooks: the hook runs the audit on files named robots.txt,
// built by pre-commit with the Go toolchain.
func TestPreCommitHooks(t *testing.T) {
	_, _, hooks := load(t)
	byID := map[string]hook{}
	for _, h := range hooks {
		byID[h.ID] = h
	}
	h, ok := byID["robotstxt-lint"]
	if !ok || h.Language != "golang" || h.Entry != "robotstxt lint --fail-on warning" {
		t.Fatalf("robotstxt-lint hook: %+v", h)
	}
	if s, ok := byID["robotstxt-lint-system"]; !ok || s.Language != "system" || s.Entry != h.Entry || s.Files != h.Files {
		t.Errorf("robotstxt-lint-system hook: %+v", s)
	}
	re := regexp.MustCompile(h.Files) // pre-commit uses Python's re.search: the same here
	for path, want := range map[string]bool{"robots.txt": true, "public/robots.txt": true, "sites/a/robots.txt": true,
		"myrobots.txt": false, "robots.txt.bak": false, "robots.txt/x": false, "requirements.txt": false} {
		if re.MatchString(path) != want {
			t.Errorf("files %q matches %q: %v, want %v", h.Files, path, !want, want)
		}
	}
}

// TestSnapshotRelease builds the snapshot release as GoReleaser would
// (every target; only this machine's with -short), checks checksums.txt,
// runs the binary this machine can run, and then runs the Action's steps
// against the release served on loopback, as a runner would.
func TestSnapshotRelease(t *testing.T) {
	c, a, hooks := load(t)
	host := Target{runtime.GOOS, runtime.GOARCH}
	targets := c.Targets()
	if testing.Short() {
		targets = slices.DeleteFunc(slices.Clone(targets), func(tg Target) bool { return tg != host })
	}
	if !slices.Contains(c.Targets(), host) {
		t.Skipf("no release target for %v", host)
	}
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	names, err := c.BuildAll(ctx, root, dir, targets, stamp)
	if err != nil {
		t.Fatal(err)
	}
	sums, err := os.ReadFile(filepath.Join(dir, "checksums.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(strings.TrimSpace(string(sums)), "\n"); len(lines) != len(names) {
		t.Errorf("checksums.txt has %d lines for %d archives", len(lines), len(names))
	}
	hostName, _ := c.ArchiveName(host, stamp)
	if !slices.Contains(names, hostName) {
		t.Fatalf("no archive %s among %v", hostName, names)
	}
	// The stamped version, as "robotstxt --version" prints it.
	bin := filepath.Join(dir, "build", host.OS+"_"+host.Arch, "robotstxt")
	if host.OS == "windows" {
		bin += ".exe"
	}
	out, err := exec.Command(bin, "--version").CombinedOutput()
	if want := "robotstxt v" + stamp.Version + " (revision " + stamp.FullCommit[:12] + ", 2026-12-01T10:00:00Z) go"; err != nil || !strings.HasPrefix(string(out), want) {
		t.Errorf("robotstxt --version: %q (%v), want it to start with %q", out, err, want)
	}

	// The pre-commit hook's entry, run by that binary on a clean file and
	// on one with a warning.
	var entry []string
	for _, h := range hooks {
		if h.ID == "robotstxt-lint" {
			entry = strings.Fields(h.Entry)[1:]
		}
	}
	for file, wantCode := range map[string]int{"testdata/clean/robots.txt": 0, "testdata/warn/robots.txt": 1} {
		err := exec.Command(bin, append(entry, file)...).Run()
		if code := exitCode(err); code != wantCode {
			t.Errorf("robotstxt %v %s: exit %d, want %d", entry, file, code, wantCode)
		}
	}

	// The Action, run by bash as the runner would, downloading from a
	// loopback server that serves the snapshot release.
	bash, errB := exec.LookPath("bash")
	_, errC := exec.LookPath("curl")
	if errB != nil || errC != nil || host.OS == "windows" {
		if os.Getenv("CI") == "true" && host.OS != "windows" {
			t.Fatal("bash and curl are needed to run the Action's steps")
		}
		t.Skip("bash or curl missing: the Action's steps are not run")
	}
	var mu sync.Mutex
	var served []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		served = append(served, r.URL.Path)
		mu.Unlock()
		prefix := "/v" + stamp.Version + "/"
		if !strings.HasPrefix(r.URL.Path, prefix) {
			http.NotFound(w, r)
			return
		}
		http.ServeFile(w, r, filepath.Join(dir, strings.TrimPrefix(r.URL.Path, prefix)))
	}))
	defer srv.Close()
	install := strings.ReplaceAll(a.Runs.Steps[0].Run, releasesURL, srv.URL)
	runner := map[string]string{"linux": "Linux", "darwin": "macOS"}[host.OS]
	arch := map[string]string{"amd64": "X64", "arm64": "ARM64"}[host.Arch]

	step := func(script string, env ...string) (string, int, string) {
		tmp := t.TempDir()
		path, output := filepath.Join(tmp, "path"), filepath.Join(tmp, "output")
		cmd := exec.Command(bash, "-c", script)
		cmd.Env = append(os.Environ(), "RUNNER_OS="+runner, "RUNNER_ARCH="+arch, "RUNNER_TEMP="+tmp,
			"GITHUB_PATH="+path, "GITHUB_OUTPUT="+output)
		cmd.Env = append(cmd.Env, env...)
		out, err := cmd.CombinedOutput()
		p, _ := os.ReadFile(path)
		return string(out), exitCode(err), strings.TrimSpace(string(p))
	}

	out2, code, pathDir := step(install, "INPUT_VERSION=v"+stamp.Version, "ACTION_REF=main")
	if code != 0 || pathDir == "" {
		t.Fatalf("install step: exit %d\n%s", code, out2)
	}
	mu.Lock()
	if want := "/v" + stamp.Version + "/" + hostName; !slices.Contains(served, want) {
		t.Errorf("install step fetched %v, want %s among them", served, want)
	}
	mu.Unlock()
	// The version from the tag the Action is used at.
	if _, code, _ := step(install, "INPUT_VERSION=", "ACTION_REF=v"+stamp.Version); code != 0 {
		t.Errorf("install step with the version from the action's tag: exit %d", code)
	}
	// Neither a version nor a release tag: a clear error.
	if out, code, _ := step(install, "INPUT_VERSION=", "ACTION_REF=main"); code == 0 || !strings.Contains(out, "set the version input") {
		t.Errorf("install step without a version: exit %d\n%s", code, out)
	}
	// A checksum that does not match: refused.
	good, err := os.ReadFile(filepath.Join(dir, "checksums.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var bad []string
	for _, line := range strings.SplitAfter(string(good), "\n") {
		if strings.HasSuffix(line, "  "+hostName+"\n") {
			line = strings.Repeat("0", 64) + "  " + hostName + "\n"
		}
		bad = append(bad, line)
	}
	if err := os.WriteFile(filepath.Join(dir, "checksums.txt"), []byte(strings.Join(bad, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, code, _ := step(install, "INPUT_VERSION=v"+stamp.Version); code == 0 || !strings.Contains(out, "checksum mismatch") {
		t.Errorf("install step with a wrong checksum: exit %d\n%s", code, out)
	}
	if err := os.WriteFile(filepath.Join(dir, "checksums.txt"), good, 0o644); err != nil {
		t.Fatal(err)
	}

	// The run step, with the installed binary first on PATH.
	run := a.Runs.Steps[1].Run
	pathEnv := "PATH=" + pathDir + string(os.PathListSeparator) + os.Getenv("PATH")
	for _, tt := range []struct {
		files, failOn string
		want          int
	}{
		{"testdata/clean/robots.txt", "warning", 0},
		{"testdata/**/robots.txt", "warning", 1},
		{"testdata/**/robots.txt", "", 0}, // lint's default: errors only
		{"testdata/none/**/robots.txt", "", 1},
	} {
		out, code, _ := step(run, pathEnv, "INPUT_COMMAND=lint", "INPUT_FILES="+tt.files, "INPUT_FAIL_ON="+tt.failOn, "INPUT_ARGS=--format concise")
		if code != tt.want {
			t.Errorf("run step, files %q, fail-on %q: exit %d, want %d\n%s", tt.files, tt.failOn, code, tt.want, out)
		}
		if tt.want == 1 && tt.failOn != "" && !strings.Contains(out, "testdata/warn/robots.txt:3:1: warning duplicate-rule") {
			t.Errorf("run step: no finding in\n%s", out)
		}
	}
}

func exitCode(err error) int {
	if err == nil {
		return 0
	}
	if e, ok := err.(*exec.ExitError); ok {
		return e.ExitCode()
	}
	return -1
}
