package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pcl/compiler"
	"pcl/emit/cibxml"
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
	removed := map[string]bool{}
	var kept []ir.Resource
	for _, r := range cfg.Resources {
		switch r := r.(type) {
		case *ir.Primitive:
			if r.Agent.Class == "stonith" {
				removed[r.ID] = true
				continue
			}
			dummy(r, false)
		case *ir.Group:
			for _, m := range r.Members {
				dummy(m, false)
			}
		case *ir.Template:
			continue // the primitives no longer use it (see dummy)
		case *ir.Clone:
			promotable := r.Master || metaTrue(r.Sets, "promotable")
			switch c := r.Child.(type) {
			case *ir.Primitive:
				dummy(c, promotable)
			case *ir.Group:
				for _, m := range c.Members {
					dummy(m, promotable)
				}
			}
		default:
			t.Skipf("%s has a %T, which the one-node transformation does not cover", dir, r)
		}
		kept = append(kept, r)
	}
	cfg.Resources = kept
	var constraints []ir.Constraint
	for _, c := range cfg.Constraints {
		if l, ok := c.(*ir.Location); ok && removed[l.Resource] {
			continue
		}
		constraints = append(constraints, c)
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
	setProperty(cfg, "stonith-enabled", "false")
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

// dummy makes p a Dummy (or Stateful) resource without parameters.
func dummy(p *ir.Primitive, promotable bool) {
	p.Template = ""
	p.Agent = ir.Agent{Class: "ocf", Provider: "pacemaker", Type: "Dummy"}
	if promotable {
		p.Agent.Type = "Stateful"
	}
	var sets []*ir.NVSet
	for _, s := range p.Sets {
		if s.Kind != ir.InstanceAttributes {
			sets = append(sets, s)
		}
	}
	p.Sets = sets
	p.ChildAt = min(p.ChildAt, len(sets))
}

func metaTrue(sets []*ir.NVSet, name string) bool {
	for _, s := range sets {
		for _, p := range s.Pairs {
			if s.Kind == ir.MetaAttributes && p.Name == name && p.Value != nil {
				v, _ := ir.ParseBool(*p.Value)
				return v
			}
		}
	}
	return false
}

// setProperty sets a cluster option in every property set that has it,
// or in the first set (a new one when there is none).
func setProperty(cfg *ir.Config, name, value string) {
	found := false
	for _, s := range cfg.Properties {
		for _, p := range s.Pairs {
			if strings.EqualFold(p.Name, name) {
				v := value
				p.Value, found = &v, true
			}
		}
	}
	if found {
		return
	}
	if len(cfg.Properties) == 0 {
		cfg.Properties = []*ir.NVSet{{Kind: ir.ClusterProperties, ID: "cib-bootstrap-options"}}
	}
	s := cfg.Properties[0]
	v := value
	s.Pairs = append(s.Pairs, &ir.NVPair{ID: s.ID + "-" + name, Name: name, Value: &v})
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
