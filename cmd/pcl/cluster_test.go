package main

// Integration tests against the real one-node cluster of
// scripts/test-cluster (see internal/testenv.Cluster): skipped unless it
// runs or PCL_START_CLUSTER=1 / PCL_REQUIRE_CLUSTER=1 starts it. They share
// the cluster and run in sequence.

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pcl/cibdiff"
	"pcl/compiler"
	"pcl/importer"
	"pcl/internal/testenv"
	"pcl/ir"
	"pcl/planner"
	"pcl/planner/scenario"
)

func TestMain(m *testing.M) {
	code := m.Run()
	testenv.StopCluster()
	os.Exit(code)
}

// clusterExamples are the examples that fit the one-node cluster: every
// one but datacenter, whose bundle onOneNode does not turn into a
// harmless agent.
var clusterExamples = []string{"cluster-fs", "colocation-pairs", "colocation-sets", "database", "equal-scores", "failover",
	"group-stickiness", "operations", "opt-in-cluster", "opt-out-cluster", "ordering", "placement-rules", "rules", "scores", "webfarm"}

// settle is how long a test waits for the cluster to settle.
const settle = "3m"

// onePolicy writes a one-file .pcl policy into a new directory.
func onePolicy(t *testing.T, src string) string {
	t.Helper()
	return writePolicy(t, map[string]string{"policy.pcl": src})
}

// emptyPolicy stops every resource: the start of each test.
const emptyPolicy = `properties {
  values = { stonith-enabled = false }
}
`

// applyAsPredicted applies policy with --wait and requires that the
// cluster settles where pcl predicted.
func applyAsPredicted(t *testing.T, policy string) {
	t.Helper()
	// What an earlier step set off (a clean-up's refresh, a transition)
	// may still change the configuration; pcl apply rightly refuses to
	// write over a change made after it read, so start from a quiet
	// cluster.
	if err := waitSettled(3 * time.Minute); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runPCL(t, "apply", policy, "--yes", "--wait="+settle)
	if code != exitOK || !(strings.Contains(out, "settled as predicted") || strings.Contains(out, "agrees with that state") || strings.Contains(out, "Nothing to apply")) {
		t.Fatalf("pcl apply %s: exit %d\n%s\n%s", policy, code, out, errOut)
	}
	if i := strings.Index(out, "The cluster settled differently"); i >= 0 {
		t.Logf("the cluster went past the plan's transition:\n%s", out[i:])
	}
}

func TestClusterApplyExamples(t *testing.T) {
	testenv.Cluster(t)
	empty := onePolicy(t, emptyPolicy)
	for _, ex := range clusterExamples {
		t.Run(ex, func(t *testing.T) {
			policy := onOneNode(t, filepath.Join("..", "..", "examples", ex))
			applyAsPredicted(t, empty)
			applyAsPredicted(t, policy)
			// Applied and settled, the live configuration is the policy's.
			if code, out, errOut := runPCL(t, "diff", "--live", policy, "--exit-code"); code != exitOK {
				t.Errorf("diff --live after apply: exit %d\n%s%s", code, out, errOut)
			}
		})
	}
	applyAsPredicted(t, empty)
}

// basePolicy is two Dummies, B following A, A allowed one failure.
const basePolicy = `properties {
  values = { stonith-enabled = false }
}
node "node1" {}
primitive "A" {
  agent = "ocf:pacemaker:Dummy"
  meta  = { migration-threshold = 1 }
  op "monitor" {
    interval = "10s"
  }
}
primitive "B" {
  agent = "ocf:pacemaker:Dummy"
}
colocation "B-with-A" {
  leader   = "A"
  follower = "B"
  score    = inf
}
location "A-not-in-maintenance" {
  resource = "A"
  rule     = "maintenance-window eq yes"
  score    = -inf
}
`

// liveCIB reads the running cluster's CIB.
func liveCIB(t *testing.T) (*ir.CIB, []byte) {
	t.Helper()
	cib, src, _, diags := readLive()
	if diags.HasErrors() {
		t.Fatalf("reading the live CIB: %v", diags)
	}
	return cib, src
}

// whatIf is pcl's prediction for cib changed by the injections.
func whatIf(t *testing.T, cib *ir.CIB, injections ...ir.Injection) []cibdiff.Running {
	t.Helper()
	if len(injections) > 0 {
		var err error
		if cib, err = scenario.Apply(cib, scenario.Scenario{Injections: injections}); err != nil {
			t.Fatal(err)
		}
	}
	res, diags := planner.Schedule(cib, planner.Options{Transition: true, Digests: true})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if len(res.Unknown) > 0 {
		t.Fatalf("the plan has unknowns: %v", res.Unknown)
	}
	predicted, err := cibdiff.Predicted(cib, res)
	if err != nil {
		t.Fatal(err)
	}
	return predicted
}

// runningAfterSettle waits for the cluster to settle and reads crm_mon.
func runningAfterSettle(t *testing.T) []cibdiff.Running {
	t.Helper()
	if err := waitSettled(3 * time.Minute); err != nil {
		t.Fatal(err)
	}
	running, err := runningNow()
	if err != nil {
		t.Fatal(err)
	}
	return running
}

func tool(t *testing.T, name string, args ...string) {
	t.Helper()
	if out, err := exec.Command(clusterTool(name), args...).CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}

// compareWhatIf makes a change on the cluster and checks that it settles
// where pcl's what-if for the same change said.
func compareWhatIf(t *testing.T, predicted []cibdiff.Running, change func()) {
	t.Helper()
	change()
	running := runningAfterSettle(t)
	if miss := cibdiff.Mismatches(predicted, running); len(miss) > 0 {
		t.Errorf("the cluster settled differently from pcl's what-if:\n%s", strings.Join(miss, "\n"))
	}
}

