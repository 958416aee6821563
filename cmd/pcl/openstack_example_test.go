package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// examples/openstack against its live cluster: galera promoted on every
// controller, redis on controller-2. The questions issue 22 asks of it:
// what if controller 2 dies, and what if a compute node's connection
// fails.
func TestOpenstackExampleBatch(t *testing.T) {
	code, stdout, stderr := runPCL(t, "plan", "../../examples/openstack", "--state", "../../examples/openstack/live-cib.xml", "--batch", "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	var doc struct {
		Scenarios []struct {
			Name      string             `json:"name"`
			Placement map[string]*string `json:"placement"`
		} `json:"scenarios"`
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	placed := map[string]map[string]string{}
	for _, s := range doc.Scenarios {
		placed[s.Name] = map[string]string{}
		for rsc, node := range s.Placement {
			if node != nil {
				placed[s.Name][rsc] = *node
			}
		}
	}
	for _, c := range []struct{ scenario, rsc, want string }{
		// The cluster as it runs: nothing to do.
		{"baseline", "redis-bundle-master", "3/3 redis-bundle-0 redis-bundle-1 redis-bundle-2 (Promoted redis-bundle-0)"},
		// controller-2 dies: its replicas have nowhere to go (one per
		// controller), redis is promoted on controller-0's replica and
		// the VIP that follows the redis primary moves with it; the
		// replicas on controller-2 are lost, not running.
		{"controller-2-dies", "redis-bundle-master", "2/3 redis-bundle-1 redis-bundle-2 (Promoted redis-bundle-1); FAILED on redis-bundle-0, which is down"},
		{"controller-2-dies", "ip-172.17.1.11", "controller-0"},
		{"controller-2-dies", "galera-bundle-master", "2/3 galera-bundle-1 galera-bundle-2 (Promoted galera-bundle-1 galera-bundle-2); FAILED on galera-bundle-0, which is down"},
		// compute-0's connection fails: it stays down until its
		// reconnect_interval; nothing else moves.
		{"compute-0-connection-fails", "redis-bundle-master", "3/3 redis-bundle-0 redis-bundle-1 redis-bundle-2 (Promoted redis-bundle-0)"},
	} {
		if got := placed[c.scenario][c.rsc]; got != c.want {
			t.Errorf("%s: %s is %q, want %q", c.scenario, c.rsc, got, c.want)
		}
	}
	if _, up := placed["compute-0-connection-fails"]["compute-0"]; up {
		t.Errorf("compute-0-connection-fails: the connection compute-0 still runs: %q", placed["compute-0-connection-fails"]["compute-0"])
	}
	if !strings.Contains(stdout, `"pacemaker"`) {
		t.Error("the report does not name the Pacemaker release it planned for")
	}
}
