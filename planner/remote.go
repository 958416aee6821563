package planner

import (
	"fmt"
	"strings"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
)

// Pacemaker Remote nodes and guest nodes.
//
// A remote node is defined by an ocf:pacemaker:remote primitive: the node
// is named after the resource and is online while the connection runs. A
// guest node is defined by the remote-node meta-attribute of a primitive
// (its VM or container): Pacemaker adds an implicit ocf:pacemaker:remote
// connection, named after the node and contained in that primitive, to
// the configuration. Both kinds are model.Node values whose Conn is the
// connection resource; a guest's connection has Container set. Bundles
// create guest nodes the same way through their implicit connections.

// isRemoteAgent reports an ocf:pacemaker:remote agent, as
// xml_contains_remote_node tests the resource's own attributes.
func isRemoteAgent(a ir.Agent) bool {
	return strings.EqualFold(a.Class, "ocf") && strings.EqualFold(a.Provider, "pacemaker") && strings.EqualFold(a.Type, "remote")
}

// guestMeta reads the guest-node meta-attributes of a primitive, as
// expand_remote_rsc_meta does: every pair of every meta_attributes set,
// rules not evaluated, the last one of a name winning.
func guestMeta(prim *ir.Primitive) map[string]string {
	out := map[string]string{}
	for _, set := range prim.Sets {
		if set.Kind != ir.MetaAttributes {
			continue
		}
		for _, pair := range set.Pairs {
			if pair.Value == nil {
				continue
			}
			switch name := strings.ToLower(pair.Name); name {
			case "remote-node", "remote-addr", "remote-port", "remote-connect-timeout", "remote-allow-migrate", "is-managed":
				out[name] = *pair.Value
			}
		}
	}
	return out
}

// guestConnection is the connection primitive Pacemaker adds for a guest
// node (pe_create_remote_xml): internal, contained in the guest's
// resource, with a 30s monitor and a start timed out by
// remote-connect-timeout.
func guestConnection(container string, m map[string]string) *ir.Primitive {
	name := m["remote-node"]
	str := func(s string) *string { return &s }
	meta := &ir.NVSet{Kind: ir.MetaAttributes, ID: name + "-meta_attributes"}
	add := func(set *ir.NVSet, n, v string) {
		set.Pairs = append(set.Pairs, &ir.NVPair{ID: set.ID + "-" + n, Name: n, Value: str(v)})
	}
	add(meta, "internal", "true")
	add(meta, "container", container)
	if v, ok := m["remote-allow-migrate"]; ok {
		add(meta, "allow-migrate", v)
	}
	if v, ok := m["is-managed"]; ok {
		add(meta, "is-managed", v)
	}
	prim := &ir.Primitive{ID: name, Agent: ir.Agent{Class: "ocf", Provider: "pacemaker", Type: "remote"}, Sets: []*ir.NVSet{meta}}
	addr, hasAddr := m["remote-addr"]
	port, hasPort := m["remote-port"]
	if hasAddr || hasPort {
		inst := &ir.NVSet{Kind: ir.InstanceAttributes, ID: name + "-instance_attributes"}
		if hasAddr {
			add(inst, "addr", addr)
		}
		if hasPort {
			add(inst, "port", port)
		}
		prim.Sets = append(prim.Sets, inst)
	}
	prim.ChildAt = len(prim.Sets)
	timeout := "60s"
	if v, ok := m["remote-connect-timeout"]; ok {
		timeout = v
	}
	dur := func(s string) ir.Duration {
		d, _ := ir.ParseDuration(s)
		return d
	}
	monTimeout, startTimeout := dur("30s"), dur(timeout)
	prim.Operations = &ir.Operations{Ops: []*ir.Op{
		{ID: name + "-monitor-interval-30s", Name: "monitor", Interval: dur("30s"), Timeout: &monTimeout},
		{ID: name + "-start-interval-0", Name: "start", Interval: dur("0"), Timeout: &startTimeout},
	}}
	return prim
}

