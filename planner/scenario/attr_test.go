package scenario_test

import (
	"regexp"
	"strings"
	"testing"

	"pcl/ir"
	"pcl/planner/scenario"
)

// TestApplyAttr: a transient attribute is written where pacemaker-attrd
// writes it for crm_attribute -l reboot: in the node's existing status
// set, else a new transient_attributes (the node's id) holding
// instance_attributes status-ID and the pair status-ID-NAME.
func TestApplyAttr(t *testing.T) {
	cib := readCIB(t, smallCIB)
	out := mustApply(t, cib,
		ir.Injection{Kind: ir.InjectAttrSet, Node: "n1", Attr: "pingd", Value: "100"},
		ir.Injection{Kind: ir.InjectNodeUp, Node: "n2"},
		ir.Injection{Kind: ir.InjectAttrSet, Node: "n2", Attr: "master-web", Value: "5"})
	for _, want := range []string{
		`<instance_attributes id="status-1"><nvpair id="status-1-fail-count-web.start_0" name="fail-count-web#start_0" value="2"></nvpair><nvpair id="status-1-pingd" name="pingd" value="100"></nvpair>`,
		`<transient_attributes id="2"><instance_attributes id="status-2"><nvpair id="status-2-master-web" name="master-web" value="5"></nvpair>`,
	} {
		if !strings.Contains(compact(out), want) {
			t.Errorf("missing %s in\n%s", want, out)
		}
	}

	changed := mustApply(t, cib, ir.Injection{Kind: ir.InjectAttrSet, Node: "n1", Attr: "fail-count-web#start_0", Value: "7"})
	if !strings.Contains(changed, `id="status-1-fail-count-web.start_0" name="fail-count-web#start_0" value="7"`) {
		t.Errorf("an existing attribute is not updated in place:\n%s", changed)
	}
	deleted := mustApply(t, cib, ir.Injection{Kind: ir.InjectAttrDelete, Node: "n1", Attr: "fail-count-web#start_0"},
		ir.Injection{Kind: ir.InjectAttrDelete, Node: "n1", Attr: "never-set"})
	if strings.Contains(deleted, "fail-count-web") {
		t.Errorf("a deleted attribute remains:\n%s", deleted)
	}

	if _, err := scenario.Apply(cib, scenario.Scenario{Injections: []ir.Injection{{Kind: ir.InjectAttrSet, Node: "n7", Attr: "pingd", Value: "1"}}}); err == nil ||
		!strings.Contains(err.Error(), `unknown node "n7"`) {
		t.Errorf("an attribute of an unknown node: %v", err)
	}
	if _, err := scenario.Apply(cib, scenario.Scenario{Injections: []ir.Injection{{Kind: ir.InjectAttrSet, Node: "n1", Value: "1"}}}); err == nil ||
		!strings.Contains(err.Error(), "attribute name is empty") {
		t.Errorf("an attribute without a name: %v", err)
	}
}

// TestAttrAfterNodes: attributes are set after the nodes change, so that
// a node brought up in the same scenario keeps them, and one taken down
// gets them on its fresh state.
func TestAttrAfterNodes(t *testing.T) {
	cib := readCIB(t, smallCIB)
	out := mustApply(t, cib,
		ir.Injection{Kind: ir.InjectAttrSet, Node: "n1", Attr: "pingd", Value: "1"},
		ir.Injection{Kind: ir.InjectNodeDown, Node: "n1"})
	if !strings.Contains(out, `name="pingd" value="1"`) || strings.Contains(out, "fail-count") {
		t.Errorf("node down then attribute:\n%s", out)
	}
}

var between = regexp.MustCompile(`>\s+<`)

func compact(s string) string { return between.ReplaceAllString(s, "><") }
