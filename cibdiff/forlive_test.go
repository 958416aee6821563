package cibdiff

import (
	"testing"

	"pcl/ir"
)

func str(s string) *string { return &s }

func TestForLiveKeepsWhatTheClusterOwns(t *testing.T) {
	live := &ir.CIB{
		Attrs: []ir.Attr{{Name: "admin_epoch", Value: "2"}, {Name: "epoch", Value: "41"}, {Name: "num_updates", Value: "7"}},
		Config: &ir.Config{
			Properties: []*ir.NVSet{{Kind: ir.ClusterProperties, ID: bootstrapSet, Pairs: []*ir.NVPair{
				{ID: "dc", Name: "dc-version", Value: str("2.1.5")},
				{ID: "st", Name: "stonith-enabled", Value: str("true")},
			}}},
			Nodes: []*ir.Node{{ID: "1", Uname: "node1"}, {ID: "2", Uname: "node2"}, {ID: "old", Uname: "old"}},
		},
		Status: &ir.Status{Nodes: []*ir.NodeState{{ID: "1", Uname: "node1"}, {ID: "2", Uname: "node2"}}},
	}
	policy := &ir.CIB{Config: &ir.Config{
		Properties: []*ir.NVSet{{Kind: ir.ClusterProperties, ID: bootstrapSet, Pairs: []*ir.NVPair{
			{ID: "st", Name: "stonith-enabled", Value: str("false")},
		}}},
		Nodes: []*ir.Node{{ID: "node1", Uname: "node1"}, {ID: "node3", Uname: "node3"}},
	}}
	cfg := ForLive(live, policy)
	var names []string
	for _, p := range cfg.Properties[0].Pairs {
		names = append(names, p.Name+"="+*p.Value)
	}
	if got, want := len(names), 2; got != want || names[0] != "stonith-enabled=false" || names[1] != "dc-version=2.1.5" {
		t.Errorf("properties: %v, want the policy's stonith-enabled and the controller's dc-version", names)
	}
	var nodes []string
	for _, n := range cfg.Nodes {
		nodes = append(nodes, n.ID+":"+n.Uname)
	}
	if len(nodes) != 3 || nodes[0] != "1:node1" || nodes[1] != "node3:node3" || nodes[2] != "2:node2" {
		t.Errorf("nodes: %v, want node1 with the cluster's id, the policy's node3, the member node2 kept, the unseen old gone", nodes)
	}
	if policy.Config.Nodes[0].ID != "node1" || len(policy.Config.Properties[0].Pairs) != 1 {
		t.Error("ForLive changed the policy")
	}

	up := Update(live, &ir.CIB{Config: cfg})
	if v := VersionOf(up); v != (Version{2, 42, 0}) {
		t.Errorf("update version %s, want 2.42.0", v)
	}
	if up.Status != live.Status {
		t.Error("the update does not keep the live status")
	}
}

func TestLeftover(t *testing.T) {
	for _, c := range []struct {
		kind, id string
		want     bool
	}{
		{"rsc_location", "cli-prefer-web", true},
		{"rsc_location", "cli-ban-web-on-node1", true},
		{"rsc_location", "web-prefers-node1", false},
		{"rsc_order", "cli-ban-x", false},
	} {
		if got := Leftover(c.kind, c.id) != ""; got != c.want {
			t.Errorf("Leftover(%s, %s) = %v, want %v", c.kind, c.id, got, c.want)
		}
	}
}

func TestParseCrmMonAndMismatches(t *testing.T) {
	src := []byte(`<pacemaker-result api-version="2.25" request="crm_mon">
  <resources>
    <resource id="A" resource_agent="ocf:pacemaker:Dummy" role="Started" active="true" nodes_running_on="1">
      <node name="node1" id="1" cached="true"/>
    </resource>
    <resource id="B" resource_agent="ocf:pacemaker:Dummy" role="Stopped" active="false" nodes_running_on="0"/>
    <clone id="db-clone" multi_state="true">
      <resource id="db" role="Promoted" active="true" nodes_running_on="1"><node name="node1" id="1"/></resource>
      <resource id="db" role="Slave" active="true" nodes_running_on="1"><node name="node2" id="2"/></resource>
    </clone>
    <group id="g"><resource id="C" role="Started" active="true"><node name="node2" id="2"/></resource></group>
  </resources>
</pacemaker-result>`)
	running, err := ParseCrmMon(src)
	if err != nil {
		t.Fatal(err)
	}
	predicted := []Running{{"A", "node1", "Started"}, {"C", "node2", "Started"}, {"db", "node1", "Promoted"}, {"db", "node2", "Unpromoted"}}
	if miss := Mismatches(predicted, running); len(miss) != 0 {
		t.Errorf("mismatches %v; running %v", miss, running)
	}
	if miss := Mismatches(predicted[:3], running); len(miss) != 1 || miss[0] != "+ running, not predicted: db Unpromoted on node2" {
		t.Errorf("mismatches %v", miss)
	}
}
