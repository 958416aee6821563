package planner

import (
	"testing"

	"pcl/internal/synth"
)

// genBundleCIB writes a random CIB of running, mostly promotable bundles;
// see synth.BundleCIB.
func genBundleCIB(seed int64) string { return synth.BundleCIB(uint64(seed)) }

// TestDifferentialBundle compares every allocation and promotion score
// line (as multisets) of synth.BundleCIB's clusters with crm_simulate
// 2.1.5's. A seed that differs where the planner reports an Unknown is
// declared unknown, not a failure; the seeds that agree or are declared
// unknown are a ratchet (testdata/ratchet/2.1.5/differential-bundle.txt).
// PCL_DIFF_N and PCL_DIFF_SEED choose the seeds, PCL_DIFF_KEEP=DIR keeps
// the CIBs that disagree.
func TestDifferentialBundle(t *testing.T) {
	n, base := differentialRange()
	ratchetSeeds(t, "2.1.5/differential-bundle", n, base, func() []string {
		return differentialSeeds(t, n, base, "bundle", genBundleCIB, simulate215(t), promotableScoreDiff)
	})
}

// TestDifferentialBundle30 is TestDifferentialBundle planning for 3.0.0,
// with 3.0.0's crm_simulate as the oracle
// (testdata/ratchet/3.0/differential-bundle.txt).
func TestDifferentialBundle30(t *testing.T) {
	differentialAllScores30(t, "3.0/differential-bundle", "bundle-30", genBundleCIB)
}
