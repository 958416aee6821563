package policytest

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner"
	"pcl/planner/batch"
	"pcl/planner/scenario"
	"pcl/planner/transition"
)

// Report is a checked policy: one Case per assertion, the healthy
// cluster's first, then each scenario's in source order.
type Report struct {
	Cases []*Case
}

// Failed counts the cases that failed.
func (r *Report) Failed() int {
	n := 0
	for _, c := range r.Cases {
		if !c.Passed() {
			n++
		}
	}
	return n
}

// Case is one assertion checked.
type Case struct {
	// Scenario is the scenario's name, "" for the healthy cluster.
	Scenario  string
	Assertion *ir.Assertion
	// Outcome is the planned scenario (the baseline for the healthy
	// cluster); its Err says why it could not be planned.
	Outcome  *batch.Outcome
	Failures []Failure
}

// Passed reports whether every condition held.
func (c *Case) Passed() bool { return len(c.Failures) == 0 }

// Failure is one condition that does not hold.
type Failure struct {
	// Condition is the attribute written (runs_on, no_moves, ...).
	Condition string
	// Range is where it is written.
	Range hcl.Range
	// Message says what happened instead.
	Message string
	// Explain names the resources whose placement explains the failure
	// (their score explanations); Reasons are the transition's own
	// reasons (the summary's "due to", a node failure's effect).
	Explain []string
	Reasons []string
}

// Diagnostic is the failure as an error at the condition.
func (f Failure) Diagnostic(c *Case) *hcl.Diagnostic {
	where := "the healthy cluster"
	if c.Scenario != "" {
		where = fmt.Sprintf("scenario %q", c.Scenario)
	}
	return &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Assertion failed",
		Detail:  fmt.Sprintf("%s, assertion %q (%s): %s", capitalize(where), c.Assertion.Name, f.Condition, f.Message),
		Subject: f.Range.Ptr()}
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// Run plans the healthy cluster and every declared scenario of cib and
// checks every assertion. The diagnostics are the scenarios' own
// problems (an invalid injection); the batch options say how (the
// planner's options, quorum rule, workers).
func Run(cib *ir.CIB, opts batch.Options) (*Report, hcl.Diagnostics) {
	opts.NoBaseline, opts.AsRecorded = false, false
	asserted := len(cib.Assertions) > 0
	for _, d := range cib.Scenarios {
		asserted = asserted || len(d.Assertions) > 0
	}
	if !asserted {
		return &Report{}, nil // nothing to check, nothing to plan
	}
	var res *batch.Result
	var diags hcl.Diagnostics
	if len(cib.Scenarios) == 0 {
		base, err := batch.AllNodesUp(cib)
		if err != nil {
			return nil, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "Invalid cluster", Detail: err.Error()}}
		}
		res = batch.Run(base, nil, opts)
	} else {
		// The declared scenarios come first in a batch, in source order.
		b, bd := batch.Prepare(cib, batch.Spec{Options: opts})
		diags = bd
		if bd.HasErrors() {
			return nil, diags
		}
		res = b.Run()
	}
	rep := &Report{}
	// What ran before: the status as given for the healthy cluster, the
	// healthy cluster once settled for a scenario (which starts from it),
	// the cluster the scenario it follows leaves for a chained one.
	var given, settled *planner.Result
	if res.Baseline != nil {
		given, settled = res.Baseline.Result, res.Baseline.After
	}
	for _, a := range cib.Assertions {
		rep.Cases = append(rep.Cases, check("", a, res.Baseline, given, opts))
	}
	// A chained scenario starts from the cluster the one it follows
	// leaves.
	index := map[string]int{}
	for i, d := range cib.Scenarios {
		if _, dup := index[d.Name]; !dup {
			index[d.Name] = i
		}
	}
	for i, d := range cib.Scenarios {
		before := settled
		if j, ok := index[d.After]; ok && d.After != "" {
			before = res.Scenarios[j].After
		}
		for _, a := range d.Assertions {
			rep.Cases = append(rep.Cases, check(d.Name, a, res.Scenarios[i], before, opts))
		}
	}
	return rep, diags
}

