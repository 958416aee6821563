package transition

import "pcl/pcmk"

// disableLoadLoops drops a load ordering into a migrate_to that would close
// a loop in the graph (pcmk__disable_invalid_orderings with
// pcmk__graph_has_loop): two resources migrating past each other under a
// placement strategy each wait for the other's node to be freed ("B stop
// on node2" -> "load_stopped_node2" -> "A migrate_to on node1" and back).
// Pacemaker walks its action list newest first, so the newer migrate_to
// loses its load ordering and the older one keeps it.
func (s *scheduler) disableLoadLoops() {
	var seen []bool
	for i := len(s.actions) - 1; i >= 0; i-- {
		a := s.actions[i]
		if a == nil || a.Rsc == nil || a.Task != pcmk.TaskMigrateTo {
			continue
		}
		for k := range a.Before {
			in := &a.Before[k]
			if in.Type != OrderLoad {
				continue
			}
			if seen == nil {
				seen = make([]bool, len(s.actions))
			} else {
				clear(seen)
			}
			if s.graphHasLoop(a, a, in, seen) {
				in.Type = OrderNone
			}
		}
	}
}

// graphHasLoop is pcmk__graph_has_loop: whether init is reached again
// through input in of a and the inputs of its first action that would be
// in the graph. Pacemaker marks the actions on the path it walks; an
// action marked once here is not walked again, which finds the same loops
// without walking every path.
func (s *scheduler) graphHasLoop(init, a *Action, in *Edge, seen []bool) bool {
	f := s.actions[in.Action]
	if seen[f.ID] || !s.shouldAddInput(a, in) {
		return false
	}
	if f == init {
		return true
	}
	seen[f.ID] = true
	for k := range f.Before {
		if s.graphHasLoop(init, f, &f.Before[k], seen) {
			return true
		}
	}
	return false
}
