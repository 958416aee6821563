package planner

import (
	"fmt"
	"testing"

	"pcl/internal/synth"
	"pcl/internal/testenv"
)

// genCloneCIB writes a random CIB built around clones, with status:
// anonymous and globally-unique clones of primitives and groups with
// clone-max, clone-node-max, clone-min, interleave, ordered, notify,
// stickiness, target-role, is-managed and migration-threshold; locations,
// colocations (both directions, clone with clone) and orders on them; and
// instance histories recorded as "rsc" and "rsc:N", some failed. See
// synth.CloneCIB, which the transition's differential test shares.
func genCloneCIB(seed int64) string { return synth.CloneCIB(uint64(seed)) }

// TestDifferentialClones compares the planner's allocation scores with
// crm_simulate's on genCloneCIB configurations, as TestDifferential does
// for primitives and groups. Placement is not compared here: the
// transition may still unassign an interleaved instance without a partner,
// and package transition's TestDifferentialClones compares the Transition
// Summary. PCL_DIFF_N (default 40), PCL_DIFF_SEED (first seed, default 1)
// and PCL_DIFF_KEEP=DIR (keep the CIBs that disagree) work as for
// TestDifferential.
func TestDifferentialClones(t *testing.T) {
	runDifferential(t, "clones", genCloneCIB, cloneScoreDiff)
}

// cloneScoreDiff plans the CIB at path and returns the score lines only
// crm_simulate has (missing) and only the planner has (extra); a planner
// panic is reported as a difference, so that one seed does not stop the
// run.
func cloneScoreDiff(t *testing.T, path string, want []string, _ string) (missing, extra []string) {
	defer func() {
		if r := recover(); r != nil {
			missing, extra = nil, []string{fmt.Sprintf("planner panic: %v", r)}
		}
	}()
	p, _ := compute(readCIB(t, path), Options{})
	return testenv.MultisetDiff(want, scoreLines(p))
}
