package synth

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Digests of the operations CloneCIB records: a Dummy without parameters
// (start, stop, probes) and its 10 s monitor with a 20 s timeout, as
// Pacemaker computes them, so that nothing restarts for a changed
// definition.
const (
	emptyDigest   = "f2317cad3d54cec5d7d7aa7d0bf35cf8"
	monitorDigest = "4811cef7f7f94e3a35a70be7916cb2fd"
)

// CloneCIB returns a small random CIB, as XML with a status section, built
// around clones, for the planner's differential tests against
// crm_simulate. It is deterministic for a seed, and crm_verify accepts it.
//
// It has 2 to 5 nodes (some in standby or offline, some with a pingd
// attribute; now and then an opt-in cluster, where each clone may run
// where its instances run), 1 to 4 clones and a few primitives and groups,
// in a random order:
//   - clones: anonymous and globally-unique (clone-node-max 1 to 3), of a
//     primitive or of a group, with or without clone-max (0 now and then),
//     clone-min, interleave, ordered, notify, resource-stickiness,
//     target-role, is-managed and migration-threshold on the clone, and
//     stickiness, target-role, is-managed and migration-threshold on the
//     child;
//   - locations on clones and others: node scores (±INFINITY included) and
//     rules (#uname, rack, score-attribute, `pingd lte 0 or not_defined
//     pingd` at -INFINITY);
//   - colocations in both directions between clones and primitives or
//     groups, clone with clone (interleaved or not; never an interleaved
//     clone with a clone of another clone-node-max, which Pacemaker
//     rejects), with node-attribute and influence now and then;
//   - orders (Mandatory, Optional, Serialize; asymmetrical) from an earlier
//     to a later resource, so without cycles (clone-min stands for the
//     deprecated require-all=false, which crm_verify warns about);
//   - status: per node, each primitive and clone instance never probed,
//     probed and stopped, running, or running with a failed monitor and
//     its fail count. Anonymous instances are recorded under the bare id or
//     as "rsc:N" with any N; unique ones as "rsc:N", at most
//     clone-node-max running on a node (rarely an inactive ":N" beyond
//     clone-max). A cloned group's instance may be partly running. No
//     active orphan (more running instances than clone-max, or two on a
//     node of an anonymous clone): crm_verify warns about them.
func CloneCIB(seed uint64) string {
	g := &cloneCIB{rnd: rand.New(rand.NewPCG(seed, 0xc1013e))}
	return g.build()
}

// cloneCIB is the state of one CloneCIB run.
type cloneCIB struct {
	rnd   *rand.Rand
	optIn bool // symmetric-cluster=false
	nodes []string
	tops  []*cibTop
	call  int
	cur   *cibTop    // the resource whose history is being recorded
	lrm   [][]string // per node: <lrm_resource> elements
	attrs [][]string // per node: transient <nvpair> elements
}

// cibTop is a top-level resource of a CloneCIB.
type cibTop struct {
	id      string
	kind    string   // "primitive", "group" or "clone"
	members []string // the primitives (of one instance, for a clone)

	// Clones only.
	unique     bool
	max        int // clone-max (the node count when not written)
	nodeMax    int // clone-node-max as written (1 when not written)
	interleave bool

	// active marks the nodes where the history has the resource (one of
	// its instances, for a clone) running or failed.
	active []bool
}

// intn draws a number in [0, n).
func (g *cloneCIB) intn(n int) int { return g.rnd.IntN(n) }

// one draws true once in n times.
func (g *cloneCIB) one(n int) bool { return g.rnd.IntN(n) == 0 }

// pick draws one of xs.
func (g *cloneCIB) pick(xs ...string) string { return xs[g.rnd.IntN(len(xs))] }

// score draws a constraint score: ±INFINITY or one of a few finite ones.
func (g *cloneCIB) score() string {
	return g.pick("INFINITY", "-INFINITY", "100", "-100", "50", "200", "1", "-1", "1000", "-500", "0", "5000")
}

