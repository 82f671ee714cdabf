package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/internal/docgen"
)

// lookShell finds a shell for a completion test: skipped with a message when
// it is missing, failed under CI (.ci/run installs it).
func lookShell(t *testing.T, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not installed; CI must install it (.ci/run)", name)
		}
		t.Skipf("%s is not installed (apt-get install %s); skipping", name, name)
	}
	return path
}

func completionScript(t *testing.T, shell string) string {
	t.Helper()
	out, errOut, code := runCLI(t, "", "completion", shell)
	if code != 0 || errOut != "" || out == "" {
		t.Fatalf("completion %s: exit %d, stderr %q", shell, code, errOut)
	}
	path := filepath.Join(t.TempDir(), "robotstxt."+shell)
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestCompletionSyntax loads each script in its shell's syntax check.
func TestCompletionSyntax(t *testing.T) {
	for _, tt := range []struct{ shell, bin, flag string }{
		{"bash", "bash", "-n"},
		{"zsh", "zsh", "-n"},
		{"fish", "fish", "--no-execute"},
	} {
		t.Run(tt.shell, func(t *testing.T) {
			bin := lookShell(t, tt.bin)
			script := completionScript(t, tt.shell)
			if out, err := exec.Command(bin, tt.flag, script).CombinedOutput(); err != nil || len(out) > 0 {
				t.Fatalf("%s %s: %v\n%s", tt.bin, tt.flag, err, out)
			}
		})
	}
	// PowerShell is not in Debian: check the script's shape instead. A hash
	// literal must not hold a key twice (PowerShell refuses it, ignoring
	// case), and braces must balance.
	out, _, code := runCLI(t, "", "completion", "powershell")
	if code != 0 || !strings.Contains(out, "Register-ArgumentCompleter -Native -CommandName robotstxt") {
		t.Errorf("completion powershell: exit %d\n%s", code, out)
	}
	if strings.Count(out, "{") != strings.Count(out, "}") || strings.Count(out, "(") != strings.Count(out, ")") {
		t.Errorf("completion powershell: unbalanced braces or parentheses")
	}
	var keys map[string]bool
	for _, line := range strings.Split(out, "\n") {
		if strings.HasSuffix(line, "@{") {
			keys = map[string]bool{}
			continue
		}
		k, _, ok := strings.Cut(strings.TrimSpace(line), "' = ")
		if !ok || !strings.HasPrefix(k, "'") || keys == nil {
			continue
		}
		if k = strings.ToLower(k); keys[k] {
			t.Errorf("completion powershell: key %s' twice in one hash literal", k)
		}
		keys[k] = true
	}
	if _, errOut, code := runCLI(t, "", "completion", "tcsh"); code != exitUsage || !strings.Contains(errOut, "unknown shell") {
		t.Errorf("completion tcsh: exit %d, stderr %q; want exit 2 and an error", code, errOut)
	}
}

// TestBashCompletion completes command lines in a real bash, the way bash
// calls the function (COMP_WORDS, COMP_CWORD), and compares the candidates
// with what the commands' flag sets say: the command names, each command's
// flags, the values of every flag that has a known set of them, and file
// names for file flags.
func TestBashCompletion(t *testing.T) {
	bash := lookShell(t, "bash")
	script := completionScript(t, "bash")
	cmds, err := reference()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range cmds {
		names = append(names, c.Name)
	}
	type tc struct {
		words []string // the command line, the last word being completed
		want  []string // sorted candidates
	}
	sorted := func(s ...string) []string {
		s = slices.Clone(s)
		slices.Sort(s)
		return s
	}
	cases := []tc{
		{[]string{"robotstxt", ""}, sorted(append(slices.Clone(names), "--help", "--version")...)},
		{[]string{"robotstxt", "li"}, []string{"lint"}},
		{[]string{"robotstxt", "--v"}, []string{"--version"}},
		{[]string{"robotstxt", "help", ""}, sorted(slices.DeleteFunc(slices.Clone(names), func(n string) bool { return n == "help" })...)},
		{[]string{"robotstxt", "completion", "b"}, []string{"bash"}},
		{[]string{"robotstxt", "completion", ""}, sorted(docgen.Shells...)},
		{[]string{"robotstxt", "lint", "--fo"}, []string{"--format"}},
		{[]string{"robotstxt", "lint", "--format", "s"}, []string{"sarif"}},
		{[]string{"robotstxt", "lint", "--format", "=", "js"}, []string{"json"}}, // --format=js
		{[]string{"robotstxt", "lint", "--format", "="}, sorted("text", "json", "ndjson", "sarif", "github", "concise", "gitlab", "junit")},
		{[]string{"robotstxt", "lint", "--output-format", "ju"}, []string{"junit"}}, // an alias completes as its flag
		{[]string{"robotstxt", "lint", "--select", "blocks-"}, []string{"blocks-", "blocks-css-js"}},
		{[]string{"robotstxt", "lint", "--ignore", "warn"}, []string{"warning"}},
		{[]string{"robotstxt", "lint", "--fail-on", "w"}, []string{"warning"}},
		{[]string{"robotstxt", "check", "-a", "Googlebot-I"}, []string{"Googlebot-Image"}},
		{[]string{"robotstxt", "lint", "-f", "rob"}, []string{"robots.txt", "robots2.txt"}},
		{[]string{"robotstxt", "parse", "--max-bytes", "ro"}, nil}, // a number: no file names
		{[]string{"robotstxt", "lint", "rob"}, []string{"robots.txt", "robots2.txt"}},
		{[]string{"robotstxt", "nosuchcommand", "-"}, nil},
	}
	for _, c := range cmds {
		var opts []string
		for _, f := range c.Flags {
			opts = append(opts, f.Option())
			if len(f.Values) > 0 && !f.Bool {
				cases = append(cases, tc{[]string{"robotstxt", c.Name, f.Option(), ""}, sorted(f.Values...)})
			}
		}
		cases = append(cases, tc{[]string{"robotstxt", c.Name, "-"}, sorted(append(opts, "--help")...)})
	}
	// One bash runs every case: each input line is a command line (words
	// separated by tabs); each output line is the candidates, tab-separated.
	driver := `source "$1"
while IFS= read -r line; do
    IFS=$'\t' read -r -a COMP_WORDS <<< "$line"
    [[ $line == *$'\t' ]] && COMP_WORDS+=("")
    COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
    COMPREPLY=()
    _robotstxt_complete
    (IFS=$'\t'; echo "${COMPREPLY[*]}")
done`
	var in strings.Builder
	for _, c := range cases {
		in.WriteString(strings.Join(c.words, "\t") + "\n")
	}
	dir := t.TempDir()
	for _, f := range []string{"robots.txt", "robots2.txt", "other.txt"} {
		if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(bash, "--norc", "--noprofile", "-c", driver, "driver", script)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("bash: %v", err)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(cases) {
		t.Fatalf("bash answered %d lines for %d cases:\n%s", len(lines), len(cases), out)
	}
	for i, c := range cases {
		var got []string
		if lines[i] != "" {
			got = strings.Split(lines[i], "\t")
		}
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("complete %q:\n\tgot  %q\n\twant %q", strings.Join(c.words, " "), got, c.want)
		}
	}
}

// TestFishCompletion asks a real fish for the candidates of a few command
// lines (complete -C).
func TestFishCompletion(t *testing.T) {
	fish := lookShell(t, "fish")
	script := completionScript(t, "fish")
	for _, tt := range []struct {
		line string
		want []string
	}{
		{"robotstxt li", []string{"lint"}},
		{"robotstxt lint --format ", []string{"concise", "github", "gitlab", "json", "junit", "ndjson", "sarif", "text"}},
		{"robotstxt lint --fail", []string{"--fail-on"}},
		{"robotstxt check -a Googlebot-I", []string{"Googlebot-Image"}},
		{"robotstxt completion z", []string{"zsh"}},
	} {
		out, err := exec.Command(fish, "--no-config", "-c", `source $argv[1]; complete -C $argv[2]`, script, tt.line).Output()
		if err != nil {
			t.Fatalf("fish: %v", err)
		}
		var got []string
		for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			if l != "" {
				got = append(got, strings.SplitN(l, "\t", 2)[0])
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, tt.want) {
			t.Errorf("complete -C %q: got %q, want %q", tt.line, got, tt.want)
		}
	}
}

// zshDriver completes each line of the file $2 in a real interactive zsh
// (driven through zsh/zpty, with compinit and the script $1 loaded) and
// prints the candidates zsh offers, one per line, then "<end>". compadd is
// wrapped to print what the completion functions add; each line is typed
// only once the line editor is ready, as zsh may drop earlier typeahead.
const zshDriver = `# zsh DRIVER SCRIPT CASES: completes each line of CASES in a real
# interactive zsh (through zsh/zpty) and prints its candidates, one per
# line, then "<end>". Input is written only once the line editor is ready
# (zle-line-init), since zsh may discard what is typed before.
zmodload zsh/zpty
zpty z zsh -f -i
local out
zpty -w z 'PROMPT=; RPROMPT=; autoload -U compinit; compinit -u'
zpty -w z "source ${(q)1}"
zpty -w z 'zstyle ":completion:*" completer _complete; bindkey "^I" complete-word'
zpty -w z 'compadd () {
  if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return $?; fi
  typeset -a __hits
  builtin compadd -A __hits "$@"
  for h in $__hits; do print -r -- "<cand>$h</cand>"; done
}'
zpty -w z 'zle-line-init() { print -rn -- "<zle-re""ady>" }; zle -N zle-line-init'
zpty -r z out '*<zle-ready>*'
while IFS= read -r c; do
  zpty -w -n z "$c"$'\t'
  zpty -w z $'\C-e\C-u''print -r -- "<e""nd>"'
  zpty -r z out '*<end>*'
  while [[ $out == *'<cand>'* ]]; do
    out=${out#*<cand>}
    print -r -- ${out%%</cand>*}
    out=${out#*</cand>}
  done
  print -r -- "<end>"
  zpty -r z out '*<zle-ready>*'
done < $2
zpty -d z
`

// TestZshCompletion asks a real zsh for the candidates of a few command
// lines, through its completion system (compinit, _arguments).
func TestZshCompletion(t *testing.T) {
	zsh := lookShell(t, "zsh")
	script := completionScript(t, "zsh")
	tests := []struct {
		line string
		want []string
	}{
		{"robotstxt li", []string{"lint"}},
		{"robotstxt lint --fa", []string{"--fail-on"}},
		{"robotstxt lint --format ", []string{"concise", "github", "gitlab", "json", "junit", "ndjson", "sarif", "text"}},
		{"robotstxt lint --format=s", []string{"sarif"}},
		{"robotstxt check -a Googlebot-I", []string{"Googlebot-Image"}},
		{"robotstxt help ch", []string{"check"}},
		{"robotstxt completion z", []string{"zsh"}},
	}
	dir := t.TempDir()
	driver, cases := filepath.Join(dir, "driver.zsh"), filepath.Join(dir, "cases")
	var in strings.Builder
	for _, tt := range tests {
		in.WriteString(tt.line + "\n")
	}
	if err := os.WriteFile(driver, []byte(zshDriver), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cases, []byte(in.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, zsh, "-f", driver, script, cases).Output()
	if err != nil {
		t.Fatalf("zsh: %v\n%s", err, out)
	}
	answers := strings.Split(strings.TrimSuffix(string(out), "<end>\n"), "<end>\n")
	if len(answers) != len(tests) {
		t.Fatalf("zsh answered %d cases of %d:\n%s", len(answers), len(tests), out)
	}
	for i, tt := range tests {
		var got []string
		for _, l := range strings.Split(answers[i], "\n") {
			if l = strings.TrimSpace(l); l != "" {
				got = append(got, l)
			}
		}
		slices.Sort(got)
		got = slices.Compact(got)
		if !slices.Equal(got, tt.want) {
			t.Errorf("complete %q: got %q, want %q", tt.line, got, tt.want)
		}
	}
}
