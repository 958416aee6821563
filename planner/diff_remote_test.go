package planner

import (
	"os"
	"testing"

	"pcl/internal/synth"
	"pcl/internal/testenv"
)

// genRemoteCIB writes a random CIB with remote, guest and bundle nodes
// and tickets; see synth.RemoteCIB.
func genRemoteCIB(seed int64) string { return synth.RemoteCIB(uint64(seed)) }

// TestDifferentialRemote compares every allocation and promotion score
// line (as multisets) of synth.RemoteCIB's clusters with crm_simulate
// 2.1.5's. A seed that differs where the planner reports an Unknown is
// declared unknown, not a failure; the seeds that agree or are declared
// unknown are a ratchet (testdata/ratchet/2.1.5/differential-remote.txt).
// PCL_DIFF_N and PCL_DIFF_SEED choose the seeds, PCL_DIFF_KEEP=DIR keeps
// the CIBs that disagree.
func TestDifferentialRemote(t *testing.T) {
	n, base := differentialRange()
	ratchetSeeds(t, "2.1.5/differential-remote", n, base, func() []string {
		return differentialSeeds(t, n, base, "remote", genRemoteCIB, simulate215(t), promotableScoreDiff)
	})
}

// TestDifferentialRemote30 is TestDifferentialRemote planning for 3.0.0,
// with 3.0.0's crm_simulate as the oracle
// (testdata/ratchet/3.0/differential-remote.txt).
func TestDifferentialRemote30(t *testing.T) {
	differentialAllScores30(t, "3.0/differential-remote", "remote-30", genRemoteCIB)
}

// differentialAllScores30 compares every allocation and promotion score
// line of gen's clusters, planned for 3.0.0, with 3.0.0's crm_simulate's
// (the seeds as differentialRange chooses them), ratcheted in
// testdata/ratchet/RATCHET.txt; a seed that differs where the planner
// reports an Unknown is declared unknown, not a failure.
func differentialAllScores30(t *testing.T, ratchet, prefix string, gen func(seed int64) string) {
	oracle := testenv.Tool30(t)
	simulate := func(path string) ([]byte, error) {
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		out, _, err := oracle.Run(t, src, "crm_simulate", "-x", "CIB", "-s")
		return scoreBullets.ReplaceAll(out, []byte("$1")), err
	}
	allScores := func(t *testing.T, path string, want []string, out string) (missing, extra []string) {
		defer recoverAsDifference(&extra)
		p, _ := compute(readCIB(t, path), Options{Target: target30})
		missing, extra = testenv.MultisetDiff(append(want, promotionLines(out)...), allScoreLines(p))
		if u := p.unknowns(false); len(missing)+len(extra) > 0 && len(u) > 0 {
			return nil, []string{reportsUnknown + u[0].Detail}
		}
		return missing, extra
	}
	n, base := differentialRange()
	ratchetSeeds(t, ratchet, n, base, func() []string {
		return differentialSeeds(t, n, base, prefix, gen, simulate, allScores)
	})
}
