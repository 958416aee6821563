package synth

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// CloneHeavyCIB returns a random clone-heavy CIB, as XML with a status
// section, for the differential tests against crm_simulate: about a
// hundred resources on 6 nodes, where the shape is what clone allocation
// and promotion must get right at scale rather than every option of one
// clone (CloneCIB and PromotableCIB do that on small clusters):
//   - many clones: anonymous ones (clone-max unset, below or above the
//     node count), globally-unique ones (clone-node-max 1 to 3) and
//     promotable ones (promoted-max 1 or 2, anonymous or unique), of a
//     Dummy or Stateful primitive, some interleaved, some notifying;
//   - primitives colocated with clones (with-rsc-role=Promoted on
//     promotable ones now and then), promotable clones colocated in the
//     Promoted role with other clones, clones ordered before primitives
//     (the promote action now and then);
//   - locations on clones, node scores and bans, and on promotable clones
//     with role=Promoted; node scores on some primitives;
//   - clones colocated with primitives and with other clones (finite
//     scores and ±INFINITY), and clones ordered before other clones;
//   - promotion scores (master-<child>) as transient attributes on every
//     node for every promotable clone;
//   - a node_state per node. With history false, no resource has any
//     history: everything is stopped and probed. With history true, the
//     resources have the histories CloneCIB and PromotableCIB draw.
//
// It is deterministic for a seed, and crm_verify accepts it.
func CloneHeavyCIB(seed uint64, history bool) string {
	g := &heavyCIB{promotableCIB: promotableCIB{cloneCIB: cloneCIB{rnd: rand.New(rand.NewPCG(seed, 0x4ea5c10e))}}}
	g.withHistory = history
	return g.build()
}

// heavyCIB is the state of one CloneHeavyCIB run.
type heavyCIB struct {
	promotableCIB
	withHistory bool
}

func (g *heavyCIB) build() string {
	g.prom = map[*cibTop]*promotableTop{}
	g.makeNodes(6)
	var b strings.Builder
	writeCIBOpening(&b)
	for i, n := range g.nodes {
		writeRackNode(&b, i, n, i%2)
	}
	b.WriteString("    </nodes>\n    <resources>\n")
	g.resources(&b)
	b.WriteString("    </resources>\n")
	if g.one(2) {
		writeStickinessDefault(&b, g.pick("0", "1", "100"))
	}
	if g.withHistory {
		g.history()
	}
	g.heavyPromotionScores()
	b.WriteString("    <constraints>\n")
	g.heavyLocations(&b)
	g.primitiveLocations(&b)
	g.heavyColocations(&b)
	g.cloneColocations(&b)
	g.heavyOrders(&b)
	b.WriteString("    </constraints>\n  </configuration>\n  <status>\n")
	for i, n := range g.nodes {
		if g.withHistory && g.one(12) {
			g.attrs[i] = append(g.attrs[i], fmt.Sprintf(`<nvpair id="st-%s-standby" name="standby" value="on"/>`, n))
		}
		g.nodeState(&b, i, true)
	}
	b.WriteString("  </status>\n</cib>\n")
	return b.String()
}

// resources writes 60 to 99 top-level resources, a quarter to a third of
// them clones, in a random order.
func (g *heavyCIB) resources(b *strings.Builder) {
	n := 60 + g.intn(40)
	var kinds []string
	for i := 0; i < n; i++ {
		switch r := g.intn(12); {
		case r < 2:
			kinds = append(kinds, "anonymous")
		case r < 3:
			kinds = append(kinds, "unique")
		case r < 4:
			kinds = append(kinds, "promotable")
		default:
			kinds = append(kinds, "primitive")
		}
	}
	for i, kind := range kinds {
		t := &cibTop{kind: "clone"}
		switch kind {
		case "primitive":
			t.kind = "primitive"
			t.id = fmt.Sprintf("rsc%d", i)
			t.members = []string{t.id}
			g.cloneCIB.primitive(b, t.id, "      ", nil)
		case "promotable":
			g.heavyPromotable(b, t, i)
		default:
			g.heavyClone(b, t, i, kind == "unique")
		}
		g.tops = append(g.tops, t)
	}
}

// cloneMax draws a clone-max: unset (the node count), below it or above
// it.
func (g *heavyCIB) cloneMax(t *cibTop, pairs [][2]string) [][2]string {
	switch g.intn(3) {
	case 0:
		t.max = 1 + g.intn(len(g.nodes)-1)
		pairs = append(pairs, [2]string{"clone-max", strconv.Itoa(t.max)})
	case 1:
		t.max = len(g.nodes) + 1 + g.intn(4)
		pairs = append(pairs, [2]string{"clone-max", strconv.Itoa(t.max)})
	default:
		t.max = len(g.nodes)
	}
	return pairs
}

