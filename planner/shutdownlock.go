package planner

import (
	"pcl/ir"
	"pcl/planner/model"
	"strings"
)

// applyShutdownLocks keeps a resource on a node that is shutting down
// (shutdown-lock), banning it from every other node.
func (p *plan) applyShutdownLocks(r *model.Resource) {
	if !p.ShutdownLock {
		return
	}
	for _, c := range r.Children {
		p.applyShutdownLocks(c)
	}
	if r.Kind != model.KindPrimitive || strings.EqualFold(r.Agent.Class, "stonith") {
		return
	}
	if r.LockNode >= 0 {
		if len(r.RunningOn) > 0 {
			r.LockNode = -1
		}
	} else if len(r.RunningOn) == 1 {
		n := p.Nodes[r.RunningOn[0]]
		if n.Shutdown && !n.Unclean {
			r.LockNode = n.Index
		}
	}
	if r.LockNode < 0 {
		return
	}
	for i, n := range p.Nodes {
		if n.Uname != p.Nodes[r.LockNode].Uname {
			p.rscLocation(r, i, -ir.Infinity, &model.Cause{Kind: model.CauseShutdownLock, Text: "shutdown-lock to " + p.Nodes[r.LockNode].Uname})
		}
	}
}
