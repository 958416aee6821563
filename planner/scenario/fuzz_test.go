package scenario_test

import (
	"testing"

	"pcl/planner/scenario"
)

// FuzzParseOp: ParseOp never panics, and what it accepts OpSpec writes
// back in a form it reads the same.
func FuzzParseOp(f *testing.F) {
	for _, s := range []string{"web_monitor_10000@node1=7", "db_start_0@n2=1x3", "vm_migrate_to_0@n1=1", "a_b_c@d=e", "@=", "x_y_1@n=1x", "_monitor_0@n=0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		in, err := scenario.ParseOp(spec)
		if err != nil {
			return
		}
		again, err := scenario.ParseOp(scenario.OpSpec(in))
		if err != nil {
			t.Fatalf("OpSpec(%+v) = %q does not parse: %v", in, scenario.OpSpec(in), err)
		}
		if again != in {
			t.Fatalf("round trip of %q: %+v then %+v", spec, in, again)
		}
	})
}
