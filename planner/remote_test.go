package planner

import (
	"path/filepath"
	"strings"
	"testing"

	"pcl/internal/testenv"
	"pcl/planner/model"
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
