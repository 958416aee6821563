package planner

import (
	"path/filepath"
	"slices"
	"testing"

	"pcl/internal/testenv"
	"pcl/planner/model"
)

// TestBundleUnpackIDs checks what a bundle unpacks to, with the ids
// Pacemaker gives them: per replica a container, an address from the IP
// range and a connection whose guest node is the replica, and the child
// clone with one instance per replica, each allowed on its replica's node
// only.
func TestBundleUnpackIDs(t *testing.T) {
	dir := testenv.CorpusDir(t)
	cib := readCIB(t, filepath.Join(dir, "xml", "bundle-replicas-change.xml"))
	p, _ := compute(cib, Options{})
	b := p.byID["httpd-bundle"]
	if b == nil || b.Kind != model.KindBundle {
		t.Fatalf("httpd-bundle: %+v", b)
	}
	var got []string
	for _, c := range b.Children {
		got = append(got, c.ID)
	}
	want := []string{
		"httpd-bundle-docker-0", "httpd-bundle-ip-192.168.20.188", "httpd-bundle-0",
		"httpd-bundle-docker-1", "httpd-bundle-ip-192.168.20.189", "httpd-bundle-1",
		"httpd-bundle-docker-2", "httpd-bundle-ip-192.168.20.190", "httpd-bundle-2",
		"httpd-bundle-clone",
	}
	if !slices.Equal(got, want) {
		t.Errorf("children %v, want %v", got, want)
	}
	d := p.bundles[b]
	for i, rep := range d.replicas {
		node := p.Cluster.Node(rep.node)
		if node == nil || node.Uname != rep.remote.ID || !node.Guest() || !node.DiscoverNever || node.Conn != rep.remote {
			t.Errorf("replica %d: node %+v", i, node)
		}
		if rep.remote.Container != rep.container || !slices.Contains(rep.container.Fillers, rep.remote) {
			t.Errorf("replica %d: connection %s not contained in %s", i, rep.remote.ID, rep.container.ID)
		}
		if rep.inst.Meta["external-ip"] != rep.ipaddr {
			t.Errorf("replica %d: external-ip %q, want %q", i, rep.inst.Meta["external-ip"], rep.ipaddr)
		}
		for j, in := range rep.inst.Allowed.In {
			if in != (j == rep.node) {
				t.Errorf("replica %d: instance %s allowed on %s", i, rep.inst.ID, p.Nodes[j].Uname)
			}
		}
		if rep.container.Params["image"] != "pcmktest:http" || rep.ip.Params["cidr_netmask"] != "24" || rep.ip.Params["nic"] != "ens192" {
			t.Errorf("replica %d: params %v %v", i, rep.container.Params, rep.ip.Params)
		}
	}
	if c := d.child; c.CloneOpts.Max != 3 || c.CloneOpts.NodeMax != 3 || !c.Unique || !c.CloneOpts.Ordered {
		t.Errorf("child clone options %+v unique=%v", *c.CloneOpts, c.Unique)
	}
}

// TestNextIP is next_ip: the fourth octet wraps to the third, and the
// range ends past x.y.254.254.
func TestNextIP(t *testing.T) {
	for in, want := range map[string]string{"192.168.1.1": "192.168.1.2", "10.0.0.254": "10.0.1.1", "10.0.254.254": "", "fe80::1": ""} {
		if got := nextIP(in); got != want {
			t.Errorf("nextIP(%s) = %q, want %q", in, got, want)
		}
	}
}
