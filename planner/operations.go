package planner

import (
	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
	"strings"
)

// resolveOps returns the operations of an <operations> element, following
// id-ref to the element it names.
func (p *plan) resolveOps(ops *ir.Operations) []*ir.Op {
	if ops == nil {
		return nil
	}
	if ops.IDRef == "" {
		return ops.Ops
	}
	var found []*ir.Op
	var visit func(pr *ir.Primitive)
	visit = func(pr *ir.Primitive) {
		if found == nil && pr != nil && pr.Operations != nil && pr.Operations.ID == ops.IDRef && pr.Operations.IDRef == "" {
			found = pr.Operations.Ops
		}
	}
	for _, c := range p.CIB.Config.Resources {
		switch c := c.(type) {
		case *ir.Primitive:
			visit(c)
		case *ir.Template:
			visit(&c.Primitive)
		case *ir.Group:
			for _, m := range c.Members {
				visit(m)
			}
		case *ir.Clone:
			switch ch := c.Child.(type) {
			case *ir.Primitive:
				visit(ch)
			case *ir.Group:
				for _, m := range ch.Members {
					visit(m)
				}
			}
		}
	}
	return found
}

// opConfig finds the configured operation for a history entry.
func opConfig(r *model.Resource, task pcmk.Task, intervalMs int64) *ir.Op {
	for _, o := range r.OpDefs {
		if strings.EqualFold(o.Name, string(task)) && o.Interval.Ms == intervalMs {
			return o
		}
	}
	if strings.HasPrefix(string(task), "migrate") {
		for _, o := range r.OpDefs {
			if strings.EqualFold(o.Name, "migrate") && o.Interval.Ms == 0 {
				return o
			}
		}
	}
	return nil
}

// effectiveOps are a primitive's operations with its template's merged in
// as Pacemaker's unpack_template does: the primitive's own operations
// first, then the template's whose name and role (Started and Unpromoted
// counting as none) the primitive does not define.
func (p *plan) effectiveOps(prim *ir.Primitive) []*ir.Op {
	own := p.resolveOps(prim.Operations)
	if prim.Template == "" {
		return own
	}
	t, ok := p.templates[prim.Template]
	if !ok || t.Operations == nil {
		return own
	}
	key := func(op *ir.Op) string {
		role := pcmk.ParseRole(string(op.Role))
		if role == pcmk.RoleStarted || role == pcmk.RoleUnpromoted {
			role = pcmk.RoleUnknown
		}
		return op.Name + "-" + role.String()
	}
	var out []*ir.Op
	have := map[string]bool{}
	for _, op := range own {
		out = append(out, op)
		have[key(op)] = true
	}
	for _, op := range p.resolveOps(t.Operations) {
		if !have[key(op)] {
			out = append(out, op)
		}
	}
	return out
}
