package transition

import (
	"pcl/pcmk"
)

// bundle is a bundle's part in the transition (Pacemaker's
// pcmk__bundle_* methods): each replica's implicit resources (address,
// container, connection) are primitives with their own actions; the
// bundle's start, running, stop and stopped pseudo-actions stand for its
// containers; its child clone schedules its instances on the replicas'
// guest nodes as any clone does, and the guest-node orderings
// (remote.go) put them after their replica's container and connection.
type bundle struct{}

func (bundle) collective() bool { return true }

func (bundle) blocksDependents() bool { return true }

// instances: a bundle's actions stand for its replicas', which pair with
// another clone's or bundle's instances when they interleave.
func (bundle) instances() bool { return true }

// containers are the bundle's replicas' containers, in replica order
// (get_container_list).
func containers(r *Resource) []*Resource {
	out := make([]*Resource, 0, len(r.Replicas))
	for _, rep := range r.Replicas {
		out = append(out, rep.Container)
	}
	return out
}

// replicaParts are the bundle's replicas' resources as Pacemaker lists
// their actions (pcmk__output_bundle_actions): each replica's address,
// container, connection and instance in turn.
func replicaParts(r *Resource) []*Resource {
	var out []*Resource
	for _, rep := range r.Replicas {
		for _, c := range []*Resource{rep.IP, rep.Container, rep.Remote, rep.Instance} {
			if c != nil {
				out = append(out, c)
			}
		}
	}
	return out
}

// bundleChild is the bundle's child clone, nil when it holds no
// primitive.
func bundleChild(r *Resource) *Resource {
	for _, rep := range r.Replicas {
		if rep.Instance != nil {
			return rep.Instance.Parent
		}
	}
	return nil
}

// createActions makes each replica's implicit resources' actions, the
// bundle's pseudo-actions from what its containers do, then the child
// clone's actions (pcmk__bundle_create_actions).
func (bundle) createActions(s *scheduler, r *Resource) {
	for _, rep := range r.Replicas {
		for _, c := range []*Resource{rep.IP, rep.Container, rep.Remote} {
			if c != nil {
				s.createActions(c)
			}
		}
	}
	// As clone_create_pseudo_actions over the containers, which makes
	// their actions once more (finding the ones made above).
	var active, starting, stopping bool
	allowMigrations := true
	for _, c := range containers(r) {
		s.createActions(c)
		var childStarting, childStopping bool
		s.clonePseudoStatus(c, &childStopping, &childStarting, &active)
		if childStopping && childStarting {
			allowMigrations = false
		}
		stopping = stopping || childStopping
		starting = starting || childStarting
	}
	s.rscPseudo(r, pcmk.TaskStart, !starting, true)
	running := s.rscPseudo(r, pcmk.TaskRunning, !starting, false)
	if active || starting {
		running.set(Runnable)
	}
	stop := s.rscPseudo(r, pcmk.TaskStop, !stopping, true)
	s.rscPseudo(r, pcmk.TaskStopped, !stopping, true)
	if allowMigrations {
		stop.set(MigrateRunnable)
	}
	child := bundleChild(r)
	if child == nil {
		return
	}
	s.createActions(child)
	if promotable(child) {
		s.rscPseudo(r, pcmk.TaskPromote, true, true)
		s.rscPseudo(r, pcmk.TaskPromoted, true, true)
		s.rscPseudo(r, pcmk.TaskDemote, true, true)
		s.rscPseudo(r, pcmk.TaskDemoted, true, true)
	}
}

