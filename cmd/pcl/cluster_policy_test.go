package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"pcl/compiler"
	"pcl/emit/cibxml"
	"pcl/internal/testpolicy"
	"pcl/ir"
)

// onOneNode compiles an example policy and makes it safe to run on the
// one-node test cluster, keeping its resources, constraints and nodes
// (its first node renamed node1, the test cluster's node, when it has
// none of that name):
// every agent becomes ocf:pacemaker:Dummy (Stateful in a promotable
// clone), which touches nothing on the machine; agent parameters go;
// fence devices and the fencing topology go and fencing is disabled (the
// test cluster has no fence device). The example's other nodes stay
// declared and are simply offline. It writes the result as a CIB file,
// which pcl apply takes as a policy, and returns its path; the test is
// skipped for an example with a kind the transformation does not cover.
func onOneNode(t *testing.T, dir string) string {
	t.Helper()
	cib, _, diags := compiler.Compile([]string{dir}, compiler.Options{})
	if diags.HasErrors() {
		t.Fatalf("compiling %s: %v", dir, diags)
	}
	cfg := cib.Config
	if _, r := testpolicy.AsDummies(cfg); r != nil {
		t.Skipf("%s has a %T, which the one-node transformation does not cover", dir, r)
	}
	cfg.FencingLevels = nil
	var sections []string
	for _, s := range cfg.Sections {
		if s != "fencing-topology" {
			sections = append(sections, s)
		}
	}
	cfg.Sections = sections
	testpolicy.SetProperty(cfg, "stonith-enabled", "false")
	renameFirstNode(cfg, "node1")

	var buf bytes.Buffer
	if err := cibxml.Write(&buf, cib); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), filepath.Base(dir)+".xml")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// renameFirstNode gives the first declared node the name (and id) to,
// unless a node has that name already, and follows the rename in the
// constraints: location nodes and #uname expressions of rules.
func renameFirstNode(cfg *ir.Config, to string) {
	if len(cfg.Nodes) == 0 {
		return
	}
	for _, n := range cfg.Nodes {
		if n.Uname == to {
			return
		}
	}
	first := cfg.Nodes[0]
	from := first.Uname
	first.Uname, first.ID = to, to
	var rename func(rules []*ir.Rule)
	rename = func(rules []*ir.Rule) {
		for _, r := range rules {
			for _, term := range r.Terms {
				switch x := term.(type) {
				case *ir.Expression:
					if x.Attribute == "#uname" && x.Value != nil && *x.Value == from {
						v := to
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
			if l.Node == from {
				l.Node = to
			}
			rename(l.Rules)
		}
	}
}
