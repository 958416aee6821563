package dot

import (
	"bytes"
	"fmt"
	"strings"

	"pcl/emit/pclgen"
	"pcl/ir"
)

// ConstraintOptions tunes the constraint graph.
type ConstraintOptions struct {
	// Locations also draws location preferences (resource -> node).
	Locations bool
}

// Colours of the constraint graph; negative colocations are red.
const (
	orderColor    = "#1f4e9c"
	colocColor    = "#2e7d32"
	negativeColor = "#c62828"
	locationColor = "#8d6e63"
	setFill       = "#fff8e1"
)

// Constraints draws the order and colocation chains of a configuration:
// resources as boxes, groups and clones as clusters around their members,
// order constraints as blue edges first -> then labelled with kind and
// actions (dashed when optional), colocations as green edges in placement
// direction (from the resource placed first to the one placed relative to
// it) labelled with their score (red when negative), and resource sets as
// clusters of their own that say whether they are sequential and, for
// orders, whether they require all members. A top-level resource a set
// names (a clone, a group or a primitive) is drawn inside the first set
// that names it, with its own members, and other sets show a copy linked
// to it by a dotted line; a tag a constraint names is linked to its
// members the same way.
func Constraints(cfg *ir.Config, opts ConstraintOptions) []byte {
	g := &cgraph{members: map[string]string{}, known: map[string]bool{}, inSet: map[string]string{}, prims: map[string]*ir.Primitive{},
		top: map[string]ir.Resource{}, tags: map[string]*ir.Tag{}}
	g.line(`digraph "constraints" {`)
	g.line(`  graph [rankdir=LR, compound=true, fontname="Helvetica", fontsize=12, nodesep=0.25, ranksep=0.7, labeljust=l, newrank=true];`)
	g.line(`  node [shape=box, style="rounded,filled", fillcolor="#f5f5f5", color="#616161", fontname="Helvetica", fontsize=11];`)
	g.line(`  edge [fontname="Helvetica", fontsize=9, arrowsize=0.7];`)
	if cfg == nil {
		g.line("}")
		return g.buf.Bytes()
	}
	for _, r := range cfg.Resources {
		if p, ok := r.(*ir.Primitive); ok {
			g.prims[p.ID] = p
		}
		if _, isTemplate := r.(*ir.Template); !isTemplate {
			g.top[r.ResourceID()] = r
		}
	}
	for _, t := range cfg.Tags {
		if _, dup := g.tags[t.ID]; !dup {
			g.tags[t.ID] = t
		}
	}
	// A top-level resource that appears in a resource set is drawn inside
	// the first set that names it; other sets show a copy.
	for _, c := range cfg.Constraints {
		id, sets := constraintSets(c)
		for i, set := range sets {
			for _, r := range set.Resources {
				if _, ok := g.top[r]; ok && g.inSet[r] == "" {
					g.inSet[r] = setCluster(id, set, i)
				}
			}
		}
	}
	for _, r := range cfg.Resources {
		if g.inSet[r.ResourceID()] != "" {
			continue
		}
		g.resource(r, "  ")
	}
	// The sets first, so that every resource is drawn before the edges
	// that name it.
	drawn := make([][]drawnSet, len(cfg.Constraints))
	for i, c := range cfg.Constraints {
		switch c := c.(type) {
		case *ir.Order:
			if len(c.Sets) > 0 {
				kind := orderKindText(c.Kind, c.Score)
				drawn[i] = g.sets(c.ID, c.Sets, true, orderColor, orderStyle(kind), "order "+c.ID+" ("+kind+")")
			}
		case *ir.Colocation:
			if len(c.Sets) > 0 {
				score, negative := scoreText(c.Score)
				drawn[i] = g.sets(c.ID, c.Sets, false, colocationColor(negative), "bold", "colocation "+c.ID+", score "+score)
			}
		}
	}
	// Then the copies' links, once every set holds what it holds.
	for _, c := range g.copies {
		g.link(c[0], c[1], "the same resource as "+c[1])
	}
	for i, c := range cfg.Constraints {
		switch c := c.(type) {
		case *ir.Order:
			g.order(c, drawn[i])
		case *ir.Colocation:
			g.colocation(c, drawn[i])
		case *ir.Location:
			if opts.Locations {
				g.location(c)
			}
		}
	}
	g.line("}")
	return g.buf.Bytes()
}

