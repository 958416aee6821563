package transition_test

import (
	"testing"

	"pcl/internal/synth"
)

// genTicketCIB is synth.TicketCIB: clones and promotable clones that need
// tickets, granted, revoked, in standby or never recorded, by resource or
// in resource sets, with every role and loss-policy, fencing enabled or
// not.
func genTicketCIB(seed int64) string { return synth.TicketCIB(uint64(seed)) }

// TestDifferentialTickets compares pcl's transition graph and summary
// with crm_simulate's on genTicketCIB configurations (seeds 1 to
// -diff-seeds), the passing seeds ratcheted in
// testdata/ratchet/differential-tickets.txt.
func TestDifferentialTickets(t *testing.T) {
	runDifferential(t, "differential-tickets", "tickets", genTicketCIB)
}
