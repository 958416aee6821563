package plantext

import (
	"encoding/json"
	"strings"
	"testing"

	"pcl/planner"
	"pcl/planner/model"
	"pcl/planner/transition"
)

func moveTransition() *transition.Transition {
	web := &transition.Resource{ID: "web", Kind: model.KindPrimitive, Managed: true, Unique: true,
		Role: transition.RoleStarted, RunningOn: []int{0}, AssignedTo: 1, KnownOn: []bool{true, true}}
	db := &transition.Resource{ID: "db", Kind: model.KindPrimitive, Managed: true, Unique: true,
		Role: transition.RoleStopped, AssignedTo: transition.NoNode, KnownOn: []bool{true, true}}
	return transition.Compute(&transition.Input{Options: model.Options{HaveQuorum: true}, Nodes: []*transition.Node{{Uname: "king", Online: true}, {Uname: "ace", Online: true}}, Top: []*transition.Resource{web, db}})
}

func TestCRMSimulate(t *testing.T) {
	got := string(CRMSimulate(moveTransition()))
	want := "Transition Summary:\n  * Move       web     ( king -> ace )\n"
	if got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}

func TestText(t *testing.T) {
	got := string(Text(&planner.Result{Transition: moveTransition()}))
	const version = "Planned for Pacemaker 2.1.5 (pcl's default: nothing names the release).\n"
	if !strings.HasPrefix(got, version+"web: move king -> ace") {
		t.Errorf("got %q", got)
	}
}

func TestJSON(t *testing.T) {
	data, err := JSON(&planner.Result{Transition: moveTransition()})
	if err != nil {
		t.Fatal(err)
	}
	var doc Document
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var stop, start bool
	for _, a := range doc.Actions {
		stop = stop || (a.Action == "stop" && a.Resource == "web" && a.Node == "king" && !a.Blocked)
		start = start || (a.Action == "start" && a.Resource == "web" && a.Node == "ace" && !a.Blocked)
	}
	if !stop || !start || len(doc.Changes) != 1 || doc.Changes[0].Change != "Move" {
		t.Errorf("unexpected document: %s", data)
	}
}

// TestWholePlanUnknown: with remote nodes nothing is exact, so neither
// summary shows a change, and every action is marked unknown.
func TestWholePlanUnknown(t *testing.T) {
	res := &planner.Result{Transition: moveTransition(), Unknown: []planner.Unknown{
		{Construct: "remote node", Detail: "the cluster has remote or guest nodes (r1): nothing is exact."}}}
	text := string(Text(res))
	want := "Planned for Pacemaker 2.1.5 (pcl's default: nothing names the release).\n\nUnknown: the planner cannot compute this plan yet (remote node), so no action is shown:\n  the cluster has remote or guest nodes (r1): nothing is exact.\n"
	if text != want {
		t.Errorf("text:\n%s\nwant:\n%s", text, want)
	}
	data, err := JSON(res)
	if err != nil {
		t.Fatal(err)
	}
	var doc Document
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Changes) != 0 || len(doc.Unknown) != 1 || len(doc.Actions) == 0 {
		t.Errorf("unexpected document: %s", data)
	}
	for _, a := range doc.Actions {
		if !a.Unknown {
			t.Errorf("action %s %s is not marked unknown", a.Action, a.Resource)
		}
	}
}
