package planner

import (
	"strings"

	"pcl/ir"
	"pcl/planner/model"
)

// Orphaned remote connections: a remote connection the status records
// (with operations) but the configuration no longer has. Pacemaker makes
// the orphan as it reads the cluster node's history (create_fake_resource)
// and, for a remote agent, a remote node named after it, shutting down;
// the orphan's container, named by the history's container attribute, is
// linked once the node's history is read (handle_orphaned_container_fillers),
// which makes the node a guest node. What runs there stops with the node.
//
// The planner makes the node with the configured ones (so every table has
// room for it), but keeps it out of the allowed tables the configured
// resources get as they are unpacked (FromStatus), and makes the orphan
// connection, and its container when that is an orphan too, before the
// status is read, so that their histories are read as any resource's and
// the node comes up with its connection.

// orphanRemoteNodes makes a node for every orphaned connection the status
// records (have: the node names taken, lower-case).
func (p *plan) orphanRemoteNodes(have map[string]bool) {
	if len(p.remoteAgentHistories()) == 0 {
		return
	}
	configured := p.configuredIDs()
	for _, h := range p.remoteAgentHistories() {
		if configured(h.ID) || have[strings.ToLower(h.ID)] {
			continue
		}
		have[strings.ToLower(h.ID)] = true
		n := p.newRemoteNode(h.ID)
		n.FromStatus = true
		n.Shutdown = true
		p.orphanConns = append(p.orphanConns, h.ID)
		p.statusNodes++
	}
}

// configuredIDs tells whether an id names a configured primitive, a guest
// node's connection or anything a bundle makes (named after the bundle).
func (p *plan) configuredIDs() func(string) bool {
	ids := map[string]bool{}
	var bundles []string
	var walk func(r ir.Resource)
	walk = func(r ir.Resource) {
		switch r := r.(type) {
		case *ir.Primitive:
			ids[r.ID] = true
			if m := guestMeta(r); m["remote-node"] != "" {
				ids[m["remote-node"]] = true
			}
		case *ir.Group:
			for _, m := range r.Members {
				walk(m)
			}
		case *ir.Clone:
			if r.Child != nil {
				walk(r.Child)
			}
		case *ir.Bundle:
			bundles = append(bundles, r.ID+"-")
		}
	}
	for _, r := range p.CIB.Config.Resources {
		walk(r)
	}
	return func(id string) bool {
		if ids[id] {
			return true
		}
		for _, b := range bundles {
			if strings.HasPrefix(id, b) {
				return true
			}
		}
		return false
	}
}

// unpackOrphanConnections makes the orphan connection of every node
// orphanRemoteNodes made, with its container, and links them.
func (p *plan) unpackOrphanConnections() {
	if len(p.orphanConns) == 0 {
		return
	}
	p.statusOrphans = map[string]*model.Resource{}
	entry := func(id string) *ir.ResourceHistory {
		for _, ns := range p.status().Nodes {
			for _, h := range ns.Resources {
				if h.ID == id {
					return h
				}
			}
		}
		return nil
	}
	orphan := func(id string) *model.Resource {
		if r := p.statusOrphans[id]; r != nil {
			return r
		}
		h := entry(id)
		if h == nil || p.byID[id] != nil {
			return nil
		}
		r := p.newOrphan(id)
		r.Agent = ir.Agent{Class: h.Class, Provider: h.Provider, Type: h.Type}
		p.byID[id] = r
		p.statusOrphans[id] = r
		return r
	}
	for _, id := range p.orphanConns {
		i := p.findNode(id)
		conn := orphan(id)
		if i < 0 || conn == nil {
			continue
		}
		n := p.Nodes[i]
		n.Conn = conn
		conn.RemoteNode = n
		if cid := p.containerAttr(id); cid != "" {
			c := p.byID[cid]
			if c == nil {
				c = orphan(cid)
			}
			if c != nil {
				conn.Container = c
				c.Fillers = append(c.Fillers, conn)
			}
		}
		if conn.Container != nil {
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

// containerAttr is the container attribute of the first history entry of
// id that has one.
func (p *plan) containerAttr(id string) string {
	for _, ns := range p.status().Nodes {
		for _, h := range ns.Resources {
			if h.ID == id && h.Container != "" {
				return h.Container
			}
		}
	}
	return ""
}
