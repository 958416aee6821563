package planner

import (
	"slices"
	"strings"

	"pcl/ir"
	"pcl/planner/model"
)

// paramCheck is a failure whose parameters are compared after assignment
// (a pe_check_last_failure entry of Pacemaker's param_check list).
type paramCheck struct {
	rsc  *model.Resource
	node int
	op   *ir.OpRecord
}

// needsRemoteName reports whether r is a bundle replica's connection
// configured with the address "#uname", which stands for the node its
// container is assigned to (pe__bundle_needs_remote_name): its digests
// can be computed only once the containers are assigned.
func (p *plan) needsRemoteName(r *model.Resource) bool {
	return r.RemoteNode != nil && r.Container != nil && r.Parent != nil && r.Parent.Kind == model.KindBundle &&
		strings.EqualFold(r.Params["addr"], "#uname")
}

// runParamChecks compares, once resources are assigned, the parameters of
// the failures whose comparison waited for it: a changed one clears the
// fail count on its node (check_params), after the configuration changes.
func (p *plan) runParamChecks() {
	for _, c := range p.paramChecks {
		r := c.rsc
		if slices.Contains(r.ParamClearFailcount, c.node) {
			continue
		}
		if changed, _, unknown := p.digestCompare(r, c.op, c.op.Operation, c.op.IntervalMs); changed && !unknown {
			r.ParamClearFailcount = append(r.ParamClearFailcount, c.node)
		}
	}
}
