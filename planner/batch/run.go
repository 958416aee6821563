package batch

import (
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/hashicorp/hcl/v2"

	"pcl/ir"
	"pcl/planner"
	"pcl/planner/scenario"
	"pcl/planner/transition"
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
	// NoBaseline skips planning the cluster as it is.
	NoBaseline bool
}

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
	// or resource); Plan and Transition are nil then.
	Err        error
	Plan       *planner.Plan
	Transition *transition.Transition
	// Diags are the planner's warnings.
	Diags hcl.Diagnostics
}

// Run plans every scenario against base. base is not modified, and is
// shared read-only by the workers.
func Run(base *ir.CIB, scenarios []scenario.Scenario, opts Options) *Result {
	start := time.Now()
	res := &Result{Scenarios: make([]*Outcome, len(scenarios))}
	jobs := len(scenarios)
	if !opts.NoBaseline {
		jobs++
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if workers > jobs {
		workers = jobs
	}
	// The count is kept under a lock, and Progress called under it, so
	// that the callback sees each count once and in order.
	var mu sync.Mutex
	done := 0
	finished := func() {
		if opts.Progress == nil {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		done++
		opts.Progress(done, jobs)
	}

	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if i == len(scenarios) {
					res.Baseline = planOne(base, scenario.Scenario{Name: "baseline"}, opts.Planner)
				} else {
					res.Scenarios[i] = planOne(base, scenarios[i], opts.Planner)
				}
				finished()
			}
		}()
	}
	if !opts.NoBaseline {
		next <- len(scenarios)
	}
	for i := range scenarios {
		next <- i
	}
	close(next)
	wg.Wait()
	res.Elapsed = time.Since(start)
	return res
}

// planOne applies, places and schedules one scenario. A panic in the
// planner is a bug, but one scenario's bug must not lose the batch: it is
// reported as that scenario's error.
func planOne(base *ir.CIB, s scenario.Scenario, po planner.Options) (out *Outcome) {
	out = &Outcome{Scenario: s}
	defer func() {
		if r := recover(); r != nil {
			out.Plan, out.Transition = nil, nil
			out.Err = &PlannerPanic{Value: r}
		}
	}()
	cib, err := scenario.Apply(base, s)
	if err != nil {
		out.Err = err
		return out
	}
	if !s.Now.IsZero() {
		po.Now = s.Now
	}
	p, diags := planner.Compute(cib, po)
	out.Plan, out.Diags = p, diags
	out.Transition = transition.Compute(p.TransitionInput())
	return out
}

// PlannerPanic is the error of a scenario the planner failed on.
type PlannerPanic struct{ Value any }

func (e *PlannerPanic) Error() string {
	return fmt.Sprint("internal error in the planner (please report it): ", e.Value)
}
