package cluster3test

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// exitDiffers is pcl diff --exit-code's answer when the live cluster
// differs from the policy.
const exitDiffers = 3

// policyCopy copies the test policy into a new directory, with extra
// .pcl files (name to source) added.
func policyCopy(t *testing.T, extra map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files, err := filepath.Glob(filepath.Join(policyDir(), "*.pcl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no policy in %s: %v", policyDir(), err)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, src := range extra {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// pclOn runs pcl on node, returning its exit code and output.
func (c *cluster) pclOn(t *testing.T, node string, args ...string) (int, string) {
	t.Helper()
	cmd := c.cmd(append([]string{"exec", node, c.pcl}, args...)...)
	out, err := cmd.CombinedOutput()
	if err == nil {
		return 0, string(out)
	}
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), string(out)
	}
	t.Fatalf("pcl %s: %v", strings.Join(args, " "), err)
	return 0, ""
}

// applyDir applies policy from node with --yes --wait: the cluster must
// settle as planned.
func (c *cluster) applyDir(t *testing.T, node, policy string) {
	t.Helper()
	c.run(t, "settle", "1")
	code, out := c.pclOn(t, node, "apply", policy, "--yes", "--wait=3m")
	// A promotable clone goes past the plan's one transition (its agent
	// sets a promotion score): pcl apply says the cluster agrees then.
	if code != 0 || !(strings.Contains(out, "settled as predicted") || strings.Contains(out, "agrees with that state") || strings.Contains(out, "Nothing to apply")) {
		t.Fatalf("pcl apply %s on %s: exit %d\n%s", policy, node, code, out)
	}
}

// TestApplyDriftRollbackRace: on the three nodes, a change made behind
// pcl's back is drift that the next apply removes, a policy change and
// its rollback (the previous policy applied again) each settle as
// planned, and an apply whose configuration another node changed after
// pcl read it is refused.
func TestApplyDriftRollbackRace(t *testing.T) {
	c := need(t)
	policy := policyCopy(t, nil)
	applyPolicy(t, c)

	t.Run("drift", func(t *testing.T) {
		c.on(t, "node2", "crm_resource", "--ban", "--resource", "db", "--node", "node2", "--quiet")
		code, out := c.pclOn(t, "node3", "diff", "--live", policy, "--exit-code")
		if code != exitDiffers || !strings.Contains(out, "cli-ban-db-on-node2") {
			t.Fatalf("pcl diff --live after a ban on another node: exit %d, want %d, naming cli-ban-db-on-node2\n%s", code, exitDiffers, out)
		}
		c.applyDir(t, "node1", policy)
		if code, out := c.pclOn(t, "node2", "diff", "--live", policy, "--exit-code"); code != 0 {
			t.Fatalf("the drift is still there after apply: exit %d\n%s", code, out)
		}
	})

	t.Run("change and rollback", func(t *testing.T) {
		changed := policyCopy(t, map[string]string{"move.pcl": `location "db-prefers-node3" {
  resource = "db"
  node     = "node3"
  score    = 500
}
`})
		c.applyDir(t, "node2", changed)
		if where := running(t, c, "node1").whereOK("db"); where != "node3" {
			t.Fatalf("after the change db runs on %q, not node3", where)
		}
		c.applyDir(t, "node3", policy)
		if code, out := c.pclOn(t, "node1", "diff", "--live", policy, "--exit-code"); code != 0 {
			t.Fatalf("after the rollback the live configuration is not the policy's: exit %d\n%s", code, out)
		}
	})

	t.Run("racing change is refused", func(t *testing.T) {
		c.run(t, "settle", "1")
		changed := policyCopy(t, map[string]string{"move.pcl": `location "db-avoids-node1" {
  resource = "db"
  node     = "node1"
  score    = -100
}
`})
		// pcl apply on node1 reads the live CIB and asks; while it waits,
		// node2 changes the configuration; then the answer is yes.
		cmd := c.cmd("exec", "node1", c.pcl, "apply", changed)
		stdin, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		stderr, err := cmd.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stdout strings.Builder
		cmd.Stdout = &stdout
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		asked := make(chan string, 2)
		go func() {
			var seen strings.Builder
			r := bufio.NewReader(stderr)
			buf := make([]byte, 256)
			sent := false
			for {
				n, err := r.Read(buf)
				seen.Write(buf[:n])
				if !sent && strings.Contains(seen.String(), "Only \"yes\" is accepted") {
					asked <- seen.String()
					sent = true
				}
				if err != nil {
					if !sent {
						asked <- seen.String()
					}
					io.Copy(io.Discard, r)
					break
				}
			}
			asked <- seen.String()
		}()
		var prompt string
		select {
		case prompt = <-asked:
		case <-time.After(2 * time.Minute):
			cmd.Process.Kill()
			t.Fatal("pcl apply never asked")
		}
		if !strings.Contains(prompt, "Only \"yes\" is accepted") {
			cmd.Wait()
			t.Fatalf("pcl apply did not ask:\n%s", prompt)
		}
		c.on(t, "node2", "crm_attribute", "--type", "crm_config", "--name", "pcl-test-race", "--update", "1")
		defer c.on(t, "node2", "crm_attribute", "--type", "crm_config", "--name", "pcl-test-race", "--delete")
		io.WriteString(stdin, "yes\n")
		stdin.Close()
		err = cmd.Wait()
		all := <-asked
		if err == nil || !strings.Contains(all, "changed since it was read") {
			t.Fatalf("pcl apply went on after another node's change: %v\n%s%s", err, stdout.String(), all)
		}
		// Nothing of the refused policy reached the cluster.
		if out, err := c.cmd("exec", "node3", "cibadmin", "-Q", "--xpath", "//rsc_location[@id='db-avoids-node1']").CombinedOutput(); err == nil {
			t.Fatalf("the refused apply wrote its constraint:\n%s", out)
		}
		if where := running(t, c, "node1").whereOK("db"); where == "" {
			t.Fatal("db runs nowhere after the refused apply")
		}
	})
	c.applyDir(t, "node1", policy)
}
