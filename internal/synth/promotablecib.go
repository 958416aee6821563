package synth

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// PromotableCIB returns a small random CIB, as XML with a status section,
// built around promotable clones, for the planner's differential tests
// against crm_simulate. It is deterministic for a seed and drawn so that
// crm_verify accepts it.
//
// It has 2 to 5 nodes (some in standby or offline), 1 to 3 promotable
// clones, now and then a plain clone, and up to 3 primitives, in a random
// order:
//   - promotable clones: <clone> with promotable=true and promoted-max /
//     promoted-node-max, or the legacy <master> with master-max /
//     master-node-max; anonymous or globally-unique (clone-node-max 1 or
//     2), of a primitive or now and then of a group, with clone-max,
//     interleave, notify, resource-stickiness, target-role and is-managed
//     now and then; the primitives (ocf:pacemaker:Stateful) have a monitor
//     per role (10 s Promoted, 11 s Unpromoted), the Promoted one with
//     on-fail=demote now and then;
//   - status: per node and instance nothing, a probe, an Unpromoted
//     instance (start, monitor rc 0), a Promoted one (promote, monitor rc
//     8), a demoted one, one found Promoted by its probe (rc 8), or a failed
//     monitor of either role with its fail count; the promotion scores as
//     transient attributes master-<child> and master-<child>:N, some
//     -INFINITY or INFINITY;
//   - locations with role=Promoted or Unpromoted (node scores and rules),
//     colocations with rsc-role and with-rsc-role in both directions,
//     orders with first-action and then-action promote, demote, start or
//     stop, from an earlier to a later resource.
//
// Legacy role names (Master, Slave) appear where the legacy element does.
func PromotableCIB(seed uint64) string {
	g := &promotableCIB{cloneCIB: cloneCIB{rnd: rand.New(rand.NewPCG(seed, 0x9e0a7ab1e))}}
	return g.build()
}

// promotableCIB is the state of one PromotableCIB run: a cloneCIB for the
// draws, nodes and histories, and the promotable details of its tops.
type promotableCIB struct {
	cloneCIB
	prom map[*cibTop]*promotableTop

	// groups makes every promotable clone a clone of a group of two or
	// three members, and dense draws every instance active
	// (PromotableGroupCIB); both false for PromotableCIB.
	groups, dense bool
}

// promotableTop is what a promotable clone adds to its cibTop.
type promotableTop struct {
	legacy          bool // a <master>
	promotedMax     int
	promotedNodeMax int
	noMonitor       bool // the child has no role-specific monitors
}

// roleName is role as the CIB of t writes it: the legacy names in a
// <master>'s constraints and operations.
func (g *promotableCIB) roleName(t *cibTop, role string) string {
	if pt := g.prom[t]; pt != nil && pt.legacy {
		switch role {
		case "Promoted":
			return "Master"
		case "Unpromoted":
			return "Slave"
		}
	}
	return role
}

func (g *promotableCIB) build() string {
	g.prom = map[*cibTop]*promotableTop{}
	g.makeNodes(2 + g.intn(4))
	var b strings.Builder
	writeCIBOpening(&b)
	for i, n := range g.nodes {
		writeRackNode(&b, i, n, g.intn(2))
	}
	b.WriteString("    </nodes>\n    <resources>\n")
	g.resources(&b)
	b.WriteString("    </resources>\n")
	if g.one(2) {
		writeStickinessDefault(&b, g.pick("0", "1", "5", "100", "INFINITY"))
	}
	g.history()
	b.WriteString("    <constraints>\n")
	g.locations(&b)
	g.colocations(&b)
	g.orders(&b)
	b.WriteString("    </constraints>\n  </configuration>\n  <status>\n")
	for i, n := range g.nodes {
		if g.one(8) {
			g.attrs[i] = append(g.attrs[i], fmt.Sprintf(`<nvpair id="st-%s-standby" name="standby" value="on"/>`, n))
		}
		g.nodeState(&b, i, !g.one(8))
	}
	b.WriteString("  </status>\n</cib>\n")
	return b.String()
}

