package cibxml

import (
	"strconv"

	"pcl/ir"
)

func (x *writer) status(s *ir.Status) {
	x.start("status", nil)
	at := split(s.TicketsAt, len(s.Nodes))
	for _, n := range s.Nodes[:at] {
		x.nodeState(n)
	}
	if len(s.Tickets) > 0 {
		x.start("tickets", nil)
		for _, t := range s.Tickets {
			x.ticketState(t)
		}
		x.end("tickets")
	}
	for _, n := range s.Nodes[at:] {
		x.nodeState(n)
	}
	x.end("status")
}

func (x *writer) nodeState(n *ir.NodeState) {
	var a attrs
	if n.Attrs != nil {
		verbatim(&a, n.Attrs)
	} else {
		a.opt("id", n.ID)
		a.opt("uname", n.Uname)
		a.opt("in_ccm", n.InCCM)
		a.opt("crmd", n.Crmd)
		a.opt("join", n.Join)
		a.opt("expected", n.Expected)
		if n.RemoteNode {
			a.always("remote_node", "true")
		}
		a.opt("shutdown", n.Shutdown)
		a.opt("node_fenced", n.NodeFenced)
		a.opt("node_in_maintenance", n.NodeInMaintenance)
	}
	x.start("node_state", a)
	sections := n.Sections
	if sections == nil {
		if n.TransientID != "" || len(n.Transient) > 0 {
			sections = append(sections, "transient_attributes")
		}
		if n.LRMID != "" || n.LRMAttrs != nil || len(n.Resources) > 0 {
			sections = append(sections, "lrm")
		}
	}
	for _, sec := range sections {
		switch sec {
		case "transient_attributes":
			var ta attrs
			ta.opt("id", n.TransientID)
			x.start(sec, ta)
			x.sets(n.Transient)
			x.end(sec)
		case "lrm":
			x.lrm(n)
		}
	}
	x.end("node_state")
}

func (x *writer) lrm(n *ir.NodeState) {
	var a attrs
	if n.LRMAttrs != nil {
		verbatim(&a, n.LRMAttrs)
	} else {
		a.opt("id", n.LRMID)
	}
	x.start("lrm", a)
	var ra attrs
	ra.opt("id", n.LRMResourcesID)
	x.start("lrm_resources", ra)
	for _, r := range n.Resources {
		x.resourceHistory(r)
	}
	x.end("lrm_resources")
	x.end("lrm")
}

func (x *writer) resourceHistory(r *ir.ResourceHistory) {
	var a attrs
	if r.Attrs != nil {
		verbatim(&a, r.Attrs)
	} else {
		a.always("id", r.ID)
		a.opt("type", r.Type)
		a.opt("class", r.Class)
		a.opt("provider", r.Provider)
		a.opt("container", r.Container)
		if r.ShutdownLock != 0 {
			a.always("shutdown-lock", strconv.FormatInt(r.ShutdownLock, 10))
		}
	}
	x.start("lrm_resource", a)
	for _, op := range r.Ops {
		x.opRecord(op)
	}
	x.end("lrm_resource")
}

func (x *writer) opRecord(op *ir.OpRecord) {
	var a attrs
	if op.Attrs != nil {
		verbatim(&a, op.Attrs)
	} else {
		num := func(name string, v int64) { a.always(name, strconv.FormatInt(v, 10)) }
		a.always("id", op.ID)
		a.opt("operation_key", op.OperationKey)
		a.always("operation", string(op.Operation))
		a.opt("crm_feature_set", op.CRMFeatureSet)
		a.opt("transition-key", op.TransitionKey)
		a.opt("transition-magic", op.TransitionMagic)
		a.opt("exit-reason", op.ExitReason)
		a.opt("on_node", op.OnNode)
		num("call-id", int64(op.CallID))
		num("rc-code", int64(op.RCCode))
		num("op-status", int64(op.OpStatus))
		num("interval", op.IntervalMs)
		if op.LastRCChange != 0 {
			num("last-rc-change", op.LastRCChange)
		}
		if op.LastRun != 0 {
			num("last-run", op.LastRun)
		}
		num("exec-time", op.ExecTime)
		num("queue-time", op.QueueTime)
		a.opt("op-digest", op.OpDigest)
		a.opt("op-force-restart", op.OpForceRestart)
		a.opt("op-restart-digest", op.OpRestartDigest)
		a.opt("op-secure-params", op.OpSecureParams)
		a.opt("op-secure-digest", op.OpSecureDigest)
		a.opt("migrate_source", op.MigrateSource)
		a.opt("migrate_target", op.MigrateTarget)
	}
	x.leaf("lrm_rsc_op", a)
}

func (x *writer) ticketState(t *ir.TicketState) {
	var a attrs
	if t.Attrs != nil {
		verbatim(&a, t.Attrs)
	} else {
		a.always("id", t.ID)
		a.always("granted", strconv.FormatBool(t.Granted))
		if t.Standby {
			a.always("standby", "true")
		}
		if t.LastGranted != 0 {
			a.always("last-granted", strconv.FormatInt(t.LastGranted, 10))
		}
	}
	x.leaf("ticket_state", a)
}

func verbatim(a *attrs, list []ir.Attr) {
	for _, at := range list {
		a.always(at.Name, at.Value)
	}
}