// heavyClone writes an anonymous or globally-unique clone of a Dummy.
func (g *heavyCIB) heavyClone(b *strings.Builder, t *cibTop, i int, unique bool) {
	child := fmt.Sprintf("child%d", i)
	t.id = child + "-clone"
	t.members = []string{child}
	t.nodeMax = 1
	var pairs [][2]string
	if unique {
		t.unique = true
		pairs = append(pairs, [2]string{"globally-unique", "true"})
		t.nodeMax = 1 + g.intn(3)
		pairs = append(pairs, [2]string{"clone-node-max", strconv.Itoa(t.nodeMax)})
	}
	pairs = g.cloneMax(t, pairs)
	if g.one(3) {
		t.interleave = true
		pairs = append(pairs, [2]string{"interleave", "true"})
	}
	if g.one(4) {
		pairs = append(pairs, [2]string{"notify", "true"})
	}
	fmt.Fprintf(b, "      <clone id=%q>\n", t.id)
	writeMeta(b, t.id, "        ", pairs)
	g.cloneCIB.primitive(b, child, "        ", nil)
	b.WriteString("      </clone>\n")
}

// heavyPromotable writes a promotable clone of a Stateful, anonymous
// mostly.
func (g *heavyCIB) heavyPromotable(b *strings.Builder, t *cibTop, i int) {
	pt := &promotableTop{promotedMax: 1, promotedNodeMax: 1}
	g.prom[t] = pt
	child := fmt.Sprintf("db%d", i)
	t.id = child + "-clone"
	t.members = []string{child}
	t.nodeMax = 1
	pairs := [][2]string{{"promotable", "true"}}
	if g.one(4) {
		t.unique = true
		pairs = append(pairs, [2]string{"globally-unique", "true"})
		if g.one(2) {
			t.nodeMax = 2
			pairs = append(pairs, [2]string{"clone-node-max", "2"})
		}
	}
	pairs = g.cloneMax(t, pairs)
	if g.one(2) {
		pt.promotedMax = 2
		pairs = append(pairs, [2]string{"promoted-max", "2"})
	}
	if g.one(3) {
		t.interleave = true
		pairs = append(pairs, [2]string{"interleave", "true"})
	}
	if g.one(4) {
		pairs = append(pairs, [2]string{"notify", "true"})
	}
	fmt.Fprintf(b, "      <clone id=%q>\n", t.id)
	writeMeta(b, t.id, "        ", pairs)
	g.statefulPrimitive(b, t, child, "        ", nil)
	b.WriteString("      </clone>\n")
}

// heavyPromotionScores writes master-<child> on every node for every
// promotable clone (master-<child>:N for unique ones).
func (g *heavyCIB) heavyPromotionScores() {
	for _, t := range g.promotables() {
		for ni, node := range g.nodes {
			name := t.members[0]
			if t.unique {
				name += ":" + strconv.Itoa(g.intn(t.max))
			}
			key := `name="master-` + name + `"`
			dup := false
			for _, a := range g.attrs[ni] {
				dup = dup || strings.Contains(a, key)
			}
			if dup {
				continue
			}
			g.attrs[ni] = append(g.attrs[ni], fmt.Sprintf(`<nvpair id="st-%s-master-%s" name="master-%s" value="%s"/>`,
				node, name, name, g.pick("1", "5", "5", "10", "100")))
		}
	}
}

// heavyLocations writes locations on about half the clones: node scores,
// bans, rack rules, and role=Promoted on promotable clones.
func (g *heavyCIB) heavyLocations(b *strings.Builder) {
	for i, t := range g.clones() {
		if !g.one(2) {
			continue
		}
		id := fmt.Sprintf("loc%d", i)
		role := ""
		if g.prom[t] != nil && !g.one(3) {
			role = ` role="Promoted"`
		}
		if g.one(4) {
			fmt.Fprintf(b, `      <rsc_location id="%s" rsc="%s"%s><rule id="%s-rule" score="%s"><expression id="%s-e" attribute="rack" operation="eq" value="%s"/></rule></rsc_location>`+"\n",
				id, t.id, role, id, g.pick("100", "-INFINITY", "INFINITY", "50"), id, g.pick("r0", "r1"))
			continue
		}
		fmt.Fprintf(b, `      <rsc_location id="%s" rsc="%s" node="%s" score="%s"%s/>`+"\n",
			id, t.id, g.nodes[g.intn(len(g.nodes))], g.pick("100", "-INFINITY", "INFINITY", "50", "200", "-100"), role)
	}
}