// check checks one assertion against an outcome; before is the cluster
// the outcome started from, before its injections.
func check(name string, a *ir.Assertion, o *batch.Outcome, before *planner.Result, opts batch.Options) *Case {
	c := &Case{Scenario: name, Assertion: a, Outcome: o}
	fail := func(cond, format string, args ...any) *Failure {
		c.Failures = append(c.Failures, Failure{Condition: cond, Range: a.Range(cond), Message: fmt.Sprintf(format, args...)})
		return &c.Failures[len(c.Failures)-1]
	}
	if o == nil || o.Err != nil || o.Result == nil || o.After == nil {
		err := "it was not planned"
		if o != nil && o.Err != nil {
			err = o.Err.Error()
		}
		c.Failures = append(c.Failures, Failure{Condition: "scenario", Range: a.DeclRange,
			Message: "the scenario could not be planned, so nothing can be checked: " + err})
		return c
	}
	if a.Resource != "" {
		checkResource(a, o, before, fail)
	}
	if a.NoMoves {
		var moved []string
		var reasons []string
		changed := map[string]bool{}
		for _, ch := range o.Result.Transition.Changes {
			switch ch.Verb {
			case "Move", "Migrate", "Restart", "Recover", "Re-promote":
				moved = append(moved, describeChange(o.Result.Transition, ch))
				changed[ch.Resource] = true
				if ch.Reason != "" {
					reasons = append(reasons, ch.Resource+": due to "+ch.Reason)
				}
			}
		}
		// A resource whose node left the cluster is started elsewhere
		// (its history went with the node): a move all the same.
		elsewhere, ids := relocated(before, o.After, changed)
		moved = append(moved, elsewhere...)
		if len(moved) > 0 {
			f := fail("no_moves", "%s", strings.Join(moved, "; "))
			f.Reasons = reasons
			f.Explain = uniq(append(movedResources(o.Result.Transition.Changes), ids...))
		}
		unknownPlan(o, "no_moves", fail)
	}
	if a.MaxActions != nil {
		acts := actions(o.Execution)
		if len(acts) > *a.MaxActions {
			shown := acts
			if len(shown) > 10 {
				shown = append(shown[:10:10], fmt.Sprintf("and %d more", len(acts)-10))
			}
			noun := "actions"
			if len(acts) == 1 {
				noun = "action"
			}
			fail("max_actions", "the transition runs %d resource %s (recurring monitors aside), more than %d: %s",
				len(acts), noun, *a.MaxActions, strings.Join(shown, ", "))
		}
		unknownPlan(o, "max_actions", fail)
	}
	if a.Quorum != nil && o.Quorum.Quorate != *a.Quorum {
		state := "has no quorum"
		if o.Quorum.Quorate {
			state = "has quorum"
		}
		fail("quorum", "the cluster %s (%s)", state, o.Quorum.Describe())
	}
	if a.NoSinglePointOfFailure {
		checkSPOF(a, o, opts, fail)
	}
	return c
}

// unknownPlan fails cond when some action of the plan is not computed
// exactly.
func unknownPlan(o *batch.Outcome, cond string, fail func(cond, format string, args ...any) *Failure) {
	if len(o.Result.Unknown) > 0 {
		u := o.Result.Unknown[0]
		fail(cond, "cannot be checked exactly: the planner does not compute %s (%s)", nameUnknown(u), strings.TrimSuffix(u.Detail, "."))
	}
}

func nameUnknown(u planner.Unknown) string {
	if u.Resource == "" {
		return "this plan"
	}
	return "the placement and actions of " + u.Resource
}

