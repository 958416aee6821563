package scenario

import (
	"strings"

	"pcl/ir"
)

// status returns the copy's own status section, creating it when the
// input had none.
func (a *applier) status() *ir.Status {
	st := a.cib.Status
	if st != nil && a.owned[st] {
		return st
	}
	c := &ir.Status{}
	if st != nil {
		*c = *st
		c.Nodes = append([]*ir.NodeState(nil), st.Nodes...)
		c.Tickets = append([]*ir.TicketState(nil), st.Tickets...)
	}
	a.cib.Status = c
	a.owned[c] = true
	return c
}

// nodeState is pcmk__inject_node: the node's <node_state>, created when
// missing. A node the configuration does not know is an error, except for
// a node brought up, which is added to the configuration as crm_simulate
// -u does.
func (a *applier) nodeState(uname string, up bool) (*ir.NodeState, error) {
	st := a.status()
	for i, ns := range st.Nodes {
		if ns.Uname == uname {
			return a.ownNodeState(i), nil
		}
	}
	uuid, ok := a.nodeUUID(uname)
	if !ok {
		if !up {
			return nil, a.unknownNode(uname)
		}
		cfg := a.config()
		cfg.Nodes = append(cfg.Nodes, &ir.Node{ID: uname, Uname: uname})
		uuid = uname
	}
	ns := &ir.NodeState{ID: uuid, Uname: uname, Sections: []string{},
		Attrs: []ir.Attr{{Name: "id", Value: uuid}, {Name: "uname", Value: uname}}}
	a.owned[ns] = true
	st.Nodes = append(st.Nodes, ns)
	return ns, nil
}

// ownNodeState makes status node i the copy's own: its attributes and
// list of histories (each history is copied when it changes, see
// ownHistory).
func (a *applier) ownNodeState(i int) *ir.NodeState {
	st := a.status()
	ns := st.Nodes[i]
	if a.owned[ns] {
		return ns
	}
	c := *ns
	c.Attrs = cloneAttrs(ns.Attrs)
	c.LRMAttrs = cloneAttrs(ns.LRMAttrs)
	if ns.Sections != nil {
		c.Sections = append([]string{}, ns.Sections...)
	}
	c.Transient = cloneSets(ns.Transient)
	// The histories stay shared until one changes (ownHistory).
	if ns.Resources != nil {
		c.Resources = append([]*ir.ResourceHistory{}, ns.Resources...)
	}
	st.Nodes[i] = &c
	a.owned[&c] = true
	return &c
}

// config returns the copy's own configuration (its node list copied; the
// rest shared).
func (a *applier) config() *ir.Config {
	cfg := a.cib.Config
	if a.owned[cfg] {
		return cfg
	}
	c := *cfg
	c.Nodes = append([]*ir.Node(nil), cfg.Nodes...)
	a.cib.Config = &c
	a.owned[&c] = true
	return &c
}

// configNodeIndex finds a configured node by name, ignoring case as
// Pacemaker's node lookups do.
func (a *applier) configNodeIndex(uname string) (int, bool) {
	for i, n := range a.cib.Config.Nodes {
		if strings.EqualFold(n.Uname, uname) {
			return i, true
		}
	}
	return 0, false
}

// configNode makes configured node i the copy's own (its sets copied).
func (a *applier) configNode(i int) *ir.Node {
	cfg := a.config()
	n := cfg.Nodes[i]
	if a.owned[n] {
		return n
	}
	c := *n
	c.Sets = cloneSets(n.Sets)
	cfg.Nodes[i] = &c
	a.owned[&c] = true
	return &c
}

// nodeUUID is query_node_uuid: the id of a configured node (the name of a
// remote one), of a remote connection resource, or of a guest node.
func (a *applier) nodeUUID(uname string) (string, bool) {
	if i, ok := a.configNodeIndex(uname); ok {
		n := a.cib.Config.Nodes[i]
		if strings.EqualFold(n.Type, "remote") {
			return n.Uname, true
		}
		return n.ID, true
	}
	for _, r := range a.cib.Config.Resources {
		p, ok := r.(*ir.Primitive)
		if !ok {
			continue
		}
		if p.Agent.Class == "ocf" && p.Agent.Provider == "pacemaker" && p.Agent.Type == "remote" && strings.EqualFold(p.ID, uname) {
			return p.ID, true
		}
	}
	for _, r := range a.cib.Config.Resources {
		p, ok := r.(*ir.Primitive)
		if !ok {
			continue
		}
		for _, s := range p.Sets {
			if s.Kind != ir.MetaAttributes {
				continue
			}
			for _, pr := range s.Pairs {
				if pr.Name == "remote-node" && pr.Value != nil && strings.EqualFold(*pr.Value, uname) {
					return *pr.Value, true
				}
			}
		}
	}
	return "", false
}