// build writes the whole CIB: configuration, then status.
func (g *cloneCIB) build() string {
	g.makeNodes(2 + g.intn(4))
	var b strings.Builder
	var options []string
	if g.optIn = g.one(8); g.optIn {
		options = append(options, `<nvpair id="opt-sym" name="symmetric-cluster" value="false"/>`)
	}
	writeCIBOpening(&b, options...)
	for i, n := range g.nodes {
		fmt.Fprintf(&b, `      <node id="%d" uname="%s"><instance_attributes id="%s-attrs"><nvpair id="%s-rack" name="rack" value="r%d"/><nvpair id="%s-weight" name="weight" value="%d"/></instance_attributes></node>`+"\n",
			i+1, n, n, n, g.intn(2), n, g.intn(300))
	}
	b.WriteString("    </nodes>\n    <resources>\n")
	g.resources(&b)
	b.WriteString("    </resources>\n")
	if g.one(2) {
		writeStickinessDefault(&b, g.pick("0", "1", "100", "INFINITY"))
	}
	// The history comes first: in an opt-in cluster the clones need a
	// location on the nodes where their instances run.
	g.history()
	b.WriteString("    <constraints>\n")
	g.optInLocations(&b)
	g.locations(&b)
	g.colocations(&b)
	g.orders(&b)
	b.WriteString("    </constraints>\n  </configuration>\n  <status>\n")
	for i, n := range g.nodes {
		if g.one(7) {
			g.attrs[i] = append(g.attrs[i], fmt.Sprintf(`<nvpair id="st-%s-standby" name="standby" value="on"/>`, n))
		}
		if g.one(3) {
			g.attrs[i] = append(g.attrs[i], fmt.Sprintf(`<nvpair id="st-%s-pingd" name="pingd" value="%s"/>`, n, g.pick("0", "100", "200")))
		}
		g.nodeState(&b, i, !g.one(6))
	}
	b.WriteString("  </status>\n</cib>\n")
	return b.String()
}

// nodeState writes the node_state of the i-th node: online or not, its
// transient attributes and its resource histories.
func (g *cloneCIB) nodeState(b *strings.Builder, i int, online bool) {
	n := g.nodes[i]
	if online {
		fmt.Fprintf(b, `    <node_state id="%d" uname="%s" in_ccm="true" crmd="online" join="member" expected="member">`+"\n", i+1, n)
	} else {
		fmt.Fprintf(b, `    <node_state id="%d" uname="%s" in_ccm="false" crmd="offline" join="down" expected="down">`+"\n", i+1, n)
	}
	if len(g.attrs[i]) > 0 {
		fmt.Fprintf(b, `      <transient_attributes id="%d"><instance_attributes id="status-%d">%s</instance_attributes></transient_attributes>`+"\n",
			i+1, i+1, strings.Join(g.attrs[i], ""))
	}
	fmt.Fprintf(b, "      <lrm id=\"%d\">\n        <lrm_resources>\n", i+1)
	for _, r := range g.lrm[i] {
		b.WriteString(r)
	}
	b.WriteString("        </lrm_resources>\n      </lrm>\n    </node_state>\n")
}

// resources writes 1 to 4 clones, up to 3 primitives and up to one group,
// in a random order.
func (g *cloneCIB) resources(b *strings.Builder) {
	var kinds []string
	for i := 0; i < 1+g.intn(4); i++ {
		kinds = append(kinds, "clone")
	}
	for i := 0; i < g.intn(4); i++ {
		kinds = append(kinds, "primitive")
	}
	if g.one(3) {
		kinds = append(kinds, "group")
	}
	g.rnd.Shuffle(len(kinds), func(i, j int) { kinds[i], kinds[j] = kinds[j], kinds[i] })
	for i, kind := range kinds {
		t := &cibTop{kind: kind}
		switch kind {
		case "primitive":
			t.id = fmt.Sprintf("rsc%d", i)
			t.members = []string{t.id}
			g.primitive(b, t.id, "      ", g.primitiveMeta(t.id))
		case "group":
			t.id = fmt.Sprintf("grp%d", i)
			fmt.Fprintf(b, "      <group id=%q>\n", t.id)
			for k := 0; k < 2+g.intn(2); k++ {
				m := fmt.Sprintf("%s-m%d", t.id, k)
				t.members = append(t.members, m)
				g.primitive(b, m, "        ", nil)
			}
			b.WriteString("      </group>\n")
		case "clone":
			g.clone(b, t, i)
		}
		g.tops = append(g.tops, t)
	}
}

