package batch_test

import (
	"os"
	"testing"

	"pcl/importer"
	"pcl/planner/batch"
)

// A bundle's instance is promoted only once its guest node is up, so a
// cluster brought up from nothing takes two transitions to settle: the
// first starts the replicas, the second promotes the one whose host has
// the higher promotion score (container-attribute-target=host).
func TestBaselineSettlesOverTransitions(t *testing.T) {
	src, err := os.ReadFile("testdata/bundle-promotes-later.xml")
	if err != nil {
		t.Fatal(err)
	}
	cib, diags := importer.Read("bundle-promotes-later.xml", src)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	for _, tc := range []struct {
		rounds    int
		later     int
		unsettled bool
		promoted  int
	}{
		{rounds: 0, later: 0, promoted: 0},                  // one transition, as crm_simulate -S
		{rounds: 2, later: 1, unsettled: true, promoted: 1}, // the second changed the cluster: not shown stable
		{rounds: 10, later: 1, promoted: 1},                 // the third changes nothing
	} {
		b, diags := batch.Prepare(cib, batch.Spec{Options: batch.Options{SettleRounds: tc.rounds}, EachNodeDown: true})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		res := b.Run()
		base := res.Baseline
		if base.Err != nil {
			t.Fatal(base.Err)
		}
		if len(base.Later) != tc.later || base.Unsettled != tc.unsettled {
			t.Errorf("rounds %d: %d later transitions, unsettled %v; want %d, %v", tc.rounds, len(base.Later), base.Unsettled, tc.later, tc.unsettled)
		}
		if got := base.After.Running(base.After.Resource("db-bundle-master")).Promoted; got != tc.promoted {
			t.Errorf("rounds %d: %d instances promoted once settled, want %d", tc.rounds, got, tc.promoted)
		}
		if res.From != base.Settled {
			t.Errorf("rounds %d: the scenarios do not start from the settled baseline", tc.rounds)
		}
	}
}
