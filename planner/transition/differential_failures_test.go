package transition_test

import (
	"testing"

	"pcl/internal/synth"
	"pcl/pcmk"
)

// genFailureCIB is synth.FailureCIB: primitives whose histories end in
// failed, pending, partial or dangling migrations, failed stops and
// failed monitors, with or without fencing and quorum, a node lost now and
// then, placement strategies.
func genFailureCIB(seed int64) string { return synth.FailureCIB(uint64(seed)) }

// TestDifferentialFailures compares pcl's transition graph, summary and
// executed actions with crm_simulate 2.1.5's on genFailureCIB
// configurations (seeds 1 to -diff-seeds), the passing seeds ratcheted in
// testdata/ratchet/2.1.5/differential-transition-failures(-executed).txt.
func TestDifferentialFailures(t *testing.T) {
	runDifferentialFor(t, pcmk.Target{}, simulate215(t), "2.1.5/differential-transition-failures", "failures", genFailureCIB, *diffSeeds, true)
}
