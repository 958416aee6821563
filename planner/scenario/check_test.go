package scenario_test

import (
	"fmt"
	"testing"

	"pcl/ir"
	"pcl/planner/scenario"
)

// Check finds exactly the problems Apply meets, in Apply's words, and
// leaves the CIB as it was.
func TestCheckAgreesWithApply(t *testing.T) {
	cib := readCIB(t, smallCIB)
	inject := func(in ...ir.Injection) scenario.Scenario { return scenario.Scenario{Injections: in} }
	op := func(rsc, node string) ir.Injection {
		return ir.Injection{Kind: ir.InjectOp, Resource: rsc, Operation: "monitor", IntervalMs: 10000, Node: node, RC: 7}
	}
	cases := []scenario.Scenario{
		inject(ir.Injection{Kind: ir.InjectNodeDown, Node: "n1"}),
		inject(ir.Injection{Kind: ir.InjectNodeDown, Node: "n2"}),
		inject(ir.Injection{Kind: ir.InjectNodeDown, Node: "n9"}),
		inject(ir.Injection{Kind: ir.InjectNodeFail, Node: "n9"}, ir.Injection{Kind: ir.InjectNodeStandby, Node: "n8"}),
		inject(ir.Injection{Kind: ir.InjectNodeUp, Node: "n3"}, ir.Injection{Kind: ir.InjectNodeStandby, Node: "n3"}),
		inject(ir.Injection{Kind: ir.InjectNodeStandby, Node: "n2"}),
		inject(ir.Injection{Kind: ir.InjectAttrSet, Node: "n1", Attr: "pingd", Value: "1"}),
		inject(ir.Injection{Kind: ir.InjectAttrDelete, Node: "n7", Attr: "pingd"}),
		inject(ir.Injection{Kind: ir.InjectTicketGrant, Ticket: "T"}),
		inject(ir.Injection{Kind: ir.InjectTicketRevoke, Ticket: "bad name"}),
		inject(op("web", "n1")),
		inject(op("web", "n2"), op("ip", "n1")),
		inject(op("g", "n1")),
		inject(op("nothere", "n1"), op("web", "n5")),
		inject(op("web:0", "n1")),
	}
	before := fmt.Sprintf("%+v", *cib.Status)
	for _, s := range cases {
		_, applyErr := scenario.Apply(cib, s)
		checkErr := scenario.Check(cib, s)
		if fmt.Sprint(applyErr) != fmt.Sprint(checkErr) {
			t.Errorf("%s: Apply says %v, Check says %v", s, applyErr, checkErr)
		}
	}
	if after := fmt.Sprintf("%+v", *cib.Status); after != before {
		t.Errorf("Check changed the status")
	}
}
