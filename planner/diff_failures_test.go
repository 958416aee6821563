package planner

import (
	"testing"

	"pcl/internal/synth"
	"pcl/internal/testenv"
	"pcl/pcmk"
)

// genFailureCIB writes a random CIB of primitives whose histories end in
// failed, pending, partial or dangling migrations, failed stops and
// failed monitors; see synth.FailureCIB.
func genFailureCIB(seed int64) string { return synth.FailureCIB(uint64(seed)) }

// failureScoreDiff compares, for target, the planner's allocation score
// lines with crm_simulate's; a difference where the planner reports
// Unknown is one reportsUnknown line. Placement is not read off
// crm_simulate's output here (placementDiff takes a resource without a
// summary line to stay where it runs, which a failed migration's
// "Stopped node3" is not): the transition's differential test of the same
// generator compares the graph and the summary, placement included.
func failureScoreDiff(target pcmk.Target) func(t *testing.T, path string, want []string, out string) (missing, extra []string) {
	return func(t *testing.T, path string, want []string, out string) (missing, extra []string) {
		defer recoverAsDifference(&extra)
		p, _ := compute(readCIB(t, path), Options{Target: target})
		missing, extra = testenv.MultisetDiff(want, scoreLines(p))
		if u := p.unknowns(false); len(missing)+len(extra) > 0 && len(u) > 0 {
			return nil, []string{reportsUnknown + u[0].Detail}
		}
		return missing, extra
	}
}

// TestDifferentialFailures compares the planner's score lines with
// crm_simulate 2.1.5's on genFailureCIB configurations.
// The seeds that agree are a ratchet
// (testdata/ratchet/2.1.5/differential-failures.txt); PCL_DIFF_N and
// PCL_DIFF_SEED choose the seeds, PCL_DIFF_KEEP=DIR keeps the CIBs that
// disagree.
func TestDifferentialFailures(t *testing.T) {
	n, base := differentialRange()
	ratchetSeeds(t, "2.1.5/differential-failures", n, base, func() []string {
		return differentialSeeds(t, n, base, "failures", genFailureCIB, simulate215(t), failureScoreDiff(pcmk.Target{}))
	})
}
