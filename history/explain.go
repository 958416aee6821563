package history

import (
	"fmt"
	"time"

	"github.com/hashicorp/hcl/v2"

	"pcl/cibdiff"
	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner"
)

// Options says how to plan the inputs.
type Options struct {
	// Target is the release each input is planned for (cmd/pcl: the
	// --pacemaker flag, else the input's dc-version); nil plans every one
	// for pcmk.DefaultTarget().
	Target func(*ir.CIB) pcmk.Target
	// Write writes a configuration as CIB XML for the configuration
	// comparison (cibdiff.ConfigWriter; cmd/pcl passes
	// emit/cibxml.WriteConfig).
	Write cibdiff.ConfigWriter
}

// step is an input as planned.
type step struct {
	in  *Input
	res *planner.Result
}

// Explain plans every input as the scheduler did (at its execution-date,
// for its release) and compares each with the one before it. An input
// that cannot be read is reported with its error, and the next one is
// compared with the last one read.
func Explain(inputs []*Input, opts Options) (*Report, error) {
	rep := &Report{Transitions: []*Transition{}}
	var prev *step
	for _, in := range inputs {
		t := &Transition{Input: in.Name, Kind: in.Kind, Seq: in.Seq}
		rep.Transitions = append(rep.Transitions, t)
		if in.CIB == nil {
			t.Error = firstError(in)
			continue
		}
		if !in.Date.IsZero() {
			t.Date = in.Date.Format(time.RFC3339)
		}
		t.Version = versionOf(in.CIB).String()
		target := pcmk.DefaultTarget()
		if opts.Target != nil {
			target = opts.Target(in.CIB)
		}
		t.Pacemaker = target
		res, diags, failed := schedule(in.CIB, target)
		if failed != "" || diags.HasErrors() || res == nil || res.Transition == nil {
			if failed == "" {
				failed = diags.Error()
			}
			t.Error = "the planner could not plan it: " + failed
			continue
		}
		cur := &step{in: in, res: res}
		t.DC = dcName(in.CIB, res)
		for _, u := range res.Unknown {
			t.Unknown = append(t.Unknown, UnknownEntry{Resource: u.Resource, Detail: u.Detail})
		}
		if prev == nil {
			t.First = true
		} else {
			objs, err := cibdiff.Config(prev.in.CIB, in.CIB, opts.Write)
			if err != nil {
				return nil, err
			}
			t.Config = objs
			t.Nodes = nodeEvents(prev.res, res)
			t.Operations = opEvents(prev.in.CIB, in.CIB)
			t.Attributes = attrChanges(prev.in.CIB, in.CIB)
			t.Tickets = ticketChanges(prev.in.CIB, in.CIB)
		}
		if _, unknown := res.PlanUnknown(); !unknown {
			t.NodeActions = res.Transition.NodeActions()
		}
		t.Changes = changes(prev, cur, t)
		prev = cur
	}
	return rep, nil
}

// schedule plans cib as the scheduler did (at its execution-date, the
// planner's default). One input the planner fails on is reported as not
// read, and does not lose the others.
func schedule(cib *ir.CIB, target pcmk.Target) (res *planner.Result, diags hcl.Diagnostics, failed string) {
	defer func() {
		if r := recover(); r != nil {
			res, diags, failed = nil, nil, fmt.Sprintf("internal error: %v", r)
		}
	}()
	res, diags = planner.Schedule(cib, planner.Options{Target: target, Transition: true})
	return res, diags, ""
}

func firstError(in *Input) string {
	for _, d := range in.Diags {
		if d.Severity == hcl.DiagError {
			return d.Summary + ": " + d.Detail
		}
	}
	return "the input could not be read"
}

// dcName is the DC's node name: dc-uuid is a node id.
func dcName(cib *ir.CIB, res *planner.Result) string {
	id, ok := cibAttr(cib, "dc-uuid")
	if !ok {
		return ""
	}
	for _, n := range res.Nodes {
		if n.ID == id {
			return n.Uname
		}
	}
	return id
}
