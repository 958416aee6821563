// Package testpolicy holds the edits the integration tests make to an
// example policy before applying it to a real cluster (cmd/pcl's one-node
// cluster, internal/cluster3test's three nodes): resources become agents
// that run anywhere, cluster options are set. Test support only.
package testpolicy

import (
	"strings"

	"pcl/ir"
)

// AsDummy makes p a Dummy (or, promotable, Stateful) resource without
// parameters, which runs on any test node.
func AsDummy(p *ir.Primitive, promotable bool) {
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

// MetaTrue reports whether the meta attribute name is set true in sets.
func MetaTrue(sets []*ir.NVSet, name string) bool {
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

// SetProperty sets a cluster option in every property set that has it,
// or in the first set (a new one when there is none).
func SetProperty(cfg *ir.Config, name, value string) {
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

// AsDummies rewrites cfg's resources for a test cluster: primitives,
// groups and clones become Dummies (Stateful when promotable), templates
// go (no primitive uses them any more), and so do fence devices with
// their location constraints. It returns the fence devices' ids, and the
// first resource of a kind it does not cover (a bundle), nil when none:
// cfg is then only partly rewritten.
func AsDummies(cfg *ir.Config) (fences map[string]bool, unsupported ir.Resource) {
	fences = map[string]bool{}
	var kept []ir.Resource
	for _, r := range cfg.Resources {
		switch r := r.(type) {
		case *ir.Primitive:
			if r.Agent.Class == "stonith" {
				fences[r.ID] = true
				continue
			}
			AsDummy(r, false)
		case *ir.Group:
			for _, m := range r.Members {
				AsDummy(m, false)
			}
		case *ir.Template:
			continue
		case *ir.Clone:
			promotable := r.Master || MetaTrue(r.Sets, "promotable")
			switch c := r.Child.(type) {
			case *ir.Primitive:
				AsDummy(c, promotable)
			case *ir.Group:
				for _, m := range c.Members {
					AsDummy(m, promotable)
				}
			}
		default:
			return fences, r
		}
		kept = append(kept, r)
	}
	cfg.Resources = kept
	var constraints []ir.Constraint
	for _, c := range cfg.Constraints {
		if l, ok := c.(*ir.Location); ok && fences[l.Resource] {
			continue
		}
		constraints = append(constraints, c)
	}
	cfg.Constraints = constraints
	return fences, nil
}
