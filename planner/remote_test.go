package planner

import (
	"path/filepath"
	"strings"
	"testing"

	"pcl/importer"
	"pcl/internal/synth"
	"pcl/internal/testenv"
	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
	"pcl/planner/scenario"
)

// TestRemoteNodes checks the node model on two corpus clusters: a remote
// node whose connection runs, and guest nodes whose containers run, one of
// them failed (fenced by recovering its container).
func TestRemoteNodes(t *testing.T) {
	dir := testenv.CorpusDir(t)
	res, p := schedulePlan(readCIB(t, filepath.Join(dir, "xml", "remote-move.xml")), Options{NoTrail: true})
	var remote *model.Node
	for _, n := range p.Nodes {
		if n.Uname == "remote1" {
			remote = n
		}
	}
	if remote == nil || remote.Kind != model.NodeRemote || remote.Conn == nil || remote.Conn.ID != "remote1" || !remote.Online {
		t.Fatalf("remote-move: remote1 is not an online remote node with its connection: %+v", remote)
	}
	if _, unknown := res.PlanUnknown(); unknown {
		t.Errorf("remote-move: the plan is unknown: %v", res.Unknown)
	}
	if reach := res.NodeReach(res.Nodes[remote.Index]); !strings.Contains(reach, "connection remote1 (placed on 18node1)") {
		t.Errorf("remote-move: NodeReach = %q", reach)
	}

	_, p = schedulePlan(readCIB(t, filepath.Join(dir, "xml", "whitebox-fail1.xml")), Options{NoTrail: true})
	for _, n := range p.Nodes {
		switch n.Uname {
		case "lxc1":
			// container1 failed: the guest is reset through it.
			if !n.Guest() || n.Conn.Container == nil || n.Conn.Container.ID != "container1" || !n.RequiresReset || n.Attrs["#kind"] != "container" {
				t.Errorf("whitebox-fail1: lxc1 is not a guest of container1 to be reset: kind %v reset %v", n.Kind, n.RequiresReset)
			}
		case "lxc2":
			if !n.Guest() || !n.Online || n.RequiresReset {
				t.Errorf("whitebox-fail1: lxc2 is not an online guest node")
			}
		}
	}
	for _, r := range p.Resources {
		if r.ID == "lxc1" && (r.RemoteNode == nil || r.Container == nil || !r.Container.Failed) {
			t.Errorf("whitebox-fail1: lxc1's implicit connection is not linked to its failed container")
		}
	}
}

// TestOrphanedConnection: a connection only the status knows gets its
// node, shutting down, whose connection is the orphan, and no longer
// makes the plan unknown.
func TestOrphanedConnection(t *testing.T) {
	dir := testenv.CorpusDir(t)
	res, p := schedulePlan(readCIB(t, filepath.Join(dir, "xml", "remote-orphaned.xml")), Options{NoTrail: true})
	if u, unknown := res.PlanUnknown(); unknown {
		t.Errorf("remote-orphaned: plan unknown: %+v", u)
	}
	var node *model.Node
	for _, n := range p.Nodes {
		if n.Uname == "remote1" {
			node = n
		}
	}
	if node == nil || !node.Remote() || !node.Shutdown || node.Conn == nil || !node.Conn.Orphan {
		t.Fatalf("remote-orphaned: remote1 is not a remote node shutting down with its orphan connection: %+v", node)
	}
}

