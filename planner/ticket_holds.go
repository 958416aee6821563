package planner

import (
	"strings"

	"pcl/pcmk"
	"pcl/planner/model"
)

// TicketHold is one resource's dependency on a cluster ticket (an
// rsc_ticket constraint, or one of its resource sets) and what the
// ticket's state did to it in this plan: what explanations and the
// failover matrix say of a resource held by a ticket (emitters choose
// how to encode it).
type TicketHold struct {
	// Constraint is the rsc_ticket's id, or its resource set's; Ticket
	// the ticket it names; Resource the resource it applies to (a tag
	// stands for each resource it names).
	Constraint string
	Ticket     string
	Resource   string
	// Role is the role the constraint restricts (rsc-role), RoleUnknown
	// for every role.
	Role pcmk.Role
	// LossPolicy is what losing the ticket does, as Pacemaker applies it:
	// stop, demote, fence or freeze (fence without fencing enabled is
	// stop; the default is demote for the Promoted role, else stop).
	LossPolicy string
	// Granted and Standby are the ticket's state in the status.
	Granted bool
	Standby bool
	// Banned are the resources the ticket keeps off every node (the
	// resource named when it bans all it is made of), Frozen those it
	// leaves unmanaged where they run (loss-policy freeze), Fenced the
	// nodes to fence because the ticket was lost (loss-policy fence);
	// NoPromotion is set when a promotable clone may promote no
	// instance for want of the ticket.
	Banned      []string
	Frozen      []string
	Fenced      []string
	NoPromotion bool
}

// State names the ticket's state as crm_mon does: granted or revoked,
// and standby.
func (h TicketHold) State() string { return ticketState(h.Granted, h.Standby) }

// Holding reports whether the ticket's state changes anything: it is
// revoked or in standby.
func (h TicketHold) Holding() bool { return !h.Granted || h.Standby }

// String says what the ticket is, its state, and what that does to the
// resource: "ticket T (constraint C, role Promoted, loss-policy demote),
// which is revoked: no instance of ms can be promoted".
func (h TicketHold) String() string {
	var b strings.Builder
	b.WriteString("ticket " + h.Ticket + " (constraint " + h.Constraint)
	if h.Role != pcmk.RoleUnknown {
		b.WriteString(", role " + h.Role.String())
	}
	b.WriteString(", loss-policy " + h.LossPolicy + "), which is " + h.State())
	if effect := h.Effect(); effect != "" {
		b.WriteString(": " + effect)
	}
	return b.String()
}

// Effect says what the ticket's state does to the resource, "" when it
// does nothing (granted and active, or a role the resource is not in).
func (h TicketHold) Effect() string {
	var parts []string
	if len(h.Banned) > 0 {
		parts = append(parts, strings.Join(h.Banned, ", ")+" cannot run on any node")
	}
	if len(h.Frozen) > 0 {
		verb := " is frozen where it runs"
		if len(h.Frozen) > 1 {
			verb = " are frozen where they run"
		}
		parts = append(parts, strings.Join(h.Frozen, ", ")+verb+" (unmanaged: the cluster leaves it alone)")
	}
	if len(h.Fenced) > 0 {
		parts = append(parts, "the nodes running it must be fenced: "+strings.Join(h.Fenced, ", "))
	}
	if h.NoPromotion {
		parts = append(parts, "no instance of "+h.Resource+" can be promoted")
	}
	return strings.Join(parts, "; ")
}

// ticketHolds lists the ticket constraints in the order they were
// unpacked, with what each did.
func (p *plan) ticketHolds() []TicketHold {
	out := make([]TicketHold, 0, len(p.ticketOrder))
	for _, rt := range p.ticketOrder {
		h := TicketHold{Constraint: rt.id, Ticket: rt.ticket.id, Resource: rt.rsc.ID, Role: rt.role,
			LossPolicy: rt.loss.String(), Granted: rt.ticket.granted, Standby: rt.ticket.standby, NoPromotion: rt.noPromotion}
		// Every leaf banned is said of the resource the constraint
		// names.
		if len(rt.banned) > 0 && len(rt.banned) == countLeaves(rt.rsc) {
			h.Banned = []string{rt.rsc.ID}
		} else {
			for _, r := range rt.banned {
				h.Banned = append(h.Banned, r.ID)
			}
		}
		for _, r := range rt.frozen {
			h.Frozen = append(h.Frozen, r.ID)
		}
		seen := map[int]bool{}
		for _, i := range rt.fenced {
			if !seen[i] {
				seen[i] = true
				h.Fenced = append(h.Fenced, p.Nodes[i].Uname)
			}
		}
		out = append(out, h)
	}
	return out
}

// TicketsOf lists the ticket constraints that apply to rsc: those naming
// it or a resource it is part of (a group or clone holding it), in the
// order they were unpacked.
func (r *Result) TicketsOf(rsc *Resource) []TicketHold {
	var out []TicketHold
	for _, h := range r.Tickets {
		for q := rsc; q != nil; q = q.Parent {
			if q.ID == h.Resource {
				out = append(out, h)
				break
			}
		}
	}
	return out
}

// BannedBy returns the ticket constraint that keeps rsc, or a resource
// holding it, off every node; false when none does.
func (r *Result) BannedBy(rsc *Resource) (TicketHold, bool) {
	for _, h := range r.TicketsOf(rsc) {
		for _, id := range h.Banned {
			for q := rsc; q != nil; q = q.Parent {
				if q.ID == id {
					return h, true
				}
			}
		}
	}
	return TicketHold{}, false
}

// FrozenBy returns the ticket constraint whose lost ticket froze rsc
// where it runs (loss-policy freeze); false when none did.
func (r *Result) FrozenBy(rsc *Resource) (TicketHold, bool) {
	for _, h := range r.TicketsOf(rsc) {
		for _, id := range h.Frozen {
			if id == rsc.ID {
				return h, true
			}
		}
	}
	return TicketHold{}, false
}

// countLeaves counts the primitives r is made of (itself for a
// primitive).
func countLeaves(r *model.Resource) int {
	if len(r.Children) == 0 {
		return 1
	}
	n := 0
	for _, c := range r.Children {
		n += countLeaves(c)
	}
	return n
}