// unpackRemoteNodes creates the remote and guest nodes the resources
// define (unpack_remote_nodes), before the resources are unpacked, and
// keeps the guest nodes' implicit connections for unpackResources.
func (p *plan) unpackRemoteNodes() {
	have := map[string]bool{}
	for _, n := range p.Nodes {
		have[strings.ToLower(n.Uname)] = true
	}
	create := func(name string) {
		if name == "" || have[strings.ToLower(name)] {
			return
		}
		have[strings.ToLower(name)] = true
		p.newRemoteNode(name)
	}
	guest := func(prim *ir.Primitive) {
		m := guestMeta(prim)
		if m["remote-node"] == "" {
			return
		}
		p.guestConns = append(p.guestConns, guestConnection(prim.ID, m))
		create(m["remote-node"])
	}
	for _, r := range p.CIB.Config.Resources {
		switch r := r.(type) {
		case *ir.Primitive:
			if isRemoteAgent(r.Agent) {
				create(r.ID)
				continue
			}
			guest(r)
		case *ir.Group:
			for _, m := range r.Members {
				guest(m)
			}
		}
	}
	p.orphanRemoteNodes(have)
}

// newRemoteNode adds a remote node named name (pe_create_node for a
// remote node).
// Like pe_create_node, it gives the node its #kind alone: its name, id
// and the other built-in attributes come with its <node> entry or, for a
// node without one, once its status is read (remoteAttrs). Until then a
// rule or a colocation reads them as unset.
func (p *plan) newRemoteNode(name string) *model.Node {
	node := &model.Node{ID: name, Uname: name, Type: "remote", Kind: model.NodeRemote, Attrs: map[string]string{}, Capacity: map[string]int{}}
	node.Attrs["#kind"] = "remote"
	p.Nodes = append(p.Nodes, node)
	return node
}

// linkRemoteNodes ties each remote or guest node to its connection
// resource, once the resources are unpacked (link_rsc2remotenode): a
// remote node is unclean until its status is seen, as a cluster node is;
// a guest node's #kind becomes "container".
func (p *plan) linkRemoteNodes() {
	for _, r := range p.Resources {
		if r.Kind != model.KindPrimitive || r.Orphan || !isRemoteAgent(r.Agent) {
			continue
		}
		i := p.findNode(r.ID)
		if i < 0 || !p.Nodes[i].Remote() || p.Nodes[i].Conn != nil {
			continue
		}
		n := p.Nodes[i]
		n.Conn = r
		r.RemoteNode = n
		if r.Container != nil {
			n.Kind = model.NodeGuest
			n.Attrs["#kind"] = "container"
			continue
		}
		n.Kind = model.NodeRemote
		if p.StonithEnabled && isTrueDefault(p.props["startup-fencing"], true) {
			n.Unclean = true
		}
		n.Unseen = true
	}
}

// hasRemoteNodes is pe_flag_have_remote_nodes: some node is a remote or
// guest node.
func (p *plan) hasRemoteNodes() bool {
	for _, n := range p.Nodes {
		if n.Remote() {
			return true
		}
	}
	return false
}

// remoteStatusReady reports whether a remote or guest node's history can
// be read yet (unpack_node_history): once its connection (and a guest's
// container) is known to be started, or, with shutdown locks, a remote
// node's whenever it has a connection.
func (p *plan) remoteStatusReady(n *model.Node) bool {
	c := n.Conn
	if c == nil {
		return false
	}
	if n.Guest() {
		return c.Role == pcmk.RoleStarted && c.Container != nil && c.Container.Role == pcmk.RoleStarted
	}
	return p.ShutdownLock || c.Role == pcmk.RoleStarted
}