// checkResource checks the conditions about a.Resource.
func checkResource(a *ir.Assertion, o *batch.Outcome, before *planner.Result, fail func(cond, format string, args ...any) *Failure) {
	r := o.After.Resource(a.Resource)
	if r == nil {
		fail("resource", "the cluster has no resource %q", a.Resource)
		return
	}
	if u, unknown := o.Result.IsUnknown(a.Resource); unknown {
		fail("resource", "cannot be checked exactly: the planner does not compute where %s runs (%s)", a.Resource, strings.TrimSuffix(u.Detail, "."))
		return
	}
	act := active(o.After, r)
	nodes := uniq(act)
	explain := []string{a.Resource}
	// With a role of a promotable clone, runs_on says where that role
	// must be (checkRole), not where every instance runs.
	promoRole := a.Role == ir.RolePromoted || a.Role == ir.RoleUnpromoted
	if len(a.RunsOn) > 0 && !promoRole {
		var off []string
		for _, n := range nodes {
			if !slices.Contains(a.RunsOn, n) {
				off = append(off, n)
			}
		}
		switch {
		case len(nodes) == 0:
			fail("runs_on", "%s is not active anywhere; expected on %s", a.Resource, orList(a.RunsOn)).Explain = explain
		case len(off) > 0:
			fail("runs_on", "%s is active on %s; expected only on %s", a.Resource, strings.Join(off, ", "), orList(a.RunsOn)).Explain = explain
		}
	}
	var bad []string
	for _, n := range nodes {
		if slices.Contains(a.NotOn, n) {
			bad = append(bad, n)
		}
	}
	if len(bad) > 0 {
		fail("not_on", "%s is active on %s", a.Resource, strings.Join(bad, ", ")).Explain = explain
	}
	if a.Running != nil && (len(nodes) > 0) != *a.Running {
		if *a.Running {
			fail("running", "%s is not active anywhere", a.Resource).Explain = explain
		} else {
			fail("running", "%s is active on %s", a.Resource, strings.Join(nodes, ", ")).Explain = explain
		}
	}
	if a.Role != "" {
		checkRole(a, o.After, r, nodes, fail)
	}
	for _, other := range a.With {
		or := o.After.Resource(other)
		if or == nil {
			fail("with", "the cluster has no resource %q", other)
			continue
		}
		if u, unknown := o.Result.IsUnknown(other); unknown {
			fail("with", "cannot be checked exactly: the planner does not compute where %s runs (%s)", other, strings.TrimSuffix(u.Detail, "."))
			continue
		}
		theirs := uniq(active(o.After, or))
		var alone []string
		for _, n := range nodes {
			if !slices.Contains(theirs, n) {
				alone = append(alone, n)
			}
		}
		switch {
		case len(nodes) == 0:
			fail("with", "%s is not active anywhere, so not with %s", a.Resource, other).Explain = explain
		case len(alone) > 0:
			fail("with", "%s is active on %s, where %s is not (%s is %s)", a.Resource, strings.Join(alone, ", "), other, other, placeText(theirs)).Explain = []string{a.Resource, other}
		}
	}
	for _, other := range a.ApartFrom {
		or := o.After.Resource(other)
		if or == nil {
			fail("apart_from", "the cluster has no resource %q", other)
			continue
		}
		if u, unknown := o.Result.IsUnknown(other); unknown {
			fail("apart_from", "cannot be checked exactly: the planner does not compute where %s runs (%s)", other, strings.TrimSuffix(u.Detail, "."))
			continue
		}
		var shared []string
		for _, n := range uniq(active(o.After, or)) {
			if slices.Contains(nodes, n) {
				shared = append(shared, n)
			}
		}
		if len(shared) > 0 {
			fail("apart_from", "%s and %s are both active on %s", a.Resource, other, strings.Join(shared, ", ")).Explain = []string{a.Resource, other}
		}
	}
	if a.NeverStopped {
		var stops []string
		for _, st := range o.Execution.Fired {
			// A stop implied by fencing (a pseudo-action) stops the
			// resource as surely as one the executor runs.
			k := st.Kind()
			if (k != transition.StepResource && k != transition.StepPseudo) || st.Action.Task != pcmk.TaskStop || st.Action.Rsc == nil {
				continue
			}
			if belongs(o.Result, st.Action.Resource(), r.ID) {
				what := st.Action.Resource() + " on " + o.Result.Transition.NodeName(st.Action.Node)
				if k == transition.StepPseudo {
					what += " (implied by fencing the node)"
				}
				stops = append(stops, what)
			}
		}
		// Where it ran before and runs no more (its node left, and its
		// history with it): stopped there too.
		if before != nil {
			if br := before.Resource(r.ID); br != nil {
				now := active(o.After, r)
				for _, n := range uniq(active(before, br)) {
					if !slices.Contains(now, n) && !slices.ContainsFunc(stops, func(s string) bool { return strings.Contains(s, " on "+n) }) {
						stops = append(stops, r.ID+" on "+n+" (no longer active there)")
					}
				}
			}
		}
		if len(stops) > 0 {
			f := fail("never_stopped", "%s is stopped: %s", r.ID, strings.Join(stops, ", "))
			f.Explain = explain
			for _, ch := range o.Result.Transition.Changes {
				if belongs(o.Result, ch.Resource, r.ID) && ch.Reason != "" {
					f.Reasons = append(f.Reasons, ch.Resource+": due to "+ch.Reason)
				}
			}
		}
	}
}

