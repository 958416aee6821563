package planner

import (
	"strings"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
)

func (p *plan) unpackStatus() {
	st := p.status()
	if st == nil {
		return
	}
	var states []*ir.NodeState
	var nodes []int
	for _, ns := range st.Nodes {
		// Since 2.1.7 an entry without uname is a node still joining:
		// it is read by id, but its history is not (unpack_node_state).
		i := p.findNodeAny(ns.ID, ns.Uname)
		if ns.ID == "" || (ns.Uname == "" && !p.target.Since(pcmk.V2_1_7)) || i < 0 {
			continue
		}
		n := p.Nodes[i]
		if n.Remote() {
			// A remote node's state follows its connection's, known
			// only once the histories are read; for now only whether
			// it was fenced.
			if v, _ := parseMinInt(ns.NodeFenced); v != 0 {
				n.WasFenced = true
			}
			if ns.Uname != "" {
				states = append(states, ns)
				nodes = append(nodes, i)
			}
			continue
		}
		p.unpackSets(ns.Transient, ir.InstanceAttributes, &RuleEnv{Now: p.Now}, n.Attrs, true, "")
		if p.target.Since(pcmk.V2_1_6) {
			p.transientUtilization(ns, n)
		}
		if isTrueDefault(n.Attrs["standby"], false) {
			n.Standby = true
		}
		if isTrueDefault(n.Attrs["maintenance"], false) {
			n.Maintenance = true
		}
		n.Unclean = false
		n.Unseen = false
		p.onlineStatus(ns, n)
		if p.quorumFence(n) {
			p.fence(n)
		}
		if ns.Uname == "" {
			continue
		}
		states = append(states, ns)
		nodes = append(nodes, i)
	}
	p.columns = map[string]*attrColumn{}
	done := make([]bool, len(states))
	// Passes until nothing more can be read (unpack_node_history): a
	// remote node's history waits for its connection's, which another
	// node's history holds; then, with fencing, one pass over the rest.
	unpack := func(fence bool) bool {
		progress := false
		for k, ns := range states {
			n := p.Nodes[nodes[k]]
			switch {
			case done[k]:
				continue
			case fence:
			case n.Remote():
				if !p.remoteStatusReady(n) {
					continue
				}
			case !p.StonithEnabled && !p.ShutdownLock && !n.Online:
				continue
			}
			if n.Remote() {
				p.remoteOnlineStatus(n)
				p.remoteAttrs(n, ns)
			}
			done[k] = true
			n.Unpacked = true
			for _, h := range ns.Resources {
				p.unpackHistory(n, h)
			}
			progress = true
		}
		return progress
	}
	for unpack(false) {
	}
	if p.StonithEnabled {
		unpack(true)
	}
	// The containers of failed bundle connections stop where they run now
	// that that is known (unpack_status's stop_needed), newest first.
	for k := len(p.containerStops) - 1; k >= 0; k-- {
		if c := p.containerStops[k]; len(c.RunningOn) > 0 {
			c.StopRequiredOn = addNode(c.StopRequiredOn, c.RunningOn[0])
		}
	}
	p.containerStops = nil
	p.finishRemoteStatus()
	p.remoteUpAtUnpack = make([]bool, len(p.Nodes))
	for i, n := range p.Nodes {
		p.remoteUpAtUnpack[i] = n.Remote() && n.Online
	}
	for i, n := range p.Nodes {
		// resource-discovery-enabled=false counts on remote and guest
		// nodes only (remoteAttrs): cluster nodes ignore it.
		n.Probed = n.Attrs["probe_complete"]
		if n.Unclean && !n.Remote() {
			n.FenceReason = p.fenceReason(i)
		}
	}
}

// transientUtilization adds the node's utilization set at run time (in
// its transient attributes) to what the configuration gives it, which
// wins where both name a capacity (add_node_attrs since 2.1.6).
func (p *plan) transientUtilization(ns *ir.NodeState, n *model.Node) {
	util := map[string]string{}
	p.unpackSets(ns.Transient, ir.Utilization, &RuleEnv{Now: p.Now}, util, false, "")
	for k, v := range util {
		if _, ok := n.Capacity[k]; ok {
			continue
		}
		n.Capacity[k] = utilizationValue(v)
		n.Remaining[k] = n.Capacity[k]
	}
}

func (p *plan) findNodeAny(id, uname string) int {
	if i, ok := p.nodeByID[id]; ok {
		return i
	}
	return p.findNode(uname)
}

// shutdownRequested is pe__shutdown_requested: a shutdown attribute that
// is present and not "0".
func shutdownRequested(n *model.Node) bool {
	v, ok := n.Attrs["shutdown"]
	return ok && v != "0"
}

