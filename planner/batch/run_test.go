package batch_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/spf13/pflag"

	"pcl/internal/synth"
	"pcl/ir"
	"pcl/planner"
	"pcl/planner/batch"
	"pcl/planner/scenario"
)

func TestRunDeterministic(t *testing.T) {
	base := synth.Generate(synth.Params{Resources: 40, Nodes: 5, Seed: 7})
	scenarios := append(batch.EachNodeDown(base), batch.EachNodePairDown(base)...)
	if len(scenarios) != 5+10 {
		t.Fatalf("%d scenarios, want 15", len(scenarios))
	}
	var outputs []string
	for _, workers := range []int{1, 4} {
		res := batch.Run(base, scenarios, batch.Options{Workers: workers, Planner: planner.Options{NoTrail: true}})
		for i, o := range res.Scenarios {
			if o.Err != nil || o.Scenario.Name != scenarios[i].Name {
				t.Fatalf("scenario %d: %q %v", i, o.Scenario.Name, o.Err)
			}
		}
		if res.Baseline == nil || res.Baseline.Plan == nil {
			t.Fatal("no baseline")
		}
		data, err := batch.Render(res, "json", 0)
		if err != nil {
			t.Fatal(err)
		}
		outputs = append(outputs, string(data))
	}
	if outputs[0] != outputs[1] {
		t.Errorf("one worker and four give different reports")
	}
}

func TestAllNodesUp(t *testing.T) {
	base := synth.Generate(synth.Params{Resources: 6, Nodes: 3, Seed: 1})
	base.Status = nil // a compiled policy has no status
	up, err := batch.AllNodesUp(base)
	if err != nil {
		t.Fatal(err)
	}
	if base.Status != nil || up.Status == nil || len(up.Status.Nodes) != 3 {
		t.Fatalf("AllNodesUp: %+v", up.Status)
	}
	if got := len(batch.EachNodeDown(base)); got != 0 {
		t.Errorf("a cluster with no status has %d nodes to lose, want 0", got)
	}
	if got := len(batch.EachNodeDown(up)); got != 3 {
		t.Errorf("%d nodes to lose once up, want 3", got)
	}
	f := &batch.Flags{EachNodeDown: true}
	res, diags := f.Run(base, planner.Options{}, nil)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	for _, r := range res.Baseline.Plan.Resources {
		if r.Kind == planner.KindPrimitive && r.AssignedTo < 0 {
			t.Errorf("%s is not placed with every node up", r.ID)
		}
	}
}

func TestFlags(t *testing.T) {
	base := synth.Generate(synth.Params{Resources: 10, Nodes: 3, Seed: 1})
	fs := pflag.NewFlagSet("plan", pflag.ContinueOnError)
	f := batch.RegisterFlags(fs)
	err := fs.Parse([]string{"--node-down", "node1", "--op-fail", "rsc00002_start_0@node2=1x2", "--ticket-grant", "T", "--each-node-pair-down"})
	if err != nil {
		t.Fatal(err)
	}
	if !f.IsBatch() || !f.HasInjections() {
		t.Fatalf("IsBatch %v HasInjections %v", f.IsBatch(), f.HasInjections())
	}
	list, diags := f.Scenarios(base)
	if diags.HasErrors() || len(list) != 3+1 {
		t.Fatalf("scenarios %v: %v", list, diags)
	}
	if got := list[3].Name; got != "node1 down, ticket T granted, rsc00002_start_0@node2=1x2" {
		t.Errorf("command-line scenario named %q", got)
	}

	bad := &batch.Flags{Batch: true, NodeDown: []string{"nodeX"}, OpFail: []string{"web@n1"}}
	_, diags = bad.Run(base, planner.Options{}, nil)
	if !diags.HasErrors() || !strings.Contains(diags.Error(), "there is no =RC") {
		t.Errorf("malformed --op-fail: %v", diags)
	}
	bad.OpFail = nil
	_, diags = bad.Run(base, planner.Options{}, nil)
	if !diags.HasErrors() || !strings.Contains(diags.Error(), `unknown node "nodeX" (known nodes: node1, node2, node3)`) {
		t.Errorf("unknown node: %v", diags)
	}
	if _, diags := (&batch.Flags{Batch: true}).Run(base, planner.Options{}, nil); !diags.HasErrors() || !strings.Contains(diags.Error(), "no scenario") {
		t.Errorf("empty batch: %v", diags)
	}
	if _, diags := (&batch.Flags{Batch: true, EachNodeDown: true}).Report(base, "crm_simulate", planner.Options{}, nil, 0); !diags.HasErrors() {
		t.Errorf("--format crm_simulate with --batch is not an error")
	}
	single, err := (&batch.Flags{NodeFail: []string{"node2"}}).ApplyInjections(base)
	if err != nil {
		t.Fatal(err)
	}
	// Without fencing (synth disables it) a failed node is just offline.
	if p, _ := planner.Compute(single, planner.Options{NoTrail: true}); p.Nodes[1].Uname != "node2" || p.Nodes[1].Online {
		t.Errorf("node2 is online after --node-fail node2")
	}
}

func TestDeclaredScenarios(t *testing.T) {
	base := synth.Generate(synth.Params{Resources: 10, Nodes: 3, Seed: 1})
	base.Scenarios = []*ir.Scenario{
		{Name: "rack-a-down", Injections: []*ir.Injection{{Kind: ir.InjectNodeDown, Node: "node1"}, {Kind: ir.InjectNodeDown, Node: "node2"}}},
		{Name: "later", Now: "2030-01-01"},
	}
	f := &batch.Flags{Batch: true, EachNodeDown: true}
	list, diags := f.Scenarios(base)
	if diags.HasErrors() || len(list) != 2+3 || list[0].Name != "rack-a-down" || list[1].Now.Year() != 2030 {
		t.Fatalf("%v %v", list, diags)
	}
	base.Scenarios = append(base.Scenarios, &ir.Scenario{Name: "node1 down"})
	if _, diags := f.Run(base, planner.Options{}, nil); !diags.HasErrors() || !strings.Contains(diags.Error(), "Duplicate scenario") {
		t.Errorf("duplicate names: %v", diags)
	}
}

func TestProgress(t *testing.T) {
	base := synth.Generate(synth.Params{Resources: 10, Nodes: 3, Seed: 1})
	var buf bytes.Buffer
	batch.Run(base, batch.EachNodeDown(base), batch.Options{Workers: 1, Progress: &buf, ProgressAfter: time.Nanosecond})
	out := buf.String()
	if !strings.Contains(out, "planning [") || !strings.Contains(out, "4/4 scenarios") || !strings.HasSuffix(out, "\r") {
		t.Errorf("progress output %q", out)
	}
	buf.Reset()
	batch.Run(base, []scenario.Scenario{{Name: "x"}}, batch.Options{Progress: &buf})
	if buf.Len() != 0 {
		t.Errorf("a quick batch draws a progress bar: %q", buf.String())
	}
}
