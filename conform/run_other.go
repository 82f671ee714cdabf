//go:build !unix

package conform

import "os/exec"

func setGroup(*exec.Cmd) {}

// killGroup kills the command (process groups are a Unix notion).
func killGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	return cmd.Process.Kill()
}
