package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"pcl/importer"
	"pcl/internal/testenv"
)

// schedulerInputDir is where the cluster's scheduler saves its inputs
// (compiled into Pacemaker).
const schedulerInputDir = "/var/lib/pacemaker/pengine"

// inputsSince lists the scheduler inputs the cluster saved after since,
// by name.
func inputsSince(t *testing.T, since time.Time) []string {
	t.Helper()
	entries, err := os.ReadDir(schedulerInputDir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		info, err := e.Info()
		if err != nil || e.IsDir() {
			continue
		}
		if _, _, ok := importer.SchedulerInput(e.Name()); ok && !info.ModTime().Before(since) {
			out = append(out, filepath.Join(schedulerInputDir, e.Name()))
		}
	}
	sort.Strings(out)
	return out
}

// TestClusterHistory reads back the inputs the cluster's own scheduler
// saved while pcl applied a policy and a resource failed, and checks
// that pcl history tells what the cluster did and why.
func TestClusterHistory(t *testing.T) {
	testenv.Cluster(t)
	tool(t, "crm_resource", "--cleanup")
	applyAsPredicted(t, onePolicy(t, emptyPolicy))
	// The file system's clock may be coarser than time.Now's.
	since := time.Now().Add(-time.Second)
	applyAsPredicted(t, onePolicy(t, basePolicy))
	// A fails: it is recovered, then, at migration-threshold=1, banned
	// from the one node, and B, colocated with it, stops too.
	tool(t, "crm_resource", "--fail", "--resource", "A", "--node", "node1")
	runningAfterSettle(t)
	defer func() {
		tool(t, "crm_resource", "--cleanup")
		applyAsPredicted(t, onePolicy(t, emptyPolicy))
	}()

	inputs := inputsSince(t, since)
	if len(inputs) < 2 {
		t.Fatalf("the cluster saved %d scheduler inputs since the policy was applied: %v", len(inputs), inputs)
	}
	// Each one is a CIB every command reads.
	if code, _, errOut := runPCL(t, "scores", inputs[0]); code != exitOK {
		t.Errorf("pcl scores %s: exit %d\n%s", inputs[0], code, errOut)
	}
	code, out, errOut := runPCL(t, append([]string{"history"}, inputs...)...)
	if code != exitOK {
		t.Fatalf("pcl history: exit %d\n%s%s", code, out, errOut)
	}
	for _, want := range []string{
		"Start A on node1",
		"Start B on node1",
		// crm_resource --fail's result: 2.1.5 records it as an asyncmon.
		"\"Simulated failure\" FAILED",
		"Stop A on node1",
		"Stop B on node1",
		"fail-count-A#",
		"migration-threshold=1 reached",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("pcl history of the cluster's inputs does not say %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "not read:") || strings.Contains(out, "UNKNOWN") {
		t.Errorf("pcl history could not read or plan an input:\n%s", out)
	}
	// What pcl says the scheduler decided from each input is what
	// Pacemaker's own scheduler decides from it.
	sim := testenv.Tool(t, "crm_simulate")
	for _, in := range inputs {
		want, err := exec.Command(sim, "-x", in, "-S").CombinedOutput()
		if err != nil {
			t.Fatalf("crm_simulate -x %s -S: %v\n%s", in, err, want)
		}
		code, got, errOut := runPCL(t, "plan", in, "--format", "crm_simulate")
		if code != exitOK {
			t.Fatalf("pcl plan %s: exit %d\n%s", in, code, errOut)
		}
		w := testenv.SimulateSection(string(want), "Transition Summary:")
		g := testenv.SimulateSection(got, "Transition Summary:")
		if strings.Join(w, "\n") != strings.Join(g, "\n") {
			t.Errorf("%s: pcl plans\n  %s\ncrm_simulate:\n  %s", in, strings.Join(g, "\n  "), strings.Join(w, "\n  "))
		}
	}
	// The directory itself, every input the cluster ever saved, is read.
	if code, _, errOut := runPCL(t, "history", schedulerInputDir); code != exitOK {
		t.Errorf("pcl history %s: exit %d\n%s", schedulerInputDir, code, errOut)
	}
	// About A alone: the start and the stop.
	code, out, _ = runPCL(t, append([]string{"history", "--resource", "A"}, inputs...)...)
	if code != exitOK || !strings.Contains(out, "Start A on node1") || !strings.Contains(out, "Stop A on node1") || strings.Contains(out, " B on node1") {
		t.Errorf("pcl history --resource A: exit %d\n%s", code, out)
	}
}

// secondPolicy changes basePolicy: B is gone, A's monitor is every 20s.
const secondPolicy = `properties {
  values = { stonith-enabled = false }
}
node "node1" {}
primitive "A" {
  agent = "ocf:pacemaker:Dummy"
  meta  = { migration-threshold = 1 }
  op "monitor" {
    interval = "20s"
  }
}
`

// TestClusterRollback applies a policy, applies another, and rolls back:
// the live configuration is the first policy's again, and the cluster
// runs as pcl predicted.
func TestClusterRollback(t *testing.T) {
	testenv.Cluster(t)
	tool(t, "crm_resource", "--cleanup")
	applyAsPredicted(t, onePolicy(t, emptyPolicy))
	first := onePolicy(t, basePolicy)
	second := onePolicy(t, secondPolicy)
	state := t.TempDir()
	apply := func(policy string) {
		t.Helper()
		if err := waitSettled(3 * time.Minute); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := runPCL(t, "apply", policy, "--yes", "--wait="+settle, "--save-dir", state)
		if code != exitOK {
			t.Fatalf("pcl apply %s: exit %d\n%s%s", policy, code, out, errOut)
		}
	}
	apply(first)
	apply(second)
	if code, _, _ := runPCL(t, "diff", "--live", first, "--exit-code"); code != exitDiffers {
		t.Fatalf("after the second apply, the live configuration is still the first policy's")
	}
	if err := waitSettled(3 * time.Minute); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runPCL(t, "rollback", "--save-dir", state, "--yes", "--wait="+settle)
	if code != exitOK || !strings.Contains(out, "Rolling back to") || !(strings.Contains(out, "settled as predicted") || strings.Contains(out, "agrees with that state")) {
		t.Fatalf("pcl rollback: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := runPCL(t, "diff", "--live", first, "--exit-code"); code != exitOK {
		t.Errorf("after the rollback, the live configuration is not the first policy's: exit %d\n%s%s", code, out, errOut)
	}
	if running, _ := runningNow(); len(running) != 2 {
		t.Errorf("after the rollback, running: %v (want A and B)", running)
	}
	applyAsPredicted(t, onePolicy(t, emptyPolicy))
}
