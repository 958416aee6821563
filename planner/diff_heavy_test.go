package planner

import (
	"strconv"
	"testing"

	"pcl/internal/synth"
	"pcl/internal/testenv"
)

// heavyGenerators are the generators of clusters at the scale and shapes
// independent checks found disagreements on (issue 21): clone-heavy
// clusters of about a hundred resources on 6 nodes, everything stopped
// ("heavy") or with histories ("heavy-history"), and promotable clones of
// groups whose instances move ("promgroup").
var heavyGenerators = []struct {
	name string
	gen  func(int64) string
}{
	{"heavy", func(seed int64) string { return synth.CloneHeavyCIB(uint64(seed), false) }},
	{"heavy-history", func(seed int64) string { return synth.CloneHeavyCIB(uint64(seed), true) }},
	{"promgroup", func(seed int64) string { return synth.PromotableGroupCIB(uint64(seed)) }},
}

// TestDifferentialHeavy compares every allocation and promotion score
// line (as multisets) of the heavyGenerators' clusters with crm_simulate
// 2.1.5's. The seeds that agree are a ratchet per generator
// (testdata/ratchet/2.1.5/differential-NAME.txt); PCL_DIFF_N and
// PCL_DIFF_SEED choose the seeds, PCL_DIFF_KEEP=DIR keeps the CIBs that
// disagree.
func TestDifferentialHeavy(t *testing.T) {
	for _, g := range heavyGenerators {
		t.Run(g.name, func(t *testing.T) {
			ratchetSeeds(t, "2.1.5/differential-"+g.name, func() []string {
				return differentialSeeds(t, g.name, g.gen, simulate215(t), promotableScoreDiff)
			})
		})
	}
}

// ratchetSeeds ratchets, under name, the seeds of differentialRange that
// run (which returns those that disagree) does not return.
func ratchetSeeds(t *testing.T, name string, run func() []string) {
	n, base := differentialRange()
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