// constraintSets are the resource sets of an order or colocation, with
// its id.
func constraintSets(c ir.Constraint) (string, []*ir.ResourceSet) {
	switch c := c.(type) {
	case *ir.Order:
		return c.ID, c.Sets
	case *ir.Colocation:
		return c.ID, c.Sets
	}
	return "", nil
}

func colocationColor(negative bool) string {
	if negative {
		return negativeColor
	}
	return colocColor
}

type cgraph struct {
	buf bytes.Buffer
	// members maps a group or clone id to a node inside its cluster, the
	// anchor of edges that end at the cluster.
	members map[string]string
	known   map[string]bool // resource and reference nodes drawn so far
	// inSet maps a top-level resource to the set cluster it is drawn in.
	inSet map[string]string
	prims map[string]*ir.Primitive
	top   map[string]ir.Resource // top-level resources by id, templates aside
	tags  map[string]*ir.Tag
	// copies are the copies drawn in sets (node, the resource it stands
	// for), linked to what they stand for once every set is drawn.
	copies [][2]string
}

func setCluster(constraint string, s *ir.ResourceSet, i int) string {
	sid := s.ID
	if sid == "" {
		sid = ir.ResourceSetID(constraint, i)
	}
	return "cluster_set_" + constraint + "_" + sid
}

func primitiveLabel(r *ir.Primitive) string {
	label := r.ID
	if t := r.Agent.Type; t != "" {
		label += "\n" + r.Agent.String()
	} else if r.Template != "" {
		label += "\ntemplate " + r.Template
	}
	return label
}

func (g *cgraph) line(format string, args ...any) {
	fmt.Fprintf(&g.buf, format, args...)
	g.buf.WriteByte('\n')
}

// q quotes a string for dot.
func q(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(s) + `"`
}

func (g *cgraph) resource(r ir.Resource, indent string) string {
	switch r := r.(type) {
	case *ir.Primitive:
		g.known[r.ID] = true
		g.line("%s%s [label=%s];", indent, q(r.ID), q(primitiveLabel(r)))
		return r.ID
	case *ir.Template:
		return ""
	case *ir.Group:
		g.line("%ssubgraph %s {", indent, q("cluster_"+r.ID))
		g.line("%s  label=%s; style=rounded; color=\"#9e9e9e\"; fontcolor=\"#424242\";", indent, q("group "+r.ID))
		var prev string
		for _, m := range r.Members {
			id := g.resource(m, indent+"  ")
			if prev != "" {
				// Members start in order, each placed with the one before.
				g.line("%s  %s -> %s [color=\"#9e9e9e\", arrowhead=vee, tooltip=\"group order and colocation\"];", indent, q(prev), q(id))
			} else {
				g.members[r.ID] = id
			}
			prev = id
		}
		g.line("%s}", indent)
		g.known[r.ID] = true
		return g.members[r.ID]
	case *ir.Clone:
		kind := "clone"
		if r.Master || cloneMeta(r, "promotable") {
			kind = "promotable clone"
		}
		g.line("%ssubgraph %s {", indent, q("cluster_"+r.ID))
		g.line("%s  label=%s; style=\"rounded,dashed\"; color=\"#6a1b9a\"; fontcolor=\"#6a1b9a\";", indent, q(kind+" "+r.ID))
		if r.Child != nil {
			g.members[r.ID] = g.resource(r.Child, indent+"  ")
		}
		g.line("%s}", indent)
		g.known[r.ID] = true
		return g.members[r.ID]
	case *ir.Bundle:
		g.line("%ssubgraph %s {", indent, q("cluster_"+r.ID))
		g.line("%s  label=%s; style=\"rounded,dashed\"; color=\"#00838f\"; fontcolor=\"#00838f\";", indent, q("bundle "+r.ID))
		if r.Child != nil {
			g.members[r.ID] = g.resource(r.Child, indent+"  ")
		} else {
			id := r.ID + " (container)"
			g.line("%s  %s [label=%s, shape=box3d];", indent, q(id), q(r.ID))
			g.members[r.ID] = id
		}
		g.line("%s}", indent)
		g.known[r.ID] = true
		return g.members[r.ID]
	}
	return ""
}

