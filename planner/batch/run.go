package batch

import (
	"runtime"
	"sync"
	"time"

	"pcl/ir"
	"pcl/planner"
	"pcl/planner/scenario"
)

// Run plans every scenario against base. base is not modified, and is
// shared read-only by the workers.
func Run(base *ir.CIB, scenarios []scenario.Scenario, opts Options) *Result {
	start := time.Now()
	// The baseline's quorum is decided once, in the base every scenario
	// starts from: a CIB that records no have-quorum (a compiled policy)
	// is counted, so the cluster as it is runs with every node up.
	base, baseQuorum := opts.Quorum.Decide(base, true)
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
					res.Baseline = planOne(base, scenario.Scenario{Name: "baseline"}, opts, &baseQuorum)
				} else {
					res.Scenarios[i] = planOne(base, scenarios[i], opts, nil)
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

// planOne applies one scenario, decides its quorum (unless given, as
// the baseline's is) and schedules it (planner.Schedule, with the
// transition). A panic in the planner is a bug, but one scenario's bug
// must not lose the batch: it is reported as that scenario's error.
func planOne(base *ir.CIB, s scenario.Scenario, opts Options, decided *scenario.Quorum) (out *Outcome) {
	po := opts.Planner
	out = &Outcome{Scenario: s}
	defer func() {
		if r := recover(); r != nil {
			out.Result = nil
			out.Err = &PlannerPanic{Value: r}
		}
	}()
	cib, err := scenario.Apply(base, s)
	if err != nil {
		out.Err = err
		return out
	}
	if decided != nil {
		out.Quorum = *decided
	} else {
		cib, out.Quorum = opts.Quorum.Decide(cib, false)
	}
	if !s.Now.IsZero() {
		po.Now = s.Now
	}
	po.Transition = true
	out.Result, out.Diags = planner.Schedule(cib, po)
	return out
}
