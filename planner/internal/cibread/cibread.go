// Package cibread is a minimal CIB XML reader for the planner's own tests:
// it fills the parts of the IR the planner reads, so that the planner can be
// checked against the corpus while the importer is being written. It keeps
// no source ranges, does not validate, and is not the importer: commands
// use importer.Read.
package cibread

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strconv"
	"strings"

	"pcl/ir"
)

type node struct {
	name     string
	attrs    []ir.Attr
	children []*node
}

func (n *node) attr(name string) string {
	for _, a := range n.attrs {
		if a.Name == name {
			return a.Value
		}
	}
	return ""
}

func (n *node) has(name string) bool {
	for _, a := range n.attrs {
		if a.Name == name {
			return true
		}
	}
	return false
}

func (n *node) child(name string) *node {
	for _, c := range n.children {
		if c.name == name {
			return c
		}
	}
	return nil
}

func parse(src []byte) (*node, error) {
	dec := xml.NewDecoder(bytes.NewReader(src))
	var stack []*node
	var root *node
	for {
		tok, err := dec.Token()
		if err != nil {
			if root != nil && err.Error() == "EOF" {
				return root, nil
			}
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			n := &node{name: t.Name.Local}
			for _, a := range t.Attr {
				n.attrs = append(n.attrs, ir.Attr{Name: a.Name.Local, Value: a.Value})
			}
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.children = append(p.children, n)
			} else {
				root = n
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}
}

// Read reads a CIB document.
func Read(src []byte) (*ir.CIB, error) {
	root, err := parse(src)
	if err != nil {
		return nil, err
	}
	if root.name != "cib" {
		return nil, fmt.Errorf("root element is <%s>, not <cib>", root.name)
	}
	r := &reader{ids: map[string]*node{}}
	r.index(root)
	cib := &ir.CIB{Attrs: root.attrs, Config: &ir.Config{}}
	if cfg := root.child("configuration"); cfg != nil {
		r.config(cfg, cib.Config)
	}
	if st := root.child("status"); st != nil {
		cib.Status = r.status(st)
	}
	return cib, nil
}

type reader struct {
	ids map[string]*node
}

func (r *reader) index(n *node) {
	if id := n.attr("id"); id != "" {
		if _, dup := r.ids[id]; !dup {
			r.ids[id] = n
		}
	}
	for _, c := range n.children {
		r.index(c)
	}
}

// deref follows an id-ref to the referenced element.
func (r *reader) deref(n *node) *node {
	if ref := n.attr("id-ref"); ref != "" {
		if t, ok := r.ids[ref]; ok {
			return t
		}
	}
	return n
}

func score(s string) *ir.ScoreValue {
	if s == "" {
		return nil
	}
	v, err := ir.ParseScore(s)
	if err != nil {
		return &ir.ScoreValue{Value: 0, Text: s}
	}
	return &ir.ScoreValue{Value: v, Text: s}
}

func boolp(s string, present bool) *ir.Bool {
	if !present {
		return nil
	}
	v, _ := ir.ParseBool(s)
	return &ir.Bool{Value: v, Text: s}
}

var setKinds = map[string]ir.NVSetKind{
	"instance_attributes":  ir.InstanceAttributes,
	"meta_attributes":      ir.MetaAttributes,
	"utilization":          ir.Utilization,
	"cluster_property_set": ir.ClusterProperties,
}

func (r *reader) sets(n *node) []*ir.NVSet {
	var out []*ir.NVSet
	for _, c := range n.children {
		if k, ok := setKinds[c.name]; ok {
			out = append(out, r.set(c, k))
		}
	}
	return out
}

func (r *reader) set(c *node, k ir.NVSetKind) *ir.NVSet {
	s := &ir.NVSet{Kind: k, ID: c.attr("id"), IDRef: c.attr("id-ref"), Score: score(c.attr("score"))}
	body := r.deref(c)
	for _, p := range body.children {
		switch p.name {
		case "nvpair":
			pp := r.deref(p)
			nv := &ir.NVPair{ID: p.attr("id"), IDRef: p.attr("id-ref"), Name: p.attr("name")}
			if nv.Name == "" {
				nv.Name = pp.attr("name")
			}
			if p.has("value") {
				v := p.attr("value")
				nv.Value = &v
			} else if pp.has("value") {
				v := pp.attr("value")
				nv.Value = &v
			}
			s.Pairs = append(s.Pairs, nv)
		case "rule":
			s.Rules = append(s.Rules, r.rule(p))
		case "attributes":
			for _, q := range p.children {
				if q.name == "nvpair" {
					v := q.attr("value")
					s.Pairs = append(s.Pairs, &ir.NVPair{ID: q.attr("id"), Name: q.attr("name"), Value: &v})
				}
			}
		}
	}
	if s.Score == nil && body != c {
		s.Score = score(body.attr("score"))
	}
	return s
}

func (r *reader) rule(c *node) *ir.Rule {
	n := r.deref(c)
	ru := &ir.Rule{ID: n.attr("id"), IDRef: c.attr("id-ref"), Score: score(n.attr("score")),
		ScoreAttribute: n.attr("score-attribute"), Role: ir.Role(n.attr("role")), BooleanOp: n.attr("boolean-op")}
	for _, t := range n.children {
		switch t.name {
		case "expression":
			e := &ir.Expression{ID: t.attr("id"), Attribute: t.attr("attribute"), Operation: t.attr("operation"),
				Type: t.attr("type"), ValueSource: t.attr("value-source")}
			if t.has("value") {
				v := t.attr("value")
				e.Value = &v
			}
			ru.Terms = append(ru.Terms, e)
		case "date_expression":
			d := &ir.DateExpression{ID: t.attr("id"), Operation: t.attr("operation"), Start: t.attr("start"), End: t.attr("end")}
			if ds := t.child("date_spec"); ds != nil {
				d.Spec = dateSpec(ds)
			}
			if du := t.child("duration"); du != nil {
				d.Duration = dateSpec(du)
			}
			ru.Terms = append(ru.Terms, d)
		case "rsc_expression":
			ru.Terms = append(ru.Terms, &ir.ResourceExpression{ID: t.attr("id"), Class: t.attr("class"), Provider: t.attr("provider"), Type: t.attr("type")})
		case "op_expression":
			ru.Terms = append(ru.Terms, &ir.OpExpression{ID: t.attr("id"), Name: t.attr("name"), Interval: t.attr("interval")})
		case "rule":
			ru.Terms = append(ru.Terms, r.rule(t))
		}
	}
	return ru
}

func dateSpec(n *node) *ir.DateSpec {
	return &ir.DateSpec{ID: n.attr("id"), Seconds: n.attr("seconds"), Minutes: n.attr("minutes"), Hours: n.attr("hours"),
		Days: n.attr("days"), Monthdays: n.attr("monthdays"), Weekdays: n.attr("weekdays"), Yeardays: n.attr("yeardays"),
		Months: n.attr("months"), Weeks: n.attr("weeks"), Years: n.attr("years"), Weekyears: n.attr("weekyears"), Moon: n.attr("moon")}
}

func (r *reader) config(cfg *node, c *ir.Config) {
	for _, sec := range cfg.children {
		switch sec.name {
		case "crm_config":
			c.Properties = r.sets(sec)
		case "rsc_defaults":
			c.RscDefaults = r.sets(sec)
		case "op_defaults":
			c.OpDefaults = r.sets(sec)
		case "nodes":
			for _, n := range sec.children {
				if n.name != "node" {
					continue
				}
				c.Nodes = append(c.Nodes, &ir.Node{ID: n.attr("id"), Uname: n.attr("uname"), Type: n.attr("type"),
					Score: score(n.attr("score")), Sets: r.sets(n)})
			}
		case "resources":
			for _, n := range sec.children {
				if res := r.resource(n); res != nil {
					c.Resources = append(c.Resources, res)
				}
			}
		case "constraints":
			for _, n := range sec.children {
				if con := r.constraint(n); con != nil {
					c.Constraints = append(c.Constraints, con)
				}
			}
		case "tags":
			for _, t := range sec.children {
				tag := &ir.Tag{ID: t.attr("id")}
				for _, o := range t.children {
					tag.Refs = append(tag.Refs, o.attr("id"))
				}
				c.Tags = append(c.Tags, tag)
			}
		}
	}
}

func (r *reader) primitive(n *node) *ir.Primitive {
	p := &ir.Primitive{ID: n.attr("id"), Agent: ir.Agent{Class: n.attr("class"), Provider: n.attr("provider"), Type: n.attr("type")},
		Template: n.attr("template"), Sets: r.sets(n)}
	if ops := n.child("operations"); ops != nil {
		body := r.deref(ops)
		p.Operations = &ir.Operations{ID: ops.attr("id"), IDRef: ops.attr("id-ref")}
		for _, o := range body.children {
			if o.name != "op" {
				continue
			}
			iv, _ := ir.ParseDuration(o.attr("interval"))
			if !o.has("interval") {
				iv = ir.Duration{}
			}
			op := &ir.Op{ID: o.attr("id"), Name: o.attr("name"), Interval: iv, OnFail: o.attr("on-fail"),
				Role: ir.Role(o.attr("role")), Enabled: boolp(o.attr("enabled"), o.has("enabled")), Sets: r.sets(o)}
			p.Operations.Ops = append(p.Operations.Ops, op)
		}
	}
	return p
}

func (r *reader) resource(n *node) ir.Resource {
	switch n.name {
	case "primitive":
		return r.primitive(n)
	case "template":
		return &ir.Template{Primitive: *r.primitive(n)}
	case "group":
		g := &ir.Group{ID: n.attr("id"), Sets: r.sets(n)}
		for _, m := range n.children {
			if m.name == "primitive" {
				g.Members = append(g.Members, r.primitive(m))
			}
		}
		return g
	case "clone", "master":
		cl := &ir.Clone{ID: n.attr("id"), Master: n.name == "master", Sets: r.sets(n)}
		for _, m := range n.children {
			if m.name == "primitive" || m.name == "group" {
				cl.Child = r.resource(m)
			}
		}
		return cl
	case "bundle":
		b := &ir.Bundle{ID: n.attr("id"), Sets: r.sets(n)}
		if p := n.child("primitive"); p != nil {
			b.Child = r.primitive(p)
		}
		return b
	}
	return nil
}

func (r *reader) rsets(n *node) []*ir.ResourceSet {
	var out []*ir.ResourceSet
	for _, s := range n.children {
		if s.name != "resource_set" {
			continue
		}
		b := r.deref(s)
		rs := &ir.ResourceSet{ID: b.attr("id"), IDRef: s.attr("id-ref"), Sequential: boolp(b.attr("sequential"), b.has("sequential")),
			RequireAll: boolp(b.attr("require-all"), b.has("require-all")), Ordering: b.attr("ordering"),
			Action: ir.Action(b.attr("action")), Role: ir.Role(b.attr("role")), Score: score(b.attr("score")), Kind: ir.OrderKind(b.attr("kind"))}
		for _, ref := range b.children {
			if ref.name == "resource_ref" {
				rs.Resources = append(rs.Resources, ref.attr("id"))
			}
		}
		out = append(out, rs)
	}
	return out
}

func (r *reader) constraint(n *node) ir.Constraint {
	switch n.name {
	case "rsc_location":
		l := &ir.Location{ID: n.attr("id"), Resource: n.attr("rsc"), Pattern: n.attr("rsc-pattern"), Sets: r.rsets(n),
			Node: n.attr("node"), Score: score(n.attr("score")), Role: ir.Role(n.attr("role")), Discovery: n.attr("resource-discovery")}
		for _, c := range n.children {
			if c.name == "rule" {
				l.Rules = append(l.Rules, r.rule(c))
			}
		}
		return l
	case "rsc_colocation":
		c := &ir.Colocation{ID: n.attr("id"), Dependent: n.attr("rsc"), Primary: n.attr("with-rsc"),
			DependentRole: ir.Role(n.attr("rsc-role")), PrimaryRole: ir.Role(n.attr("with-rsc-role")),
			DependentInstance: n.attr("rsc-instance"), PrimaryInstance: n.attr("with-rsc-instance"),
			Score: score(n.attr("score")), NodeAttribute: n.attr("node-attribute"),
			Influence: boolp(n.attr("influence"), n.has("influence")), Sets: r.rsets(n)}
		return c
	case "rsc_order":
		return &ir.Order{ID: n.attr("id"), First: n.attr("first"), Then: n.attr("then"),
			FirstAction: ir.Action(n.attr("first-action")), ThenAction: ir.Action(n.attr("then-action")),
			Kind: ir.OrderKind(n.attr("kind")), Score: score(n.attr("score")),
			Symmetrical: boolp(n.attr("symmetrical"), n.has("symmetrical")), Sets: r.rsets(n)}
	case "rsc_ticket":
		return &ir.Ticket{ID: n.attr("id"), Ticket: n.attr("ticket"), Resource: n.attr("rsc"), Role: ir.Role(n.attr("rsc-role")),
			LossPolicy: n.attr("loss-policy"), Sets: r.rsets(n)}
	}
	return nil
}

func atoi(s string) int {
	v, _ := strconv.Atoi(strings.TrimSpace(s))
	return v
}

func (r *reader) status(st *node) *ir.Status {
	out := &ir.Status{}
	for _, ns := range st.children {
		if ns.name != "node_state" {
			continue
		}
		s := &ir.NodeState{ID: ns.attr("id"), Uname: ns.attr("uname"), InCCM: ns.attr("in_ccm"), Crmd: ns.attr("crmd"),
			Join: ns.attr("join"), Expected: ns.attr("expected"), RemoteNode: ns.attr("remote_node") == "true",
			Shutdown: ns.attr("shutdown"), NodeFenced: ns.attr("node_fenced"), NodeInMaintenance: ns.attr("node_in_maintenance"),
			Attrs: ns.attrs}
		if ta := ns.child("transient_attributes"); ta != nil {
			s.TransientID = ta.attr("id")
			s.Transient = r.sets(ta)
		}
		if lrm := ns.child("lrm"); lrm != nil {
			s.LRMID = lrm.attr("id")
			if rs := lrm.child("lrm_resources"); rs != nil {
				for _, lr := range rs.children {
					if lr.name != "lrm_resource" {
						continue
					}
					h := &ir.ResourceHistory{ID: lr.attr("id"), Class: lr.attr("class"), Provider: lr.attr("provider"),
						Type: lr.attr("type"), Container: lr.attr("container"), Attrs: lr.attrs}
					for _, o := range lr.children {
						if o.name != "lrm_rsc_op" {
							continue
						}
						iv, _ := strconv.ParseInt(o.attr("interval"), 10, 64)
						lrc, _ := strconv.ParseInt(o.attr("last-rc-change"), 10, 64)
						lr, _ := strconv.ParseInt(o.attr("last-run"), 10, 64)
						h.Ops = append(h.Ops, &ir.OpRecord{ID: o.attr("id"), Operation: o.attr("operation"),
							OperationKey: o.attr("operation_key"), IntervalMs: iv, CallID: atoi(o.attr("call-id")),
							RCCode: atoi(o.attr("rc-code")), OpStatus: atoi(o.attr("op-status")), LastRCChange: lrc, LastRun: lr,
							ExitReason: o.attr("exit-reason"), TransitionKey: o.attr("transition-key"),
							TransitionMagic: o.attr("transition-magic"), OnNode: o.attr("on_node"),
							MigrateSource: o.attr("migrate_source"), MigrateTarget: o.attr("migrate_target"),
							OpDigest: o.attr("op-digest"), Attrs: o.attrs})
					}
					s.Resources = append(s.Resources, h)
				}
			}
		}
		out.Nodes = append(out.Nodes, s)
	}
	return out
}
