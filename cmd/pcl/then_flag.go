package main

import (
	"errors"
	"fmt"
	"strconv"

	"pcl/planner/scenario"
)

// thenFlag is --then: it cuts the injection flags given so far from
// those that follow. pflag sets flags in the order they are written, so
// each cut records how many values every injection flag had then; the
// values between two cuts are one step, a scenario that starts from the
// cluster the step before it leaves (scenario.Scenario.After).
type thenFlag struct {
	f    *whatIfFlags
	cuts []thenCut
}

// thenCut is how far each injection flag had got at a --then.
type thenCut struct {
	lens               []int
	clusterMaintenance bool
}

// lists are the injection flags that take values, in a fixed order.
func (f *whatIfFlags) lists() []*[]string {
	return []*[]string{&f.NodeDown, &f.NodeFail, &f.NodeStandby, &f.NodeUp, &f.OpFail,
		&f.TicketGrant, &f.TicketRevoke, &f.TicketStandby, &f.TicketActivate,
		&f.Move, &f.Ban, &f.Clear, &f.Disable, &f.Enable, &f.Unmanage, &f.Manage, &f.Cleanup, &f.NodeMaintenance}
}

// used reports whether --then was given (a batchFlags made without the
// flag has none).
func (t *thenFlag) used() bool { return t != nil && len(t.cuts) > 0 }

func (t *thenFlag) String() string { return "" }

func (t *thenFlag) Type() string { return "bool" }

// Set records a cut; --then=false is an error rather than nothing, which
// would silently merge two steps.
func (t *thenFlag) Set(v string) error {
	if b, err := strconv.ParseBool(v); err != nil || !b {
		return fmt.Errorf("--then takes no value")
	}
	c := thenCut{clusterMaintenance: t.f.ClusterMaintenance}
	for _, l := range t.f.lists() {
		c.lens = append(c.lens, len(*l))
	}
	t.cuts = append(t.cuts, c)
	return nil
}

// steps are the scenarios the cuts make, each after the one before it
// and named for what it does. A step with no injection is an error: it
// would repeat the step before.
func (t *thenFlag) steps() ([]scenario.Scenario, error) {
	all := t.f.lists()
	end := thenCut{clusterMaintenance: t.f.ClusterMaintenance}
	for _, l := range all {
		end.lens = append(end.lens, len(*l))
	}
	var out []scenario.Scenario
	var errs []error
	from := thenCut{lens: make([]int, len(all))}
	for i, to := range append(append([]thenCut(nil), t.cuts...), end) {
		step := &whatIfFlags{ClusterMaintenance: to.clusterMaintenance && !from.clusterMaintenance}
		for j, l := range step.lists() {
			*l = (*all[j])[from.lens[j]:to.lens[j]]
		}
		// --lifetime and --promoted qualify the moves and bans of every
		// step that has some.
		if len(step.Move)+len(step.Ban) > 0 {
			step.Lifetime, step.Promoted = t.f.Lifetime, t.f.Promoted
		}
		from = to
		if !step.hasInjections() {
			errs = append(errs, fmt.Errorf("step %d of --then has no injection or operator action", i+1))
			continue
		}
		s, err := step.injections()
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if len(out) > 0 {
			s.After = out[len(out)-1].Name
		}
		for _, o := range out {
			if o.Name == s.Name {
				s.Name = fmt.Sprintf("%s (step %d)", s.Name, i+1)
				break
			}
		}
		out = append(out, s)
	}
	if (t.f.Lifetime != "" || t.f.Promoted) && len(t.f.Move)+len(t.f.Ban) == 0 {
		errs = append(errs, errors.New("--lifetime and --promoted qualify a --move or --ban, and there is none"))
	}
	return out, errors.Join(errs...)
}
