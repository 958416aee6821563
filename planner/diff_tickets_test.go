package planner

import (
	"testing"

	"pcl/internal/synth"
)

// genTicketCIB writes a random CIB whose clones and promotable clones need
// tickets; see synth.TicketCIB.
func genTicketCIB(seed int64) string { return synth.TicketCIB(uint64(seed)) }

// TestDifferentialTickets compares the planner's allocation and promotion
// score lines with crm_simulate's on genTicketCIB configurations: every
// role and loss-policy, tickets granted, revoked, in standby or never
// recorded. PCL_DIFF_N (default 40), PCL_DIFF_SEED and PCL_DIFF_KEEP work
// as for TestDifferential.
func TestDifferentialTickets(t *testing.T) {
	runDifferential(t, "tickets", genTicketCIB, promotableScoreDiff)
}
