package importer

import (
	"strconv"

	"pcl/ir"
	"pcl/pcmk"
)

// status reads <status>. Every record keeps its attributes verbatim
// (ir.Status's Attrs); the typed fields are filled from them.
func (r *reader) status(e *elem) *ir.Status {
	s := &ir.Status{}
	sawTickets := false
	for _, c := range e.children {
		switch c.name {
		case "node_state":
			s.Nodes = append(s.Nodes, r.nodeState(c))
		case "tickets":
			if sawTickets {
				r.duplicateChild(e, c)
				continue
			}
			sawTickets = true
			s.TicketsAt = len(s.Nodes)
			for _, t := range c.children {
				if t.name != "ticket_state" {
					r.unknownChild(c, t)
					continue
				}
				s.Tickets = append(s.Tickets, r.ticketState(t))
			}
			r.finish(c)
		default:
			r.unknownChild(e, c)
		}
	}
	if len(s.Tickets) == 0 {
		s.TicketsAt = 0
	}
	r.finish(e)
	return s
}

func (r *reader) nodeState(e *elem) *ir.NodeState {
	n := &ir.NodeState{Attrs: verbatim(e)}
	n.ID = e.attr("id")
	n.Uname = e.attr("uname")
	n.InCCM = e.attr("in_ccm")
	n.Crmd = e.attr("crmd")
	n.Join = e.attr("join")
	n.Expected = e.attr("expected")
	if v, ok := e.lookup("remote_node"); ok {
		n.RemoteNode, _ = ir.ParseBool(v)
	}
	n.Shutdown = e.attr("shutdown")
	n.NodeFenced = e.attr("node_fenced")
	n.NodeInMaintenance = e.attr("node_in_maintenance")
	if n.ID == "" && n.Uname == "" {
		r.warnf(e.rng, "Anonymous node state", "<node_state> has neither id nor uname; Pacemaker cannot tie it to a node.")
	}
	n.Sections = []string{}
	seen := map[string]bool{}
	for _, c := range e.children {
		switch c.name {
		case "transient_attributes", "lrm":
		default:
			r.unknownChild(e, c)
			continue
		}
		if seen[c.name] {
			r.duplicateChild(e, c)
			continue
		}
		seen[c.name] = true
		n.Sections = append(n.Sections, c.name)
		if c.name == "transient_attributes" {
			n.TransientID = c.attr("id")
			for _, s := range c.children {
				if k, ok := isSet(s); ok {
					n.Transient = append(n.Transient, r.statusSet(s, k))
					continue
				}
				r.unknownChild(c, s)
			}
			r.finish(c)
			continue
		}
		n.LRMAttrs = verbatim(c)
		n.LRMID = c.attr("id")
		sawResources := false
		for _, x := range c.children {
			if x.name != "lrm_resources" || sawResources {
				r.unknownChild(c, x)
				continue
			}
			sawResources = true
			n.LRMResourcesID = x.attr("id")
			for _, rh := range x.children {
				if rh.name != "lrm_resource" {
					r.unknownChild(x, rh)
					continue
				}
				n.Resources = append(n.Resources, r.resourceHistory(rh))
			}
			r.finish(x)
		}
		r.finish(c)
	}
	r.finish(e)
	return n
}

// statusSet reads a set of transient node attributes. Its ids are not
// CIB-wide ids (every node has a status-<id> set), so they are not
// declared.
func (r *reader) statusSet(e *elem, kind ir.NVSetKind) *ir.NVSet {
	s := &ir.NVSet{Kind: kind, DeclRange: e.rng}
	s.ID = e.attr("id")
	s.Score = r.score(e, "score")
	for _, c := range e.children {
		if c.name != "nvpair" {
			r.unknownChild(e, c)
			continue
		}
		p := &ir.NVPair{DeclRange: c.rng, ID: c.attr("id"), Name: c.attr("name"), Value: c.optional("value")}
		r.finish(c)
		s.Pairs = append(s.Pairs, p)
	}
	s.ChildAt = len(s.Pairs)
	r.finish(e)
	return s
}

func (r *reader) resourceHistory(e *elem) *ir.ResourceHistory {
	h := &ir.ResourceHistory{Attrs: verbatim(e)}
	h.ID = e.attr("id")
	if h.ID == "" {
		r.errorf(e.rng, "Resource history without id",
			"<lrm_resource> has no id, so nothing ties this history to a resource; Pacemaker's scheduler fails an assertion on it (pcmk__rscs_matching_id: id != NULL).")
	}
	h.Class = e.attr("class")
	h.Provider = e.attr("provider")
	h.Type = e.attr("type")
	h.Container = e.attr("container")
	h.ShutdownLock = r.statusInt(e, "shutdown-lock")
	for _, c := range e.children {
		if c.name != "lrm_rsc_op" {
			r.unknownChild(e, c)
			continue
		}
		h.Ops = append(h.Ops, r.opRecord(c))
	}
	r.finish(e)
	return h
}

