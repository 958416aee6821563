package planner

import (
	"strings"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
)

// ticket is a cluster ticket's state (pe_ticket_t).
type ticket struct {
	granted, standby bool
}

// ticketFor returns a ticket by id, creating an ungranted one for a ticket
// the status does not mention.
func (p *plan) ticketFor(id string) *ticket {
	if p.tickets == nil {
		p.tickets = map[string]*ticket{}
		if p.CIB.Status != nil {
			for _, ts := range p.CIB.Status.Tickets {
				p.tickets[ts.ID] = &ticket{granted: ts.Granted, standby: ts.Standby}
			}
		}
	}
	t, ok := p.tickets[id]
	if !ok {
		t = &ticket{}
		p.tickets[id] = t
	}
	return t
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
				r := p.byID[id]
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
		for _, r := range rs {
			p.ticketConstraint(c.Resource, r, t, string(c.Role), c.LossPolicy)
		}
		return
	}
	if len(rs) == 1 {
		p.ticketConstraint(c.ID, rs[0], t, string(c.Role), c.LossPolicy)
	}
}

type lossPolicy int8

const (
	lossStop lossPolicy = iota
	lossDemote
	lossFence
	lossFreeze
)

// ticketConstraint is rsc_ticket_new.
func (p *plan) ticketConstraint(id string, r *Resource, t *ticket, role, loss string) {
	wantRole := colocRole(role)
	policy := lossStop
	switch strings.ToLower(loss) {
	case "fence":
		if p.StonithEnabled {
			policy = lossFence
		}
	case "freeze":
		policy = lossFreeze
	case "demote":
		policy = lossDemote
	case "stop":
	default:
		if wantRole == pcmk.RolePromoted {
			policy = lossDemote
		}
	}
	if !t.granted || t.standby {
		p.applyTicket(id, r, t, wantRole, policy)
	}
}

// applyTicket is constraints_for_ticket.
func (p *plan) applyTicket(id string, r *Resource, t *ticket, role pcmk.Role, policy lossPolicy) {
	if t.granted && !t.standby {
		return
	}
	if len(r.Children) > 0 {
		for _, c := range r.Children {
			p.applyTicket(id, c, t, role, policy)
		}
		return
	}
	roleMatches := role == pcmk.RoleUnknown || role == r.Role
	switch {
	case !t.granted && len(r.RunningOn) > 0:
		switch policy {
		case lossStop:
			p.rscLocation(r, -1, -ir.Infinity, &model.Cause{Kind: model.CauseTicket, Constraint: id, Text: "ticket lost (" + id + ")"})
		case lossDemote:
			if role != pcmk.RolePromoted {
				p.rscLocation(r, -1, -ir.Infinity, &model.Cause{Kind: model.CauseTicket, Constraint: id, Text: "ticket lost (" + id + ")"})
			}
		case lossFence:
			if !roleMatches {
				return
			}
			p.rscLocation(r, -1, -ir.Infinity, &model.Cause{Kind: model.CauseTicket, Constraint: id, Text: "ticket lost (" + id + ")"})
			for _, i := range r.RunningOn {
				p.fence(p.Nodes[i])
			}
		case lossFreeze:
			if !roleMatches {
				return
			}
			r.Managed = false
			r.Blocked = true
		}
	case !t.granted:
		if role != pcmk.RolePromoted || policy == lossStop {
			p.rscLocation(r, -1, -ir.Infinity, &model.Cause{Kind: model.CauseTicket, Constraint: id, Text: "ticket not granted (" + id + ")"})
		}
	case t.standby:
		if role != pcmk.RolePromoted || policy == lossStop {
			p.rscLocation(r, -1, -ir.Infinity, &model.Cause{Kind: model.CauseTicket, Constraint: id, Text: "ticket in standby (" + id + ")"})
		}
	}
}