// checkRole checks the role condition: Stopped is not active; Started
// active in any role; Promoted and Unpromoted an instance in that role
// (on runs_on's nodes when given).
func checkRole(a *ir.Assertion, res *planner.Result, r *planner.Resource, nodes []string, fail func(cond, format string, args ...any) *Failure) {
	explain := []string{a.Resource}
	switch a.Role {
	case ir.RoleStopped:
		if len(nodes) > 0 {
			fail("role", "%s is active on %s, not stopped", a.Resource, strings.Join(nodes, ", ")).Explain = explain
		}
		return
	case ir.RoleStarted:
		if len(nodes) == 0 {
			fail("role", "%s is stopped, not started", a.Resource).Explain = explain
		}
		return
	}
	want := pcmk.ParseRole(string(a.Role))
	var roles []string
	found := false
	walkPrimitives(r, func(p *planner.Resource) {
		for _, n := range p.RunningOn {
			name := res.Nodes[n].Uname
			roles = append(roles, fmt.Sprintf("%s on %s", p.Role, name))
			if p.Role == want && (len(a.RunsOn) == 0 || slices.Contains(a.RunsOn, name)) {
				found = true
			}
		}
	})
	if found {
		return
	}
	where := ""
	if len(a.RunsOn) > 0 {
		where = " on " + orList(a.RunsOn)
	}
	if len(roles) == 0 {
		fail("role", "%s is not active anywhere; expected %s%s", a.Resource, a.Role, where).Explain = explain
		return
	}
	sort.Strings(roles)
	fail("role", "%s is %s; expected %s%s", a.Resource, strings.Join(uniq(roles), ", "), a.Role, where).Explain = explain
}

// checkSPOF fails when some single node's failure, from the cluster the
// outcome leaves, leaves the resource (every resource active, without
// one) inactive once the cluster has recovered.
func checkSPOF(a *ir.Assertion, o *batch.Outcome, opts batch.Options, fail func(cond, format string, args ...any) *Failure) {
	if o.Settled == nil {
		fail("no_single_point_of_failure", "cannot be checked: the scenario's transition did not settle")
		return
	}
	var watched []string
	if a.Resource != "" {
		if r := o.After.Resource(a.Resource); r == nil || len(active(o.After, r)) == 0 {
			fail("no_single_point_of_failure", "%s is not active to begin with", a.Resource).Explain = []string{a.Resource}
			return
		}
		watched = []string{a.Resource}
	} else {
		for _, r := range o.After.Top {
			if len(active(o.After, r)) > 0 {
				watched = append(watched, r.ID)
			}
		}
	}
	var scenarios []scenario.Scenario
	for _, n := range o.After.Nodes {
		if !n.Online {
			continue
		}
		s := scenario.Scenario{Injections: []ir.Injection{{Kind: ir.InjectNodeFail, Node: n.Uname}}}
		s.Name = s.String()
		scenarios = append(scenarios, s)
	}
	opts.AsRecorded, opts.NoBaseline, opts.Progress = true, true, nil
	res := batch.Run(o.Settled, scenarios, opts)
	var lost []string
	var explain []string
	for _, out := range res.Scenarios {
		if out.Err != nil || out.After == nil {
			lost = append(lost, fmt.Sprintf("%s: not planned (%v)", out.Scenario.Name, out.Err))
			continue
		}
		for _, id := range watched {
			r := out.After.Resource(id)
			if r == nil {
				continue
			}
			if u, unknown := out.Result.IsUnknown(id); unknown {
				lost = append(lost, fmt.Sprintf("if %s, where %s runs is not computed exactly (%s)", out.Scenario.Name, id, strings.TrimSuffix(u.Detail, ".")))
				continue
			}
			if len(active(out.After, r)) == 0 {
				_, why := out.Result.Placement(out.Result.Resource(id))
				msg := fmt.Sprintf("if %s, %s stops", out.Scenario.Name, id)
				if why != "" {
					msg += ": " + why
				}
				lost = append(lost, msg)
				explain = append(explain, id)
			}
		}
	}
	if len(lost) > 0 {
		fail("no_single_point_of_failure", "%s", strings.Join(lost, "; ")).Explain = uniq(explain)
	}
}