func (r *reader) opRecord(e *elem) *ir.OpRecord {
	op := &ir.OpRecord{Attrs: verbatim(e)}
	op.ID = e.attr("id")
	op.Operation = pcmk.Task(e.attr("operation"))
	op.OperationKey = e.attr("operation_key")
	op.IntervalMs = r.statusInt(e, "interval")
	op.CallID = int(r.statusInt(e, "call-id"))
	op.RCCode = pcmk.OCFRC(r.statusInt(e, "rc-code"))
	op.OpStatus = pcmk.ExecStatus(r.statusInt(e, "op-status"))
	// Pacemaker 1.0 wrote some of these with underscores.
	op.LastRCChange = r.statusInt(e, "last-rc-change", "last_rc_change")
	op.LastRun = r.statusInt(e, "last-run", "last_run")
	op.ExecTime = r.statusInt(e, "exec-time", "exec_time")
	op.QueueTime = r.statusInt(e, "queue-time", "queue_time")
	op.ExitReason = e.attr("exit-reason")
	op.TransitionKey = e.attr("transition-key")
	op.TransitionMagic = e.attr("transition-magic")
	op.OnNode = e.attr("on_node")
	op.MigrateSource = e.attr("migrate_source")
	op.MigrateTarget = e.attr("migrate_target")
	op.OpDigest = e.attr("op-digest")
	op.OpRestartDigest = e.attr("op-restart-digest")
	op.OpForceRestart = e.attr("op-force-restart")
	op.OpSecureDigest = e.attr("op-secure-digest")
	op.OpSecureParams = e.attr("op-secure-params")
	op.CRMFeatureSet = e.attr("crm_feature_set")
	r.checkOpRecord(e, op)
	r.leaf(e)
	return op
}

// checkOpRecord warns of history values Pacemaker reads without a word but
// that no cluster writes: an exit status below 0, a transition key or
// magic it cannot decode, a time before 1970.
func (r *reader) checkOpRecord(e *elem, op *ir.OpRecord) {
	if op.RCCode < 0 {
		r.warnf(e.rng, "Invalid exit status",
			"rc-code=%d of <lrm_rsc_op id=%q> is not an exit status an agent returns; Pacemaker treats an exit status it does not know as a failure of the operation.", int(op.RCCode), op.ID)
	}
	if op.TransitionMagic != "" {
		if _, _, _, ok := pcmk.DecodeTransitionMagic(op.TransitionMagic); !ok {
			r.warnf(e.rng, "Invalid transition magic",
				"transition-magic=%q of <lrm_rsc_op id=%q> is not \"status:rc;action:transition:target-rc:uuid\"; Pacemaker cannot decode it, so it cannot tell this operation's age from a pending one's and sorts them as equal.", op.TransitionMagic, op.ID)
		}
	}
	if op.TransitionKey != "" {
		if _, _, _, _, ok := pcmk.DecodeTransitionKey(op.TransitionKey); !ok {
			r.warnf(e.rng, "Invalid transition key",
				"transition-key=%q of <lrm_rsc_op id=%q> is not \"action:transition:target-rc:uuid\"; Pacemaker cannot read the result the operation was expected to give and takes the recorded one as unexpected.", op.TransitionKey, op.ID)
		}
	}
	for _, t := range []struct {
		name string
		v    int64
	}{{"last-rc-change", op.LastRCChange}, {"last-run", op.LastRun}} {
		if t.v < 0 {
			r.warnf(e.rng, "Invalid date",
				"%s=%d of <lrm_rsc_op id=%q> is before 1970; Pacemaker ignores a negative time when it orders the history and counts failure timeouts from it as long expired.", t.name, t.v, op.ID)
		}
	}
}

// statusInt reads the first present of names as an integer; 0 when none
// is present, with a warning when the text is not a number. call-id may be
// negative (-1 for a pending operation).
func (r *reader) statusInt(e *elem, names ...string) int64 {
	for _, name := range names {
		v, ok := e.lookup(name)
		if !ok {
			continue
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			r.warnf(e.rng, "Invalid number", "%s=%q of <%s> is not an integer; it is read as 0.", name, v, e.name)
			return 0
		}
		return n
	}
	return 0
}

func (r *reader) ticketState(e *elem) *ir.TicketState {
	t := &ir.TicketState{Attrs: verbatim(e)}
	t.ID = e.attr("id")
	t.Granted, _ = ir.ParseBool(e.attr("granted"))
	t.Standby, _ = ir.ParseBool(e.attr("standby"))
	t.LastGranted = r.statusInt(e, "last-granted")
	r.leaf(e)
	return t
}
