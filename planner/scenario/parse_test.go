package scenario_test

import (
	"strings"
	"testing"

	"pcl/ir"
	"pcl/planner/scenario"
)

// TestParseOp checks what ParseOp adds to pcmk.ParseOpSpec, which has the
// tests of the syntax: the injection it makes, and the flag named in
// errors.
func TestParseOp(t *testing.T) {
	got, err := scenario.ParseOp("my_web_server_start_0@n2=1x3")
	want := ir.Injection{Kind: ir.InjectOp, Resource: "my_web_server", Operation: "start", Node: "n2", RC: 1, Count: 3}
	if err != nil || got != want {
		t.Errorf("ParseOp = %+v, %v; want %+v", got, err, want)
	}
	if _, err := scenario.ParseOp("web_monitor_10s@n1=7"); err == nil || !strings.HasPrefix(err.Error(), `--op-fail "web_monitor_10s@n1=7": the interval "10s"`) {
		t.Errorf("ParseOp(web_monitor_10s@n1=7) error %v, want it to name the flag", err)
	}
}

func TestOpSpecRoundTrip(t *testing.T) {
	for _, spec := range []string{"web_monitor_10000@node1=7", "db_start_0@n2=1x3", "vm_migrate_from_0@n1=1"} {
		in, err := scenario.ParseOp(spec)
		if err != nil {
			t.Fatal(err)
		}
		if got := in.OpSpec().String(); got != spec {
			t.Errorf("OpSpec(ParseOp(%q)) = %q", spec, got)
		}
	}
}

func TestParseNodeAndTicket(t *testing.T) {
	in, err := scenario.ParseNode(ir.InjectNodeDown, " node1 ")
	if err != nil || in.Node != "node1" || in.Kind != ir.InjectNodeDown {
		t.Errorf("ParseNode: %+v, %v", in, err)
	}
	if _, err := scenario.ParseNode(ir.InjectNodeFail, ""); err == nil || !strings.Contains(err.Error(), "--node-fail") {
		t.Errorf("ParseNode(\"\"): %v, want an error naming --node-fail", err)
	}
	if _, err := scenario.ParseTicket(ir.InjectTicketGrant, "a b"); err == nil || !strings.Contains(err.Error(), "white space") {
		t.Errorf("ParseTicket(\"a b\"): %v", err)
	}
}
