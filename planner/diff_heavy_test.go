package planner

import (
	"os"
	"strconv"
	"testing"

	"pcl/internal/synth"
	"pcl/internal/testenv"
)

// TestDifferentialHeavy compares every allocation and promotion score
// line (as multisets) of synth.HeavyGenerators' clusters with crm_simulate
// 2.1.5's. The seeds that agree are a ratchet per generator
// (testdata/ratchet/2.1.5/differential-NAME.txt); PCL_HEAVY_N and
// PCL_DIFF_SEED choose the seeds (heavyRange), PCL_DIFF_KEEP=DIR keeps the
// CIBs that disagree.
func TestDifferentialHeavy(t *testing.T) {
	for _, g := range synth.HeavyGenerators {
		t.Run(g.Name, func(t *testing.T) {
			n, base := heavyRange()
			ratchetSeeds(t, "2.1.5/differential-"+g.Name, n, base, func() []string {
				return differentialSeeds(t, n, base, g.Name, g.Gen, simulate215(t), promotableScoreDiff)
			})
		})
	}
}

// heavyRange is the number of seeds and the first one for the
// heavyGenerators: PCL_HEAVY_N (default 20: a hundred resources take
// crm_simulate a second or more) and PCL_DIFF_SEED.
func heavyRange() (n int, base int64) {
	_, base = differentialRange()
	n = 20
	if v := os.Getenv("PCL_HEAVY_N"); v != "" {
		n, _ = strconv.Atoi(v)
	}
	return n, base
}

// ratchetSeeds ratchets, under name, the n seeds from base that run
// (which returns those that disagree) does not return.
func ratchetSeeds(t *testing.T, name string, n int, base int64, run func() []string) {
	failed := map[string]bool{}
	for _, s := range run() {
		failed[s] = true
	}
	results := map[string]bool{}
	for i := 0; i < n; i++ {
		seed := strconv.FormatInt(base+int64(i), 10)
		results[seed] = !failed[seed]
	}
	testenv.Ratchet(t, name, results)
}