// onlineStatus is determine_online_status.
func (p *plan) onlineStatus(ns *ir.NodeState, n *model.Node) {
	n.Shutdown = false
	n.ExpectedUp = false
	if shutdownRequested(n) {
		n.Shutdown = true
	} else if strings.EqualFold(ns.Expected, "member") {
		n.ExpectedUp = true
	}
	if p.target.Since(pcmk.V2_1_7) && n.Type != "ping" {
		st := p.readNodeState(ns, n)
		if st.fence != "" {
			p.fence(n)
		}
		if st.pending {
			n.Standby = true
			n.Pending = true
		}
		p.setOnline(n, st.online)
		return
	}
	online := false
	inCluster, _ := ir.ParseBool(ns.InCCM)
	crmdOnline := strings.EqualFold(ns.Crmd, "online")
	join := strings.ToLower(ns.Join)
	switch {
	case n.Type == "ping":
		n.Unclean = false
	case !p.StonithEnabled:
		if !inCluster {
		} else if crmdOnline {
			online = join == "member"
		} else if !n.ExpectedUp {
		} else {
			p.fence(n)
		}
	default:
		term := n.Attrs["terminate"]
		doTerminate := isTrueDefault(term, false) || (term != "" && term[0] != '0' && isDigit(term[0]))
		exp := strings.ToLower(ns.Expected)
		if exp == "" {
			exp = "down"
		}
		inCCMSet := ns.InCCM != ""
		online = inCluster
		switch {
		case n.Shutdown:
			online = crmdOnline
		case !inCCMSet:
			p.fence(n)
		case join == "banned":
			p.fence(n)
		case !doTerminate && exp == "down":
			if inCluster || crmdOnline {
				n.Standby = true
				n.Pending = true
			}
		case doTerminate && join == "down" && !inCluster && !crmdOnline:
			online = false
		case !inCluster:
			p.fence(n)
		case !crmdOnline:
			p.fence(n)
		case doTerminate:
			p.fence(n)
		case join == "member":
		case join == "pending" || join == "down":
			n.Standby = true
			n.Pending = true
		default:
			p.fence(n)
		}
	}
	p.setOnline(n, online)
}

// setOnline marks a node online, or out of contention (determine_online_status).
func (p *plan) setOnline(n *model.Node, online bool) {
	if online {
		n.Online = true
	} else {
		n.Weight = -ir.Infinity
	}
	if online && n.Shutdown {
		n.Weight = -ir.Infinity
	}
}

// fence marks a node unclean (pe_fence_node without the fencing action).
func (p *plan) fence(n *model.Node) {
	if !n.Unclean && !n.Remote() {
		p.FenceOrder = append(p.FenceOrder, n.Index)
	}
	n.Unclean = true
}

// canFence is pe_can_fence without a node: fencing is enabled, there is
// a device, and the cluster has quorum or ignores its loss.
func (p *plan) canFence() bool {
	return p.StonithEnabled && p.HaveStonith && (p.HaveQuorum || p.NoQuorumPolicy == pcmk.NoQuorumIgnore)
}

// canFenceNode is pe_can_fence for node n: a guest node is fenced by
// stopping its container, which is possible where the container's hosts
// are online or can be fenced; a cluster or remote node can be fenced
// without quorum while it is in the partition's membership (online).
func (p *plan) canFenceNode(n *model.Node) bool {
	if n.Guest() && n.Conn != nil && n.Conn.Container != nil {
		for _, h := range n.Conn.Container.RunningOn {
			if hn := p.Nodes[h]; !hn.Online && !p.canFenceNode(hn) {
				return false
			}
		}
		return true
	}
	return p.canFence() || (p.StonithEnabled && p.HaveStonith && n.Online)
}

// fenceReason says why an unclean node is fenced, following the checks of
// Pacemaker's determine_online_status_fencing.
func (p *plan) fenceReason(i int) string {
	if p.status() == nil {
		return ""
	}
	n := p.Nodes[i]
	for _, ns := range p.status().Nodes {
		if p.findNodeAny(ns.ID, ns.Uname) != i {
			continue
		}
		if !p.StonithEnabled {
			return "peer is unexpectedly down"
		}
		if p.target.Since(pcmk.V2_1_7) {
			if st := p.readNodeState(ns, n); st.fence != "" {
				return st.fence
			}
		} else if reason := p.fenceReason215(ns, n); reason != "" {
			return reason
		}
		if p.quorumFence(n) {
			return "cluster does not have quorum"
		}
		for _, h := range ns.Resources {
			// The resource the entry was matched to: a clone's instance
			// is named by its own id.
			r := p.historyOwner(i, h.ID)
			if r == nil || r.Kind != model.KindPrimitive {
				continue
			}
			if !n.Online && r.Managed {
				for _, rn := range r.RunningOn {
					if rn == i {
						return r.ID + " is thought to be active there"
					}
				}
			}
			for _, op := range h.Ops {
				if op.OpStatus == pcmk.ExecPending {
					continue
				}
				target := targetRC(op)
				failed := op.OpStatus != pcmk.ExecDone || (target >= 0 && op.RCCode != target && !(isProbe(op) && op.RCCode == pcmk.RCNotRunning))
				if !failed {
					continue
				}
				if of, _ := p.opFailure(r, op); of == pcmk.OnFailFence {
					return r.ID + " failed there"
				}
			}
		}
	}
	return ""
}

// fenceReason215 is the reason determine_online_status_fencing gave
// before 2.1.7, "" when the node state fences nothing.
func (p *plan) fenceReason215(ns *ir.NodeState, n *model.Node) string {
	inCluster, _ := ir.ParseBool(ns.InCCM)
	crmdOnline := strings.EqualFold(ns.Crmd, "online")
	join := strings.ToLower(ns.Join)
	term := n.Attrs["terminate"]
	doTerminate := isTrueDefault(term, false) || (term != "" && term[0] != '0' && isDigit(term[0]))
	exp := strings.ToLower(ns.Expected)
	if exp == "" {
		exp = "down"
	}
	reason := ""
	switch {
	case n.Shutdown:
	case ns.InCCM == "":
		reason = "peer has not been seen by the cluster"
	case join == "banned":
		reason = "peer failed Pacemaker membership criteria"
	case !doTerminate && exp == "down":
	case doTerminate && join == "down" && !inCluster && !crmdOnline:
	case !inCluster:
		reason = "peer is no longer part of the cluster"
	case !crmdOnline:
		reason = "peer process is no longer available"
	case doTerminate:
		reason = "termination was requested"
	case join == "member", join == "pending", join == "down":
	default:
		reason = "peer was in an unknown state"
	}
	return reason
}
