package cluster3test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pcl/cibdiff"
	"pcl/compiler"
	"pcl/emit/cibxml"
	"pcl/internal/testenv"
	"pcl/internal/testpolicy"
	"pcl/ir"
)

// onThreeNodes compiles the example in dir for this cluster: its nodes
// renamed node1, node2, ... (in the order declared, with the location
// constraints and #uname rules that name them), every resource a Dummy
// (a Stateful in a promotable clone) without parameters, its fence
// devices replaced by the cluster's fence_dummy. It returns "" and why
// when the example does not fit: more nodes than three, or a kind of
// resource the Dummies cannot stand for (a bundle).
func onThreeNodes(t *testing.T, dir string) (path, why string) {
	t.Helper()
	cib, _, diags := compiler.Compile([]string{dir}, compiler.Options{})
	if diags.HasErrors() {
		t.Fatalf("compiling %s: %v", dir, diags)
	}
	cfg := cib.Config
	if len(cfg.Nodes) > 3 {
		return "", fmt.Sprintf("%d nodes", len(cfg.Nodes))
	}
	if _, r := testpolicy.AsDummies(cfg); r != nil {
		return "", fmt.Sprintf("a %T", r)
	}
	cfg.Resources = append([]ir.Resource{fenceDummy()}, cfg.Resources...)
	constraints := cfg.Constraints
	// The fence device may run on every node, opt-in cluster or not: a
	// device that can run nowhere fences nothing, so a killed node stays
	// unclean and keeps its resources, while crm_simulate, and pcl with
	// it, assume the fencing succeeds (the opt-in-cluster example showed
	// it; see docs/cluster-tests.md).
	for i := 1; i <= 3; i++ {
		constraints = append(constraints, &ir.Location{ID: fmt.Sprintf("fence-on-node%d", i), Resource: "fence",
			Node: fmt.Sprintf("node%d", i), Score: ir.NewScore(0)})
	}
	cfg.Constraints = constraints
	cfg.FencingLevels = nil
	var sections []string
	for _, s := range cfg.Sections {
		if s != "fencing-topology" {
			sections = append(sections, s)
		}
	}
	cfg.Sections = sections
	testpolicy.SetProperty(cfg, "stonith-enabled", "true")
	renameNodes(cfg)

	var buf bytes.Buffer
	if err := cibxml.Write(&buf, cib); err != nil {
		t.Fatal(err)
	}
	path = filepath.Join(t.TempDir(), filepath.Base(dir)+".xml")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, ""
}

// fenceDummy is the cluster's fence device, as scripts/test-cluster3
// configures it.
func fenceDummy() *ir.Primitive {
	pair := func(name, value string) *ir.NVPair {
		return &ir.NVPair{ID: "fence-instance_attributes-" + name, Name: name, Value: &value}
	}
	return &ir.Primitive{
		ID:    "fence",
		Agent: ir.Agent{Class: "stonith", Type: "fence_dummy"},
		Sets: []*ir.NVSet{{Kind: ir.InstanceAttributes, ID: "fence-instance_attributes", Pairs: []*ir.NVPair{
			pair("pcmk_host_list", "node1 node2 node3"), pair("status_file", "/run/fence_dummy.status"),
		}}},
	}
}

// renameNodes names the declared nodes node1, node2, ... in order, and
// follows the renames in the location constraints and #uname rules.
func renameNodes(cfg *ir.Config) {
	to := map[string]string{}
	for i, n := range cfg.Nodes {
		to[n.Uname] = fmt.Sprintf("node%d", i+1)
		n.Uname, n.ID = to[n.Uname], to[n.Uname]
	}
	var rename func(rules []*ir.Rule)
	rename = func(rules []*ir.Rule) {
		for _, r := range rules {
			for _, term := range r.Terms {
				switch x := term.(type) {
				case *ir.Expression:
					if x.Attribute == "#uname" && x.Value != nil && to[*x.Value] != "" {
						v := to[*x.Value]
						x.Value = &v
					}
				case *ir.Rule:
					rename([]*ir.Rule{x})
				}
			}
		}
	}
	for _, c := range cfg.Constraints {
		if l, ok := c.(*ir.Location); ok {
			if to[l.Node] != "" {
				l.Node = to[l.Node]
			}
			rename(l.Rules)
		}
	}
}

// TestExamplesFailover applies each example that fits three nodes (see
// onThreeNodes) and kills the node that runs the most resources: the
// cluster must settle where pcl's what-if (--node-fail) said. About 35 s
// an example, 8 minutes in all: it runs with PCL_CLUSTER3_EXAMPLES=1 only,
// to keep CI's cluster tests to a few minutes.
func TestExamplesFailover(t *testing.T) {
	if os.Getenv("PCL_CLUSTER3_EXAMPLES") != "1" {
		t.Skip("set PCL_CLUSTER3_EXAMPLES=1 to run the examples on the three-node cluster (about 8 minutes)")
	}
	c := need(t)
	dirs, _ := filepath.Glob(filepath.Join(testenv.ModuleRoot(), "examples", "*"))
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			policy, why := onThreeNodes(t, dir)
			if policy == "" {
				t.Skipf("does not fit three nodes: %s", why)
			}
			c.applyDir(t, "node1", policy)
			now := running(t, c, "node1")
			count := map[string]int{}
			victim := ""
			for _, r := range now {
				count[r.Node]++
				if victim == "" || count[r.Node] > count[victim] || count[r.Node] == count[victim] && r.Node < victim {
					victim = r.Node
				}
			}
			if victim == "" {
				t.Fatalf("nothing runs after applying %s", filepath.Base(dir))
			}
			survivor := others(victim)[0]
			dump := filepath.Join(t.TempDir(), "before.xml")
			if err := os.WriteFile(dump, c.on(t, survivor, "cibadmin", "-Q"), 0o644); err != nil {
				t.Fatal(err)
			}
			predicted, doc := predict(t, c, dump, []string{"--node-fail", victim})
			c.run(t, "kill", victim)
			c.run(t, "settle", "5")
			got := running(t, c, survivor)
			if miss := cibdiff.Mismatches(predicted, got); len(miss) > 0 {
				t.Errorf("pcl plan --node-fail %s: the cluster settled differently from the JSON placement:\n%s\nplacement: %s",
					victim, strings.Join(miss, "\n"), doc)
				keep(t, dump)
			}
			c.run(t, "boot", victim)
			c.run(t, "wait")
		})
	}
}