func cloneMeta(c *ir.Clone, name string) bool {
	for _, s := range c.Sets {
		if s.Kind != ir.MetaAttributes {
			continue
		}
		for _, p := range s.Pairs {
			if p.Name == name && p.Value != nil {
				v, _ := ir.ParseBool(*p.Value)
				return v
			}
		}
	}
	return false
}

// endpoint returns the node an edge to id attaches to and the cluster
// attribute (lhead/ltail) when id is a group, clone or bundle.
func (g *cgraph) endpoint(id string) (node, cluster string) {
	if m, ok := g.members[id]; ok {
		return m, "cluster_" + id
	}
	if !g.known[id] {
		g.known[id] = true
		if t, ok := g.tags[id]; ok {
			g.tag(t)
			return id, ""
		}
		// A template or unknown id: draw it once as a note.
		g.line("  %s [shape=note, style=filled, fillcolor=\"#eeeeee\"];", q(id))
	}
	return id, ""
}

// tag draws a tag as a folder linked to each of its members by a dotted
// line: a constraint on the tag applies to each of them.
func (g *cgraph) tag(t *ir.Tag) {
	g.line("  %s [label=%s, shape=tab, style=filled, fillcolor=\"#eeeeee\"];", q(t.ID), q("tag "+t.ID))
	for _, ref := range t.Refs {
		g.link(t.ID, ref, "member of tag "+t.ID)
	}
}

// link draws a dotted line, with no bearing on the layout's ranks, from
// the node from to what id is drawn as: a tag's member, or the resource a
// copy in a set stands for.
func (g *cgraph) link(from, id, tooltip string) {
	to, cluster := g.endpoint(id)
	attrs := []string{"style=dotted", `color="#757575"`, "arrowhead=none", "constraint=false", "tooltip=" + q(tooltip)}
	if cluster != "" {
		attrs = append(attrs, "lhead="+q(cluster))
	}
	g.line("  %s -> %s [%s];", q(from), q(to), strings.Join(attrs, ", "))
}

func (g *cgraph) edge(from, to string, attrs []string) {
	fn, fc := g.endpoint(from)
	tn, tc := g.endpoint(to)
	if fc != "" {
		attrs = append(attrs, "ltail="+q(fc))
	}
	if tc != "" && tc != fc {
		attrs = append(attrs, "lhead="+q(tc))
	}
	g.line("  %s -> %s [%s];", q(fn), q(tn), strings.Join(attrs, ", "))
}

func orderKindText(kind ir.OrderKind, score *ir.ScoreValue) string {
	switch strings.ToLower(string(kind)) {
	case "optional":
		return "optional"
	case "serialize":
		return "serialize"
	case "mandatory":
		return "mandatory"
	}
	if score != nil && score.Value == 0 {
		return "optional"
	}
	return "mandatory"
}

func orderStyle(kind string) string {
	switch kind {
	case "optional":
		return "dashed"
	case "serialize":
		return "dotted"
	}
	return "solid"
}

