package planner

import (
	"slices"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
)

// primitive is a primitive's placement (Pacemaker's pcmk__primitive_*).
type primitive struct{}

func (primitive) assignFunc() string { return "pcmk__primitive_assign" }

func (primitive) planned() bool { return true }

func (primitive) assign(p *plan, r *model.Resource, prefer int) int {
	if r.Parent != nil && !r.Parent.Allocating {
		p.assign(r.Parent, prefer)
	}
	if !r.Provisional {
		return r.AssignedTo
	}
	if r.Allocating {
		return -1
	}
	r.Allocating = true
	p.applyColocations(r)
	if r.NextRole == pcmk.RoleStopped {
		p.rscLocation(r, -1, -ir.Infinity, &model.Cause{Kind: model.CauseTargetRole, Text: "target-role=Stopped"})
		r.Why = "it is meant to be stopped (target-role=Stopped, or on-fail=stop after a failure)"
	} else if r.NextRole > r.Role && !p.HaveQuorum && p.NoQuorumPolicy == pcmk.NoQuorumFreeze {
		r.NextRole = r.Role
	}
	p.show(p.kindOf(r).assignFunc(), r)
	if p.StonithEnabled && !p.HaveStonith {
		r.Managed = false
	}
	switch {
	case !r.Managed:
		// An unmanaged resource keeps its role as well as its node.
		r.NextRole = r.Role
		p.finalize(r, p.currentNode(r), true)
		if r.AssignedTo < 0 {
			r.Why = "unmanaged and inactive"
		}
	case p.StopAll:
		p.finalize(r, -1, true)
		r.Why = "stop-all-resources is set"
	case r.Provisional:
		p.assignBestNode(r, prefer)
	}
	r.Allocating = false
	p.remoteConnectionAssigned(r)
	return r.AssignedTo
}

func (primitive) colocateAsDependent(p *plan, dep, prim *model.Resource, c *colocation) {
	if prim.Kind != model.KindPrimitive {
		p.kindOf(prim).colocateAsPrimary(p, dep, prim, c)
		return
	}
	primitive{}.colocateAsPrimary(p, dep, prim, c)
}

func (primitive) colocateAsPrimary(p *plan, dep, prim *model.Resource, c *colocation) {
	if !prim.Provisional && affectsPromotion(dep, c) {
		p.applyColocToPriority(dep, prim, c)
		return
	}
	if p.colocationAffects(dep, prim, c, false) {
		p.applyColocToWeights(dep, prim, c)
	}
}

// applyColocations applies r's colocations to its scores: those r is the
// dependent of, then those r is the primary of. Since 2.1.6 the mandatory
// ones of both go first, to satisfy as many as possible
// (pcmk__primitive_assign).
func (p *plan) applyColocations(r *model.Resource) {
	thisWith := append([]*colocation(nil), r.ThisWith...)
	withThis := append([]*colocation(nil), r.WithThis...)
	if !p.target.Since(pcmk.V2_1_6) {
		for _, c := range thisWith {
			p.applyThisWith(r, c)
		}
		for _, c := range withThis {
			p.applyWithThis(r, c)
		}
		return
	}
	mandatory := func(c *colocation) bool { return c.Score <= -ir.Infinity || c.Score >= ir.Infinity }
	for _, pass := range []bool{true, false} {
		for _, c := range thisWith {
			if mandatory(c) == pass {
				p.applyThisWith(r, c)
			}
		}
		for _, c := range withThis {
			if mandatory(c) == pass {
				p.applyWithThis(r, c)
			}
		}
	}
}

func (primitive) colocatedScores(p *plan, rsc *model.Resource, nodes *table, attr string, factor float32, flags int, cause string) (table, []*colocation, bool) {
	var work table
	if nodes.W == nil {
		work = rsc.Allowed.Clone()
	} else {
		work = nodes.Clone()
		p.addNodeScoresMatchingAttr(&work, rsc, attr, factor, flags&selectNonnegative != 0, cause)
	}
	return work, p.withThisList(rsc), false
}

// withThisList is the "with this" colocations a merge follows from rsc:
// its own and, for a group's last member since 2.1.6, the group's, also
// before the group's assignment hands them over, and since 2.1.7 the
// other members' explicit ones (pcmk__with_group_colocations).
func (p *plan) withThisList(rsc *model.Resource) []*colocation {
	parent := rsc.Parent
	if !p.target.Since(pcmk.V2_1_6) || parent == nil || parent.Kind != model.KindGroup ||
		parent.Children[len(parent.Children)-1] != rsc {
		return rsc.WithThis
	}
	list := rsc.WithThis
	if len(parent.WithThis) > 0 {
		list = addColocationList(list, parent.WithThis, cmpDependentPriority)
	}
	if p.target.Since(pcmk.V2_1_7) && p.groupColocated(parent) {
		for _, m := range parent.Children[:len(parent.Children)-1] {
			for _, c := range m.WithThis {
				if isExplicit(c) && !slices.Contains(list, c) {
					list = insertSorted(slices.Clone(list), c, cmpDependentPriority)
				}
			}
		}
	}
	return list
}

func (primitive) colocatedResources(p *plan, r, orig *model.Resource, list []*model.Resource) []*model.Resource {
	return p.colocatedChain(r, orig, list)
}

func (primitive) addUtilization(p *plan, r *model.Resource, all []*model.Resource, need map[string]int) {
	if !r.Provisional {
		return
	}
	for k, v := range r.Utilization {
		need[k] += v
	}
}

func (primitive) applyLocation(p *plan, r *model.Resource, loc *location, nodes []locNode) {
	p.applyLocationTo(r, loc, nodes)
}

func (primitive) internalConstraints(*plan, *model.Resource) {}

// running names the nodes the primitive is active on, in node order
// (more than one when it is active where it should not be).
func (primitive) running(p *plan, r *model.Resource) Running {
	if len(r.RunningOn) == 0 {
		return Running{}
	}
	on := make([]bool, len(p.Nodes))
	for _, n := range r.RunningOn {
		on[n] = true
	}
	if !p.active(r) {
		return Running{Lost: 1, Where: p.lostWhere(r, on)}
	}
	run := Running{Where: p.nodeList(on), Instances: 1}
	if r.Role == pcmk.RolePromoted {
		run.Promoted = 1
	}
	return run
}

// active is native_active, whether crm_mon counts a primitive with a
// history active: on a node that is online or unclean, or on any node
// when unmanaged. A managed resource whose history is left only on clean
// offline nodes is not: a guest fenced through its container keeps its
// resources' history (the fencing and the stops it implies record
// nothing), and crm_mon shows them FAILED but inactive.
func (p *plan) active(r *model.Resource) bool {
	for _, n := range r.RunningOn {
		if node := p.Nodes[n]; node.Online || node.Unclean || !r.Managed {
			return true
		}
	}
	return false
}

// lostWhere is what a report says of a resource that is not active
// though its history is left on the nodes on: "FAILED on db-bundle-0,
// which is down" when it failed there (as crm_mon shows it), "" else.
func (p *plan) lostWhere(r *model.Resource, on []bool) string {
	if !r.Failed {
		return ""
	}
	return "FAILED on " + p.nodeList(on) + ", which is down"
}

// withLost adds to a Running.Where what is said of its lost instances.
func withLost(where, lost string) string {
	switch {
	case lost == "":
		return where
	case where == "":
		return lost
	}
	return where + "; " + lost
}

func (primitive) placement(p *plan, r *model.Resource) (string, string) {
	if n := p.Cluster.Node(r.AssignedTo); n != nil {
		return n.Uname, ""
	}
	return "", r.Why
}