// resources writes 1 to 3 promotable clones, a plain clone one time in
// four and up to 3 primitives, in a random order.
func (g *promotableCIB) resources(b *strings.Builder) {
	var kinds []string
	for i := 0; i < 1+g.intn(3); i++ {
		kinds = append(kinds, "promotable")
	}
	if g.one(4) {
		kinds = append(kinds, "clone")
	}
	for i := 0; i < g.intn(4); i++ {
		kinds = append(kinds, "primitive")
	}
	g.rnd.Shuffle(len(kinds), func(i, j int) { kinds[i], kinds[j] = kinds[j], kinds[i] })
	for i, kind := range kinds {
		t := &cibTop{kind: kind}
		switch kind {
		case "primitive":
			t.id = fmt.Sprintf("rsc%d", i)
			t.members = []string{t.id}
			g.cloneCIB.primitive(b, t.id, "      ", g.primitiveMeta(t.id))
		case "clone":
			t.id = fmt.Sprintf("child%d-clone", i)
			t.max, t.nodeMax = len(g.nodes), 1
			t.members = []string{fmt.Sprintf("child%d", i)}
			var pairs [][2]string
			if g.one(2) {
				t.interleave = true
				pairs = append(pairs, [2]string{"interleave", "true"})
			}
			fmt.Fprintf(b, "      <clone id=%q>\n", t.id)
			writeMeta(b, t.id, "        ", pairs)
			g.cloneCIB.primitive(b, t.members[0], "        ", nil)
			b.WriteString("      </clone>\n")
		case "promotable":
			t.kind = "clone"
			g.promotable(b, t, i)
		}
		g.tops = append(g.tops, t)
	}
}

// promotable writes the promotable clone t, the i-th resource.
func (g *promotableCIB) promotable(b *strings.Builder, t *cibTop, i int) {
	pt := &promotableTop{legacy: g.one(4), promotedMax: 1, promotedNodeMax: 1}
	g.prom[t] = pt
	grouped := g.one(6) || g.groups
	child := fmt.Sprintf("db%d", i)
	if grouped {
		child = fmt.Sprintf("dbgrp%d", i)
	}
	t.id = child + "-clone"
	if pt.legacy {
		t.id = child + "-master"
	}
	t.max, t.nodeMax = len(g.nodes), 1
	var pairs [][2]string
	maxName, nodeMaxName := "promoted-max", "promoted-node-max"
	if pt.legacy {
		maxName, nodeMaxName = "master-max", "master-node-max"
	} else {
		pairs = append(pairs, [2]string{"promotable", "true"})
	}
	if g.one(4) {
		t.unique = true
		pairs = append(pairs, [2]string{"globally-unique", "true"})
		if g.one(2) {
			t.nodeMax = 2
			pairs = append(pairs, [2]string{"clone-node-max", "2"})
		}
	}
	if g.one(3) {
		t.max = 1 + g.intn(len(g.nodes)*t.nodeMax)
		pairs = append(pairs, [2]string{"clone-max", strconv.Itoa(t.max)})
	}
	if g.one(2) {
		pt.promotedMax = g.intn(4)
		pairs = append(pairs, [2]string{maxName, strconv.Itoa(pt.promotedMax)})
	}
	if g.one(4) {
		pt.promotedNodeMax = 1 + g.intn(2)
		pairs = append(pairs, [2]string{nodeMaxName, strconv.Itoa(pt.promotedNodeMax)})
	}
	if g.one(2) {
		t.interleave = true
		pairs = append(pairs, [2]string{"interleave", "true"})
	}
	if g.one(4) {
		pairs = append(pairs, [2]string{"notify", "true"})
	}
	if g.one(3) {
		pairs = append(pairs, [2]string{"resource-stickiness", g.pick("0", "1", "10", "100", "INFINITY")})
	}
	if g.one(8) {
		pairs = append(pairs, [2]string{"target-role", g.roleName(t, g.pick("Stopped", "Started", "Unpromoted", "Promoted"))})
	}
	if g.one(14) {
		pairs = append(pairs, [2]string{"is-managed", "false"})
	}
	if g.one(6) {
		pairs = append(pairs, [2]string{"migration-threshold", g.pick("1", "2")})
	}
	element := "clone"
	if pt.legacy {
		element = "master"
	}
	fmt.Fprintf(b, "      <%s id=%q>\n", element, t.id)
	writeMeta(b, t.id, "        ", pairs)
	pt.noMonitor = g.one(10)
	if grouped {
		fmt.Fprintf(b, "        <group id=%q>\n", child)
		size := 2
		if g.groups {
			size += g.intn(2)
		}
		for k := 0; k < size; k++ {
			m := fmt.Sprintf("%s-m%d", child, k)
			t.members = append(t.members, m)
			g.statefulPrimitive(b, t, m, "          ", nil)
		}
		b.WriteString("        </group>\n")
	} else {
		t.members = []string{child}
		g.statefulPrimitive(b, t, child, "        ", g.primitiveMeta(child))
	}
	fmt.Fprintf(b, "      </%s>\n", element)
}

