package planner

import (
	"fmt"
	"strings"
	"testing"

	"pcl/internal/synth"
	"pcl/internal/testenv"
)

// genPromotableCIB writes a random CIB built around promotable clones,
// with Promoted and Unpromoted instances in the status and promotion
// scores as transient attributes; see synth.PromotableCIB.
func genPromotableCIB(seed int64) string { return synth.PromotableCIB(uint64(seed)) }

// TestDifferentialPromotable compares the planner's allocation and
// promotion score lines with crm_simulate's on genPromotableCIB
// configurations. Roles and actions are package transition's
// TestDifferentialPromotable. PCL_DIFF_N (default 40), PCL_DIFF_SEED and
// PCL_DIFF_KEEP work as for TestDifferential.
func TestDifferentialPromotable(t *testing.T) {
	runDifferential(t, "promotable", genPromotableCIB, promotableScoreDiff)
}

// promotableScoreDiff compares the allocation score lines as
// cloneScoreDiff does, and the promotion score lines of crm_simulate's
// output out with the planner's; a difference where the planner reports
// Unknown is returned as such.
func promotableScoreDiff(t *testing.T, path string, want []string, out string) (missing, extra []string) {
	defer func() {
		if r := recover(); r != nil {
			missing, extra = nil, []string{fmt.Sprintf("planner panic: %v", r)}
		}
	}()
	p, _ := compute(readCIB(t, path), Options{})
	missing, extra = testenv.MultisetDiff(append(want, promotionLines(out)...), allScoreLines(p))
	if u := p.unknowns(false); len(missing)+len(extra) > 0 && len(u) > 0 {
		return nil, []string{reportsUnknown + u[0].Detail}
	}
	return missing, extra
}

// promotionLines are the "promotion score" lines of crm_simulate's output
// ("promotion score (inactive)" since 2.1.8).
func promotionLines(out string) []string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, " promotion score on ") || strings.Contains(l, " promotion score (inactive): ") {
			lines = append(lines, l)
		}
	}
	return lines
}
