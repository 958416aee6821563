package scenario_test

import (
	"testing"

	"pcl/ir"
	"pcl/planner/scenario"
)

const quorumCIB = `<cib validate-with="pacemaker-3.0" epoch="1" num_updates="0" admin_epoch="0" have-quorum="1">
  <configuration>
    <crm_config/>
    <nodes>
      <node id="1" uname="n1"/>
      <node id="2" uname="n2" type="member"/>
      <node id="3" uname="n3"/>
      <node id="4" uname="n4"/>
      <node id="p" uname="pinger" type="ping"/>
      <node id="r1" uname="r1" type="remote"/>
    </nodes>
    <resources/>
    <constraints/>
  </configuration>
  <status>
    <node_state id="1" uname="n1" in_ccm="true" crmd="online" join="member" expected="member"/>
    <node_state id="2" uname="n2" in_ccm="true" crmd="offline" join="down" expected="down"/>
    <node_state id="3" uname="n3" in_ccm="false" crmd="offline" join="down" expected="down"/>
    <node_state id="r1" uname="r1" remote_node="true" in_ccm="true" crmd="online"/>
  </status>
</cib>`

// TestQuorumCount: cluster nodes vote (ping and remote nodes do not), a
// node votes while in the membership (in_ccm, whatever its controller),
// and the rule's options count as votequorum's.
func TestQuorumCount(t *testing.T) {
	cib := readCIB(t, quorumCIB)
	for _, c := range []struct {
		name string
		rule scenario.QuorumRule
		in   []ir.Injection
		want scenario.Quorum
	}{
		{"as recorded", scenario.QuorumRule{}, nil, scenario.Quorum{Quorate: false, Recomputed: true, Votes: 2, Expected: 4, Needed: 3}},
		{"n3 up", scenario.QuorumRule{}, []ir.Injection{{Kind: ir.InjectNodeUp, Node: "n3"}}, scenario.Quorum{Quorate: true, Recomputed: true, Votes: 3, Expected: 4, Needed: 3}},
		{"n1 fails", scenario.QuorumRule{}, []ir.Injection{{Kind: ir.InjectNodeFail, Node: "n1"}}, scenario.Quorum{Quorate: false, Recomputed: true, Votes: 1, Expected: 4, Needed: 3}},
		{"expected 3", scenario.QuorumRule{ExpectedVotes: 3}, nil, scenario.Quorum{Quorate: true, Recomputed: true, Votes: 2, Expected: 3, Needed: 2}},
		{"expected 1 is raised to the votes present", scenario.QuorumRule{ExpectedVotes: 1}, nil, scenario.Quorum{Quorate: true, Recomputed: true, Votes: 2, Expected: 2, Needed: 2}},
		{"two_node with 2 expected", scenario.QuorumRule{TwoNode: true, ExpectedVotes: 2}, []ir.Injection{{Kind: ir.InjectNodeDown, Node: "n2"}}, scenario.Quorum{Quorate: true, Recomputed: true, Votes: 1, Expected: 2, Needed: 1}},
		{"two_node with 4 nodes does nothing", scenario.QuorumRule{TwoNode: true}, nil, scenario.Quorum{Quorate: false, Recomputed: true, Votes: 2, Expected: 4, Needed: 3}},
		{"kept", scenario.QuorumRule{Keep: true}, nil, scenario.Quorum{Quorate: true, Recomputed: false, Votes: 2, Expected: 4, Needed: 3}},
	} {
		applied := mustCIB(t, cib, c.in...)
		out, got := c.rule.Decide(applied, false)
		if got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
		if recorded, _ := scenario.Recorded(out); recorded != c.want.Quorate {
			t.Errorf("%s: have-quorum %v, want %v", c.name, recorded, c.want.Quorate)
		}
		if recorded, _ := scenario.Recorded(cib); !recorded {
			t.Fatalf("%s: Decide modified its input", c.name)
		}
	}
	// The baseline keeps a recorded have-quorum; a CIB without one is
	// counted.
	if _, q := (scenario.QuorumRule{}).Decide(cib, true); !q.Quorate || q.Recomputed {
		t.Errorf("the baseline's recorded quorum is not kept: %+v", q)
	}
	none := *cib
	none.Attrs = nil
	if _, q := (scenario.QuorumRule{}).Decide(&none, true); q.Quorate || !q.Recomputed {
		t.Errorf("a baseline without have-quorum is not counted: %+v", q)
	}
}
