package planner

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"pcl/internal/testenv"
	"pcl/pcmk"
)

// TestUnseenRemoteNodeAttrs checks that a remote or guest node known only
// from its connection (no <node> entry, no status read) has no #uname,
// #id or other built-in attribute but #kind, as Pacemaker gives them only
// with the entry or the status (add_node_attrs): a mandatory colocation
// with a resource placed on such a node then allows every node lacking
// the name, not only that one. In synth.RemoteCIB's seed 21 a bundle's
// container goes to guest1, whose address may then go to remote1 (both
// unseen), as crm_simulate places it.
func TestUnseenRemoteNodeAttrs(t *testing.T) {
	src := genRemoteCIB(21)
	path := filepath.Join(t.TempDir(), "remote-21.xml")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	p, _ := compute(readCIB(t, path), Options{})
	for name, seen := range map[string]bool{"remote1": false, "guest1": false, "remote2": true, "node1": true} {
		i := p.findNode(name)
		if i < 0 {
			t.Fatalf("no node %s", name)
		}
		if _, has := p.Nodes[i].Attrs["#uname"]; has != seen {
			t.Errorf("%s: has #uname %v, want %v", name, has, seen)
		}
		if _, has := p.Nodes[i].Attrs["#kind"]; !has {
			t.Errorf("%s: no #kind", name)
		}
	}
	sim := testenv.Tool(t, "crm_simulate")
	out, err := exec.Command(sim, "-x", path, "-s").Output()
	if err != nil {
		t.Fatalf("crm_simulate: %v", err)
	}
	var want []string
	for _, l := range strings.Split(string(out), "\n") {
		if strings.Contains(l, " allocation score on ") {
			want = append(want, l)
		}
	}
	missing, extra := testenv.MultisetDiff(append(want, promotionLines(string(out))...), allScoreLines(p))
	if len(missing)+len(extra) > 0 {
		t.Errorf("scores differ from crm_simulate's:\n  - %s\n  + %s", strings.Join(first(missing, 10), "\n  - "), strings.Join(first(extra, 10), "\n  + "))
	}
}

// TestLocationKeepsReplicaNodeDiscovery checks that a location rule
// matching a bundle's replica node (here #kind ne cluster, on rsc3 of
// synth.RemoteCIB's seed 5) adds the node to the resource's table with
// the node's own discovery mode, never, as Pacemaker copies the node: the
// resource is not probed there, and its start is not ordered after the
// probe of the replica's container (crm_simulate's graph has no such
// edge).
func TestLocationKeepsReplicaNodeDiscovery(t *testing.T) {
	path := filepath.Join(t.TempDir(), "remote-5.xml")
	if err := os.WriteFile(path, []byte(genRemoteCIB(5)), 0o644); err != nil {
		t.Fatal(err)
	}
	p, _ := compute(readCIB(t, path), Options{})
	r := p.byID["rsc3"]
	if r == nil {
		t.Fatal("no rsc3")
	}
	checked := 0
	for i, n := range p.Nodes {
		if !n.DiscoverNever || !r.Allowed.In[i] {
			continue
		}
		checked++
		if d := r.Allowed.DiscoveryOn(i); d != pcmk.DiscoverNever {
			t.Errorf("rsc3 on replica node %s: discovery %v, want never", n.Uname, d)
		}
	}
	if checked == 0 {
		t.Fatal("rsc3 has no replica node in its table")
	}
}