// clone writes the clone t, the i-th resource.
func (g *cloneCIB) clone(b *strings.Builder, t *cibTop, i int) {
	grouped := g.one(3)
	child := fmt.Sprintf("child%d", i)
	if grouped {
		child = fmt.Sprintf("cgrp%d", i)
	}
	t.id = child + "-clone"
	t.max, t.nodeMax = len(g.nodes), 1
	var pairs [][2]string
	if g.one(3) {
		t.unique = true
		pairs = append(pairs, [2]string{"globally-unique", "true"})
		if t.nodeMax = 1 + g.intn(3); t.nodeMax > 1 || g.one(2) {
			pairs = append(pairs, [2]string{"clone-node-max", strconv.Itoa(t.nodeMax)})
		}
	}
	if g.one(2) {
		t.max = 1 + g.intn(len(g.nodes)*t.nodeMax+1)
		if g.one(20) {
			t.max = 0
		}
		pairs = append(pairs, [2]string{"clone-max", strconv.Itoa(t.max)})
	}
	if t.max > 0 && g.one(5) {
		pairs = append(pairs, [2]string{"clone-min", strconv.Itoa(1 + g.intn(t.max))})
	}
	if g.one(2) {
		t.interleave = true
		pairs = append(pairs, [2]string{"interleave", "true"})
	}
	if g.one(5) {
		pairs = append(pairs, [2]string{"ordered", "true"})
	}
	if g.one(5) {
		pairs = append(pairs, [2]string{"notify", "true"})
	}
	if g.one(3) {
		pairs = append(pairs, [2]string{"resource-stickiness", g.pick("0", "1", "50", "100", "INFINITY")})
	}
	if g.one(6) {
		pairs = append(pairs, [2]string{"target-role", g.pick("Stopped", "Started")})
	}
	if g.one(12) {
		pairs = append(pairs, [2]string{"is-managed", "false"})
	}
	if g.one(4) {
		pairs = append(pairs, [2]string{"migration-threshold", g.pick("1", "2", "3")})
	}
	fmt.Fprintf(b, "      <clone id=%q>\n", t.id)
	writeMeta(b, t.id, "        ", pairs)
	if grouped {
		fmt.Fprintf(b, "        <group id=%q>\n", child)
		for k := 0; k < 2+g.intn(2); k++ {
			m := fmt.Sprintf("%s-m%d", child, k)
			t.members = append(t.members, m)
			g.primitive(b, m, "          ", g.primitiveMeta(m))
		}
		b.WriteString("        </group>\n")
	} else {
		t.members = []string{child}
		g.primitive(b, child, "        ", g.primitiveMeta(child))
	}
	b.WriteString("      </clone>\n")
}

// primitiveMeta draws the meta attributes of a primitive (a clone's child
// or a standalone one).
func (g *cloneCIB) primitiveMeta(id string) [][2]string {
	var pairs [][2]string
	if g.one(6) {
		pairs = append(pairs, [2]string{"resource-stickiness", g.pick("0", "10", "100", "INFINITY")})
	}
	if g.one(12) {
		pairs = append(pairs, [2]string{"target-role", "Stopped"})
	}
	if g.one(14) {
		pairs = append(pairs, [2]string{"is-managed", "false"})
	}
	if g.one(6) {
		pairs = append(pairs, [2]string{"migration-threshold", g.pick("1", "2")})
	}
	return pairs
}

// writeMeta writes a meta_attributes set of owner, when there are pairs.
func writeMeta(b *strings.Builder, owner, indent string, pairs [][2]string) {
	if len(pairs) == 0 {
		return
	}
	fmt.Fprintf(b, "%s<meta_attributes id=\"%s-meta\">", indent, owner)
	for _, p := range pairs {
		fmt.Fprintf(b, `<nvpair id="%s-meta-%s" name="%s" value="%s"/>`, owner, p[0], p[0], p[1])
	}
	b.WriteString("</meta_attributes>\n")
}

// primitive writes a Dummy with a 10 s monitor.
func (g *cloneCIB) primitive(b *strings.Builder, id, indent string, meta [][2]string) {
	fmt.Fprintf(b, "%s<primitive id=%q class=\"ocf\" provider=\"pacemaker\" type=\"Dummy\">\n", indent, id)
	writeMeta(b, id, indent+"  ", meta)
	fmt.Fprintf(b, "%s  <operations><op id=\"%s-monitor-10s\" name=\"monitor\" interval=\"10s\" timeout=\"20s\"/></operations>\n", indent, id)
	fmt.Fprintf(b, "%s</primitive>\n", indent)
}

// clones returns the top-level clones.
func (g *cloneCIB) clones() []*cibTop {
	var out []*cibTop
	for _, t := range g.tops {
		if t.kind == "clone" {
			out = append(out, t)
		}
	}
	return out
}

// anyTop draws a top-level resource, a clone two times out of three when
// there is one.
func (g *cloneCIB) anyTop() *cibTop {
	if cl := g.clones(); len(cl) > 0 && !g.one(3) {
		return cl[g.intn(len(cl))]
	}
	return g.tops[g.intn(len(g.tops))]
}

// optInLocations gives, in an opt-in cluster, each clone a location on
// every node where one of its instances runs (score 0 to 100): a clone
// instance running where the clone may not run is an error to Pacemaker
// ("is running on ... which isn't allowed"), which crm_verify reports.
func (g *cloneCIB) optInLocations(b *strings.Builder) {
	if !g.optIn {
		return
	}
	for _, t := range g.clones() {
		for ni, on := range t.active {
			if on {
				fmt.Fprintf(b, `      <rsc_location id="optin-%s-%s" rsc="%s" node="%s" score="%s"/>`+"\n",
					t.id, g.nodes[ni], t.id, g.nodes[ni], g.pick("0", "10", "100"))
			}
		}
	}
}