// setNodeStateAttr sets a <node_state> attribute, keeping the typed field
// and the verbatim attributes in step.
func (a *applier) setNodeStateAttr(ns *ir.NodeState, name, value string) {
	switch name {
	case "in_ccm":
		ns.InCCM = value
	case "crmd":
		ns.Crmd = value
	case "join":
		ns.Join = value
	case "expected":
		ns.Expected = value
	}
	if ns.Attrs != nil {
		setAttr(&ns.Attrs, name, value)
	}
}

// setTransient is inject_transient_attr, except that a pair of the same id
// is updated rather than duplicated (which is what the CIB's merge does):
// value computes the new value from the old one.
func (a *applier) setTransient(ns *ir.NodeState, name string, value func(old string, had bool) string) {
	if !transientPresent(ns) {
		addSection(ns, "transient_attributes")
		ns.TransientID = ns.ID
	}
	var set *ir.NVSet
	for _, s := range ns.Transient {
		if s.Kind == ir.InstanceAttributes {
			set = s
			break
		}
	}
	if set == nil {
		set = &ir.NVSet{Kind: ir.InstanceAttributes, ID: ns.ID}
		ns.Transient = append(ns.Transient, set)
	}
	parent := set.ID
	if parent == "" {
		parent = "nvpair"
	}
	id := sanitizeID(parent + "-" + name)
	for _, p := range set.Pairs {
		if p.ID == id {
			old := ""
			if p.Value != nil {
				old = *p.Value
			}
			p.Value = strPtr(value(old, p.Value != nil))
			return
		}
	}
	set.Pairs = append(set.Pairs, &ir.NVPair{ID: id, Name: name, Value: strPtr(value("", false))})
}

// transientPresent reports whether the node state has a
// <transient_attributes> element.
func transientPresent(ns *ir.NodeState) bool {
	if ns.Sections != nil {
		for _, s := range ns.Sections {
			if s == "transient_attributes" {
				return true
			}
		}
		return false
	}
	return ns.TransientID != "" || len(ns.Transient) > 0
}

// addSection records a new child of a node state, after the existing
// ones (crm_simulate appends it). Call it before setting the child's
// fields: a node state built without a recorded order gets one here, from
// the children it has so far.
func addSection(ns *ir.NodeState, name string) {
	if ns.Sections == nil {
		sections := []string{}
		if transientPresent(ns) {
			sections = append(sections, "transient_attributes")
		}
		if lrmPresent(ns) {
			sections = append(sections, "lrm")
		}
		ns.Sections = sections
	}
	for _, s := range ns.Sections {
		if s == name {
			return
		}
	}
	ns.Sections = append(ns.Sections, name)
}

// setExistingPair sets the first instance attribute named name in sets
// (which must be owned) and reports whether there was one.
func setExistingPair(sets []*ir.NVSet, name, value string) bool {
	for _, s := range sets {
		if s.Kind != ir.InstanceAttributes {
			continue
		}
		for _, p := range s.Pairs {
			if p.Name == name {
				p.Value = strPtr(value)
				return true
			}
		}
	}
	return false
}

func hasPair(sets []*ir.NVSet, name string) bool {
	for _, s := range sets {
		for _, p := range s.Pairs {
			if s.Kind == ir.InstanceAttributes && p.Name == name {
				return true
			}
		}
	}
	return false
}

func cloneAttrs(list []ir.Attr) []ir.Attr {
	if list == nil {
		return nil
	}
	return append([]ir.Attr{}, list...)
}

// cloneSets copies sets and their pairs (rules, never changed, are shared).
func cloneSets(sets []*ir.NVSet) []*ir.NVSet {
	if sets == nil {
		return nil
	}
	out := make([]*ir.NVSet, len(sets))
	for i, s := range sets {
		c := *s
		c.Pairs = make([]*ir.NVPair, len(s.Pairs))
		for j, p := range s.Pairs {
			pc := *p
			c.Pairs[j] = &pc
		}
		out[i] = &c
	}
	return out
}
