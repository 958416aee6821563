package transition

import "pcl/pcmk"

// Since 2.1.6, when an interleaved ordering pairs a bundle's replicas
// with another's instances, the action of a replica's container stands
// for the replica's containerized instance where that is what the other
// side needs (find_instance_action): as the "first" of an ordering,
// everything but a stop is the instance's (a bundle started before
// another means the service inside, not just the container, is up); as
// the "then", promote and demote are the instance's (only it has them).
// The instance's actions are on the replica's guest node, so they are
// found on any node.

// instanceAction is the action with task of instance (an instance of a
// clone, or a bundle's replica container) that an interleaved ordering
// uses on node, nil for none; forFirst tells which side of the ordering
// the instance is on.
func (s *scheduler) instanceAction(instance *Resource, task pcmk.Task, node int, forFirst bool) *Action {
	rsc := instance
	if s.in.Target.Since(pcmk.V2_1_6) {
		useInner := false
		if forFirst {
			useInner = task != pcmk.TaskStop && task != pcmk.TaskStopped
		} else {
			useInner = task == pcmk.TaskPromote || task == pcmk.TaskPromoted || task == pcmk.TaskDemote || task == pcmk.TaskDemoted
		}
		if inner := containerizedInstance(instance); useInner && inner != nil {
			rsc, node = inner, NoNode
		}
	}
	return findFirstAction(s.of(rsc).withTask(task), "", task, node)
}

// containerizedInstance is the child instance running inside replica
// container c (pe__get_rsc_in_container), nil when c is not a bundle
// replica's container or its bundle has no child.
func containerizedInstance(c *Resource) *Resource {
	b := c.Parent
	if b == nil || b.Replicas == nil {
		return nil
	}
	for _, rep := range b.Replicas {
		if rep.Container == c {
			return rep.Instance
		}
	}
	return nil
}

// isBundleChild reports whether clone r is a bundle's child clone.
func isBundleChild(r *Resource) bool {
	return r.Parent != nil && r.Parent.Replicas != nil
}