// internalConstraints orders the bundle's pseudo-actions around its
// child clone's and its containers' actions, each replica's address
// before its container, and the parts' own orderings
// (pcmk__bundle_internal_constraints).
func (bundle) internalConstraints(s *scheduler, r *Resource) {
	child := bundleChild(r)
	if child != nil {
		s.orderRscActions(r, pcmk.TaskStart, child, pcmk.TaskStart, OrderImpliesFirstPrinted)
		s.orderRscActions(r, pcmk.TaskStop, child, pcmk.TaskStop, OrderImpliesFirstPrinted)
		if len(child.Children) > 0 {
			s.orderRscActions(child, pcmk.TaskRunning, r, pcmk.TaskRunning, OrderImpliesThenPrinted)
			s.orderRscActions(child, pcmk.TaskStopped, r, pcmk.TaskStopped, OrderImpliesThenPrinted)
		} else {
			s.orderRscActions(child, pcmk.TaskStart, r, pcmk.TaskRunning, OrderImpliesThenPrinted)
			s.orderRscActions(child, pcmk.TaskStop, r, pcmk.TaskStopped, OrderImpliesThenPrinted)
		}
	}
	for _, rep := range r.Replicas {
		ctr := rep.Container
		s.internalConstraints(ctr)
		s.orderRscActions(r, pcmk.TaskStart, ctr, pcmk.TaskStart, OrderRunnableLeft|OrderImpliesFirstPrinted)
		if rep.Instance != nil {
			s.orderRscActions(r, pcmk.TaskStop, rep.Instance, pcmk.TaskStop, OrderImpliesFirstPrinted)
		}
		s.orderRscActions(r, pcmk.TaskStop, ctr, pcmk.TaskStop, OrderImpliesFirstPrinted)
		s.orderRscActions(ctr, pcmk.TaskStart, r, pcmk.TaskRunning, OrderImpliesThenPrinted)
		s.orderRscActions(ctr, pcmk.TaskStop, r, pcmk.TaskStopped, OrderImpliesThenPrinted)
		if rep.IP != nil {
			s.internalConstraints(rep.IP)
			s.orderRscActions(rep.IP, pcmk.TaskStart, ctr, pcmk.TaskStart, OrderRunnableLeft|OrderPreserve)
			s.orderRscActions(ctr, pcmk.TaskStop, rep.IP, pcmk.TaskStop, OrderImpliesFirst|OrderPreserve)
		}
		if rep.Remote != nil {
			// Its container orderings are the connection's own
			// (containerConstraints); the instance's after the
			// connection are the guest node's (remote.go).
			s.internalConstraints(rep.Remote)
		}
	}
	if child != nil {
		s.internalConstraints(child)
		if promotable(child) {
			s.bundlePromotableConstraints(r, child)
		}
	}
}

// bundlePromotableConstraints orders a promotable bundle's promote and
// demote pseudo-actions around its child clone's.
func (s *scheduler) bundlePromotableConstraints(r, child *Resource) {
	s.promotableRestartOrderings(r)
	s.orderRscActions(child, pcmk.TaskDemoted, r, pcmk.TaskDemoted, OrderImpliesThenPrinted)
	s.orderRscActions(r, pcmk.TaskDemote, child, pcmk.TaskDemote, OrderImpliesFirstPrinted)
	s.orderRscActions(child, pcmk.TaskPromoted, r, pcmk.TaskPromoted, OrderImpliesThenPrinted)
	s.orderRscActions(r, pcmk.TaskPromote, child, pcmk.TaskPromote, OrderImpliesFirstPrinted)
}

// actionFlags is the bundle's view of its action a: its child clone's
// instances' for notifications, promotions and demotions, its
// containers' for the rest (pcmk__bundle_action_flags).
func (bundle) actionFlags(s *scheduler, a *Action, node int) ActionFlags {
	list := containers(a.Rsc)
	if child := bundleChild(a.Rsc); child != nil {
		switch a.Task.Completes() {
		case pcmk.TaskNotify, pcmk.TaskPromote, pcmk.TaskDemote:
			list = s.children(child)
		}
	}
	return s.summaryFlags(a, list, node)
}

// summaryFlags is a collective action a's flags from its members' list:
// required if a member's matching action is, runnable only if some
// member's is (summary_action_flags).
func (s *scheduler) summaryFlags(a *Action, list []*Resource, node int) ActionFlags {
	flags := Optional | Runnable | Pseudo
	if len(list) == 0 {
		return flags
	}
	task := s.cloneChildTask(a, list[0])
	anyRunnable := false
	for _, c := range list {
		on := node
		if len(c.Children) > 0 {
			on = NoNode
		}
		ca := findFirstAction(s.of(c).withTask(task), "", task, on)
		if ca == nil {
			continue
		}
		cf := s.actionFlags(ca, node)
		if flags&Optional != 0 && cf&Optional == 0 {
			flags &^= Optional
			a.clear(Optional)
		}
		if cf&Runnable != 0 {
			anyRunnable = true
		}
	}
	if !anyRunnable {
		flags &^= Runnable
		if node == NoNode {
			a.clear(Runnable)
		}
	}
	return flags
}

