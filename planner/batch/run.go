package batch

import (
	"fmt"
	"runtime"
	"sync"
	"time"

	"pcl/ir"
	"pcl/planner"
	"pcl/planner/scenario"
)

// Run plans every scenario against base. base is not modified, and is
// shared read-only by the workers.
//
// The baseline is planned first and its transition executed, as
// crm_simulate -S does; every scenario then starts from that settled
// cluster ("everything runs as planned, then this happens"), unless
// Options.AsRecorded asks for the status as recorded. Each scenario's
// transition is executed too, and its outcome is the cluster it leaves;
// a scenario with After starts from the cluster the scenario it names
// leaves (planned first, whatever the order given).
//
// The baseline's quorum is decided once, in the base: a have-quorum the
// CIB records is kept, and one it does not record (a compiled policy) is
// counted, so the cluster as it is runs with every node up. Each scenario
// then has its own decided (Options.Quorum).
func Run(base *ir.CIB, scenarios []scenario.Scenario, opts Options) *Result {
	start := time.Now()
	base, baseQuorum := opts.Quorum.Decide(base, true)
	res := &Result{Scenarios: make([]*Outcome, len(scenarios))}
	jobs := len(scenarios)
	if !opts.NoBaseline {
		jobs++
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

	from := base
	if !opts.NoBaseline || !opts.AsRecorded {
		baseline, settled := planOne(base, scenario.Scenario{Name: "baseline"}, opts, &baseQuorum, nil)
		if baseline.Err == nil && !opts.AsRecorded {
			settled = settleFurther(baseline, settled, opts, &baseQuorum)
		}
		if !opts.NoBaseline {
			if opts.Done != nil {
				opts.Done(-1, baseline) // the baseline is kept: the scenarios start from it
			}
			res.Baseline = baseline
			finished()
		}
		if !opts.AsRecorded {
			if baseline.Err != nil {
				// Without a settled cluster no scenario can start from it.
				for i, s := range scenarios {
					res.Scenarios[i] = &Outcome{Scenario: s, Err: baseline.Err}
					finished()
				}
				res.Elapsed = time.Since(start)
				return res
			}
			// Every scenario reads it: laid out for reading, it is the
			// baseline's settled cluster from now on.
			from = compactStatus(settled)
			baseline.Settled = from
		}
	}
	res.From = from
	locate := lazyLocator(from, opts.Planner)
	// A scenario's reaction takes more than one transition where guest
	// nodes come up (a bundle's instance is promoted, or a resource placed
	// on a guest, only once the guest is up): there it settles as the
	// baseline does. Elsewhere Pacemaker reacts in one, which is all that
	// is planned, since each later round costs a whole plan.
	settleScenarios := hasGuestNodes(base)
	settle := func(o *Outcome, settled *ir.CIB) *Outcome {
		if settleScenarios && o.Err == nil {
			settleFurther(o, settled, opts, &o.Quorum)
		}
		return o
	}

	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, len(scenarios)))
	// A chained scenario waits for the one it follows and starts from the
	// cluster that one leaves.
	prev := chainOf(scenarios)
	followed := make([]bool, len(scenarios))
	for _, j := range prev {
		if j >= 0 {
			followed[j] = true
		}
	}
	broken := make([]bool, len(scenarios))
	ready := make([]chan struct{}, len(scenarios))
	for i := range scenarios {
		ready[i] = make(chan struct{})
		broken[i] = chainErr(scenarios, prev, i) != nil
	}
	planChained := func(i int) *Outcome {
		s := scenarios[i]
		if err := chainErr(scenarios, prev, i); err != nil {
			return &Outcome{Scenario: s, Err: err}
		}
		if prev[i] < 0 {
			return settle(planOne(from, s, opts, nil, locate))
		}
		<-ready[prev[i]]
		p := res.Scenarios[prev[i]]
		if p.Err != nil || p.Settled == nil {
			return &Outcome{Scenario: s, Err: fmt.Errorf("it follows scenario %q, which could not be planned", p.Scenario.Name)}
		}
		return settle(planOne(p.Settled, s, opts, nil, lazyLocator(p.Settled, opts.Planner)))
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				o := planChained(i)
				if opts.Done != nil && opts.Done(i, o) {
					o.release(followed[i])
				}
				res.Scenarios[i] = o
				close(ready[i])
				finished()
			}
		}()
	}
	for _, i := range planOrder(prev, broken) {
		next <- i
	}
	close(next)
	wg.Wait()
	res.Elapsed = time.Since(start)
	return res
}

// planOne applies one scenario, decides its quorum (unless given, as the
// baseline's is), schedules it (planner.Schedule, with the transition),
// executes the transition and reads the cluster it leaves, which it returns
// too. locate says where resources run in base, for operator actions
// that need it. A panic in the planner is a bug, but one scenario's bug must not
// lose the batch: it is reported as that scenario's error.
func planOne(base *ir.CIB, s scenario.Scenario, opts Options, decided *scenario.Quorum, locate scenario.Locator) (out *Outcome, settled *ir.CIB) {
	po := opts.Planner
	out = &Outcome{Scenario: s}
	defer func() {
		if r := recover(); r != nil {
			out, settled = &Outcome{Scenario: s, Err: &PlannerPanic{Value: r}}, nil
		}
	}()
	if s.Target.IsZero() {
		s.Target = po.Target
	}
	cib, err := scenario.ApplyAt(base, s, locate)
	if err != nil {
		out.Err = err
		return out, nil
	}
	if decided != nil {
		out.Quorum = *decided
	} else {
		cib, out.Quorum = opts.Quorum.Decide(cib, false)
	}
	if !s.Now.IsZero() {
		po.Now = s.Now
	}
	po.Transition, po.Digests = true, true
	out.Result, out.Diags = planner.Schedule(cib, po)
	t := out.Result.Transition
	out.Execution = t.Execute()
	settled, err = scenario.Settle(cib, t, out.Execution, po.Target, po.Now, out.Result.OpDigest)
	if err != nil {
		out.Err = err
		return out, nil
	}
	// The cluster the transition leaves, read as the next run would read
	// it: only its status matters here.
	out.After, _ = planner.Schedule(settled, planner.Options{Target: po.Target, Now: po.Now, StatusOnly: true})
	out.Settled = settled
	return out, settled
}
