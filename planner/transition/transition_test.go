package transition

import (
	"strings"
	"testing"

	"pcl/ir"
	"pcl/planner/model"
)

func twoNodes() []*Node {
	return []*Node{{Uname: "n1", ID: "1", Online: true}, {Uname: "n2", ID: "2", Online: true}}
}

func prim(id string, running []int, assigned int) *Resource {
	r := &Resource{ID: id, Kind: model.KindPrimitive, Managed: true, Unique: true, NeedsQuorum: true,
		RunningOn: running, AssignedTo: assigned, KnownOn: []bool{true, true},
		Ops: []Op{{Name: "monitor", IntervalMs: 10000, Enabled: true}}}
	if len(running) > 0 {
		r.Role = RoleStarted
		for _, n := range running {
			r.ActiveOps = append(r.ActiveOps, ActiveOp{Node: n, Name: "monitor", IntervalMs: 10000})
		}
	} else {
		r.Role = RoleStopped
	}
	return r
}

// graph lists the actions in the graph and the inputs between them.
func graph(t *Transition) (actions, inputs map[string]bool) {
	actions, inputs = map[string]bool{}, map[string]bool{}
	for _, a := range t.Actions {
		if !a.Is(Dumped) {
			continue
		}
		actions[t.ActionName(a)] = true
		for _, in := range a.Before {
			if in.Dumped {
				inputs[t.ActionName(t.Actions[in.Action])+" -> "+t.ActionName(a)] = true
			}
		}
	}
	return actions, inputs
}

func TestMove(t *testing.T) {
	in := &Input{Options: model.Options{HaveQuorum: true, StartupProbes: true, StopOrphanActions: true}, Nodes: twoNodes(), Top: []*Resource{prim("web", []int{0}, 1)}}
	tr := Compute(in)
	actions, inputs := graph(tr)
	for _, want := range []string{"web_stop_0 n1", "web_start_0 n2", "web_monitor_10000 n2"} {
		if !actions[want] {
			t.Errorf("missing action %s; have %v", want, actions)
		}
	}
	for _, want := range []string{"web_stop_0 n1 -> web_start_0 n2", "web_start_0 n2 -> web_monitor_10000 n2"} {
		if !inputs[want] {
			t.Errorf("missing ordering %s; have %v", want, inputs)
		}
	}
	if len(tr.Changes) != 1 || tr.Changes[0].Verb != "Move" {
		t.Errorf("changes = %+v, want one Move", tr.Changes)
	}
}

func TestStaysPut(t *testing.T) {
	in := &Input{Options: model.Options{HaveQuorum: true, StartupProbes: true}, Nodes: twoNodes(), Top: []*Resource{prim("web", []int{0}, 0)}}
	tr := Compute(in)
	if actions, _ := graph(tr); len(actions) != 0 {
		t.Errorf("a resource that stays put needs no actions, got %v", actions)
	}
	if len(tr.Changes) != 0 {
		t.Errorf("changes = %+v, want none", tr.Changes)
	}
}

func TestGroupStartAndProbes(t *testing.T) {
	a, b := prim("a", nil, 0), prim("b", nil, 0)
	a.KnownOn, b.KnownOn = []bool{false, false}, []bool{false, false}
	g := &Resource{ID: "g", Kind: model.KindGroup, Managed: true, Children: []*Resource{a, b}, AssignedTo: NoNode}
	a.Parent, b.Parent = g, g
	in := &Input{Options: model.Options{HaveQuorum: true, StartupProbes: true}, Nodes: twoNodes(), Top: []*Resource{g}}
	tr := Compute(in)
	actions, inputs := graph(tr)
	for _, want := range []string{"g_start_0", "g_running_0", "a_start_0 n1", "b_start_0 n1", "a_monitor_0 n1", "a_monitor_0 n2", "b_monitor_0 n2"} {
		if !actions[want] {
			t.Errorf("missing action %s", want)
		}
	}
	for _, want := range []string{"a_start_0 n1 -> b_start_0 n1", "g_start_0 -> a_start_0 n1", "b_start_0 n1 -> g_running_0", "a_monitor_0 n2 -> a_start_0 n1"} {
		if !inputs[want] {
			t.Errorf("missing ordering %s", want)
		}
	}
}

func TestMandatoryOrderBlocks(t *testing.T) {
	db := prim("db", nil, NoNode) // cannot run anywhere
	web := prim("web", nil, 0)
	in := &Input{Options: model.Options{HaveQuorum: true}, Nodes: twoNodes(), Top: []*Resource{db, web}, Orders: []model.Order{{Order: &ir.Order{ID: "o", First: "db", Then: "web"}}}}
	tr := Compute(in)
	actions, _ := graph(tr)
	if actions["web_start_0 n1"] {
		t.Error("web starts although db, ordered before it, cannot")
	}
	var blocked bool
	for _, c := range tr.Changes {
		if c.Resource == "web" && c.Verb == "Start" && c.Blocked && strings.Contains(c.Reason, "db") {
			blocked = true
		}
	}
	if !blocked {
		t.Errorf("changes = %+v, want web's start blocked by db", tr.Changes)
	}
}

func TestParseOpKey(t *testing.T) {
	for _, c := range []struct{ key, rsc, task string }{
		{"web_start_0", "web", "start"},
		{"my_rsc_monitor_10000", "my_rsc", "monitor"},
		{"vm_migrate_to_0", "vm", "migrate_to"},
	} {
		rsc, task, _, ok := parseOpKey(c.key)
		if !ok || rsc != c.rsc || string(task) != c.task {
			t.Errorf("parseOpKey(%q) = %q, %q, %v", c.key, rsc, task, ok)
		}
	}
}
