package scenario

import (
	"fmt"
	"strings"

	"pcl/ir"
	"pcl/pcmk"
)

// This file applies the operator actions that change a resource's meta
// attributes (disable, enable, unmanage, manage: crm_resource --meta) and
// a cleanup (crm_resource --cleanup).

// metaTargets are the resources crm_resource --meta updates for rsc
// (find_matching_attr_resources, without --force): a clone's child that
// sets the attribute itself, else its clone; a clone whose primitive sets
// it, that primitive; otherwise every member that sets it, then rsc.
func metaTargets(rsc ir.Resource, parent ir.Resource, name string) []ir.Resource {
	if c, ok := parent.(*ir.Clone); ok {
		if hasMeta(rsc, name) {
			return []ir.Resource{rsc}
		}
		return []ir.Resource{c}
	}
	if c, ok := rsc.(*ir.Clone); ok && parent == nil {
		if p, ok := c.Child.(*ir.Primitive); ok && hasMeta(p, name) {
			return []ir.Resource{p}
		}
		return []ir.Resource{c}
	}
	var out []ir.Resource
	var walk func(r ir.Resource, root bool)
	walk = func(r ir.Resource, root bool) {
		for _, ch := range children(r) {
			walk(ch, false)
			if _, clone := r.(*ir.Clone); clone {
				break
			}
		}
		if root || hasMeta(r, name) {
			out = append(out, r)
		}
	}
	walk(rsc, true)
	return out
}

// children are a resource's direct children in the configuration.
func children(r ir.Resource) []ir.Resource {
	switch r := r.(type) {
	case *ir.Group:
		out := make([]ir.Resource, len(r.Members))
		for i, m := range r.Members {
			out[i] = m
		}
		return out
	case *ir.Clone:
		if r.Child != nil {
			return []ir.Resource{r.Child}
		}
	case *ir.Bundle:
		if r.Child != nil {
			return []ir.Resource{r.Child}
		}
	}
	return nil
}

// setsOf points at a resource's attribute sets.
func setsOf(r ir.Resource) *[]*ir.NVSet {
	switch r := r.(type) {
	case *ir.Primitive:
		return &r.Sets
	case *ir.Group:
		return &r.Sets
	case *ir.Clone:
		return &r.Sets
	case *ir.Bundle:
		return &r.Sets
	}
	return nil
}

func hasMeta(r ir.Resource, name string) bool {
	sets := setsOf(r)
	if sets == nil {
		return false
	}
	for _, s := range *sets {
		if s.Kind != ir.MetaAttributes {
			continue
		}
		for _, p := range s.Pairs {
			if p.Name == name {
				return true
			}
		}
	}
	return false
}

// ownResource makes the top-level resource holding id the copy's own,
// copied down to its members' sets, and returns the resource named id in
// the copy and its parent (nil at the top level).
func (a *applier) ownResource(id string) (ir.Resource, ir.Resource, error) {
	cfg := a.config()
	if !a.owned[&cfg.Resources] {
		cfg.Resources = append([]ir.Resource(nil), cfg.Resources...)
		a.owned[&cfg.Resources] = true
	}
	for i, top := range cfg.Resources {
		if _, tmpl := top.(*ir.Template); tmpl {
			continue
		}
		r, parent := find(top, nil, id)
		if r == nil {
			continue
		}
		if !a.owned[top] {
			top = copyResource(top)
			cfg.Resources[i] = top
			a.owned[top] = true
		}
		r, parent = find(top, nil, id)
		return r, parent, nil
	}
	return nil, nil, fmt.Errorf("unknown resource %q", id)
}

// find looks for the resource named id in r's tree.
func find(r, parent ir.Resource, id string) (ir.Resource, ir.Resource) {
	if r.ResourceID() == id {
		return r, parent
	}
	for _, ch := range children(r) {
		if f, p := find(ch, r, id); f != nil {
			return f, p
		}
	}
	return nil, nil
}

// copyResource copies a resource tree down to its attribute sets and
// pairs (operations, rules and the rest stay shared: they never change).
func copyResource(r ir.Resource) ir.Resource {
	switch r := r.(type) {
	case *ir.Primitive:
		c := *r
		c.Sets = cloneSets(r.Sets)
		return &c
	case *ir.Group:
		c := *r
		c.Sets = cloneSets(r.Sets)
		c.Members = make([]*ir.Primitive, len(r.Members))
		for i, m := range r.Members {
			c.Members[i] = copyResource(m).(*ir.Primitive)
		}
		return &c
	case *ir.Clone:
		c := *r
		c.Sets = cloneSets(r.Sets)
		if r.Child != nil {
			c.Child = copyResource(r.Child)
		}
		return &c
	case *ir.Bundle:
		c := *r
		c.Sets = cloneSets(r.Sets)
		if r.Child != nil {
			c.Child = copyResource(r.Child).(*ir.Primitive)
		}
		return &c
	}
	return r
}