// active lists the nodes r's primitives are active on, once per active
// instance, as crm_mon counts them (planner.Resource.Active).
func active(res *planner.Result, r *planner.Resource) []string {
	var out []string
	walkPrimitives(r, func(p *planner.Resource) {
		if !p.Active {
			return
		}
		for _, n := range p.RunningOn {
			if n >= 0 && n < len(res.Nodes) {
				out = append(out, res.Nodes[n].Uname)
			}
		}
	})
	return out
}

func walkPrimitives(r *planner.Resource, f func(*planner.Resource)) {
	if len(r.Children) == 0 {
		f(r)
		return
	}
	for _, c := range r.Children {
		walkPrimitives(c, f)
	}
}

// belongs reports whether the resource named name (an instance's name,
// "db:1", included) is id or one of its members or instances.
func belongs(res *planner.Result, name, id string) bool {
	for r := res.Resource(name); r != nil; r = r.Parent {
		if r.ID == id {
			return true
		}
	}
	base, _, _ := strings.Cut(name, ":")
	if base != name {
		return belongs(res, base, id)
	}
	return false
}

// actions lists the resource actions the engine runs, recurring
// monitors aside.
func actions(e *transition.Execution) []string {
	var out []string
	for _, st := range e.Fired {
		if st.Kind() != transition.StepResource {
			continue
		}
		if st.Action.Task == pcmk.TaskMonitor && st.Action.IntervalMs > 0 {
			continue
		}
		out = append(out, fmt.Sprintf("%s %s", st.Action.Task, st.Resource))
	}
	return out
}

func describeChange(t *transition.Transition, ch transition.Change) string {
	from, to := "", ""
	if ch.From >= 0 {
		from = t.NodeName(ch.From)
	}
	if ch.To >= 0 {
		to = t.NodeName(ch.To)
	}
	switch {
	case from != "" && to != "" && from != to:
		return fmt.Sprintf("%s %s (%s -> %s)", ch.Verb, ch.Resource, from, to)
	case from != "":
		return fmt.Sprintf("%s %s (%s)", ch.Verb, ch.Resource, from)
	}
	return fmt.Sprintf("%s %s", ch.Verb, ch.Resource)
}

// relocated lists the top-level resources (clones aside: their
// instances are interchangeable) active before and after, on other nodes,
// that the summary does not already show moving.
func relocated(before, after *planner.Result, shown map[string]bool) (out, ids []string) {
	if before == nil {
		return nil, nil
	}
	for _, br := range before.Top {
		if br.IsClone() || shown[br.ID] {
			continue
		}
		ar := after.Resource(br.ID)
		if ar == nil {
			continue
		}
		was, is := uniq(active(before, br)), uniq(active(after, ar))
		if len(was) == 0 || len(is) == 0 || slices.Equal(was, is) {
			continue
		}
		out = append(out, fmt.Sprintf("%s moved (%s -> %s)", br.ID, strings.Join(was, ", "), strings.Join(is, ", ")))
		ids = append(ids, br.ID)
	}
	return out, ids
}

func movedResources(changes []transition.Change) []string {
	var out []string
	for _, ch := range changes {
		if ch.Verb == "Move" || ch.Verb == "Migrate" {
			out = append(out, ch.Resource)
		}
	}
	return uniq(out)
}

func placeText(nodes []string) string {
	if len(nodes) == 0 {
		return "not active"
	}
	return "on " + strings.Join(nodes, ", ")
}

func orList(list []string) string {
	if len(list) == 1 {
		return list[0]
	}
	return strings.Join(list[:len(list)-1], ", ") + " or " + list[len(list)-1]
}

// uniq keeps the first of each string, in order.
func uniq(list []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range list {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
