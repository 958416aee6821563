package batch

import (
	"fmt"
	"time"

	"github.com/hashicorp/hcl/v2"

	"pcl/ir"
	"pcl/planner"
	"pcl/planner/scenario"
	"pcl/planner/transition"
)

// Result is a planned batch.
type Result struct {
	// Baseline is the cluster planned as it is, with no injection (nil
	// with Options.NoBaseline).
	Baseline *Outcome
	// Scenarios are in the order given.
	Scenarios []*Outcome
	// From is the CIB the scenarios were applied to: the baseline's
	// settled cluster, or with Options.AsRecorded the base as given.
	From *ir.CIB
	// Elapsed is the wall time the batch took.
	Elapsed time.Duration
}

// Outcome is one planned scenario.
type Outcome struct {
	Scenario scenario.Scenario
	// Err is set when the scenario could not be applied (an unknown node
	// or resource) or the planner failed on it; Result is nil then.
	Err error
	// Result is the scenario's placement, scores and transition, and
	// what the planner could not compute (Result.Unknown).
	Result *planner.Result
	// Execution is what the transition engine runs of Result.Transition
	// (crm_simulate -S): the actions, in order, and those it never
	// reaches when the transition stalls.
	Execution *transition.Execution
	// After is the cluster once the transition ran, as the planner reads
	// its status: where each resource is active then
	// (planner.Result.Running) is the scenario's outcome.
	After *planner.Result
	// Settled is that cluster as a CIB: the status with the transition's
	// results recorded (nil when Err is set).
	Settled *ir.CIB
	// Later are the transitions run after this one until the cluster was
	// stable (Options.SettleRounds: the baseline's, and a scenario's in a
	// cluster with guest nodes), each with its Result and
	// Execution; After and Settled are then the last one's. Unsettled
	// says the last allowed transition still changed the cluster.
	Later     []*Outcome
	Unsettled bool
	// Diags are the planner's warnings.
	Diags hcl.Diagnostics
	// Quorum is the scenario's have-quorum and how it was decided.
	Quorum scenario.Quorum
}

// release lets go of o's plans once Options.Done has taken what it
// needs; the cluster o leaves stays when a scenario follows o.
func (o *Outcome) release(followed bool) {
	o.Result, o.Execution, o.After, o.Later = nil, nil, nil, nil
	if !followed {
		o.Settled = nil
	}
}

// PlannerPanic is the error of a scenario the planner failed on.
type PlannerPanic struct{ Value any }

func (e *PlannerPanic) Error() string {
	return fmt.Sprint("internal error in the planner (please report it): ", e.Value)
}
