package transition

import "pcl/pcmk"

// maintenanceUpdate is add_maintenance_update: when a remote or guest
// node's maintenance (its maintenance attribute, or an unmanaged
// connection) differs from what its node_state says it was told
// (node_in_maintenance), the graph gets the pseudo-action
// maintenance_nodes, in every transition until the controller records the
// new state. It has no orderings; it is in the graph whatever happens.
func (s *scheduler) maintenanceUpdate() {
	for _, n := range s.nodes {
		if n.Remote() && n.Maintenance != n.RemoteMaintenance {
			s.pseudoOp(string(pcmk.TaskMaintenanceNodes)).set(PrintAlways)
			return
		}
	}
}
