package planner

import (
	"strings"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
)

// ticket is a cluster ticket's state (pe_ticket_t): what the status's
// <tickets> section says of it; a ticket it does not name is revoked.
type ticket struct {
	id               string
	granted, standby bool
}

// ticketState names a ticket's state as crm_mon does: granted or
// revoked, and in standby.
func ticketState(granted, standby bool) string {
	s := "revoked"
	if granted {
		s = "granted"
	}
	if standby {
		s += ", in standby"
	}
	return s
}

// usable says whether resources that depend on the ticket may run: it is
// granted and not in standby.
func (t *ticket) usable() bool { return t.granted && !t.standby }

// ticketFor returns a ticket by id, creating an ungranted one for a ticket
// the status does not mention.
func (p *plan) ticketFor(id string) *ticket {
	if p.tickets == nil {
		p.tickets = map[string]*ticket{}
		if p.status() != nil {
			for _, ts := range p.status().Tickets {
				p.tickets[ts.ID] = &ticket{id: ts.ID, granted: ts.Granted, standby: ts.Standby}
			}
		}
	}
	t, ok := p.tickets[id]
	if !ok {
		t = &ticket{id: id}
		p.tickets[id] = t
	}
	return t
}

type lossPolicy int8

const (
	lossStop lossPolicy = iota
	lossDemote
	lossFence
	lossFreeze
)

var lossPolicyNames = [...]string{lossStop: "stop", lossDemote: "demote", lossFence: "fence", lossFreeze: "freeze"}

// String names the policy as loss-policy spells it.
func (l lossPolicy) String() string { return lossPolicyNames[l] }

// rscTicket is one resource's dependency on a ticket (rsc_ticket_t): the
// constraint (or its resource set) that says so, the role it restricts
// (RoleUnknown for every role) and what losing the ticket does.
type rscTicket struct {
	id     string
	ticket *ticket
	rsc    *model.Resource
	role   pcmk.Role
	loss   lossPolicy

	// What the ticket's state did, for explanations: the resources
	// banned from every node, those frozen where they run, the nodes
	// fenced, and whether a promotable clone lost its promotion.
	banned, frozen []*model.Resource
	fenced         []int
	noPromotion    bool
}

// describe is the dependency as explanations name it: the ticket, its
// state, the constraint and the loss-policy.
func (rt *rscTicket) describe() string {
	s := "ticket " + rt.ticket.id + " " + ticketState(rt.ticket.granted, rt.ticket.standby) + " (constraint " + rt.id
	if rt.role != pcmk.RoleUnknown {
		s += ", role " + rt.role.String()
	}
	return s + ", loss-policy " + rt.loss.String() + ")"
}

// unpackTicket is pcmk__unpack_rsc_ticket: a resource that depends on a
// ticket that is not granted, or is in standby, is banned from every node
// (or frozen, or its nodes fenced, by loss-policy).
func (p *plan) unpackTicket(c *ir.Ticket) {
	if c.Ticket == "" {
		return
	}
	t := p.ticketFor(c.Ticket)
	if len(c.Sets) > 0 {
		for _, s := range p.expandSets(c.Sets) {
			for _, id := range s.Resources {
				r := p.constraintResource(id)
				if r == nil || p.notPlanned(r) {
					return
				}
				p.ticketConstraint(s.ID, r, t, string(s.Role), c.LossPolicy)
			}
		}
		return
	}
	if c.Resource == "" {
		return
	}
	rs, isTag := p.resolve(c.Resource)
	if isTag {
		// A tag stands for a resource set named after it, with the
		// constraint's role (unpack_rsc_ticket_tags).
		for _, r := range rs {
			p.ticketConstraint(c.Resource, r, t, string(c.Role), c.LossPolicy)
		}
		return
	}
	if len(rs) == 1 {
		p.ticketConstraint(c.ID, rs[0], t, string(c.Role), c.LossPolicy)
	}
}

