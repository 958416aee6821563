package scenario

import (
	"fmt"
	"strings"

	"pcl/ir"
)

// This file applies operator actions: what crm_resource and crm_attribute
// 2.1.5 write into the CIB for --move, --ban, --clear, --meta (target-role,
// is-managed), --cleanup, and a node's or the cluster's maintenance
// attribute (tools/crm_resource_ban.c, crm_resource_runtime.c). The ids
// and attributes are theirs, so that the plan of the what-if is the plan
// of the CIB the command would leave.

// Locator says where a resource is active now, as crm_resource's
// pe__find_active_requires counts it: the nodes it (or any of its
// members or instances) is active on, one entry per active instance;
// known is false for a resource the cluster does not have. A move or ban
// without a node, and the "already there" check of a move, need it.
type Locator func(rsc string) (nodes []string, known bool)

// ownedConstraints marks the copy's own constraint list in applier.owned.
type ownedConstraints struct{}

// constraints returns the copy's own constraint list (the constraints
// themselves are shared: they are replaced, never changed).
func (a *applier) constraints() []ir.Constraint {
	cfg := a.config()
	if !a.owned[ownedConstraints{}] {
		cfg.Constraints = append([]ir.Constraint(nil), cfg.Constraints...)
		a.owned[ownedConstraints{}] = true
	}
	return cfg.Constraints
}

// cliLocation is the short form of a location crm_resource writes.
func cliLocation(id, rsc, node string, score ir.Score) *ir.Location {
	return &ir.Location{ID: sanitizeID(id), Resource: rsc, Role: ir.RoleStarted, Node: node, Score: ir.NewScore(score)}
}

// putConstraint is the CIB's update of <constraints> with one location:
// an existing constraint of the same id is replaced where it is, a new
// one appended.
func (a *applier) putConstraint(c *ir.Location) {
	list := a.constraints()
	for i, old := range list {
		if old.ConstraintID() == c.ID {
			list[i] = c
			return
		}
	}
	a.cib.Config.Constraints = append(list, c)
}

// removeConstraints deletes the constraints drop matches.
func (a *applier) removeConstraints(drop func(ir.Constraint) bool) {
	list := a.constraints()
	kept := list[:0]
	for _, c := range list {
		if !drop(c) {
			kept = append(kept, c)
		}
	}
	a.cib.Config.Constraints = kept
}

// clearOn is cli_resource_clear for one node, without --force: the
// prefer constraint's rule form for the node, the ban from the node (when
// bans are cleared) and the prefer constraint when it names the node.
func (a *applier) clearOn(rsc, node string, bans bool) {
	prefer, ban := sanitizeID("cli-prefer-"+rsc), sanitizeID("cli-ban-"+rsc+"-on-"+node)
	a.removeConstraints(func(c ir.Constraint) bool {
		l, ok := c.(*ir.Location)
		if !ok {
			return false
		}
		switch {
		case bans && l.ID == ban:
			return true
		case l.ID != prefer:
			return false
		case l.Node != "":
			return l.Node == node
		}
		return preferRuleNames(l, rsc, node)
	})
}

// preferRuleNames reports whether a prefer constraint in rule form (a
// move with a lifetime) names node, as resource_clear_node_in_expr's
// XPath matches it.
func preferRuleNames(l *ir.Location, rsc, node string) bool {
	for _, r := range l.Rules {
		if r.ID != "cli-prefer-rule-"+rsc {
			continue
		}
		for _, t := range r.Terms {
			if x, ok := t.(*ir.Expression); ok && x.Attribute == "#uname" && x.Value != nil && *x.Value == node {
				return true
			}
		}
	}
	return false
}

// clear is crm_resource --clear: on the node given, else on every node.
func (a *applier) clear(rsc, node string) {
	if node != "" {
		a.clearOn(rsc, node, true)
		return
	}
	for _, n := range a.nodeNames() {
		a.clearOn(rsc, n, true)
	}
}

// nodeNames are the cluster's node names as crm_resource lists them: the
// configured nodes, then those only the status knows.
func (a *applier) nodeNames() []string {
	var out []string
	seen := map[string]bool{}
	for _, n := range a.cib.Config.Nodes {
		if !seen[n.Uname] {
			seen[n.Uname] = true
			out = append(out, n.Uname)
		}
	}
	if st := a.cib.Status; st != nil {
		for _, ns := range st.Nodes {
			if ns.Uname != "" && !seen[ns.Uname] {
				seen[ns.Uname] = true
				out = append(out, ns.Uname)
			}
		}
	}
	return out
}

// knownNode is pe_find_node: a node of the configuration or the status,
// by name (ignoring case), returned as the cluster spells it.
func (a *applier) knownNode(name string) (string, error) {
	for _, n := range a.nodeNames() {
		if strings.EqualFold(n, name) {
			return n, nil
		}
	}
	if uuid, ok := a.nodeUUID(name); ok {
		return uuid, nil
	}
	return "", a.unknownNode(name)
}