// heavyColocations colocates half the primitives with a clone (in the
// Promoted role of a promotable one now and then), and a few promotable
// clones, Promoted, with another clone.
func (g *heavyCIB) heavyColocations(b *strings.Builder) {
	clones := g.clones()
	if len(clones) == 0 {
		return
	}
	for i, t := range g.tops {
		if t.kind != "primitive" || !g.one(2) {
			continue
		}
		c := clones[g.intn(len(clones))]
		role := ""
		if g.prom[c] != nil && g.one(2) {
			role = ` with-rsc-role="Promoted"`
		}
		fmt.Fprintf(b, `      <rsc_colocation id="col%d" rsc="%s" with-rsc="%s" score="%s"%s/>`+"\n",
			i, t.id, c.id, g.pick("INFINITY", "INFINITY", "100", "-INFINITY"), role)
	}
	for i, t := range g.promotables() {
		if !g.one(3) {
			continue
		}
		c := clones[g.intn(len(clones))]
		if c == t || !colocatable(t, c) {
			continue
		}
		role := ""
		if g.prom[c] != nil && g.one(2) {
			role = ` with-rsc-role="Promoted"`
		}
		fmt.Fprintf(b, `      <rsc_colocation id="pcol%d" rsc="%s" rsc-role="Promoted" with-rsc="%s" score="%s"%s/>`+"\n",
			i, t.id, c.id, g.pick("INFINITY", "100"), role)
	}
}

// heavyOrders orders a clone before about a third of the primitives (after
// its promotion now and then).
func (g *heavyCIB) heavyOrders(b *strings.Builder) {
	clones := g.clones()
	if len(clones) == 0 {
		return
	}
	for i, t := range g.tops {
		if t.kind != "primitive" || !g.one(3) {
			continue
		}
		c := clones[g.intn(len(clones))]
		extra := ""
		if g.prom[c] != nil && g.one(2) {
			extra = ` first-action="promote" then-action="start"`
		}
		if g.one(4) {
			extra += ` kind="Optional"`
		}
		fmt.Fprintf(b, `      <rsc_order id="ord%d" first="%s" then="%s"%s/>`+"\n", i, c.id, t.id, extra)
	}
}

// history fills the per-node histories of every top-level resource, in
// resource order, as CloneCIB and PromotableCIB draw them for each kind.
func (g *heavyCIB) history() {
	for _, t := range g.tops {
		g.cur = t
		t.active = make([]bool, len(g.nodes))
		switch {
		case g.prom[t] != nil && t.unique:
			g.uniquePromotableHistory(t)
		case g.prom[t] != nil:
			g.anonymousPromotableHistory(t)
		case t.kind != "clone":
			g.placedHistory(t)
		case t.unique:
			g.uniqueHistory(t)
		default:
			g.anonymousHistory(t)
		}
	}
}

// primitiveLocations gives a quarter of the primitives a node score or a
// ban.
func (g *heavyCIB) primitiveLocations(b *strings.Builder) {
	for i, t := range g.tops {
		if t.kind != "primitive" || !g.one(4) {
			continue
		}
		fmt.Fprintf(b, `      <rsc_location id="ploc%d" rsc="%s" node="%s" score="%s"/>`+"\n",
			i, t.id, g.nodes[g.intn(len(g.nodes))], g.pick("50", "100", "200", "500", "-INFINITY", "-100"))
	}
}

// cloneColocations colocates a fifth of the clones with a primitive or
// another clone, and orders a fifth after another clone.
func (g *heavyCIB) cloneColocations(b *strings.Builder) {
	clones := g.clones()
	for i, t := range clones {
		if g.one(5) {
			with := g.tops[g.intn(len(g.tops))]
			if with != t && colocatable(t, with) {
				fmt.Fprintf(b, `      <rsc_colocation id="ccol%d" rsc="%s" with-rsc="%s" score="%s"/>`+"\n",
					i, t.id, with.id, g.pick("INFINITY", "100", "200", "-100", "-INFINITY", "1000"))
			}
		}
		if g.one(5) {
			first := clones[g.intn(len(clones))]
			if first != t {
				fmt.Fprintf(b, `      <rsc_order id="cord%d" first="%s" then="%s"%s/>`+"\n",
					i, first.id, t.id, g.pick("", "", ` kind="Optional"`))
			}
		}
	}
}

// Generator is a named generator of CIBs, one per seed, for the
// differential tests.
type Generator struct {
	Name string
	Gen  func(seed int64) string
}

// HeavyGenerators are the generators of clusters at the scale and shapes
// independent checks found disagreements on (issue 21): clone-heavy
// clusters of about a hundred resources on 6 nodes, everything stopped
// ("heavy") or with histories ("heavy-history"), and promotable clones of
// groups whose instances move ("promgroup"). The planner's score and the
// transition's differential tests share them.
var HeavyGenerators = []Generator{
	{"heavy", func(seed int64) string { return CloneHeavyCIB(uint64(seed), false) }},
	{"heavy-history", func(seed int64) string { return CloneHeavyCIB(uint64(seed), true) }},
	{"promgroup", func(seed int64) string { return PromotableGroupCIB(uint64(seed)) }},
}
