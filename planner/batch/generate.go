package batch

import (
	"strings"

	"pcl/ir"
	"pcl/planner/scenario"
)

// candidateNodes are the configured nodes that can be lost: every node
// but ping nodes, in document order, and only those up in the base
// (losing a node that is already down changes nothing).
func candidateNodes(base *ir.CIB) []string {
	var out []string
	for _, n := range base.Config.Nodes {
		if strings.EqualFold(n.Type, "ping") || !isUp(base, n.Uname) {
			continue
		}
		out = append(out, n.Uname)
	}
	return out
}

// isUp reads a node's membership as recorded (in_ccm and crmd), not
// judging expected states or fencing: enough to skip nodes already down.
func isUp(cib *ir.CIB, uname string) bool {
	if cib.Status == nil {
		return false
	}
	for _, ns := range cib.Status.Nodes {
		if ns.Uname != uname {
			continue
		}
		inCCM := ns.InCCM == "true" || (ns.InCCM != "" && ns.InCCM != "false" && ns.InCCM != "0")
		return inCCM && ns.Crmd != "offline"
	}
	return false
}

// EachNodeDown is one scenario per node that is up: that node going down
// cleanly.
func EachNodeDown(base *ir.CIB) []scenario.Scenario {
	var out []scenario.Scenario
	for _, n := range candidateNodes(base) {
		out = append(out, scenario.Scenario{Name: n + " down",
			Injections: []ir.Injection{{Kind: ir.InjectNodeDown, Node: n}}})
	}
	return out
}

// EachNodePairDown is one scenario per pair of nodes that are up: both
// going down cleanly.
func EachNodePairDown(base *ir.CIB) []scenario.Scenario {
	nodes := candidateNodes(base)
	var out []scenario.Scenario
	for i := range nodes {
		for j := i + 1; j < len(nodes); j++ {
			out = append(out, scenario.Scenario{Name: nodes[i] + "+" + nodes[j] + " down",
				Injections: []ir.Injection{{Kind: ir.InjectNodeDown, Node: nodes[i]}, {Kind: ir.InjectNodeDown, Node: nodes[j]}}})
		}
	}
	return out
}

// AllNodesUp returns base unchanged when it records any node state, and
// otherwise base with every configured node brought up and every ticket
// its ticket constraints name granted: a policy compiled from .pcl has no
// status, and its what-ifs are about a running cluster losing nodes or
// tickets, not about a cluster that has never started (where no ticket is
// granted and nothing that needs one runs).
func AllNodesUp(base *ir.CIB) (*ir.CIB, error) {
	if base.Status != nil && len(base.Status.Nodes) > 0 {
		return base, nil
	}
	var s scenario.Scenario
	for _, n := range base.Config.Nodes {
		if strings.EqualFold(n.Type, "ping") || strings.EqualFold(n.Type, "remote") {
			continue
		}
		s.Injections = append(s.Injections, ir.Injection{Kind: ir.InjectNodeUp, Node: n.Uname})
	}
	if len(s.Injections) == 0 {
		return base, nil
	}
	for _, t := range ConstraintTickets(base) {
		if !granted(base, t) {
			s.Injections = append(s.Injections, ir.Injection{Kind: ir.InjectTicketGrant, Ticket: t})
		}
	}
	return scenario.Apply(base, s)
}

// ConstraintTickets are the tickets the configuration's ticket
// constraints name, each once, in the order first named.
func ConstraintTickets(cib *ir.CIB) []string {
	var out []string
	seen := map[string]bool{}
	if cib.Config == nil {
		return nil
	}
	for _, c := range cib.Config.Constraints {
		if t, ok := c.(*ir.Ticket); ok && t.Ticket != "" && !seen[t.Ticket] {
			seen[t.Ticket] = true
			out = append(out, t.Ticket)
		}
	}
	return out
}

// granted reports whether the status records ticket id as granted.
func granted(cib *ir.CIB, id string) bool {
	if cib.Status == nil {
		return false
	}
	for _, t := range cib.Status.Tickets {
		if t.ID == id {
			return t.Granted
		}
	}
	return false
}

// EachTicketRevoke is one scenario per ticket a ticket constraint names
// and the base holds granted: that ticket revoked, as booth revokes it
// from a site that lost it (crm_simulate -r). Revoking a ticket that is
// not granted changes nothing, so those are left out.
func EachTicketRevoke(base *ir.CIB) []scenario.Scenario {
	var out []scenario.Scenario
	for _, t := range ConstraintTickets(base) {
		if !granted(base, t) {
			continue
		}
		out = append(out, scenario.Scenario{Name: "ticket " + t + " revoked",
			Injections: []ir.Injection{{Kind: ir.InjectTicketRevoke, Ticket: t}}})
	}
	return out
}