// where is the one node rsc is active on, for a move or ban that names
// none (ban_or_move): an error when it is active on none or on several.
func (a *applier) where(in ir.Injection) (string, error) {
	if a.locate == nil {
		return "", fmt.Errorf("%s: where %s runs is not known here; name a node", Describe(in), in.Resource)
	}
	nodes, _ := a.locate(in.Resource)
	if len(nodes) != 1 {
		return "", fmt.Errorf("%s: %s is active on %d nodes, so crm_resource would not know which to ban it from; name a node", Describe(in), in.Resource, len(nodes))
	}
	return nodes[0], nil
}

// move is crm_resource --move (without --force), with its --lifetime and
// --promoted (cliConstraint).
func (a *applier) move(in ir.Injection) error {
	if _, err := a.primitivesOf(in.Resource); err != nil {
		return fmt.Errorf("%s: %v", Describe(in), err)
	}
	if in.Node == "" {
		// Without a node: a ban from where it runs.
		from, err := a.where(in)
		if err != nil {
			return err
		}
		c, err := a.cliConstraint(in, false, in.Resource, from, -ir.Infinity)
		if err != nil {
			return err
		}
		a.putConstraint(c)
		return nil
	}
	dest, err := a.knownNode(in.Node)
	if err != nil {
		return fmt.Errorf("%s: %v", Describe(in), err)
	}
	if a.locate != nil {
		if nodes, _ := a.locate(in.Resource); len(nodes) == 1 && strings.EqualFold(nodes[0], dest) {
			return fmt.Errorf("%s: %s is already active on %s, and crm_resource refuses to move it there (it would need --force)", Describe(in), in.Resource, dest)
		}
	}
	for _, n := range a.nodeNames() {
		a.clearOn(in.Resource, n, false)
	}
	c, err := a.cliConstraint(in, true, in.Resource, dest, ir.Infinity)
	if err != nil {
		return err
	}
	a.clearOn(in.Resource, dest, true)
	a.putConstraint(c)
	return nil
}

// ban is crm_resource --ban, with its --lifetime and --promoted.
func (a *applier) ban(in ir.Injection) error {
	if _, err := a.primitivesOf(in.Resource); err != nil {
		return fmt.Errorf("%s: %v", Describe(in), err)
	}
	node := in.Node
	if node == "" {
		from, err := a.where(in)
		if err != nil {
			return err
		}
		node = from
	} else {
		n, err := a.knownNode(node)
		if err != nil {
			return fmt.Errorf("%s: %v", Describe(in), err)
		}
		node = n
	}
	c, err := a.cliConstraint(in, false, in.Resource, node, -ir.Infinity)
	if err != nil {
		return err
	}
	a.putConstraint(c)
	return nil
}

// setClusterProperty is crm_attribute -n NAME -v VALUE: the property's
// existing pair is updated, else one is added to cib-bootstrap-options.
func (a *applier) setClusterProperty(name, value string) {
	cfg := a.config()
	if !a.owned[&cfg.Properties] {
		cfg.Properties = cloneSets(cfg.Properties)
		a.owned[&cfg.Properties] = true
	}
	for _, s := range cfg.Properties {
		for _, p := range s.Pairs {
			if p.Name == name {
				p.Value = strPtr(value)
				return
			}
		}
	}
	const bootstrap = "cib-bootstrap-options"
	for _, s := range cfg.Properties {
		if s.ID == bootstrap {
			s.Pairs = append(s.Pairs, &ir.NVPair{ID: bootstrap + "-" + name, Name: name, Value: strPtr(value)})
			return
		}
	}
	cfg.Properties = append(cfg.Properties, &ir.NVSet{Kind: ir.ClusterProperties, ID: bootstrap,
		Pairs: []*ir.NVPair{{ID: bootstrap + "-" + name, Name: name, Value: strPtr(value)}}})
}

// setNodeAttr is crm_attribute -N NODE -n NAME -v VALUE (lifetime
// forever): the node's existing pair is updated, else one is added to its
// set nodes-ID; a remote or guest node first gets its <node> entry
// (nodeEntry).
func (a *applier) setNodeAttr(node, name, value string) error {
	n, err := a.nodeEntry(node)
	if err != nil {
		return err
	}
	if setExistingPair(n.Sets, name, value) {
		return nil
	}
	id := "nodes-" + n.ID
	var set *ir.NVSet
	for _, s := range n.Sets {
		if s.Kind == ir.InstanceAttributes && s.ID == id {
			set = s
			break
		}
	}
	if set == nil {
		set = &ir.NVSet{Kind: ir.InstanceAttributes, ID: id}
		n.Sets = append(n.Sets, set)
	}
	set.Pairs = append(set.Pairs, &ir.NVPair{ID: sanitizeID(id + "-" + name), Name: name, Value: strPtr(value)})
	return nil
}
