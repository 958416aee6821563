package batch

import (
	"pcl/planner"
	"pcl/planner/scenario"
)

// Options tune a batch.
type Options struct {
	// Planner are the planner's options for every scenario; a scenario's
	// own time replaces Planner.Now.
	Planner planner.Options
	// Workers bounds the scenarios planned at once; 0 means GOMAXPROCS.
	Workers int
	// Progress, when not nil, is told after each planned job how many
	// jobs are done out of how many (the baseline counts as one). Calls
	// come from the workers one at a time, with done increasing, so a
	// progress display needs no locking of its own; a worker waits for
	// the call to return, so it must be quick.
	Progress func(done, total int)
	// SettleRounds bounds the transitions the baseline runs before the
	// scenarios start from it, and each scenario in a cluster with guest
	// nodes. Pacemaker's scheduler runs again after every transition, and
	// some changes take a second one (an instance started in a bundle is
	// promoted once its guest node is up): with more than one round they
	// run transitions until one leaves every resource where it was, at
	// most this many (Outcome.Later, Outcome.Unsettled). 0 or 1 runs one
	// transition, as crm_simulate -S does.
	SettleRounds int
	// NoBaseline leaves the baseline out of the result (it is still
	// planned when the scenarios start from it).
	NoBaseline bool
	// AsRecorded applies each scenario to the status as recorded instead
	// of to the cluster the baseline's transition leaves.
	AsRecorded bool
	// Done, when not nil, is shown each outcome as soon as it is planned:
	// the baseline's (index -1, when the result has it) before any
	// scenario's, then each scenario's, by its index, from the workers,
	// several at once. When it returns true the batch lets go of the
	// outcome's plans (Result, Execution, After, Later, and Settled unless
	// a scenario follows it), which the result then lacks: a report that
	// takes what it needs from each outcome as it comes keeps a large
	// batch's memory to that.
	Done func(i int, o *Outcome) (release bool)
	// Quorum decides each scenario's have-quorum (scenario.QuorumRule):
	// recomputed from the nodes the scenario leaves up unless Quorum.Keep.
	// The baseline keeps a have-quorum the CIB records and counts the
	// votes otherwise (a policy compiled from .pcl records none).
	Quorum scenario.QuorumRule
}
