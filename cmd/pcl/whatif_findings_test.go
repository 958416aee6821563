package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// balancedPolicy places three resources with equal scores on three nodes:
// with nothing to prefer, Pacemaker spreads them, one per node, and
// stickiness keeps them there.
const balancedPolicy = `
properties {
  values = { stonith-enabled = false, no-quorum-policy = "ignore" }
}
rsc_defaults {
  values = { resource-stickiness = 100 }
}
node "n" {
  for_each = toset(["n1", "n2", "n3"])
  name     = each.key
}
primitive "r" {
  for_each = toset(["r1", "r2", "r3"])
  name     = each.key
  agent    = "ocf:pacemaker:Dummy"
}
`

// TestWhatIfStartsFromTheSettledCluster is the finding "for a .pcl policy
// every scenario starts from an empty cluster: node X down means a cold
// start without X, so stickiness never shows". r2 and r3 run on n2 and n3
// once the baseline settles; when n1 goes down only r1 moves. A cold start
// without n1 (--as-recorded) places all three afresh and moves r2.
func TestWhatIfStartsFromTheSettledCluster(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "cluster.pcl"), []byte(balancedPolicy), 0o644); err != nil {
		t.Fatal(err)
	}
	placement := func(extra ...string) map[string]map[string]*string {
		args := append([]string{"plan", dir, "--node-down", "n1", "--batch", "--format", "json"}, extra...)
		code, out, errs := runPCL(t, args...)
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, errs)
		}
		var doc batchJSON
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatal(err)
		}
		got := map[string]map[string]*string{}
		for _, s := range doc.Scenarios {
			got[s.Name] = s.Placement
		}
		return got
	}
	node := func(p *string) string {
		if p == nil {
			return "STOPPED"
		}
		return *p
	}
	settled := placement()
	base, down := settled["baseline"], settled["n1 down"]
	for _, r := range []string{"r1", "r2", "r3"} {
		if node(base[r]) == "STOPPED" {
			t.Fatalf("baseline: %s stopped", r)
		}
	}
	for _, r := range []string{"r1", "r2", "r3"} {
		switch {
		case node(base[r]) == "n1" && (node(down[r]) == "n1" || node(down[r]) == "STOPPED"):
			t.Errorf("n1 down: %s, on n1 in the baseline, is on %s", r, node(down[r]))
		case node(base[r]) != "n1" && node(down[r]) != node(base[r]):
			t.Errorf("n1 down: %s moves from %s to %s; stickiness keeps it", r, node(base[r]), node(down[r]))
		}
	}
	cold := placement("--as-recorded")["n1 down"]
	moved := 0
	for _, r := range []string{"r1", "r2", "r3"} {
		if node(base[r]) != "n1" && node(cold[r]) != node(base[r]) {
			moved++
		}
	}
	if moved == 0 {
		t.Errorf("--as-recorded: a cold start without n1 moves no resource that did not run on n1: %v", cold)
	}
}