// remoteOnlineStatus is determine_remote_online_status: a remote or guest
// node is online while its connection is started, and not when the
// connection or a guest's container failed or stopped, or a guest's host
// is unclean.
func (p *plan) remoteOnlineStatus(n *model.Node) {
	c := n.Conn
	if c == nil {
		n.Online = false
		return
	}
	ctr := c.Container
	host := -1
	if ctr != nil && len(c.RunningOn) == 1 {
		host = c.RunningOn[0]
	}
	if c.Role == pcmk.RoleStarted {
		n.Online = true
		if c.NextRole == pcmk.RoleStopped {
			n.Shutdown = true
		}
	}
	switch {
	case ctr != nil && ctr.Failed:
		n.Online = false
		n.RequiresReset = true
	case c.Failed:
		n.Online = false
	case c.Role == pcmk.RoleStopped || (ctr != nil && ctr.Role == pcmk.RoleStopped):
		n.Online = false
		n.RequiresReset = false
	case host >= 0 && !p.Nodes[host].Online && p.Nodes[host].Unclean:
		n.Online = false
		n.RequiresReset = true
	}
}

// remoteAttrs reads a remote or guest node's node_state
// (unpack_handle_remote_attrs): its maintenance flag, transient
// attributes, shutdown, standby, maintenance (also when its connection is
// unmanaged) and resource discovery.
func (p *plan) remoteAttrs(n *model.Node, ns *ir.NodeState) {
	if v, err := parseMinInt(ns.NodeInMaintenance); err == nil && v != 0 {
		n.RemoteMaintenance = true
	}
	if !n.RequiresReset {
		n.Unclean = false
		n.Unseen = false
	}
	p.addNodeAttrs(n, ns.Transient, true)
	if shutdownRequested(n) {
		n.Shutdown = true
	}
	if isTrueDefault(n.Attrs["standby"], false) {
		n.Standby = true
	}
	if isTrueDefault(n.Attrs["maintenance"], false) || (n.Conn != nil && !n.Conn.Managed) {
		n.Maintenance = true
	}
	if v, ok := n.Attrs["resource-discovery-enabled"]; ok && !isTrueDefault(v, false) {
		if n.Guest() || p.StonithEnabled {
			n.NoDiscovery = true
		}
	}
}

// parseMinInt reads a leading integer as pcmk__scan_min_int does, "" as 0.
func parseMinInt(s string) (int, error) {
	if strings.TrimSpace(s) == "" {
		return 0, nil
	}
	return utilizationValue(s), nil
}

// finishRemoteStatus is the end of unpack_status for remote and guest
// nodes: a shutting-down node's connection is to stop, and the nodes whose
// history was not read get their online state from their connection.
func (p *plan) finishRemoteStatus() {
	for _, n := range p.Nodes {
		if !n.Remote() {
			continue
		}
		if n.Shutdown && n.Conn != nil {
			n.Conn.NextRole = pcmk.RoleStopped
		}
		if !n.Unpacked {
			p.remoteOnlineStatus(n)
		}
	}
}

// remoteConnectionAssigned is remote_connection_assigned: once its
// connection is assigned, a remote node will be online (and need no
// startup fencing), or, when the connection is to stop, shut down.
func (p *plan) remoteConnectionAssigned(r *model.Resource) {
	n := r.RemoteNode
	if n == nil {
		return
	}
	if r.AssignedTo >= 0 && r.NextRole != pcmk.RoleStopped {
		n.Online = true
		if n.Unseen {
			n.Unclean = false
		}
	} else {
		n.Shutdown = true
	}
}

// avoidRemoteNodes bans a resource from every remote and guest node it
// may run on (rsc_avoids_remote_nodes).
func (p *plan) avoidRemoteNodes(r *model.Resource) {
	for i, n := range p.Nodes {
		if n.Conn != nil && r.Allowed.In[i] {
			r.Allowed.Set(i, -ir.Infinity, &remoteBan)
		}
	}
}

var remoteBan = model.Cause{Kind: model.CauseRemote, Text: "remote connections, fence devices and guest containers do not run on remote or guest nodes"}

