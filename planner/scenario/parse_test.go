package scenario_test

import (
	"strings"
	"testing"

	"pcl/ir"
	"pcl/planner/scenario"
)

func TestParseOp(t *testing.T) {
	good := []struct {
		spec string
		want ir.Injection
	}{
		{"web_monitor_10000@node1=7", ir.Injection{Kind: ir.InjectOp, Resource: "web", Operation: "monitor", IntervalMs: 10000, Node: "node1", RC: 7, Count: 1}},
		{"my_web_server_start_0@n2=1x3", ir.Injection{Kind: ir.InjectOp, Resource: "my_web_server", Operation: "start", Node: "n2", RC: 1, Count: 3}},
		{"vm_migrate_to_0@n1=1", ir.Injection{Kind: ir.InjectOp, Resource: "vm", Operation: "migrate_to", Node: "n1", RC: 1, Count: 1}},
		{"vm_post_notify_start_0@n1=0", ir.Injection{Kind: ir.InjectOp, Resource: "vm", Operation: "post_notify_start", Node: "n1", Count: 1}},
		{" db_stop_0@node-3=1X2 ", ir.Injection{Kind: ir.InjectOp, Resource: "db", Operation: "stop", Node: "node-3", RC: 1, Count: 2}},
	}
	for _, g := range good {
		got, err := scenario.ParseOp(g.spec)
		if err != nil {
			t.Errorf("ParseOp(%q): %v", g.spec, err)
			continue
		}
		if got != g.want {
			t.Errorf("ParseOp(%q) = %+v, want %+v", g.spec, got, g.want)
		}
	}
	bad := []struct{ spec, wantErr string }{
		{"web_monitor_10000", "there is no @NODE"},
		{"web_monitor_10000@node1", "there is no =RC"},
		{"@node1=7", "operation key before @ is empty"},
		{"web_monitor_10000@=7", "node name between @ and = is empty"},
		{"web_monitor_10000@n1=seven", `result "seven" is not an exit code`},
		{"web_monitor_10000@n1=300", `result "300" is not an exit code`},
		{"web_monitor_10000@n1=7x0", `count "0" after x is not a positive integer`},
		{"web_monitor_10s@n1=7", `interval "10s" of operation key "web_monitor_10s" must be in milliseconds`},
		{"web_monitor@n1=7", "does not end with an interval"},
		{"monitor_0@n1=7", "has no RESOURCE_OPERATION before its interval"},
		{"web_start_0@n 1=1", "contains white space"},
	}
	for _, b := range bad {
		_, err := scenario.ParseOp(b.spec)
		if err == nil {
			t.Errorf("ParseOp(%q): no error, want %q", b.spec, b.wantErr)
			continue
		}
		if !strings.Contains(err.Error(), b.wantErr) || !strings.Contains(err.Error(), "e.g. web_monitor_10000@node1=7") {
			t.Errorf("ParseOp(%q) error %q, want it to say %q and show the syntax", b.spec, err, b.wantErr)
		}
	}
}

func TestOpSpecRoundTrip(t *testing.T) {
	for _, spec := range []string{"web_monitor_10000@node1=7", "db_start_0@n2=1x3", "vm_migrate_from_0@n1=1"} {
		in, err := scenario.ParseOp(spec)
		if err != nil {
			t.Fatal(err)
		}
		if got := scenario.OpSpec(in); got != spec {
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

func TestParseTime(t *testing.T) {
	got, err := scenario.ParseTime("2005-020T12:30:00Z")
	if err != nil || got.Unix() != 1106224200 {
		t.Errorf("ParseTime: %v %v", got, err)
	}
	if _, err := scenario.ParseTime("yesterday"); err == nil || !strings.Contains(err.Error(), "ISO 8601") {
		t.Errorf("ParseTime(yesterday): %v", err)
	}
}
