package scenario_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pcl/emit/cibxml"
	"pcl/internal/synth"
	"pcl/internal/testenv"
	"pcl/ir"
	"pcl/planner/scenario"
)

// TestQuorumOracle: a scenario whose quorum pcl recomputes plans as
// crm_simulate does when told that quorum with -q. For generated clusters
// of 2 to 5 nodes (three seeds, with no-quorum-policy stop, freeze and
// demote in turn, and two_node on some two-node clusters), every scenario
// of one, two or three nodes down: the test counts the majority itself
// (votes of the nodes left up > half the nodes, or one of two with
// two_node), checks that QuorumRule.Decide agrees, and compares the
// actions pcl schedules for Apply+Decide's CIB with those crm_simulate
// executes after -d NODE... -q 0|1 on the original.
func TestQuorumOracle(t *testing.T) {
	testenv.Tool(t, "crm_simulate")
	if testing.Short() {
		t.Skip("runs crm_simulate once per case")
	}
	agree, cases := 0, 0
	type config struct {
		nodes   int
		policy  string
		twoNode bool
		seed    uint64
	}
	var all []config
	for seed := uint64(1); seed <= 3; seed++ {
		for n := 2; n <= 5; n++ {
			pol := []string{"stop", "freeze", "demote"}[int(seed)%3]
			all = append(all, config{n, pol, n == 2 && seed%2 == 0, seed})
		}
	}
	for _, c := range all {
		cib := synth.Generate(synth.Params{Resources: 12, Nodes: c.nodes, Seed: c.seed})
		setProperty(cib, "no-quorum-policy", c.policy)
		var buf bytes.Buffer
		if err := cibxml.Write(&buf, cib); err != nil {
			t.Fatal(err)
		}
		orig := filepath.Join(t.TempDir(), "orig.xml")
		if err := os.WriteFile(orig, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		rule := scenario.QuorumRule{TwoNode: c.twoNode}
		for _, down := range downSets(c.nodes) {
			cases++
			name := fmt.Sprintf("seed %d, %d nodes, %s, two_node=%v, %s down", c.seed, c.nodes, c.policy, c.twoNode, strings.Join(down, "+"))
			sc := scenario.Scenario{}
			args := []string{"-x", orig}
			for _, n := range down {
				sc.Injections = append(sc.Injections, ir.Injection{Kind: ir.InjectNodeDown, Node: n})
				args = append(args, "-d", n)
			}
			up := c.nodes - len(down)
			want := up > c.nodes/2 || (c.twoNode && c.nodes == 2 && up == 1)
			applied, err := scenario.Apply(cib, sc)
			if err != nil {
				t.Fatal(err)
			}
			decided, q := rule.Decide(applied, false)
			if q.Quorate != want || !q.Recomputed || q.Votes != up || q.Expected != c.nodes {
				t.Errorf("%s: Decide says %+v, want quorate=%v with %d of %d votes", name, q, want, up, c.nodes)
			}
			if recorded, _ := scenario.Recorded(decided); recorded != want {
				t.Errorf("%s: the CIB records have-quorum %v, want %v", name, recorded, want)
			}
			flag := "0"
			if want {
				flag = "1"
			}
			sim, ok := simulatedActions(t, append(args, "-q", flag)...)
			if !ok {
				continue
			}
			got := scheduledActions(decided, time.Time{})
			if strings.Join(got, "\n") == strings.Join(sim, "\n") {
				agree++
				continue
			}
			t.Errorf("%s: pcl's actions differ from crm_simulate -q %s", name, flag)
			testenv.LogLineDiff(t, got, sim)
		}
	}
	t.Logf("quorum scenarios agreeing with crm_simulate -q: %d of %d", agree, cases)
}

// downSets are the sets of one, two and three of nodes node1..nodeN,
// leaving at least one node up.
func downSets(n int) [][]string {
	var out [][]string
	var rec func(start int, cur []string)
	rec = func(start int, cur []string) {
		if len(cur) > 0 {
			out = append(out, append([]string(nil), cur...))
		}
		if len(cur) == 3 || len(cur) == n-1 {
			return
		}
		for i := start; i <= n; i++ {
			rec(i+1, append(cur, fmt.Sprintf("node%d", i)))
		}
	}
	rec(1, nil)
	return out
}

// setProperty sets a cluster property of a generated CIB in place.
func setProperty(cib *ir.CIB, name, value string) {
	for _, s := range cib.Config.Properties {
		for _, p := range s.Pairs {
			if p.Name == name {
				p.Value = &value
				return
			}
		}
	}
	cib.Config.Properties[0].Pairs = append(cib.Config.Properties[0].Pairs, &ir.NVPair{ID: "opt-" + name, Name: name, Value: &value})
}