// setupContainers links every primitive to the resource its container
// meta-attribute names (setup_container).
func (p *plan) setupContainers() {
	for _, r := range p.Resources {
		if r.Kind != model.KindPrimitive || r.Orphan || r.Container != nil {
			continue
		}
		if id := r.Meta["container"]; id != "" && !strings.EqualFold(id, r.ID) {
			if c := p.byID[id]; c != nil {
				r.Container = c
				c.Fillers = append(c.Fillers, r)
			}
		}
	}
}

// guestConnOf is the connection of the guest node whose container is c
// (pe__resource_contains_guest_node), nil for none.
func guestConnOf(c *model.Resource) *model.Resource {
	for _, f := range c.Fillers {
		if f.RemoteNode != nil {
			return f
		}
	}
	return nil
}

// remoteInternalConstraints adds what remote and guest nodes imply for
// placement (pcmk__primitive_internal_constraints): a guest's container
// and every remote connection and fence device avoid remote nodes; a
// resource whose container is a remote connection or a guest's container
// runs on that node only; any other contained resource, and a guest's
// connection, is colocated with its container.
func (p *plan) remoteInternalConstraints() {
	for _, r := range p.Resources {
		if r.Kind != model.KindPrimitive || r.Orphan || !r.Managed {
			continue
		}
		if c := r.Container; c != nil {
			var conn *model.Resource
			score := ir.Infinity
			switch {
			case r.RemoteNode != nil && r.AllowRemoteRemotes:
				// A bundle replica's connection: highly preferred with
				// its container but not bound to it.
				score = 10000
			case r.RemoteNode != nil:
				p.avoidRemoteNodes(c)
			case c.RemoteNode != nil:
				conn = c
			default:
				conn = guestConnOf(c)
			}
			if conn != nil {
				for i, n := range p.Nodes {
					if r.Allowed.In[i] && n.Conn != conn {
						r.Allowed.Set(i, -ir.Infinity, &containedBan)
					}
				}
			} else {
				p.newColocation("resource-with-container", "", score, r, c, "", "", true)
			}
		}
		if r.RemoteNode != nil || r.IsFenceDevice {
			p.avoidRemoteNodes(r)
		}
	}
}

var containedBan = model.Cause{Kind: model.CauseRemote, Text: "its container is a remote connection or a guest node's resource: it runs on that node only"}

// isRemoteConn is pe__resource_is_remote_conn: the connection of a
// Pacemaker Remote node (not a guest's).
func (p *plan) isRemoteConn(r *model.Resource) bool {
	return r.RemoteNode != nil && !r.RemoteNode.Guest()
}

// fenceNode is pe_fence_node: a guest node is fenced by recovering its
// container; a remote node is marked unclean, the first reason kept; a
// cluster node as fence does.
func (p *plan) fenceNode(n *model.Node, reason string) {
	switch {
	case n.Guest():
		c := n.Conn.Container
		if !c.Failed && c.Managed {
			// Not unclean: the guest may run resources again in this
			// transition once its container is recovered.
			n.RequiresReset = true
			c.Failed = true
			c.StopFailed = true
		}
	case n.Remote():
		if n.Conn == nil || n.Conn.Managed {
			n.RequiresReset = true
		}
		n.Unclean = true
		if n.FenceReason == "" && reason != "" {
			// Pacemaker creates the node's fencing now (pe_fence_op),
			// which orders the summary's lines among the other nodes'.
			n.FenceReason = reason
			p.FenceOrder = append(p.FenceOrder, n.Index)
		}
	default:
		p.fence(n)
	}
}

// unpackStop is a stop of r on n that reading the status schedules
// (process_rsc_state's stop_action): when n is offline the stop cannot
// run, and a stop that cannot run means fencing the node, even with
// fencing disabled (update_resource_action_runnable: "stop is
// unrunnable"). Offline cluster nodes only get here already unclean (their
// histories are read only with fencing enabled, which makes them so): the
// nodes this fences are remote nodes whose connection failed.
func (p *plan) unpackStop(r *model.Resource, n *model.Node) {
	if n.Online || (n.Guest() && !n.RequiresReset) || !r.Managed || n.Unclean {
		return
	}
	p.fenceNode(n, "stop is unrunnable")
}