func TestClusterWhatIf(t *testing.T) {
	testenv.Cluster(t)
	policy := onePolicy(t, basePolicy)
	reset := func(t *testing.T) {
		tool(t, "crm_attribute", "--node", "node1", "--name", "standby", "--delete")
		tool(t, "crm_attribute", "--node", "node1", "--name", "maintenance-window", "--delete")
		tool(t, "crm_resource", "--cleanup")
		applyAsPredicted(t, onePolicy(t, emptyPolicy))
		applyAsPredicted(t, policy)
	}

	t.Run("standby", func(t *testing.T) {
		reset(t)
		live, _ := liveCIB(t)
		in, err := scenario.ParseNode(ir.InjectNodeStandby, "node1")
		if err != nil {
			t.Fatal(err)
		}
		compareWhatIf(t, whatIf(t, live, in), func() {
			tool(t, "crm_attribute", "--node", "node1", "--name", "standby", "--update", "on")
		})
	})

	t.Run("resource failure", func(t *testing.T) {
		reset(t)
		live, _ := liveCIB(t)
		// crm_resource --fail records a failed operation of A on node1;
		// with migration-threshold=1 it bans A (and B with it) from the
		// one node.
		in, err := scenario.ParseOp("A_monitor_10000@node1=1")
		if err != nil {
			t.Fatal(err)
		}
		predicted := whatIf(t, live, in)
		if len(predicted) != 0 {
			t.Fatalf("pcl's what-if keeps resources running after a failure at migration-threshold=1: %v", predicted)
		}
		compareWhatIf(t, predicted, func() {
			tool(t, "crm_resource", "--fail", "--resource", "A", "--node", "node1")
		})
	})

	t.Run("node attribute", func(t *testing.T) {
		reset(t)
		// The same change on a copy of the live CIB, made by Pacemaker's
		// own tool (CIB_file), is pcl's what-if.
		_, src := liveCIB(t)
		file := filepath.Join(t.TempDir(), "whatif.xml")
		if err := os.WriteFile(file, src, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(clusterTool("crm_attribute"), "--node", "node1", "--name", "maintenance-window", "--update", "yes")
		cmd.Env = append(os.Environ(), "CIB_file="+file)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("crm_attribute on a copy: %v\n%s", err, out)
		}
		changed, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		cib, diags := importer.Read(file, changed)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		compareWhatIf(t, whatIf(t, cib), func() {
			tool(t, "crm_attribute", "--node", "node1", "--name", "maintenance-window", "--update", "yes")
		})
	})
	reset(t)
	applyAsPredicted(t, onePolicy(t, emptyPolicy))
}

func TestClusterDriftAndStaleApply(t *testing.T) {
	testenv.Cluster(t)
	policy := onePolicy(t, basePolicy)
	applyAsPredicted(t, policy)

	t.Run("ban is drift", func(t *testing.T) {
		tool(t, "crm_resource", "--ban", "--resource", "B", "--node", "node1", "--quiet")
		code, out, errOut := runPCL(t, "diff", "--live", policy, "--exit-code")
		if code != exitDiffers {
			t.Fatalf("diff --live after crm_resource --ban: exit %d, want %d\n%s%s", code, exitDiffers, out, errOut)
		}
		for _, want := range []string{"cli-ban-B-on-node1", "left by crm_resource --ban", "in the running cluster only"} {
			if !strings.Contains(out, want) {
				t.Errorf("diff --live does not say %q:\n%s", want, out)
			}
		}
		// Applying the policy removes the leftover and B starts again.
		applyAsPredicted(t, policy)
		if code, out, _ := runPCL(t, "diff", "--live", policy, "--exit-code"); code != exitOK {
			t.Errorf("the ban is still there after apply:\n%s", out)
		}
	})

	t.Run("stale read is refused", func(t *testing.T) {
		live, _ := liveCIB(t)
		read := cibdiff.VersionOf(live)
		target, files, diags := loadCIB([]string{onePolicy(t, emptyPolicy)}, compiler.Options{})
		if diags.HasErrors() {
			printDiags(os.Stderr, files, diags)
			t.FailNow()
		}
		target = forLive(live, target)
		// Someone changes the cluster after pcl read it.
		tool(t, "crm_attribute", "--type", "crm_config", "--name", "pcl-test-concurrent", "--update", "1")
		defer tool(t, "crm_attribute", "--type", "crm_config", "--name", "pcl-test-concurrent", "--delete")
		var out, errb strings.Builder
		code := pushUpdate(&env{stdout: &out, stderr: &errb}, live, target, read)
		if code != exitDiags || !strings.Contains(errb.String(), "configuration changed since it was read") {
			t.Fatalf("pushUpdate after a concurrent change: exit %d\n%s", code, errb.String())
		}
		// Pacemaker's own check refuses the patch too, without pcl's.
		dir := t.TempDir()
		oldPath, newPath, patch := filepath.Join(dir, "old.xml"), filepath.Join(dir, "new.xml"), filepath.Join(dir, "patch.xml")
		if err := writeCIBFile(oldPath, live); err != nil {
			t.Fatal(err)
		}
		if err := writeCIBFile(newPath, cibdiff.Update(live, target)); err != nil {
			t.Fatal(err)
		}
		if err := makePatch(oldPath, newPath, patch); err != nil {
			t.Fatal(err)
		}
		if _, err := runTool(nil, "cibadmin", "--patch", "--xml-file", patch); err == nil {
			t.Fatal("cibadmin applied a patch computed from a stale read")
		}
		// The configuration is untouched: A and B still run.
		if running, _ := runningNow(); len(running) != 2 {
			t.Errorf("after the refused updates, running: %v", running)
		}
	})
	applyAsPredicted(t, onePolicy(t, emptyPolicy))
}
