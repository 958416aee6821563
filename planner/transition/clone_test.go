package transition

import (
	"testing"

	"pcl/planner/model"
)

// anonClone builds an anonymous clone of two instances of child, the
// first known (and running, when running) on n1, assigned to n1 and n2.
func anonClone(id, child string, running bool, notify bool) *Resource {
	var onN1 []int
	if running {
		onN1 = []int{0}
	}
	i0 := prim(child+":0", onN1, 0)
	i1 := prim(child+":1", nil, 1)
	i0.Unique, i1.Unique = false, false
	i0.KnownOn, i1.KnownOn = []bool{true, false}, []bool{false, false}
	c := &Resource{ID: id, Kind: model.KindClone, Managed: true, AssignedTo: NoNode,
		CloneOpts: &model.CloneOptions{Max: 2, NodeMax: 1, Notify: notify}, Children: []*Resource{i0, i1}}
	i0.Parent, i1.Parent = c, c
	return c
}

func TestCloneStart(t *testing.T) {
	c := anonClone("web-clone", "web", true, false)
	in := &Input{Options: model.Options{HaveQuorum: true, StartupProbes: true}, Nodes: twoNodes(), Top: []*Resource{c}}
	tr := Compute(in)
	actions, inputs := graph(tr)
	for _, want := range []string{"web-clone_start_0", "web-clone_running_0", "web:1_start_0 n2", "web:1_monitor_0 n2"} {
		if !actions[want] {
			t.Errorf("missing action %s; have %v", want, actions)
		}
	}
	if actions["web:0_monitor_0 n2"] {
		t.Error("an anonymous clone is probed with one instance per node")
	}
	for _, want := range []string{"web-clone_start_0 -> web:1_start_0 n2", "web:1_start_0 n2 -> web-clone_running_0", "web:1_monitor_0 n2 -> web-clone_start_0"} {
		if !inputs[want] {
			t.Errorf("missing ordering %s; have %v", want, inputs)
		}
	}
	if len(tr.Changes) != 1 || tr.Changes[0].Resource != "web:1" || tr.Changes[0].Verb != "Start" {
		t.Errorf("changes = %+v, want web:1's start alone", tr.Changes)
	}
}

func TestCloneNotifications(t *testing.T) {
	c := anonClone("web-clone", "web", true, true)
	in := &Input{Options: model.Options{HaveQuorum: true}, Nodes: twoNodes(), Top: []*Resource{c}}
	tr := Compute(in)
	actions, inputs := graph(tr)
	for _, want := range []string{"web-clone_pre_notify_start_0", "web-clone_confirmed-pre_notify_start_0",
		"web-clone_post_notify_running_0", "web-clone_confirmed-post_notify_running_0",
		"web:0_pre_notify_start_0 n1", "web:0_post_notify_start_0 n1", "web:1_post_notify_start_0 n2"} {
		if !actions[want] {
			t.Errorf("missing action %s; have %v", want, actions)
		}
	}
	if actions["web:1_pre_notify_start_0 n2"] {
		t.Error("an instance that starts is notified before its start")
	}
	for _, want := range []string{"web-clone_confirmed-pre_notify_start_0 -> web-clone_start_0",
		"web-clone_running_0 -> web-clone_post_notify_running_0",
		"web:1_post_notify_start_0 n2 -> web-clone_confirmed-post_notify_running_0"} {
		if !inputs[want] {
			t.Errorf("missing ordering %s; have %v", want, inputs)
		}
	}
}

func TestCloneName(t *testing.T) {
	// An instance the status knows by another name is drawn by that
	// name, and summarised by its own.
	c := anonClone("web-clone", "web", false, false)
	c.Children[1].CloneName = "web"
	in := &Input{Options: model.Options{HaveQuorum: true}, Nodes: twoNodes(), Top: []*Resource{c}}
	tr := Compute(in)
	actions, _ := graph(tr)
	if !actions["web_start_0 n2"] || actions["web:1_start_0 n2"] {
		t.Errorf("the start of web:1 is not drawn by its status name: %v", actions)
	}
	for _, ch := range tr.Changes {
		if ch.Resource == "web" {
			t.Errorf("the summary names an instance by its status name: %+v", tr.Changes)
		}
	}
}