// setMeta is crm_resource --meta -r RSC -p NAME -v VALUE, or with value
// nil --meta -d NAME: each target's existing pair is updated (deleted),
// else (when setting) one is added to its set ID-meta_attributes, created
// after its other children when missing.
func (a *applier) setMeta(in ir.Injection, name string, value *string) error {
	r, parent, err := a.ownResource(in.Resource)
	if err != nil {
		return fmt.Errorf("%s: %v", Describe(in), err)
	}
	for _, t := range metaTargets(r, parent, name) {
		sets := setsOf(t)
		if sets == nil {
			continue
		}
		found := false
		for _, s := range *sets {
			if s.Kind != ir.MetaAttributes {
				continue
			}
			kept := s.Pairs[:0]
			for _, p := range s.Pairs {
				if p.Name == name {
					found = true
					if value == nil {
						continue
					}
					p.Value = strPtr(*value)
				}
				kept = append(kept, p)
			}
			s.Pairs = kept
		}
		if found || value == nil {
			continue
		}
		setID := t.ResourceID() + "-meta_attributes"
		pair := &ir.NVPair{ID: sanitizeID(setID + "-" + name), Name: name, Value: strPtr(*value)}
		added := false
		for _, s := range *sets {
			if s.Kind == ir.MetaAttributes && s.ID == setID {
				s.Pairs = append(s.Pairs, pair)
				added = true
				break
			}
		}
		if !added {
			*sets = append(*sets, &ir.NVSet{Kind: ir.MetaAttributes, ID: setID, Pairs: []*ir.NVPair{pair}})
		}
	}
	return nil
}

// primitivesOf lists the primitives of the resource named id (itself when
// it is one).
func (a *applier) primitivesOf(id string) ([]string, error) {
	for _, top := range a.cib.Config.Resources {
		if _, tmpl := top.(*ir.Template); tmpl {
			continue
		}
		r, _ := find(top, nil, id)
		if r == nil {
			continue
		}
		var out []string
		var walk func(r ir.Resource)
		walk = func(r ir.Resource) {
			if p, ok := r.(*ir.Primitive); ok {
				out = append(out, p.ID)
			}
			for _, ch := range children(r) {
				walk(ch)
			}
		}
		walk(r)
		return out, nil
	}
	return nil, fmt.Errorf("unknown resource %q", id)
}

// cleanup is crm_resource --cleanup -r RSC [-N NODE]: on each node (the
// one named, else every node) where one of the resource's primitives (or
// their instances, "rsc:N") has failed, the controller deletes the
// primitive's history there and the attribute manager its fail counts
// and last failures; the next run probes it again.
func (a *applier) cleanup(in ir.Injection) error {
	prims, err := a.primitivesOf(in.Resource)
	if err != nil {
		return fmt.Errorf("%s: %v", Describe(in), err)
	}
	node := ""
	if in.Node != "" {
		if node, err = a.knownNode(in.Node); err != nil {
			return fmt.Errorf("%s: %v", Describe(in), err)
		}
	}
	st := a.cib.Status
	if st == nil {
		return nil
	}
	mine := func(id string) bool {
		base, _, _ := strings.Cut(id, ":")
		for _, p := range prims {
			if base == p {
				return true
			}
		}
		return false
	}
	failAttr := func(name string) bool {
		for _, prefix := range []string{"fail-count-", "last-failure-"} {
			if rest, ok := strings.CutPrefix(name, prefix); ok {
				id, _, _ := strings.Cut(rest, "#")
				return mine(id)
			}
		}
		return false
	}
	for i, ns := range st.Nodes {
		if node != "" && !strings.EqualFold(ns.Uname, node) {
			continue
		}
		failedRsc := map[string]bool{}
		for _, h := range ns.Resources {
			if !mine(h.ID) {
				continue
			}
			for _, op := range h.Ops {
				if failedOp(op) {
					failedRsc[h.ID] = true
				}
			}
		}
		hasFailAttr := false
		for _, s := range ns.Transient {
			for _, p := range s.Pairs {
				if failAttr(p.Name) {
					hasFailAttr = true
					if id, _, _ := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(p.Name, "fail-count-"), "last-failure-"), "#"); id != "" {
						failedRsc[id] = true
					}
				}
			}
		}
		if len(failedRsc) == 0 && !hasFailAttr {
			continue
		}
		ns = a.ownNodeState(i)
		for _, s := range ns.Transient {
			kept := s.Pairs[:0]
			for _, p := range s.Pairs {
				if !failAttr(p.Name) {
					kept = append(kept, p)
				}
			}
			s.Pairs = kept
		}
		var hs []*ir.ResourceHistory
		for _, h := range ns.Resources {
			if !failedRsc[h.ID] {
				hs = append(hs, h)
			}
		}
		if ns.Resources != nil && hs == nil {
			hs = []*ir.ResourceHistory{}
		}
		ns.Resources = hs
	}
	return nil
}

// failedOp reports whether a recorded operation failed: it did not
// complete, or returned other than it was expected to (the transition
// key's target rc).
func failedOp(op *ir.OpRecord) bool {
	if op.OpStatus != pcmk.ExecDone && op.OpStatus != pcmk.ExecPending {
		return true
	}
	want := int(pcmk.RCOK)
	if _, _, rc, _, ok := pcmk.DecodeTransitionKey(op.TransitionKey); ok {
		want = rc
	}
	return int(op.RCCode) != want
}
