package main

import (
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/spf13/pflag"

	"pcl/internal/synth"
	"pcl/ir"
	"pcl/planner"
	"pcl/planner/batch"
	"pcl/planner/scenario"
)

func TestBatchFlags(t *testing.T) {
	base := synth.Generate(synth.Params{Resources: 10, Nodes: 3, Seed: 1})
	fs := pflag.NewFlagSet("plan", pflag.ContinueOnError)
	f := registerBatchFlags(fs)
	err := fs.Parse([]string{"--node-down", "node1", "--op-fail", "rsc00002_start_0@node2=1x2", "--ticket-grant", "T", "--each-node-pair-down"})
	if err != nil {
		t.Fatal(err)
	}
	if !f.isBatch() || !f.hasInjections() {
		t.Fatalf("isBatch %v hasInjections %v", f.isBatch(), f.hasInjections())
	}
	list, diags := prepared(t, f, base)
	if diags.HasErrors() || len(list) != 3+1 {
		t.Fatalf("scenarios %v: %v", list, diags)
	}
	if got := list[3].Name; got != "node1 down, ticket T granted, rsc00002_start_0@node2=1x2" {
		t.Errorf("command-line scenario named %q", got)
	}

	bad := &batchFlags{Batch: true, whatIfFlags: &whatIfFlags{NodeDown: []string{"nodeX"}, OpFail: []string{"web@n1"}}}
	_, diags = bad.run(base, planner.Options{}, nil, nil)
	if !diags.HasErrors() || !strings.Contains(diags.Error(), "there is no =RC") {
		t.Errorf("malformed --op-fail: %v", diags)
	}
	bad.OpFail = nil
	_, diags = bad.run(base, planner.Options{}, nil, nil)
	if !diags.HasErrors() || !strings.Contains(diags.Error(), `unknown node "nodeX" (known nodes: node1, node2, node3)`) {
		t.Errorf("unknown node: %v", diags)
	}
	if _, diags := (&batchFlags{Batch: true, whatIfFlags: &whatIfFlags{}}).run(base, planner.Options{}, nil, nil); !diags.HasErrors() || !strings.Contains(diags.Error(), "no scenario") {
		t.Errorf("empty batch: %v", diags)
	}
	single, _, err := (&whatIfFlags{NodeFail: []string{"node2"}}).applyInjections(base)
	if err != nil {
		t.Fatal(err)
	}
	// Without fencing (synth disables it) a failed node is just offline.
	if res, _ := planner.Schedule(single, planner.Options{NoTrail: true}); res.Nodes[1].Uname != "node2" || res.Nodes[1].Online {
		t.Errorf("node2 is online after --node-fail node2")
	}
}

// A compiled policy has no status: the batch plans it with every node up.
func TestBatchFlagsWithoutStatus(t *testing.T) {
	base := synth.Generate(synth.Params{Resources: 6, Nodes: 3, Seed: 1})
	base.Status = nil
	res, diags := (&batchFlags{EachNodeDown: true, whatIfFlags: &whatIfFlags{}}).run(base, planner.Options{}, nil, nil)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if len(res.Scenarios) != 3 {
		t.Errorf("%d scenarios, want one per node", len(res.Scenarios))
	}
	for _, r := range res.Baseline.Result.Resources {
		if r.IsPrimitive() && r.AssignedTo < 0 {
			t.Errorf("%s is not placed with every node up", r.ID)
		}
	}
}

func TestBatchFlagsDeclaredScenarios(t *testing.T) {
	base := synth.Generate(synth.Params{Resources: 10, Nodes: 3, Seed: 1})
	base.Scenarios = []*ir.Scenario{
		{Name: "rack-a-down", Injections: []*ir.Injection{{Kind: ir.InjectNodeDown, Node: "node1"}, {Kind: ir.InjectNodeDown, Node: "node2"}}},
		{Name: "later", Now: "2030-01-01"},
	}
	f := &batchFlags{Batch: true, EachNodeDown: true, whatIfFlags: &whatIfFlags{}}
	list, diags := prepared(t, f, base)
	if diags.HasErrors() || len(list) != 2+3 || list[0].Name != "rack-a-down" || list[1].Now.Year() != 2030 {
		t.Fatalf("%v %v", list, diags)
	}
	base.Scenarios = append(base.Scenarios, &ir.Scenario{Name: "node1 down"})
	if _, diags := f.run(base, planner.Options{}, nil, nil); !diags.HasErrors() || !strings.Contains(diags.Error(), "Duplicate scenario") {
		t.Errorf("duplicate names: %v", diags)
	}
}

// prepared is the list of scenarios the flags make for base.
func prepared(t *testing.T, f *batchFlags, base *ir.CIB) ([]scenario.Scenario, hcl.Diagnostics) {
	t.Helper()
	spec, err := f.spec(planner.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, diags := batch.Prepare(base, spec)
	if b == nil {
		return nil, diags
	}
	return b.Scenarios, diags
}

// --each-ticket-revoke plans, for a policy with ticket constraints, the
// baseline with its tickets granted and one scenario per ticket revoked;
// a single plan of the policy says the tickets were granted.
func TestBatchFlagsEachTicketRevoke(t *testing.T) {
	base := synth.Generate(synth.Params{Resources: 4, Nodes: 2, Seed: 1})
	base.Status = nil
	rsc := base.Config.Resources[0].ResourceID()
	base.Config.Constraints = append(base.Config.Constraints, &ir.Ticket{ID: "needs-T", Ticket: "T", Resource: rsc})
	fs := pflag.NewFlagSet("plan", pflag.ContinueOnError)
	f := registerBatchFlags(fs)
	if err := fs.Parse([]string{"--each-ticket-revoke"}); err != nil || !f.isBatch() {
		t.Fatalf("--each-ticket-revoke: %v, batch %v", err, f.isBatch())
	}
	res, diags := f.run(base, planner.Options{}, nil, nil)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if len(res.Scenarios) != 1 || res.Scenarios[0].Scenario.Name != "ticket T revoked" {
		t.Fatalf("scenarios %+v", res.Scenarios)
	}
	placed := func(r *planner.Result) bool { node, _ := r.Placement(r.Resource(rsc)); return node != "" }
	if !placed(res.Baseline.Result) || placed(res.Scenarios[0].Result) {
		t.Errorf("%s placed in the baseline %v, with T revoked %v; want true, false", rsc,
			placed(res.Baseline.Result), placed(res.Scenarios[0].Result))
	}
	if _, diags := everyNodeUp(base); len(diags) != 1 || !strings.Contains(diags[0].Detail, "every ticket its ticket constraints name granted") {
		t.Errorf("everyNodeUp diagnostics %v", diags)
	}
}
