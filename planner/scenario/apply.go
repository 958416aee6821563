package scenario

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"pcl/ir"
	"pcl/pcmk"
)

// Apply returns a copy of cib with the scenario's injections applied as
// crm_simulate 2.1.5 applies them, and its time recorded as the CIB's
// execution-date. The input is not modified. All problems (unknown nodes,
// unknown resources, ...) are reported together.
func Apply(cib *ir.CIB, s Scenario) (*ir.CIB, error) { return ApplyAt(cib, s, nil) }

// ApplyAt is Apply with where each resource runs in cib (a Locator, nil
// when not known), which a move or ban that names no node needs.
func ApplyAt(cib *ir.CIB, s Scenario, locate Locator) (*ir.CIB, error) {
	if cib == nil || cib.Config == nil {
		return nil, errors.New("the CIB has no configuration")
	}
	out := *cib
	out.Attrs = append([]ir.Attr(nil), cib.Attrs...)
	a := &applier{cib: &out, owned: map[any]bool{}, locate: locate, target: s.Target}
	a.stamp = a.injectionTime(s.Now)
	var errs []error
	for _, in := range ordered(s.Injections) {
		if err := check(in); err != nil {
			errs = append(errs, fmt.Errorf("%s: %v", Describe(in), err))
			continue
		}
		if err := a.apply(in); err != nil {
			errs = append(errs, err)
		}
	}
	if !s.Now.IsZero() {
		setAttr(&out.Attrs, "execution-date", strconv.FormatInt(s.Now.Unix(), 10))
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return &out, nil
}

// applier holds the copy being built. Parts of the input are copied the
// first time they are changed; owned records which objects are the copy's.
type applier struct {
	cib   *ir.CIB
	owned map[any]bool
	// stamp is the time written into injected history (last-rc-change,
	// last-failure), seconds since the epoch.
	stamp int64
	// locate says where resources run in the input (nil: unknown).
	locate Locator
	// target is the release whose tools write operator actions and
	// record results.
	target pcmk.Target
}

// onNode is the on_node a result recorded on node carries: since 3.0.0
// crm_simulate names the node, before it left the attribute as it was.
func (a *applier) onNode(node string) string {
	if a.target.Since(pcmk.V3_0_0) {
		return node
	}
	return ""
}

// injectionTime is when injected operations happened. crm_simulate uses
// the wall clock; pcl uses the scenario's time, else the CIB's
// execution-date, so that a batch is reproducible. Both are "now" for the
// planner, so failures injected are never already expired.
func (a *applier) injectionTime(now time.Time) int64 {
	if !now.IsZero() {
		return now.Unix()
	}
	for _, at := range a.cib.Attrs {
		if at.Name == "execution-date" {
			if n, err := strconv.ParseInt(strings.TrimSpace(at.Value), 10, 64); err == nil && n > 0 {
				return n
			}
		}
	}
	return time.Now().Unix()
}

func (a *applier) apply(in ir.Injection) error {
	switch in.Kind {
	case ir.InjectNodeUp:
		ns, err := a.nodeState(in.Node, true)
		if err != nil {
			return err
		}
		a.setMembership(ns, true)
	case ir.InjectNodeDown:
		ns, err := a.nodeState(in.Node, false)
		if err != nil {
			return err
		}
		a.setMembership(ns, false)
		eraseHistory(ns)
	case ir.InjectNodeFail:
		ns, err := a.nodeState(in.Node, false)
		if err != nil {
			return err
		}
		a.setMembership(ns, true)
		a.setNodeStateAttr(ns, "in_ccm", "false")
	case ir.InjectNodeStandby:
		return a.standby(in.Node)
	case ir.InjectAttrSet, ir.InjectAttrDelete:
		ns, err := a.nodeState(in.Node, false)
		if err != nil {
			return err
		}
		if in.Kind == ir.InjectAttrSet {
			setNodeAttr(ns, in.Attr, in.Value)
		} else {
			deleteNodeAttr(ns, in.Attr)
		}
	case ir.InjectTicketGrant:
		a.setTicket(in.Ticket, "granted", true)
	case ir.InjectTicketRevoke:
		a.setTicket(in.Ticket, "granted", false)
	case ir.InjectTicketStandby:
		a.setTicket(in.Ticket, "standby", true)
	case ir.InjectTicketActivate:
		a.setTicket(in.Ticket, "standby", false)
	case ir.InjectOp:
		return a.injectOp(in)
	case ir.InjectMove:
		return a.move(in)
	case ir.InjectBan:
		return a.ban(in)
	case ir.InjectClear:
		if _, err := a.primitivesOf(in.Resource); err != nil {
			return fmt.Errorf("%s: %v", Describe(in), err)
		}
		node := in.Node
		if node != "" {
			n, err := a.knownNode(node)
			if err != nil {
				return fmt.Errorf("%s: %v", Describe(in), err)
			}
			node = n
		}
		a.clear(in.Resource, node)
	case ir.InjectDisable:
		return a.setMeta(in, "target-role", strPtr(string(ir.RoleStopped)))
	case ir.InjectEnable:
		return a.setMeta(in, "target-role", nil)
	case ir.InjectUnmanage:
		return a.setMeta(in, "is-managed", strPtr("false"))
	case ir.InjectManage:
		return a.setMeta(in, "is-managed", nil)
	case ir.InjectNodeMaintenance:
		return a.setNodeAttr(in.Node, "maintenance", "on")
	case ir.InjectClusterMaintenance:
		a.setClusterProperty("maintenance-mode", "true")
	case ir.InjectCleanup:
		return a.cleanup(in)
	default:
		return fmt.Errorf("unknown injection kind %d", in.Kind)
	}
	return nil
}

// setMembership is pcmk__inject_node_state_change.
func (a *applier) setMembership(ns *ir.NodeState, up bool) {
	if up {
		a.setNodeStateAttr(ns, "in_ccm", "true")
		a.setNodeStateAttr(ns, "crmd", "online")
		a.setNodeStateAttr(ns, "join", "member")
		a.setNodeStateAttr(ns, "expected", "member")
	} else {
		a.setNodeStateAttr(ns, "in_ccm", "false")
		a.setNodeStateAttr(ns, "crmd", "offline")
		a.setNodeStateAttr(ns, "join", "down")
		a.setNodeStateAttr(ns, "expected", "down")
	}
	a.setNodeStateAttr(ns, "crm-debug-origin", "crm_simulate")
}

// eraseHistory removes a node's resource history and transient
// attributes, as crm_simulate does for a node it takes down.
func eraseHistory(ns *ir.NodeState) {
	ns.Resources, ns.LRMID, ns.LRMAttrs, ns.LRMResourcesID = nil, "", nil, ""
	ns.Transient, ns.TransientID = nil, ""
	if ns.Sections != nil {
		ns.Sections = []string{}
	}
}

// standby sets the node's standby attribute to on where crm_standby would
// (its configuration, as with the default lifetime "forever"; a remote or
// guest node gets a <node> entry for it, as crm_attribute adds one), and
// also in its transient attributes when they set standby, since those
// win.
func (a *applier) standby(node string) error {
	if err := a.setNodeAttr(node, "standby", "on"); err != nil {
		return err
	}
	n, _ := a.nodeEntry(node)
	for j, ns := range a.status().Nodes {
		if ns.Uname == n.Uname && hasPair(ns.Transient, "standby") {
			ns = a.ownNodeState(j)
			setExistingPair(ns.Transient, "standby", "on")
		}
	}
	return nil
}

// nodeEntry is the copy's own <node> entry of a node, to set a permanent
// node attribute in. A remote or guest node has none until crm_attribute
// (and crm_standby, which is crm_attribute) sets one: it adds
// <node type="remote" id=NAME uname=NAME> after the other nodes, in
// 2.1.5 as in 3.0.
func (a *applier) nodeEntry(node string) (*ir.Node, error) {
	if i, ok := a.configNodeIndex(node); ok {
		return a.configNode(i), nil
	}
	uuid, known := a.nodeUUID(node)
	if !known {
		return nil, a.unknownNode(node)
	}
	cfg := a.config()
	n := &ir.Node{ID: uuid, Uname: uuid, Type: "remote"}
	a.owned[n] = true
	cfg.Nodes = append(cfg.Nodes, n)
	return n, nil
}

// setTicket is set_ticket_state_attr.
func (a *applier) setTicket(id, attr string, value bool) {
	st := a.status()
	text := strconv.FormatBool(value)
	for i, t := range st.Tickets {
		if t.ID != id {
			continue
		}
		if !a.owned[t] {
			c := *t
			c.Attrs = append([]ir.Attr(nil), t.Attrs...)
			t = &c
			st.Tickets[i] = t
			a.owned[t] = true
		}
		if attr == "granted" {
			t.Granted = value
		} else {
			t.Standby = value
		}
		if t.Attrs != nil {
			setAttr(&t.Attrs, attr, text)
		}
		return
	}
	if len(st.Tickets) == 0 {
		st.TicketsAt = len(st.Nodes)
	}
	t := &ir.TicketState{ID: id, Attrs: []ir.Attr{{Name: "id", Value: id}, {Name: attr, Value: text}}}
	if attr == "granted" {
		t.Granted = value
	} else {
		t.Standby = value
	}
	a.owned[t] = true
	st.Tickets = append(st.Tickets, t)
}

// unknownNode is the error for a node name the CIB does not know.
func (a *applier) unknownNode(name string) error {
	var names []string
	for _, n := range a.cib.Config.Nodes {
		names = append(names, n.Uname)
	}
	sort.Strings(names)
	hint := "the configuration has no nodes"
	if len(names) > 0 {
		hint = "known nodes: " + strings.Join(names, ", ")
	}
	return fmt.Errorf("unknown node %q (%s)", name, hint)
}

func strPtr(s string) *string { return &s }

// sanitizeID is crm_xml_sanitize_id: ':' and '#' are not valid in ids.
func sanitizeID(id string) string {
	return strings.NewReplacer(":", ".", "#", ".").Replace(id)
}

// setAttr sets an attribute in place, or appends it, as xmlSetProp does.
func setAttr(list *[]ir.Attr, name, value string) {
	for i := range *list {
		if (*list)[i].Name == name {
			(*list)[i].Value = value
			return
		}
	}
	*list = append(*list, ir.Attr{Name: name, Value: value})
}

func getAttr(list []ir.Attr, name string) (string, bool) {
	for _, at := range list {
		if at.Name == name {
			return at.Value, true
		}
	}
	return "", false
}
