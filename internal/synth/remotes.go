package synth

import (
	"fmt"

	"pcl/ir"
)

// addRemoteNodes adds p.RemoteNodes remote nodes to the cluster
// (Params.RemoteNodes): an ocf:pacemaker:remote connection remoteNNN per
// node, running on the cluster nodes in turn, each remote node up with a
// node_state of its own, and a share of the running primitives (what the
// remote nodes would hold in proportion to their number) moved to a
// random remote node, a tenth of the top-level resources preferring one.
// It draws after everything else, so a cluster without remote nodes is
// what it always was.
func (g *generator) addRemoteNodes(cib *ir.CIB) {
	n := g.p.RemoteNodes
	var remotes []string
	var conns []ir.Resource
	states := map[string]*ir.NodeState{}
	for _, ns := range cib.Status.Nodes {
		states[ns.Uname] = ns
	}
	call := 1000000
	for i := 1; i <= n; i++ {
		name := fmt.Sprintf("remote%03d", i)
		remotes = append(remotes, name)
		conns = append(conns, &ir.Primitive{
			ID:    name,
			Agent: ir.Agent{Class: "ocf", Provider: "pacemaker", Type: "remote"},
			Operations: &ir.Operations{Ops: []*ir.Op{{
				ID:       ir.OpID(name, "monitor", "30s"),
				Name:     "monitor",
				Interval: ir.Duration{Ms: 30000, Text: "30s"},
				Timeout:  &ir.Duration{Ms: 30000, Text: "30s"},
			}}},
		})
		host := g.nodes[(i-1)%len(g.nodes)]
		h := running(name, call, host)
		h.Type, h.Attrs[3].Value = "remote", "remote"
		h.Ops[1].IntervalMs, h.Ops[1].OperationKey, h.Ops[1].ID = 30000, name+"_monitor_30000", name+"_monitor_30000"
		for k, a := range h.Ops[1].Attrs {
			switch a.Name {
			case "id", "operation_key":
				h.Ops[1].Attrs[k].Value = name + "_monitor_30000"
			case "interval":
				h.Ops[1].Attrs[k].Value = "30000"
			}
		}
		// The digests of a connection without parameters, so that it
		// does not restart for a changed definition.
		setDigest(h.Ops[0], emptyDigest)
		setDigest(h.Ops[1], guestMonitorDigest)
		call += 2
		states[host].Resources = append(states[host].Resources, h)
	}
	cib.Config.Resources = append(conns, cib.Config.Resources...)
	remoteStates := make([]*ir.NodeState, n)
	for i, name := range remotes {
		remoteStates[i] = &ir.NodeState{ID: name, Uname: name, RemoteNode: true, LRMID: name,
			Attrs: []ir.Attr{{Name: "id", Value: name}, {Name: "uname", Value: name}, {Name: "remote_node", Value: "true"}}}
		cib.Status.Nodes = append(cib.Status.Nodes, remoteStates[i])
	}
	share := float64(n) / float64(n+len(g.nodes))
	for _, ns := range cib.Status.Nodes[:len(g.nodes)] {
		kept := ns.Resources[:0]
		for _, h := range ns.Resources {
			if h.Type == "Dummy" && g.chance(share) {
				to := remoteStates[g.rnd.IntN(n)]
				for _, op := range h.Ops {
					op.OnNode = to.Uname
				}
				to.Resources = append(to.Resources, h)
				continue
			}
			kept = append(kept, h)
		}
		ns.Resources = kept
	}
	for _, id := range g.leaders {
		if g.chance(0.1) {
			node := remotes[g.rnd.IntN(n)]
			g.cfg.Constraints = append(g.cfg.Constraints, &ir.Location{
				ID: "loc-" + id + "-" + node, Resource: id, Node: node, Score: ir.NewScore(ir.Score(100 * (1 + g.rnd.IntN(5)))),
			})
		}
	}
}

// setDigest sets an operation record's op-digest.
func setDigest(op *ir.OpRecord, digest string) {
	op.OpDigest = digest
	for k, a := range op.Attrs {
		if a.Name == "op-digest" {
			op.Attrs[k].Value = digest
		}
	}
}