// statefulPrimitive writes a Stateful primitive of promotable clone t with
// a monitor per role (none now and then). A cloned group's members have no
// meta attributes: an unmanaged member makes Pacemaker refuse to promote
// the group ("Cannot promote non-colocated child").
func (g *promotableCIB) statefulPrimitive(b *strings.Builder, t *cibTop, id, indent string, meta [][2]string) {
	fmt.Fprintf(b, "%s<primitive id=%q class=\"ocf\" provider=\"pacemaker\" type=\"Stateful\">\n", indent, id)
	writeMeta(b, id, indent+"  ", meta)
	if !g.prom[t].noMonitor {
		onFail := ""
		if g.one(4) {
			onFail = ` on-fail="demote"`
		}
		fmt.Fprintf(b, "%s  <operations><op id=\"%s-monitor-10s\" name=\"monitor\" interval=\"10s\" timeout=\"20s\" role=\"%s\"%s/><op id=\"%s-monitor-11s\" name=\"monitor\" interval=\"11s\" timeout=\"20s\" role=\"%s\"/></operations>\n",
			indent, id, g.roleName(t, "Promoted"), onFail, id, g.roleName(t, "Unpromoted"))
	}
	fmt.Fprintf(b, "%s</primitive>\n", indent)
}

// promotables returns the promotable clones.
func (g *promotableCIB) promotables() []*cibTop {
	var out []*cibTop
	for _, t := range g.tops {
		if g.prom[t] != nil {
			out = append(out, t)
		}
	}
	return out
}

// anyTop draws a top-level resource, a promotable clone two times out of
// three.
func (g *promotableCIB) anyTop() *cibTop {
	if pr := g.promotables(); !g.one(3) {
		return pr[g.intn(len(pr))]
	}
	return g.tops[g.intn(len(g.tops))]
}

// role draws a role for a constraint on t: none mostly, Promoted or
// Unpromoted for a promotable clone, Started now and then.
func (g *promotableCIB) role(t *cibTop, attr string) string {
	if g.prom[t] == nil || g.one(3) {
		if g.one(8) {
			return fmt.Sprintf(` %s="Started"`, attr)
		}
		return ""
	}
	return fmt.Sprintf(` %s="%s"`, attr, g.roleName(t, g.pick("Promoted", "Promoted", "Unpromoted")))
}

// locations writes up to 5 locations, most with a role.
func (g *promotableCIB) locations(b *strings.Builder) {
	for i := 0; i < g.intn(6); i++ {
		t := g.anyTop()
		id := fmt.Sprintf("loc%d", i)
		role := g.role(t, "role")
		if g.one(3) {
			fmt.Fprintf(b, `      <rsc_location id="%s" rsc="%s"%s><rule id="%s-rule" score="%s"><expression id="%s-e" attribute="%s" operation="eq" value="%s"/></rule></rsc_location>`+"\n",
				id, t.id, role, id, g.score(), id, g.pick("rack", "#uname"), g.pick("r0", "r1", g.nodes[g.intn(len(g.nodes))]))
			continue
		}
		fmt.Fprintf(b, `      <rsc_location id="%s" rsc="%s" node="%s" score="%s"%s/>`+"\n",
			id, t.id, g.nodes[g.intn(len(g.nodes))], g.score(), role)
	}
}

// colocations writes up to 4 colocations with roles on either side.
func (g *promotableCIB) colocations(b *strings.Builder) {
	for i := 0; i < g.intn(5); i++ {
		dep, prim := g.anyTop(), g.anyTop()
		if dep == prim || !colocatable(dep, prim) {
			continue
		}
		extra := g.role(dep, "rsc-role") + g.role(prim, "with-rsc-role")
		if g.one(10) {
			extra += ` node-attribute="rack"`
		}
		fmt.Fprintf(b, `      <rsc_colocation id="col%d" rsc="%s" with-rsc="%s" score="%s"%s/>`+"\n",
			i, dep.id, prim.id, g.score(), extra)
	}
}

// action draws an order's action on t: none, start or stop, and promote
// or demote for a promotable clone.
func (g *promotableCIB) action(t *cibTop, attr string) string {
	acts := []string{"", "", "start", "stop"}
	if g.prom[t] != nil {
		acts = append(acts, "promote", "promote", "demote")
	}
	if a := acts[g.intn(len(acts))]; a != "" {
		return fmt.Sprintf(` %s="%s"`, attr, a)
	}
	return ""
}

// orders writes up to 4 orders, each from an earlier resource to a later
// one.
func (g *promotableCIB) orders(b *strings.Builder) {
	if len(g.tops) < 2 {
		return
	}
	for i := 0; i < g.intn(5); i++ {
		a, c := g.intn(len(g.tops)), g.intn(len(g.tops))
		if a == c {
			continue
		}
		if a > c {
			a, c = c, a
		}
		first, then := g.tops[a], g.tops[c]
		extra := g.action(first, "first-action") + g.action(then, "then-action")
		if g.one(6) {
			extra += ` kind="Optional"`
		}
		if g.one(5) {
			extra += ` symmetrical="false"`
		}
		fmt.Fprintf(b, `      <rsc_order id="ord%d" first="%s" then="%s"%s/>`+"\n", i, first.id, then.id, extra)
	}
}
