package matrix

import "testing"

// TestDegradedCloneLostIsSPOF: a clone running below its clone-min in the
// cluster as it is, stopped in every scenario, is a single point of
// failure; one that stays degraded is not (issue 21, item 4).
func TestDegradedCloneLostIsSPOF(t *testing.T) {
	r := &Report{Resources: []string{"ping-clone", "steady-clone"},
		Baseline: &Column{Name: "baseline", Cells: []Cell{{State: Degraded}, {State: Degraded}}},
		Columns: []*Column{
			{Name: "n1 down", Cells: []Cell{{State: Stopped, Why: "no instance runs"}, {State: Degraded}}},
			{Name: "n2 down", Cells: []Cell{{State: Stopped, Why: "no instance runs"}, {State: Degraded}}},
		}}
	got := spofs(r)
	if len(got) != 1 || got[0].Resource != "ping-clone" || len(got[0].Scenarios) != 2 {
		t.Errorf("single points of failure: %+v", got)
	}
}