// activeOnDownNode is what process_rsc_state does with a managed resource
// active on a node that is down: a guest node is fenced (its container
// recovered) whether or not fencing is enabled, and the resource is
// failed; any other node is fenced when fencing is enabled, a remote
// node's only if its connection cannot come back elsewhere (unseen).
func (p *plan) activeOnDownNode(r *model.Resource, n *model.Node) {
	reason := ""
	switch {
	case n.Guest():
		r.Failed = true
		r.StopFailed = true
	case !p.StonithEnabled:
		return
	case n.Kind == model.NodeRemote && n.Conn != nil && !n.Conn.Failed:
		n.Unseen = true
		reason = r.ID + " is active there (fencing will be revoked if remote connection can be re-established elsewhere)"
	}
	if reason == "" {
		reason = r.ID + " is thought to be active there"
	}
	p.fenceNode(n, reason)
}

// resetRemote is on-fail=reset-remote, a remote connection's default
// response to losing an active connection: the connection is recovered,
// the node fenced (unless the status says it already was), and with a
// reconnect_interval the connection stays stopped until its failure
// expires.
func (p *plan) resetRemote(r *model.Resource) {
	r.Failed = true
	r.StopFailed = true
	if p.StonithEnabled && r.RemoteNode != nil && r.RemoteNode.Kind == model.NodeRemote && !r.RemoteNode.WasFenced {
		p.fenceNode(r.RemoteNode, "remote connection is unrecoverable")
	}
	if r.ReconnectMs > 0 {
		r.NextRole = pcmk.RoleStopped
	}
}

// waitForRemoteFencing is should_ignore_failure_timeout: a recurring
// monitor failure of a connection with a reconnect interval does not
// expire, with fencing enabled, until the remote node was fenced (the
// executor reports only changes of a monitor's result).
func (p *plan) waitForRemoteFencing(r *model.Resource, op *ir.OpRecord) bool {
	if r.ReconnectMs == 0 || !p.StonithEnabled || op.IntervalMs == 0 || op.Operation != pcmk.TaskMonitor {
		return false
	}
	i := p.findNode(r.ID)
	return i >= 0 && !p.Nodes[i].WasFenced
}

// remoteUnknowns names the remote and guest nodes the planner does not
// create, which make no placement or action of the plan exact: Pacemaker
// gives every resource a score on every node, and runs the actions of
// what is active there. A connection the status records but the
// configuration no longer has (an orphaned connection) makes Pacemaker
// create its node, shut down, with what is active there; the planner does
// too (orphan_remote.go), except where the connection's name is already a
// node's, which is reported here. (A bundle's replicas are guest nodes the
// planner creates: bundleUnknowns says what of bundles is not exact.)
func (p *plan) remoteUnknowns() []Unknown {
	var out []Unknown
	orphans := p.orphanConnections()
	if len(orphans) > 0 {
		out = append(out, Unknown{Construct: "remote node", Detail: "the connections " + strings.Join(orphans, ", ") +
			" are in the status but no longer configured: Pacemaker keeps their remote or guest nodes, shutting down, with what is active there, which the planner does not model yet, so no placement or action in this plan is exact."})
	}
	return out
}

// nodeReach is Result.NodeReach of n among nodes.
func nodeReach(nodes []*model.Node, n *model.Node) string {
	c := n.Conn
	if c == nil {
		return ""
	}
	where := func(x *model.Resource) string {
		if x.AssignedTo >= 0 && x.AssignedTo < len(nodes) {
			return "placed on " + nodes[x.AssignedTo].Uname
		}
		return "not placed, so the node is down"
	}
	if n.Guest() {
		return fmt.Sprintf("%s is a guest node: what runs there runs inside %s (%s), through the connection %s (%s)",
			n.Uname, c.Container.ID, where(c.Container), c.ID, where(c))
	}
	return fmt.Sprintf("%s is a Pacemaker Remote node: what runs there runs through its connection %s (%s)", n.Uname, c.ID, where(c))
}
