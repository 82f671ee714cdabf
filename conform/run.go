package conform

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// RunResult says how the crawler's run ended.
type RunResult struct {
	// Exited: the command ended by itself (ExitCode is its status);
	// otherwise it was stopped when the time ran out.
	Exited   bool
	ExitCode int
	Duration time.Duration
}

// Run runs a crawler against the site: argv with "{url}" replaced by the
// start URL, "{urls}" by the name of a file listing SeedURLs, one a
// line, and "{cacert}" by the name of a file holding CACert (PEM). The command runs in a process group of its own, which is killed
// when it exits, when timeout has passed or when ctx ends, so that nothing
// it started outlives the run. stdout and stderr receive its output.
func Run(ctx context.Context, s *Site, argv []string, timeout time.Duration, stdout, stderr io.Writer) (RunResult, error) {
	if len(argv) == 0 {
		return RunResult{}, errors.New("conform: no command to run")
	}
	dir, err := os.MkdirTemp("", "conform-")
	if err != nil {
		return RunResult{}, err
	}
	defer os.RemoveAll(dir)
	seeds := filepath.Join(dir, "urls.txt")
	if err := os.WriteFile(seeds, []byte(strings.Join(s.SeedURLs(), "\n")+"\n"), 0o644); err != nil {
		return RunResult{}, err
	}
	cacert := filepath.Join(dir, "cacert.pem")
	if err := os.WriteFile(cacert, s.CACert(), 0o644); err != nil {
		return RunResult{}, err
	}
	args := make([]string, len(argv))
	for i, a := range argv {
		a = strings.ReplaceAll(a, "{urls}", seeds)
		a = strings.ReplaceAll(a, "{cacert}", cacert)
		args[i] = strings.ReplaceAll(a, "{url}", s.URL())
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = stdout, stderr
	setGroup(cmd)
	cmd.Cancel = func() error { return killGroup(cmd) }
	cmd.WaitDelay = 2 * time.Second
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return RunResult{}, err
	}
	err = cmd.Wait()
	killGroup(cmd) // whatever it left behind
	res := RunResult{Duration: time.Since(start)}
	if ctx.Err() == nil {
		res.Exited = true
		res.ExitCode = cmd.ProcessState.ExitCode()
		err = nil
	} else if errors.Is(context.Cause(ctx), context.DeadlineExceeded) || ctx.Err() == context.DeadlineExceeded {
		err = nil
	}
	return res, err
}
