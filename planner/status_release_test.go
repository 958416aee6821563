package planner

import (
	"strings"
	"testing"

	"pcl/importer"
)

// TestScheduleLetsGoOfStatus: once the transition's input is read, the
// plan keeps no reference to the CIB's status, whose operation records
// are most of a large cluster's CIB, and reading it again is a
// programming error caught at once rather than a plan made as if the
// cluster had no status. The caller's CIB keeps its status.
func TestScheduleLetsGoOfStatus(t *testing.T) {
	cib, diags := importer.Read("big.xml", []byte(bigCIB(4, 10, 20)))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if cib.Status == nil {
		t.Fatal("the test CIB has no status")
	}
	res, p := schedulePlan(cib, Options{NoTrail: true, Transition: true})
	if res.Transition == nil {
		t.Fatal("no transition")
	}
	if p.CIB.Status != nil || cib.Status == nil {
		t.Errorf("after the transition the plan's status is %p and the caller's %p; want nil and the caller's own", p.CIB.Status, cib.Status)
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "releaseStatus") {
			t.Errorf("reading the status after it was let go of: recovered %v, want a panic naming releaseStatus", r)
		}
	}()
	p.status()
}