// TestRemoteFencingInUnpackOrder checks that remote nodes get their
// fencing in the order Pacemaker creates it (pe_fence_node), as the
// summary lists it (newest first), not in node order: in
// synth.RemoteCIB(18) remote1's connection failed on node3 and remote3's
// is made to fail on node1, whose history is read first; in
// synth.RemoteCIB(72) lost tickets fence remote1 (rsc2 runs there, the
// first constraint) before node2 (rsc3, the last); in
// synth.RemoteCIB(124) the first reason a connection's loss gives comes
// from the newest action on the node.
func TestRemoteFencingInUnpackOrder(t *testing.T) {
	for _, tc := range []struct {
		seed uint64
		sc   scenario.Scenario
		want []string
	}{
		{18, scenario.Scenario{Injections: []ir.Injection{{Kind: ir.InjectOp, Node: "node1", Resource: "remote3",
			Operation: string(pcmk.TaskMonitor), IntervalMs: 10000, RC: int(pcmk.RCErrGeneric)}}},
			[]string{"Fence (reboot) remote1 'remote connection is unrecoverable'", "Fence (reboot) remote3 'remote connection is unrecoverable'"}},
		{72, scenario.Scenario{}, []string{"Fence (reboot) guest1 (resource: vm1) 'guest is unclean'",
			"Fence (reboot) node2 'deadman ticket was lost'", "Fence (reboot) remote1 'deadman ticket was lost'"}},
		// node1, where every connection runs, fails: remote1 is fenced
		// for its probes, visited before its failed rsc4's stop, which
		// reading the history made first.
		{124, scenario.Scenario{Injections: []ir.Injection{{Kind: ir.InjectNodeFail, Node: "node1"}}}, []string{
			"Fence (reboot) remote1 'resources are in unknown state and connection is unrecoverable'",
			"Fence (reboot) remote3 'resources are in unknown state and connection is unrecoverable'",
			"Fence (reboot) remote2 'resources are active but connection is unrecoverable'",
			"Fence (reboot) node1 'peer is no longer part of the cluster'"}},
	} {
		base, diags := importer.Read("remote.xml", []byte(synth.RemoteCIB(tc.seed)))
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		cib, err := scenario.Apply(base, tc.sc)
		if err != nil {
			t.Fatal(err)
		}
		res, _ := Schedule(cib, Options{NoTrail: true, Transition: true})
		got, want := strings.Join(res.Transition.NodeActions(), "\n"), strings.Join(tc.want, "\n")
		if got != want {
			t.Errorf("seed %d: node actions:\n%s\nwant:\n%s", tc.seed, got, want)
		}
	}
}

// TestCloneInstanceOnFencedGuest checks the numbering of an anonymous
// clone's instance recorded on a guest node whose container failed
// (find_anonymous_clone): the node is down and unclean, but "fencing" a
// guest only stops its container, so the instance keeps the number it
// would have on a clean node instead of becoming an orphan. In
// synth.RemoteCIB(101) cl runs on node1, remote1 and guest1, and vm1,
// guest1's container, fails.
func TestCloneInstanceOnFencedGuest(t *testing.T) {
	base, diags := importer.Read("remote.xml", []byte(synth.RemoteCIB(101)))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	cib, err := scenario.Apply(base, scenario.Scenario{Injections: []ir.Injection{{Kind: ir.InjectOp, Node: "node3", Resource: "vm1",
		Operation: string(pcmk.TaskMonitor), IntervalMs: 10000, RC: int(pcmk.RCErrGeneric)}}})
	if err != nil {
		t.Fatal(err)
	}
	res, _ := Schedule(cib, Options{NoTrail: true})
	if r := res.Resource("cl:4"); r != nil {
		t.Errorf("cl:4 exists: the instance on guest1 became an orphan")
	}
	r := res.Resource("cl:2")
	if r == nil || len(r.RunningOn) != 1 || res.Nodes[r.RunningOn[0]].Uname != "guest1" {
		t.Fatalf("cl:2 is not the instance running on guest1: %+v", r)
	}
	if got := res.AssignedNode(r); got != "guest1" {
		t.Errorf("cl:2 is placed on %q, want guest1 (it is recovered there)", got)
	}
}

// TestRemoteNodeAttrsFromStatus checks that a remote or guest node made
// from its resource has its built-in attributes (#uname, #id, ...) only
// once its node_state is read (add_node_attrs in
// unpack_handle_remote_attrs): in synth.RemoteCIB(121) remote1's
// connection and guest1's VM are stopped, so neither has a #uname, and a
// colocation with a resource placed on one (rsc2 with rsc1, on guest1)
// scores both alike, as crm_simulate does: rsc2 goes to remote1.
func TestRemoteNodeAttrsFromStatus(t *testing.T) {
	base, diags := importer.Read("remote.xml", []byte(synth.RemoteCIB(121)))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	p, _ := compute(base, Options{NoTrail: true})
	for _, n := range p.Nodes {
		_, has := n.Attrs["#uname"]
		if want := n.Uname != "remote1" && n.Uname != "guest1"; has != want {
			t.Errorf("%s: has #uname %v, want %v", n.Uname, has, want)
		}
	}
	res, _ := Schedule(base, Options{NoTrail: true})
	if got := res.AssignedNode(res.Resource("rsc1")); got != "guest1" {
		t.Errorf("rsc1 placed on %q, want guest1", got)
	}
	if got := res.AssignedNode(res.Resource("rsc2")); got != "remote1" {
		t.Errorf("rsc2 placed on %q, want remote1", got)
	}
}
