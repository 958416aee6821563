package transition

import "pcl/pcmk"

// Unfencing ("stonith 'on'"): when a resource provides or requires it, a
// node is unfenced before the resources that need it are probed or
// started there (Pacemaker's pcmk__order_vs_unfence and
// trigger_unfencing).

// unfencedAttr is the node attribute recording that a node was unfenced.
const unfencedAttr = "#node-unfenced"

// needsUnfencedNode reports whether r is probed and started only once its
// node is unfenced: a fence device when unfencing is in use, or a
// resource that requires unfencing.
func (s *scheduler) needsUnfencedNode(r *Resource) bool {
	return (r.IsFenceDevice && s.in.EnableUnfencing) || r.NeedsUnfencing
}

// orderVsUnfence orders the unfencing of node before r's action there,
// and makes the unfencing required when the node has never been unfenced
// (pcmk__order_vs_unfence).
func (s *scheduler) orderVsUnfence(r *Resource, node int, a *Action, flags OrderFlags) {
	if !s.needsUnfencedNode(r) {
		return
	}
	unfence := s.fenceOp(node, pcmk.FenceOn, true, "")
	s.orderActions(unfence, a, flags)
	if !s.unfenced(node) {
		s.triggerUnfencing(nil, node, "required by "+r.ID+" "+string(a.Task), nil)
	}
}

// unfenced reports whether node has been unfenced (pcmk__node_unfenced).
func (s *scheduler) unfenced(node int) bool {
	v, ok := s.nodes[node].Attrs[unfencedAttr]
	return ok && v != "0"
}

// triggerUnfencing makes the unfencing of node required, ordered before
// dependency when not nil; with a fence device rsc and no usable node,
// on each of its allowed nodes (trigger_unfencing).
func (s *scheduler) triggerUnfencing(rsc *Resource, node int, reason string, dependency *Action) {
	if !s.in.EnableUnfencing || (rsc != nil && !rsc.IsFenceDevice) {
		return
	}
	if node != NoNode {
		if n := s.nodes[node]; n.Online && !n.Unclean && !n.Shutdown {
			unfence := s.fenceOp(node, pcmk.FenceOn, false, reason)
			if dependency != nil {
				s.orderActions(unfence, dependency, OrderOptional)
			}
			return
		}
	}
	if rsc == nil {
		return
	}
	for _, i := range s.allowedByName(rsc) {
		if n := s.nodes[i]; n.Online && !n.Unclean && !n.Shutdown {
			s.triggerUnfencing(rsc, i, reason, dependency)
		}
	}
}

// orderRestartVsUnfence orders r's stop on node before the node's
// unfencing, and its start there after (pcmk__order_restart_vs_unfence).
func (s *scheduler) orderRestartVsUnfence(r *Resource, node int) {
	unfence := s.fenceOp(node, pcmk.FenceOn, true, "")
	s.newOrdering(r, s.key0(r, pcmk.TaskStop), nil, nil, unfence.Key, unfence, OrderOptional|OrderSameNode)
	s.newOrdering(nil, unfence.Key, unfence, r, s.key0(r, pcmk.TaskStart), nil, OrderImpliesThenOnNode|OrderSameNode)
}
