package transition_test

import (
	"testing"

	"pcl/internal/synth"
)

// genPromotableCIB is synth.PromotableCIB: promotable clones (and the
// legacy master) with Promoted, Unpromoted, demoted and failed instances,
// promotion scores, role locations, role colocations and promote/demote
// orders.
func genPromotableCIB(seed int64) string { return synth.PromotableCIB(uint64(seed)) }

// TestDifferentialPromotable compares pcl's transition graph and summary
// with crm_simulate's on genPromotableCIB configurations (seeds 1 to
// -diff-seeds), the passing seeds ratcheted in
// testdata/ratchet/differential-promotable.txt.
func TestDifferentialPromotable(t *testing.T) {
	runDifferential(t, "differential-promotable", "promotable", genPromotableCIB)
}
