package cluster3test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pcl/internal/testenv"
)

// cluster is the running three-node cluster of this test binary.
type cluster struct {
	script string // scripts/test-cluster3
	dir    string // its state (PCL_CLUSTER3_DIR)
	pcl    string // the pcl binary built for the tests
}

var (
	theCluster *cluster
	// why is the reason there is no cluster, when there is none.
	why string
)

// missing says what the tests need and this machine lacks.
func missing() string {
	if os.Geteuid() != 0 {
		return "not root: the three-node cluster needs namespaces"
	}
	for _, p := range []string{"corosync", "pacemakerd", "cibadmin", "crm_mon", "fence_dummy", "unshare", "nsenter", "ip"} {
		if _, err := exec.LookPath(p); err != nil {
			return p + " is not installed"
		}
	}
	for _, f := range []string{"/usr/lib/ocf/resource.d/pacemaker/Dummy", "/usr/lib/ocf/resource.d/pacemaker/Stateful"} {
		if _, err := os.Stat(f); err != nil {
			return f + " is missing (resource-agents, pacemaker)"
		}
	}
	return ""
}

func TestMain(m *testing.M) {
	os.Setenv("PATH", os.Getenv("PATH")+":/usr/sbin:/sbin")
	code, err := run(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, "cluster3test:", err)
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}

// run starts the cluster, runs the tests and stops it; a process of its
// namespaces left behind is an error.
func run(m *testing.M) (int, error) {
	if why = missing(); why != "" {
		return m.Run(), nil
	}
	tmp, err := os.MkdirTemp("", "pcl-cluster3-")
	if err != nil {
		return 1, err
	}
	defer os.RemoveAll(tmp)
	c := &cluster{
		script: filepath.Join(testenv.ModuleRoot(), "scripts", "test-cluster3"),
		dir:    filepath.Join(tmp, "cluster"),
		pcl:    filepath.Join(tmp, "pcl"),
	}
	build := exec.Command("go", "build", "-o", c.pcl, "pcl/cmd/pcl")
	build.Dir = testenv.ModuleRoot()
	if out, err := build.CombinedOutput(); err != nil {
		return 1, fmt.Errorf("building pcl: %v\n%s", err, out)
	}
	start := time.Now()
	if out, err := c.cmd("start").CombinedOutput(); err != nil {
		why = fmt.Sprintf("scripts/test-cluster3 start failed: %v\n%s", err, out)
		return m.Run(), nil
	}
	fmt.Fprintf(os.Stderr, "cluster3test: three nodes up in %.1f s\n", time.Since(start).Seconds())
	theCluster = c
	code := m.Run()
	stop := time.Now()
	out, err := c.cmd("stop").CombinedOutput()
	if err != nil {
		return code, fmt.Errorf("scripts/test-cluster3 stop: %v\n%s", err, out)
	}
	fmt.Fprintf(os.Stderr, "cluster3test: stopped in %.1f s\n", time.Since(stop).Seconds())
	// Stop checks it, and this checks stop: nothing of the namespaces left.
	if out, err := c.cmd("leaks").CombinedOutput(); err != nil {
		return code, fmt.Errorf("processes left behind:\n%s", out)
	}
	if left := leftNamespaces(c.dir); len(left) > 0 {
		return code, fmt.Errorf("namespaces left behind: %s", strings.Join(left, ", "))
	}
	return code, nil
}

// need gives the test the cluster, or skips it (fails it under
// PCL_REQUIRE_CLUSTER=1).
func need(t *testing.T) *cluster {
	t.Helper()
	if theCluster != nil {
		return theCluster
	}
	if testenv.ClusterRequired() {
		t.Fatalf("PCL_REQUIRE_CLUSTER=1: no three-node cluster: %s", why)
	}
	t.Skipf("no three-node cluster: %s", why)
	return nil
}

// cmd is scripts/test-cluster3 with args, on this binary's cluster.
func (c *cluster) cmd(args ...string) *exec.Cmd {
	cmd := exec.Command(c.script, args...)
	cmd.Env = append(os.Environ(), "PCL_CLUSTER3_DIR="+c.dir)
	// A daemon holding the output open must not hang the test.
	cmd.WaitDelay = 10 * time.Second
	return cmd
}

// run runs the script with args and fails the test when it fails.
func (c *cluster) run(t *testing.T, args ...string) []byte {
	t.Helper()
	var out, errb bytes.Buffer
	cmd := c.cmd(args...)
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("test-cluster3 %s: %v\n%s%s", strings.Join(args, " "), err, out.String(), errb.String())
	}
	return out.Bytes()
}

// on runs a command on node and fails the test when it fails.
func (c *cluster) on(t *testing.T, node string, args ...string) []byte {
	t.Helper()
	return c.run(t, append([]string{"exec", node}, args...)...)
}

// leftNamespaces lists the processes still running in namespaces of the
// script's (its holders are named pcl3-holder:DIR) or naming its
// directory: none may be left once stopped. The script's leaks command
// checks the namespaces it recorded; this catches what it lost track of.
func leftNamespaces(dir string) []string {
	var left []string
	root, _ := os.Readlink("/proc/self/ns/net")
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		cmdline, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err != nil {
			continue
		}
		ns, _ := os.Readlink(filepath.Join("/proc", e.Name(), "ns", "net"))
		if ns == root || !strings.Contains(string(cmdline), dir) {
			continue
		}
		left = append(left, e.Name()+" "+ns+" "+strings.ReplaceAll(string(cmdline), "\x00", " "))
	}
	return left
}