// flagsForOrdering is the bundle's flags for a without a node: only a
// clone's actions are looked at again on the node of the ordering
// (action_flags_for_ordering checks pe_rsc_is_clone, false for a
// bundle). A bundle starting a replica somewhere other than where a
// mandatory "then" runs therefore restarts it.
func (bundle) flagsForOrdering(s *scheduler, a *Action, node int) ActionFlags {
	return s.actionFlags(a, NoNode)
}

func (bundle) orderingNode(s *scheduler, a *Action) int { return a.Node }

// updateOrdered is a clone's, with the bundle's containers as its
// instances (pcmk__multi_update_actions).
func (bundle) updateOrdered(s *scheduler, r *Resource, first, then *Action, node int, flags, filter ActionFlags, typ OrderFlags) updated {
	return s.multiUpdateOrdered(first, then, node, flags, filter, typ)
}

// location is the one node all of the bundle's parts are on, NoNode
// when none or several (native_location).
func (bundle) location(s *scheduler, r *Resource) int {
	one := NoNode
	for _, c := range r.Children {
		switch n := s.location(c); {
		case n == NoNode:
		case one == NoNode:
			one = n
		case n != one:
			return NoNode
		}
	}
	return one
}

// currentRole: a bundle has no role of its own (pe__bundle_resource_state).
func (bundle) currentRole(s *scheduler, r *Resource) Role { return RoleUnknown }

// createProbe probes each replica's address, its instance on its own
// guest node, its container and its connection; with one replica per
// host, no other container starts until the container is probed, and a
// connection is probed once its container has started
// (pcmk__bundle_create_probe).
func (bundle) createProbe(s *scheduler, r, _ *Resource, node int) bool {
	any := false
	perHost := r.CloneOpts == nil || r.CloneOpts.NodeMax <= 1
	for _, rep := range r.Replicas {
		// Each part is its own top-level resource, as uber_parent stops
		// below a bundle; the instance's is the child clone.
		if rep.IP != nil && s.variantOf(rep.IP).createProbe(s, rep.IP, rep.IP, node) {
			any = true
		}
		if rep.Instance != nil && rep.Remote != nil && rep.Remote.RemoteNode != nil && rep.Remote.RemoteNode.Index == node &&
			s.variantOf(rep.Instance).createProbe(s, rep.Instance, rep.Instance.Parent, node) {
			any = true
		}
		if s.variantOf(rep.Container).createProbe(s, rep.Container, rep.Container, node) {
			any = true
			if perHost {
				for _, other := range r.Replicas {
					if other.Container != rep.Container {
						s.newOrdering(rep.Container, s.key0(rep.Container, pcmk.TaskMonitor), nil,
							other.Container, s.key0(other.Container, pcmk.TaskStart), nil, OrderOptional|OrderSameNode)
					}
				}
			}
		}
		if rep.Remote != nil && s.variantOf(rep.Remote).createProbe(s, rep.Remote, rep.Remote, node) {
			if probe := findFirstAction(s.of(rep.Remote).withTask(pcmk.TaskMonitor), s.key0(rep.Remote, pcmk.TaskMonitor), "", node); probe != nil {
				any = true
				s.newOrdering(rep.Container, s.key0(rep.Container, pcmk.TaskStart), nil, rep.Remote, "", probe, OrderProbe)
			}
		}
	}
	return any
}

// addToGraph settles the child clone's actions, then each replica's
// parts' (pcmk__bundle_expand); the bundle's own pseudo-actions take
// their flags from its containers as the graph reads them.
func (bundle) addToGraph(s *scheduler, r *Resource) {
	if child := bundleChild(r); child != nil {
		s.variantOf(child).addToGraph(s, child)
	}
	for _, rep := range r.Replicas {
		for _, c := range []*Resource{rep.IP, rep.Container, rep.Remote} {
			if c != nil {
				s.variantOf(c).addToGraph(s, c)
			}
		}
	}
}
