package batch

import (
	"fmt"
	"time"

	"github.com/hashicorp/hcl/v2"

	"pcl/planner"
	"pcl/planner/scenario"
)

// Result is a planned batch.
type Result struct {
	// Baseline is the cluster planned as it is, with no injection (nil
	// with Options.NoBaseline).
	Baseline *Outcome
	// Scenarios are in the order given.
	Scenarios []*Outcome
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
	// Diags are the planner's warnings.
	Diags hcl.Diagnostics
	// Quorum is the scenario's have-quorum and how it was decided.
	Quorum scenario.Quorum
}

// PlannerPanic is the error of a scenario the planner failed on.
type PlannerPanic struct{ Value any }

func (e *PlannerPanic) Error() string {
	return fmt.Sprint("internal error in the planner (please report it): ", e.Value)
}