// locations writes up to 5 locations, on clones mostly.
func (g *cloneCIB) locations(b *strings.Builder) {
	for i := 0; i < g.intn(6); i++ {
		t := g.anyTop()
		id := fmt.Sprintf("loc%d", i)
		switch g.intn(6) {
		case 0:
			fmt.Fprintf(b, `      <rsc_location id="%s" rsc="%s"><rule id="%s-rule" score="%s"><expression id="%s-e" attribute="%s" operation="eq" value="%s"/></rule></rsc_location>`+"\n",
				id, t.id, id, g.score(), id, g.pick("rack", "#uname"), g.pick("r0", "r1", g.nodes[g.intn(len(g.nodes))]))
		case 1:
			fmt.Fprintf(b, `      <rsc_location id="%s" rsc="%s"><rule id="%s-rule" score-attribute="weight"><expression id="%s-e" attribute="weight" operation="defined"/></rule></rsc_location>`+"\n",
				id, t.id, id, id)
		case 2:
			fmt.Fprintf(b, `      <rsc_location id="%s" rsc="%s"><rule id="%s-rule" score="-INFINITY" boolean-op="or"><expression id="%s-e" attribute="pingd" operation="not_defined"/><expression id="%s-e2" attribute="pingd" operation="lte" value="0" type="integer"/></rule></rsc_location>`+"\n",
				id, t.id, id, id, id)
		default:
			fmt.Fprintf(b, `      <rsc_location id="%s" rsc="%s" node="%s" score="%s"/>`+"\n",
				id, t.id, g.nodes[g.intn(len(g.nodes))], g.score())
		}
	}
}

// colocatable reports whether Pacemaker accepts dependent with primary: an
// interleaved clone only with a clone of the same clone-node-max.
func colocatable(dependent, primary *cibTop) bool {
	if dependent.kind != "clone" || primary.kind != "clone" || !dependent.interleave {
		return true
	}
	return dependent.nodeMax == primary.nodeMax
}

// colocations writes up to 4 colocations, most with a clone on one side or
// both.
func (g *cloneCIB) colocations(b *strings.Builder) {
	for i := 0; i < g.intn(5); i++ {
		dep, prim := g.anyTop(), g.anyTop()
		if dep == prim || !colocatable(dep, prim) {
			continue
		}
		extra := ""
		if g.one(8) {
			extra += ` node-attribute="rack"`
		}
		if g.one(10) {
			extra += ` influence="false"`
		}
		fmt.Fprintf(b, `      <rsc_colocation id="col%d" rsc="%s" with-rsc="%s" score="%s"%s/>`+"\n",
			i, dep.id, prim.id, g.score(), extra)
	}
}

// orders writes up to 4 orders, each from an earlier resource to a later
// one.
func (g *cloneCIB) orders(b *strings.Builder) {
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
		extra := ""
		switch g.intn(6) {
		case 0:
			extra += ` kind="Optional"`
		case 1:
			extra += ` kind="Serialize"`
		}
		if g.one(5) {
			extra += ` symmetrical="false"`
		}
		fmt.Fprintf(b, `      <rsc_order id="ord%d" first="%s" then="%s"%s/>`+"\n", i, first.id, then.id, extra)
	}
}

// makeNodes names the cluster's n nodes node1…nodeN and makes their
// empty histories and transient attributes.
func (g *cloneCIB) makeNodes(n int) {
	for i := 1; i <= n; i++ {
		g.nodes = append(g.nodes, fmt.Sprintf("node%d", i))
	}
	g.lrm = make([][]string, n)
	g.attrs = make([][]string, n)
}

// writeCIBOpening writes how the clone generators' CIBs open, up to the
// opening of <nodes>: fencing off, quorum ignored, then options (nvpair
// elements) of the generator's own.
func writeCIBOpening(b *strings.Builder, options ...string) {
	b.WriteString(`<cib crm_feature_set="3.16.1" validate-with="pacemaker-3.7" epoch="1" num_updates="0" admin_epoch="0" have-quorum="1" dc-uuid="1" execution-date="1700000000">
  <configuration>
    <crm_config>
      <cluster_property_set id="cib-bootstrap-options">
        <nvpair id="opt-stonith" name="stonith-enabled" value="false"/>
        <nvpair id="opt-quorum" name="no-quorum-policy" value="ignore"/>
`)
	for _, o := range options {
		b.WriteString("        " + o + "\n")
	}
	b.WriteString("      </cluster_property_set>\n    </crm_config>\n    <nodes>\n")
}

// writeRackNode writes node i (from 0), named n, with its rack attribute.
func writeRackNode(b *strings.Builder, i int, n string, rack int) {
	fmt.Fprintf(b, `      <node id="%d" uname="%s"><instance_attributes id="%s-attrs"><nvpair id="%s-rack" name="rack" value="r%d"/></instance_attributes></node>`+"\n",
		i+1, n, n, n, rack)
}
