package planner

import (
	"strconv"
	"strings"

	"pcl/ir"
	"pcl/pcmk"
)

// membership is how a node state entry reports the node's cluster
// membership and its controller: whether it is a member (inCluster),
// whether the entry says anything about membership at all (known), and
// whether its controller is online.
type membership struct {
	inCluster, known, crmdOnline bool
}

// membershipOf reads a node state entry's in_ccm and crmd. Before 2.1.7
// they are a boolean and "online"/"offline"; since 2.1.7 the controller
// records times there (since when the node is a member, since when its
// controller is online; 0 for not), and the scheduler still accepts the
// old forms (unpack_node_member, unpack_node_online).
func (p *plan) membershipOf(ns *ir.NodeState) membership {
	if !p.target.Since(pcmk.V2_1_7) {
		in, _ := ir.ParseBool(ns.InCCM)
		return membership{inCluster: in, known: ns.InCCM != "", crmdOnline: strings.EqualFold(ns.Crmd, "online")}
	}
	var m membership
	if ns.InCCM != "" {
		if b, ok := ir.ParseBool(ns.InCCM); ok {
			m.inCluster, m.known = b, true
		} else if when, err := strconv.ParseInt(strings.TrimSpace(ns.InCCM), 10, 64); err == nil && when >= 0 {
			m.inCluster, m.known = when > 0, true
		}
	}
	switch {
	case ns.Crmd == "" || strings.EqualFold(ns.Crmd, "offline"):
	case strings.EqualFold(ns.Crmd, "online"):
		m.crmdOnline = true
	default:
		when, err := strconv.ParseInt(strings.TrimSpace(ns.Crmd), 10, 64)
		m.crmdOnline = err == nil && when > 0
	}
	return m
}
