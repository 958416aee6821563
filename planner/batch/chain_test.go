package batch_test

import (
	"strings"
	"testing"

	"pcl/importer"
	"pcl/ir"
	"pcl/planner"
	"pcl/planner/batch"
	"pcl/planner/scenario"
)

// chainCIB: db prefers n1 and has no stickiness, so a move then a clear
// takes it back.
const chainCIB = `<cib validate-with="pacemaker-3.7" epoch="1" num_updates="0" admin_epoch="0" have-quorum="1" execution-date="1700000000">
  <configuration>
    <crm_config>
      <cluster_property_set id="cib-bootstrap-options">
        <nvpair id="opt-stonith" name="stonith-enabled" value="false"/>
      </cluster_property_set>
    </crm_config>
    <nodes>
      <node id="1" uname="n1"/>
      <node id="2" uname="n2"/>
    </nodes>
    <resources>
      <primitive id="db" class="ocf" provider="heartbeat" type="Dummy"/>
    </resources>
    <constraints>
      <rsc_location id="db-prefers-n1" rsc="db" node="n1" score="100"/>
    </constraints>
  </configuration>
  <status/>
</cib>`

// chainCIBUp is chainCIB read, with every node up.
func chainCIBUp(t *testing.T) *ir.CIB {
	t.Helper()
	cib, diags := importer.Read("chain.xml", []byte(chainCIB))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	base, err := batch.AllNodesUp(cib)
	if err != nil {
		t.Fatal(err)
	}
	return base
}

// TestRunChains: a chained scenario starts from the cluster the one it
// follows leaves, whatever order they are given in and however many
// workers plan them; a broken chain is the scenario's error, and Prepare
// rejects it up front.
func TestRunChains(t *testing.T) {
	base := chainCIBUp(t)
	clear := scenario.Scenario{Name: "clear", After: "move", Injections: []ir.Injection{{Kind: ir.InjectClear, Resource: "db"}}}
	move := scenario.Scenario{Name: "move", Injections: []ir.Injection{{Kind: ir.InjectMove, Resource: "db", Node: "n2"}}}
	again := scenario.Scenario{Name: "again", After: "clear"}
	for _, workers := range []int{1, 3} {
		res := batch.Run(base, []scenario.Scenario{again, clear, move}, batch.Options{Workers: workers, Planner: planner.Options{NoTrail: true}})
		where := func(i int) string {
			o := res.Scenarios[i]
			if o.Err != nil {
				t.Fatalf("%s: %v", o.Scenario.Name, o.Err)
			}
			nodes, _ := batch.Locate(o.After)("db")
			return strings.Join(nodes, " ")
		}
		if got := where(2); got != "n2" {
			t.Errorf("%d workers: the move leaves db on %q, want n2", workers, got)
		}
		if got := where(1); got != "n1" {
			t.Errorf("%d workers: the clear leaves db on %q, want n1 (it moves back)", workers, got)
		}
		if got := where(0); got != "n1" || len(res.Scenarios[0].Result.Transition.Changes) != 0 {
			t.Errorf("%d workers: after the clear, nothing should change: db on %q, changes %v", workers, got, res.Scenarios[0].Result.Transition.Changes)
		}
	}
	loop := []scenario.Scenario{{Name: "a", After: "b"}, {Name: "b", After: "a"}, {Name: "c", After: "nope"}, {Name: "d", After: "a"}}
	res := batch.Run(base, loop, batch.Options{Planner: planner.Options{NoTrail: true}})
	for _, o := range res.Scenarios {
		if o.Err == nil {
			t.Errorf("scenario %q of a broken chain was planned", o.Scenario.Name)
		}
	}
	_, diags := batch.Prepare(base, batch.Spec{Extra: loop})
	var details []string
	for _, d := range diags {
		details = append(details, d.Detail)
	}
	all := strings.Join(details, "\n")
	if !strings.Contains(all, "comes back on itself") || !strings.Contains(all, `"nope", which the batch does not have`) {
		t.Errorf("Prepare of a broken chain:\n%s", all)
	}
}

// TestRunReleases: outcomes Options.Done releases lose their plans, and
// the cluster one leaves only when no scenario follows it, so that a
// chain still starts from it; the baseline is shown first and kept.
func TestRunReleases(t *testing.T) {
	base := chainCIBUp(t)
	move := scenario.Scenario{Name: "move", Injections: []ir.Injection{{Kind: ir.InjectMove, Resource: "db", Node: "n2"}}}
	clear := scenario.Scenario{Name: "clear", After: "move", Injections: []ir.Injection{{Kind: ir.InjectClear, Resource: "db"}}}
	var shown []int
	done := func(i int, o *batch.Outcome) bool {
		if len(shown) == 0 && i != -1 {
			t.Errorf("scenario %d shown before the baseline", i)
		}
		shown = append(shown, i)
		if o.Err != nil || o.Result == nil {
			t.Errorf("outcome %d shown without its plan: %v", i, o.Err)
		}
		return true
	}
	res := batch.Run(base, []scenario.Scenario{move, clear}, batch.Options{Workers: 1, Done: done, Planner: planner.Options{NoTrail: true}})
	if len(shown) != 3 {
		t.Fatalf("Done saw %v, want the baseline and both scenarios", shown)
	}
	if res.Baseline.Result == nil || res.Baseline.Settled == nil {
		t.Error("the baseline was released")
	}
	for i, o := range res.Scenarios {
		if o.Err != nil || o.Result != nil || o.Execution != nil || o.After != nil {
			t.Errorf("%s: err %v, plans kept %v", o.Scenario.Name, o.Err, o.Result != nil)
		}
		if followed := i == 0; (o.Settled != nil) != followed {
			t.Errorf("%s: settled cluster kept %v, want %v", o.Scenario.Name, o.Settled != nil, followed)
		}
	}
}
