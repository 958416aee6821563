package planner

import (
	"strconv"
	"strings"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
)

// nodeState is what determine_online_status_fencing (and its no-fencing
// twin) read from a node_state entry as 2.1.7 rewrote them: in_ccm and
// crmd may hold the time the node joined (0 for not), and a node pending
// longer than node-pending-timeout is fenced.
type nodeState struct {
	online  bool
	pending bool   // not ready to run resources: pending and in standby
	fence   string // why the node is fenced, "" when it is not
}

// memberSince is unpack_node_member: -1 when in_ccm is absent or invalid,
// 0 when the node is no member, otherwise when it became one (the
// effective time for a boolean true, as DCs before 2.1.7 wrote it).
func (p *plan) memberSince(ns *ir.NodeState) int64 {
	if ns.InCCM == "" {
		return -1
	}
	if b, ok := ir.ParseBool(ns.InCCM); ok {
		if b {
			return p.Now.Unix()
		}
		return 0
	}
	v, err := strconv.ParseInt(strings.TrimSpace(ns.InCCM), 10, 64)
	if err != nil || v < 0 {
		return -1
	}
	return v
}

// onlineSince is unpack_node_online: 0 when the controller is offline
// (or crmd is absent or invalid), 1 for "online" (DCs before 2.1.7),
// otherwise the time the controller joined.
func onlineSince(ns *ir.NodeState) int64 {
	switch {
	case ns.Crmd == "", strings.EqualFold(ns.Crmd, "offline"):
		return 0
	case strings.EqualFold(ns.Crmd, "online"):
		return 1
	}
	v, err := strconv.ParseInt(strings.TrimSpace(ns.Crmd), 10, 64)
	if err != nil || v < 0 {
		return 0
	}
	return v
}

// terminateRequested is unpack_node_terminate: the terminate attribute
// as a boolean, or as an epoch time when it is a positive number.
func terminateRequested(n *model.Node) bool {
	v := n.Attrs["terminate"]
	if b, ok := ir.ParseBool(v); ok {
		return b
	}
	t, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	return err == nil && t > 0
}

// readNodeState is determine_online_status as 2.1.7 rewrote it, without
// its side effects: the caller marks the node.
func (p *plan) readNodeState(ns *ir.NodeState, n *model.Node) nodeState {
	member, online := p.memberSince(ns), onlineSince(ns)
	if !p.StonithEnabled {
		switch {
		case member <= 0:
			return nodeState{}
		case online > 0:
			return nodeState{online: strings.EqualFold(ns.Join, "member")}
		case !n.ExpectedUp:
			return nodeState{}
		}
		return nodeState{fence: "peer is unexpectedly down"}
	}
	if n.Shutdown {
		return nodeState{online: online > 0}
	}
	if member < 0 {
		return nodeState{fence: "peer has not been seen by the cluster"}
	}
	st := nodeState{online: member > 0}
	switch {
	case ns.Join == "banned":
		st.fence = "peer failed Pacemaker membership criteria"
	case terminateRequested(n):
		if member <= 0 && online <= 0 && ns.Join == "down" {
			return nodeState{} // fenced as requested
		}
		st.fence = "fencing was requested"
	case ns.Expected == "" || ns.Expected == "down":
		if p.pendingTooLong(member, online) {
			st.fence = "peer pending timed out on joining the process group"
		} else if member > 0 || online > 0 {
			st.pending = true
		}
	case member <= 0:
		st.fence = "peer is no longer part of the cluster"
	case online <= 0:
		st.fence = "peer process is no longer available"
	case ns.Join == "member":
	case ns.Join == "pending", ns.Join == "down":
		st.pending = true
	default:
		st.fence = "peer was in an unknown state"
	}
	return st
}

// pendingTooLong is pending_too_long: a member whose controller has not
// joined for node-pending-timeout (0, the default, waits forever).
func (p *plan) pendingTooLong(member, online int64) bool {
	d, err := ir.ParseDuration(p.props["node-pending-timeout"])
	if err != nil || d.Ms <= 0 || member <= 0 || online > 0 {
		return false
	}
	// pcmk__timeout_ms2s: to the nearest second, at least one.
	secs := (d.Ms + 500) / 1000
	if secs < 1 {
		secs = 1
	}
	return p.Now.Unix() >= member+secs
}

// quorumFence is unpack_node_state's fencing of every online node of a
// cluster without quorum under no-quorum-policy=fence (suicide).
func (p *plan) quorumFence(n *model.Node) bool {
	return !p.HaveQuorum && n.Online && p.NoQuorumPolicy == pcmk.NoQuorumSuicide
}
