package planner

import (
	"testing"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
)

func TestSumTrail(t *testing.T) {
	trail := []Contribution{
		{Why: &model.Cause{Text: "a"}, Value: 999999},
		{Why: &model.Cause{Text: "b"}, Value: 5},   // clamps to INFINITY
		{Why: &model.Cause{Text: "c"}, Value: -10}, // INFINITY absorbs
		{Why: &model.Cause{Text: "d"}, Value: 7, Set: true},
		{Why: &model.Cause{Text: "e"}, Value: -ir.Infinity},
		{Why: &model.Cause{Text: "f"}, Value: ir.Infinity}, // -INFINITY wins
	}
	if got := SumTrail(trail); got != -ir.Infinity {
		t.Errorf("SumTrail = %s, want -INFINITY", got)
	}
	if got := SumTrail(trail[:3]); got != ir.Infinity {
		t.Errorf("SumTrail of clamped sum = %s, want INFINITY", got)
	}
}

func TestCmpOps(t *testing.T) {
	op := func(id string, call int, lrc string) *ir.OpRecord {
		return &ir.OpRecord{ID: id, CallID: call, Attrs: []ir.Attr{{Name: "call-id", Value: itoa(call)}, {Name: "last-rc-change", Value: lrc}}}
	}
	// The recurring monitor and its last failure share a call id; the
	// failure, changed later, sorts last.
	ops := (&plan{}).sortOps([]*ir.OpRecord{op("r_last_failure_0", 32, "200"), op("r_monitor_30000", 32, "100"), op("r_last_0", 31, "100")})
	got := []string{ops[0].ID, ops[1].ID, ops[2].ID}
	want := []string{"r_last_0", "r_monitor_30000", "r_last_failure_0"}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("sortOps = %v, want %v", got, want)
		}
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

func TestCmpOnFail(t *testing.T) {
	order := []pcmk.OnFail{pcmk.OnFailIgnore, pcmk.OnFailDemote, pcmk.OnFailRestart, pcmk.OnFailResetRemote, pcmk.OnFailRestartContainer, pcmk.OnFailMigrate, pcmk.OnFailBlock, pcmk.OnFailStop, pcmk.OnFailStandby, pcmk.OnFailFence}
	for i := 1; i < len(order); i++ {
		if cmpOnFail(order[i-1], order[i]) >= 0 {
			t.Errorf("cmpOnFail(%v, %v) should be negative", order[i-1], order[i])
		}
	}
}

// schedulePlan is Schedule returning the working plan too, for tests that
// look at the model the Result no longer shows.
func schedulePlan(cib *ir.CIB, opts Options) (*Result, *plan) {
	p, _ := compute(cib, opts)
	return p.result(opts, nil), p
}
