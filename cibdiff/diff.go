package cibdiff

import (
	"io"

	"github.com/hashicorp/hcl/v2"

	"pcl/ir"
	"pcl/planner"
	"pcl/planner/scenario"
)

// Diff is what differs between two configurations and what the cluster
// would do differently.
type Diff struct {
	Objects []Object
	// Placements and Plan compare what the cluster does under each
	// configuration from OLD's status: Plan is NEW's configuration
	// planned over OLD's status (the transition an update from OLD to NEW
	// starts). Both are empty when OLD has no status; NoPlan says why.
	Placements []Placement
	Plan       *planner.Result
	NoPlan     string
	// After is where every primitive runs once Plan's transition ran
	// (Predicted), nil without a plan.
	After []Running
}

// Differs reports whether the configurations differ.
func (d *Diff) Differs() bool { return len(d.Objects) > 0 }

// ConfigWriter writes a configuration as CIB XML (emit/cibxml.WriteConfig,
// which cmd/pcl passes): the configurations are compared as the trees it
// writes, so that both sides share one canonical form, without this
// package depending on an emitter.
type ConfigWriter func(w io.Writer, cfg *ir.Config) error

// Compute compares old and new (their configurations, as write writes
// them) and, when old has a status, plans both configurations over it.
func Compute(old, new *ir.CIB, opts planner.Options, write ConfigWriter) (*Diff, hcl.Diagnostics, error) {
	objs, err := Config(old, new, write)
	if err != nil {
		return nil, nil, err
	}
	d := &Diff{Objects: objs}
	if old == nil || old.Status == nil {
		d.NoPlan = "OLD has no status section (a policy, or a CIB without <status>), so there is no running state to plan from; compare against a cluster's CIB (cibadmin -Q, or --live) to see what the cluster would do"
		return d, nil, nil
	}
	opts.Transition = true
	opts.Digests = true // Predicted settles the new plan's transition
	oldRes, diags := planner.Schedule(old, opts)
	if diags.HasErrors() {
		return d, diags, nil
	}
	planned := scenario.WithStatus(new, old)
	newRes, nd := planner.Schedule(planned, opts)
	diags = append(diags, nd...)
	if nd.HasErrors() {
		return d, diags, nil
	}
	d.Placements = Placements(oldRes, newRes)
	d.Plan = newRes
	if d.After, err = Predicted(planned, newRes); err != nil {
		return nil, diags, err
	}
	return d, diags, nil
}
