package transition

import (
	"pcl/pcmk"
	"pcl/planner/model"
)

// primitive is a primitive's part in the transition (Pacemaker's
// pcmk__primitive_*).
type primitive struct{}

func (primitive) collective() bool { return false }

func (primitive) blocksDependents() bool { return true }

func (primitive) createActions(s *scheduler, r *Resource) { s.createPrimitiveActions(r) }

// internalConstraints orders a primitive's own actions: stop before
// start, demote before stop, start before promote.
func (primitive) internalConstraints(s *scheduler, r *Resource) {
	if !r.Managed {
		return
	}
	s.orderRscActions(r, pcmk.TaskStop, r, pcmk.TaskStart, OrderOptional|OrderImpliesThen|OrderRestart)
	// uber_parent stops below a bundle: a bundle's instance's top is
	// its child clone.
	top := topNoBundle(r)
	if (top.Kind == model.KindClone && promotable(top)) || s.of(r).role > RoleUnpromoted {
		s.orderRscActions(r, pcmk.TaskDemote, r, pcmk.TaskStop, OrderPromotedImpliesFirst)
		s.orderRscActions(r, pcmk.TaskStart, r, pcmk.TaskPromote, OrderRunnableLeft)
	}
	s.orderRscActions(r, pcmk.TaskDelete, r, pcmk.TaskMonitor, OrderSameNode|OrderThenCancelsFirst)
	if !r.IsFenceDevice && s.in.EnableUnfencing && r.NeedsUnfencing {
		for _, n := range s.allowedByName(r) {
			s.orderRestartVsUnfence(r, n)
		}
	}
	if r.HasUtilization() && s.in.PlacementStrategy != "" && s.in.PlacementStrategy != pcmk.PlacementDefault {
		s.utilizationConstraints(r)
	}
	s.containerConstraints(r)
}

func (primitive) currentRole(s *scheduler, r *Resource) Role { return s.of(r).role }

func (primitive) actionFlags(s *scheduler, a *Action, node int) ActionFlags { return a.Flags }

func (primitive) location(s *scheduler, r *Resource) int { return s.assigned(r) }

func (primitive) instances() bool { return false }

func (primitive) orderingNode(s *scheduler, a *Action) int { return a.Node }

func (primitive) flagsForOrdering(s *scheduler, a *Action, node int) ActionFlags { return a.Flags }

func (primitive) updateOrdered(s *scheduler, r *Resource, first, then *Action, node int, flags, filter ActionFlags, typ OrderFlags) updated {
	return s.updatePrimitiveOrdered(first, then, node, flags, filter, typ)
}

func (primitive) createProbe(s *scheduler, r, top *Resource, node int) bool {
	return s.probePrimitive(r, top, node)
}

func (primitive) addToGraph(s *scheduler, r *Resource) {}