func (g *cgraph) order(o *ir.Order, sets []drawnSet) {
	kind := orderKindText(o.Kind, o.Score)
	asym := ""
	if o.Symmetrical != nil && !o.Symmetrical.Value {
		asym = ", asymmetric"
	}
	if len(o.Sets) == 0 {
		fa := actionText(o.FirstAction, "start")
		ta := actionText(o.ThenAction, fa)
		label := fmt.Sprintf("%s\n%s %s → %s%s", o.ID, kind, fa, ta, asym)
		if o.RequireAll != nil && !o.RequireAll.Value {
			label += ", require-all=false"
		}
		g.edge(o.First, o.Then, []string{"label=" + q(label), "color=" + q(orderColor), "fontcolor=" + q(orderColor), "style=" + orderStyle(kind)})
		return
	}
	for i := 0; i+1 < len(sets); i++ {
		a, b := sets[i], sets[i+1]
		label := fmt.Sprintf("%s\n%s %s → %s%s", o.ID, kind, a.action, b.action, asym)
		g.line("  %s -> %s [label=%s, color=%s, fontcolor=%s, style=%s, ltail=%s, lhead=%s];",
			q(a.last), q(b.first), q(label), q(orderColor), q(orderColor), orderStyle(kind), q(a.cluster), q(b.cluster))
	}
}

func actionText(a ir.Action, def string) string {
	if a == "" {
		return def
	}
	return string(a)
}

type drawnSet struct {
	cluster, first, last, action string
}

// sets draws each resource set of a constraint as a cluster of copies of
// its members; sequential sets chain their members.
func (g *cgraph) sets(id string, sets []*ir.ResourceSet, isOrder bool, color, style, title string) []drawnSet {
	arrow := "normal"
	if !isOrder {
		arrow = "dot"
	}
	var out []drawnSet
	for i, s := range sets {
		sid := s.ID
		if sid == "" {
			sid = ir.ResourceSetID(id, i)
		}
		cluster := setCluster(id, s, i)
		seq := s.Sequential == nil || s.Sequential.Value
		var facts []string
		if seq {
			facts = append(facts, "sequential")
		} else {
			facts = append(facts, "unordered")
		}
		if isOrder {
			if s.RequireAll != nil && !s.RequireAll.Value {
				facts = append(facts, "any one (require-all=false)")
			} else {
				facts = append(facts, "require-all")
			}
		}
		action := actionText(s.Action, "start")
		if isOrder || s.Action != "" {
			facts = append(facts, "action "+action)
		}
		if s.Role != "" {
			facts = append(facts, "role "+string(s.Role))
		}
		g.line("  subgraph %s {", q(cluster))
		g.line("    label=%s; style=\"rounded,filled\"; fillcolor=%s; color=%s; fontsize=10;", q(title+"\nset "+sid+": "+strings.Join(facts, ", ")), q(setFill), q(color))
		ds := drawnSet{cluster: cluster, action: action}
		var prev, prevCluster string
		var names []string
		var copies [][2]string // copy node, the resource it stands for
		for _, r := range s.Resources {
			node, inner := sid+"/"+r, ""
			if g.inSet[r] == cluster && !g.known[r] {
				node = g.resource(g.top[r], "    ")
				if _, ok := g.members[r]; ok {
					inner = "cluster_" + r
				}
			} else {
				g.line("    %s [label=%s, fillcolor=\"#ffffff\", style=\"rounded,filled,dashed\", tooltip=\"copy of %s\"];", q(node), q(r), r)
				copies = append(copies, [2]string{node, r})
			}
			if inner == "" {
				names = append(names, q(node))
			}
			if ds.first == "" {
				ds.first = node
			}
			if seq && prev != "" {
				attrs := []string{"color=" + q(color), "style=" + style, "arrowhead=" + arrow}
				if prevCluster != "" {
					attrs = append(attrs, "ltail="+q(prevCluster))
				}
				if inner != "" {
					attrs = append(attrs, "lhead="+q(inner))
				}
				g.line("    %s -> %s [%s];", q(prev), q(node), strings.Join(attrs, ", "))
			}
			prev, prevCluster = node, inner
		}
		ds.last = prev
		if !seq && len(names) > 1 {
			g.line("    {rank=same; %s}", strings.Join(names, "; "))
		}
		if ds.first == "" {
			ds.first = sid + "/(empty)"
			ds.last = ds.first
			g.line("    %s [label=\"(empty)\"];", q(ds.first))
		}
		g.line("  }")
		g.copies = append(g.copies, copies...)
		out = append(out, ds)
	}
	return out
}

