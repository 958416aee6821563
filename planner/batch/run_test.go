package batch_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"pcl/importer"
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
		if res.Baseline == nil || res.Baseline.Result == nil {
			t.Fatal("no baseline")
		}
		outputs = append(outputs, summary(res))
	}
	if outputs[0] != outputs[1] {
		t.Errorf("one worker and four give different results:\n%s\n----\n%s", outputs[0], outputs[1])
	}
}

// summary writes down what a report is made of, the placements and the
// transitions, in result order, so that two results can be compared
// without rendering them (that is emit/matrix's business).
func summary(res *batch.Result) string {
	var b strings.Builder
	for _, o := range append([]*batch.Outcome{res.Baseline}, res.Scenarios...) {
		fmt.Fprintf(&b, "== %s\n", o.Scenario.Name)
		for _, r := range o.Result.Resources {
			fmt.Fprintf(&b, "%s on %q\n", r.ID, o.Result.AssignedNode(r))
		}
		t := o.Result.Transition
		for _, a := range t.Listed() {
			fmt.Fprintln(&b, t.ActionName(a))
		}
		for _, c := range t.Changes {
			fmt.Fprintf(&b, "%+v\n", c)
		}
	}
	return b.String()
}

func TestRunProgress(t *testing.T) {
	base := synth.Generate(synth.Params{Resources: 10, Nodes: 3, Seed: 1})
	var calls [][2]int
	progress := func(done, total int) { calls = append(calls, [2]int{done, total}) }
	batch.Run(base, batch.EachNodeDown(base), batch.Options{Workers: 2, Progress: progress})
	want := [][2]int{{1, 4}, {2, 4}, {3, 4}, {4, 4}}
	if !slices.Equal(calls, want) {
		t.Errorf("progress calls %v, want %v (the baseline counts as one)", calls, want)
	}
	calls = nil
	batch.Run(base, []scenario.Scenario{{Name: "x"}}, batch.Options{Progress: progress, NoBaseline: true})
	if want := [][2]int{{1, 1}}; !slices.Equal(calls, want) {
		t.Errorf("progress calls without a baseline %v, want %v", calls, want)
	}
}

func TestRunUnknownNode(t *testing.T) {
	base := synth.Generate(synth.Params{Resources: 10, Nodes: 3, Seed: 1})
	bad := scenario.Scenario{Name: "bad", Injections: []ir.Injection{{Kind: ir.InjectNodeDown, Node: "nodeX"}}}
	res := batch.Run(base, []scenario.Scenario{bad}, batch.Options{NoBaseline: true})
	if res.Baseline != nil {
		t.Error("a baseline despite NoBaseline")
	}
	if o := res.Scenarios[0]; o.Err == nil || o.Result != nil || !strings.Contains(o.Err.Error(), "nodeX") {
		t.Errorf("a scenario on an unknown node: %+v", o)
	}
}

// TestRunQuorum: the baseline of a CIB that records no have-quorum is
// counted (quorate with every node up), each scenario recomputed; with
// Keep, the CIB's (absent: no quorum) stays everywhere.
func TestRunQuorum(t *testing.T) {
	base := synth.Generate(synth.Params{Resources: 10, Nodes: 3, Seed: 1})
	base.Attrs = slices.DeleteFunc(slices.Clone(base.Attrs), func(a ir.Attr) bool { return a.Name == "have-quorum" })
	scenarios := append(batch.EachNodeDown(base), batch.EachNodePairDown(base)...)
	res := batch.Run(base, scenarios, batch.Options{Planner: planner.Options{NoTrail: true}})
	got := []string{fmt.Sprintf("baseline %+v", res.Baseline.Quorum)}
	for _, o := range res.Scenarios {
		got = append(got, fmt.Sprintf("%s %+v", o.Scenario.Name, o.Quorum))
	}
	want := []string{
		"baseline {Quorate:true Recomputed:true Votes:3 Expected:3 Needed:2}",
		"node1 down {Quorate:true Recomputed:true Votes:2 Expected:3 Needed:2}",
		"node2 down {Quorate:true Recomputed:true Votes:2 Expected:3 Needed:2}",
		"node3 down {Quorate:true Recomputed:true Votes:2 Expected:3 Needed:2}",
		"node1+node2 down {Quorate:false Recomputed:true Votes:1 Expected:3 Needed:2}",
		"node1+node3 down {Quorate:false Recomputed:true Votes:1 Expected:3 Needed:2}",
		"node2+node3 down {Quorate:false Recomputed:true Votes:1 Expected:3 Needed:2}",
	}
	if !slices.Equal(got, want) {
		t.Errorf("quorum:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	kept := batch.Run(base, scenarios[:1], batch.Options{Planner: planner.Options{NoTrail: true}, Quorum: scenario.QuorumRule{Keep: true}})
	for _, o := range []*batch.Outcome{kept.Baseline, kept.Scenarios[0]} {
		if o.Quorum.Quorate || o.Quorum.Recomputed {
			t.Errorf("%s with Keep: %+v", o.Scenario.Name, o.Quorum)
		}
	}
}

// TestSettledAgreesAsRecordedOnASettledCluster: on a cluster that is
// already settled (the one a baseline's transition leaves), applying the
// scenarios to the settled baseline and to the status as recorded is the
// same thing.
func TestSettledAgreesAsRecordedOnASettledCluster(t *testing.T) {
	for seed := uint64(1); seed <= 8; seed++ {
		cib, diags := importer.Read("clones.xml", []byte(synth.CloneCIB(seed)))
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		settled := batch.Run(cib, nil, batch.Options{Planner: planner.Options{NoTrail: true}}).From
		scenarios := batch.EachNodeDown(settled)
		a := batch.Run(settled, scenarios, batch.Options{Planner: planner.Options{NoTrail: true}})
		b := batch.Run(settled, scenarios, batch.Options{Planner: planner.Options{NoTrail: true}, AsRecorded: true})
		for i := range scenarios {
			if a.Scenarios[i].Err != nil || b.Scenarios[i].Err != nil {
				t.Fatalf("seed %d, %s: %v, %v", seed, scenarios[i].Name, a.Scenarios[i].Err, b.Scenarios[i].Err)
			}
			got, want := runningLines(a.Scenarios[i].After), runningLines(b.Scenarios[i].After)
			if !slices.Equal(got, want) {
				t.Errorf("seed %d, %s: settled %v, as recorded %v", seed, scenarios[i].Name, got, want)
			}
		}
	}
}