// ticketConstraint is rsc_ticket_new.
func (p *plan) ticketConstraint(id string, r *model.Resource, t *ticket, role, loss string) {
	if role != "" && pcmk.ParseRole(role) == pcmk.RoleUnknown && p.target.Since(pcmk.V3_0_0) {
		// Since 3.0 a role that is not one is a configuration error
		// that drops the constraint (pcmk__parse_constraint_role);
		// before, it meant every role.
		return
	}
	rt := &rscTicket{id: id, ticket: t, rsc: r, role: colocRole(role)}
	switch strings.ToLower(loss) {
	case "fence":
		// Without fencing the policy is reset to stop, whatever the role.
		if p.StonithEnabled {
			rt.loss = lossFence
		}
	case "freeze":
		rt.loss = lossFreeze
	case "demote":
		rt.loss = lossDemote
	case "stop":
	default:
		if rt.role == pcmk.RolePromoted {
			rt.loss = lossDemote
		}
	}
	if p.rscTickets == nil {
		p.rscTickets = map[*model.Resource][]*rscTicket{}
	}
	p.rscTickets[r] = append(p.rscTickets[r], rt)
	p.ticketOrder = append(p.ticketOrder, rt)
	if !t.usable() {
		p.applyTicket(r, rt)
	}
}

// applyTicket is constraints_for_ticket: what a ticket that is not
// granted, or is in standby, does to a resource (to each of its
// descendants).
func (p *plan) applyTicket(r *model.Resource, rt *rscTicket) {
	t := rt.ticket
	if t.usable() {
		return
	}
	if len(r.Children) > 0 {
		for _, c := range r.Children {
			p.applyTicket(c, rt)
		}
		return
	}
	roleMatches := rt.role == pcmk.RoleUnknown || rt.role == r.Role
	ban := func(what string) {
		p.rscLocation(r, -1, -ir.Infinity, &model.Cause{Kind: model.CauseTicket, Constraint: rt.id, Text: rt.describe() + ": " + what})
		rt.banned = append(rt.banned, r)
	}
	switch {
	case !t.granted && len(r.RunningOn) > 0:
		switch rt.loss {
		case lossStop:
			ban("lost, so it stops")
		case lossDemote:
			// A Promoted role ticket only takes promotion away
			// (requirePromotionTickets).
			if rt.role != pcmk.RolePromoted {
				ban("lost, so it stops")
			}
		case lossFence:
			if !roleMatches {
				return
			}
			ban("lost, so its nodes are fenced")
			for _, i := range r.RunningOn {
				p.fenceForTicket(i)
				rt.fenced = append(rt.fenced, i)
			}
		case lossFreeze:
			if !roleMatches {
				return
			}
			r.Managed = false
			r.Blocked = true
			rt.frozen = append(rt.frozen, r)
		}
	case !t.granted:
		if rt.role != pcmk.RolePromoted || rt.loss == lossStop {
			ban("not granted")
		}
	case t.standby:
		if rt.role != pcmk.RolePromoted || rt.loss == lossStop {
			ban("in standby")
		}
	}
}

// fenceForTicket is pe_fence_node for loss-policy=fence: a cluster or
// remote node not yet unclean is fenced because "deadman ticket was
// lost", the reason Pacemaker gives; one already unclean keeps its own. A
// guest node is fenced as pe_fence_node fences guests, by recovering its
// container (fenceNode), whose fencing comes with the container's.
func (p *plan) fenceForTicket(i int) {
	n := p.Nodes[i]
	if n.Unclean {
		return
	}
	if n.Guest() {
		p.fenceNode(n, "")
		return
	}
	p.fence(n)
	n.FenceReason = "deadman ticket was lost"
	p.TicketFenced = append(p.TicketFenced, i)
}

// requirePromotionTickets is pcmk__require_promotion_tickets: a promotable
// clone with a ticket for the Promoted role that is not granted, or is in
// standby, scores -INFINITY on every node for promotion, so that no
// instance is promoted (whatever the loss-policy).
func (p *plan) requirePromotionTickets(r *model.Resource) {
	for _, rt := range p.rscTickets[r] {
		if rt.role == pcmk.RolePromoted && !rt.ticket.usable() {
			p.rscLocation(r, -1, -ir.Infinity, &model.Cause{Kind: model.CauseTicket, Constraint: rt.id,
				Text: rt.describe() + ": the Promoted role needs it"})
			rt.noPromotion = true
		}
	}
}