func scoreText(s *ir.ScoreValue) (string, bool) {
	if s == nil {
		return "INFINITY", false
	}
	return s.Value.String(), s.Value < 0
}

func (g *cgraph) colocation(c *ir.Colocation, sets []drawnSet) {
	score, negative := scoreText(c.Score)
	color := colocationColor(negative)
	if len(c.Sets) == 0 {
		label := c.ID + "\n"
		if c.DependentRole != "" || c.PrimaryRole != "" {
			label += fmt.Sprintf("%s with %s ", roleText(c.DependentRole), roleText(c.PrimaryRole))
		}
		label += "score " + score
		if c.NodeAttribute != "" {
			label += "\nby " + c.NodeAttribute
		}
		// Placement direction: the primary is placed first.
		g.edge(c.Primary, c.Dependent, []string{"label=" + q(label), "color=" + q(color), "fontcolor=" + q(color), "arrowhead=dot", "style=bold"})
		return
	}
	// Each set is placed relative to the set after it.
	for i := len(sets) - 1; i > 0; i-- {
		a, b := sets[i], sets[i-1]
		g.line("  %s -> %s [label=%s, color=%s, fontcolor=%s, arrowhead=dot, style=bold, ltail=%s, lhead=%s];",
			q(a.last), q(b.first), q(c.ID+"\nscore "+score), q(color), q(color), q(a.cluster), q(b.cluster))
	}
}

func roleText(r ir.Role) string {
	if r == "" {
		return string(ir.RoleStarted)
	}
	return string(r)
}

func (g *cgraph) location(l *ir.Location) {
	target := l.Resource
	if target == "" && l.Pattern != "" {
		target = "/" + l.Pattern + "/"
	}
	var targets []string
	if target != "" {
		targets = []string{target}
	}
	for _, s := range l.Sets {
		targets = append(targets, s.Resources...)
	}
	var dest, label string
	if l.Node != "" {
		dest = "node " + l.Node
		score, _ := scoreText(l.Score)
		label = score
	} else {
		dest = "rule " + l.ID
		label = ruleLabel(l.Rules)
	}
	if l.Role != "" {
		label += " (" + string(l.Role) + ")"
	}
	negative := l.Score != nil && l.Score.Value < 0
	if !g.known[dest] {
		g.known[dest] = true
		shape := "ellipse"
		if l.Node == "" {
			shape = "hexagon"
		}
		g.line("  %s [shape=%s, style=filled, fillcolor=\"#efebe9\", color=%s];", q(dest), shape, q(locationColor))
	}
	color := locationColor
	if negative {
		color = negativeColor
	}
	for _, t := range targets {
		g.edge(t, dest, []string{"label=" + q(l.ID+"\n"+label), "color=" + q(color), "fontcolor=" + q(color), "style=dashed", "arrowhead=empty"})
	}
}

// ruleLabel says what a location's rules are, in pcl's rule syntax, each
// with its score: "100 if #uname eq db1", "pingd if defined pingd".
func ruleLabel(rules []*ir.Rule) string {
	var parts []string
	for _, r := range rules {
		expr, _, err := pclgen.FormatRule(r)
		if err != nil {
			expr = "rule " + r.ID
		}
		score := "0"
		switch {
		case r.ScoreAttribute != "":
			score = r.ScoreAttribute
		case r.Score != nil:
			score, _ = scoreText(r.Score)
		}
		part := score + " if " + expr
		if r.Role != "" {
			part += " (" + string(r.Role) + ")"
		}
		parts = append(parts, part)
	}
	if len(parts) == 0 {
		return "rules"
	}
	return strings.Join(parts, "\n")
}
