package pcmk

import (
	"strings"
	"testing"
)

func TestParseOpSpec(t *testing.T) {
	good := []struct {
		spec string
		want OpSpec
	}{
		{"web_monitor_10000@node1=7", OpSpec{Resource: "web", Task: TaskMonitor, IntervalMs: 10000, Node: "node1", RC: RCNotRunning, Count: 1}},
		{"my_web_server_start_0@n2=1x3", OpSpec{Resource: "my_web_server", Task: TaskStart, Node: "n2", RC: RCErrGeneric, Count: 3}},
		{"vm_migrate_to_0@n1=1", OpSpec{Resource: "vm", Task: TaskMigrateTo, Node: "n1", RC: RCErrGeneric, Count: 1}},
		{"vm_post_notify_start_0@n1=0", OpSpec{Resource: "vm", Task: "post_notify_start", Node: "n1", Count: 1}},
		{" db_stop_0@node-3=1X2 ", OpSpec{Resource: "db", Task: TaskStop, Node: "node-3", RC: RCErrGeneric, Count: 2}},
		{"db_monitor_0@n1=255", OpSpec{Resource: "db", Task: TaskMonitor, Node: "n1", RC: 255, Count: 1}},
	}
	for _, g := range good {
		got, err := ParseOpSpec(g.spec)
		if err != nil {
			t.Errorf("ParseOpSpec(%q): %v", g.spec, err)
			continue
		}
		if got != g.want {
			t.Errorf("ParseOpSpec(%q) = %+v, want %+v", g.spec, got, g.want)
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
		{"_migrate_to_0@n1=7", "the resource name is empty"},
		{"web_start_0@n 1=1", "contains white space"},
	}
	for _, b := range bad {
		_, err := ParseOpSpec(b.spec)
		if err == nil {
			t.Errorf("ParseOpSpec(%q): no error, want %q", b.spec, b.wantErr)
			continue
		}
		if !strings.Contains(err.Error(), b.wantErr) || !strings.Contains(err.Error(), "e.g. web_monitor_10000@node1=7") {
			t.Errorf("ParseOpSpec(%q) error %q, want it to say %q and show the syntax", b.spec, err, b.wantErr)
		}
	}
}

func TestOpSpecRoundTrip(t *testing.T) {
	for _, spec := range []string{"web_monitor_10000@node1=7", "db_start_0@n2=1x3", "vm_migrate_from_0@n1=1"} {
		o, err := ParseOpSpec(spec)
		if err != nil {
			t.Fatal(err)
		}
		if got := o.String(); got != spec {
			t.Errorf("ParseOpSpec(%q).String() = %q", spec, got)
		}
	}
}
