package synth

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// BundleCIB returns a small random CIB, as XML with a status section, of
// running bundles, most of them promotable, for the held-out differential
// tests against crm_simulate of promotable bundles losing a node or a
// replica and of bundles tied by colocations with influence=false (issue
// 22). Like RemoteCIB it is written independently of the planner's
// model, in the shape of the corpus's bundle-promoted-* tests.
//
// It has 3 or 4 cluster nodes (now and then one cleanly offline, or one
// that left without being fenced, its history kept), fencing enabled on
// half the seeds, and:
//   - 1 or 2 podman bundles of 2 or 3 replicas with a control port and an
//     ocf:pacemaker:Stateful inside, promotable (promoted-max 1 or 2) on
//     three seeds in four; each replica running on its own node (its
//     container, its connection and the instance inside, the promoted
//     one promoted), now and then stopped, or failed (its container's or
//     its instance's monitor, with a fail count); promotion scores on the
//     guest nodes or, with container-attribute-target=host, on the hosts;
//   - 1 to 3 Dummy primitives running here and there;
//   - locations of the bundles (node preferences and bans, role rules on
//     Promoted or Unpromoted), colocations of primitives with a bundle's
//     promoted or any instance and of a bundle with a primitive or
//     another bundle's promoted instance (influence=false now and then),
//     and orders of primitives after a bundle's promotion or start.
//
// Operations record no digest: Pacemaker then does not compare
// parameters (the digest is unknown), which keeps the generated
// histories valid without re-deriving a bundle's implicit parameters.
// It is deterministic for a seed.
func BundleCIB(seed uint64) string {
	g := &bundleCIB{rnd: rand.New(rand.NewPCG(seed, 0xb0d1e5)),
		lrm: map[string][]string{}, attrs: map[string][]string{}, up: map[string]bool{}}
	return g.build()
}

// bundleCIB is the state of one BundleCIB run.
type bundleCIB struct {
	rnd     *rand.Rand
	call    int
	fencing bool

	hosts []string
	// offline: cleanly down, no history; lost: left the membership
	// without being fenced (unclean), its history kept.
	offline, lost map[string]bool
	bundles       []*genBundle
	prims         []string

	up    map[string]bool     // guest nodes whose connection runs
	lrm   map[string][]string // per node name: <lrm_resource> elements
	attrs map[string][]string // per node name: transient <nvpair> elements
}

// genBundle is a bundle of a BundleCIB.
type genBundle struct {
	id          string
	replicas    int
	promotable  bool
	promotedMax int
	onHost      bool // container-attribute-target=host
}

func (b *genBundle) child() string          { return b.id + "-rsc" }
func (b *genBundle) container(i int) string { return fmt.Sprintf("%s-podman-%d", b.id, i) }
func (b *genBundle) guest(i int) string     { return fmt.Sprintf("%s-%d", b.id, i) }

func (g *bundleCIB) intn(n int) int           { return g.rnd.IntN(n) }
func (g *bundleCIB) one(n int) bool           { return g.rnd.IntN(n) == 0 }
func (g *bundleCIB) pick(xs ...string) string { return xs[g.rnd.IntN(len(xs))] }

// members are the cluster nodes that are up.
func (g *bundleCIB) members() (out []string) {
	for _, h := range g.hosts {
		if !g.offline[h] && !g.lost[h] {
			out = append(out, h)
		}
	}
	return out
}

func (g *bundleCIB) build() string {
	n := 3 + g.intn(2)
	g.offline, g.lost = map[string]bool{}, map[string]bool{}
	for i := 1; i <= n; i++ {
		g.hosts = append(g.hosts, fmt.Sprintf("node%d", i))
	}
	switch g.intn(6) {
	case 0:
		g.offline[g.hosts[1+g.intn(n-1)]] = true
	case 1:
		g.lost[g.hosts[1+g.intn(n-1)]] = true
	}
	var b strings.Builder
	g.fencing = g.one(2)
	writeCIBOpening(&b)
	for i, h := range g.hosts {
		writeRackNode(&b, i, h, i%2)
	}
	b.WriteString("    </nodes>\n    <resources>\n")
	if g.fencing {
		b.WriteString(`      <primitive id="fencing" class="stonith" type="fence_dummy"/>` + "\n")
	}
	for i := 0; i < 1+g.intn(2); i++ {
		g.bundle(&b, i)
	}
	for i := 0; i < 1+g.intn(3); i++ {
		id := fmt.Sprintf("rsc%d", i+1)
		g.prims = append(g.prims, id)
		var meta [][2]string
		if g.one(4) {
			meta = append(meta, [2]string{"resource-stickiness", g.pick("0", "100", "INFINITY")})
		}
		dummy(&b, id, "      ", meta)
	}
	b.WriteString("    </resources>\n")
	if g.one(2) {
		writeStickinessDefault(&b, g.pick("0", "1", "100"))
	}
	g.history()
	b.WriteString("    <constraints>\n")
	g.constraints(&b)
	b.WriteString("    </constraints>\n  </configuration>\n  <status>\n")
	g.status(&b)
	b.WriteString("  </status>\n</cib>\n")
	src := b.String()
	if g.fencing {
		src = strings.Replace(src, `name="stonith-enabled" value="false"`, `name="stonith-enabled" value="true"`, 1)
	}
	return src
}

// bundle writes the i-th bundle.
func (g *bundleCIB) bundle(b *strings.Builder, i int) {
	bd := &genBundle{id: fmt.Sprintf("bnd%d", i+1), replicas: 2 + g.intn(2), promotable: !g.one(4), promotedMax: 1, onHost: g.one(2)}
	if bd.promotable && g.one(4) {
		bd.promotedMax = 2
	}
	fmt.Fprintf(b, "      <bundle id=%q>\n", bd.id)
	var meta [][2]string
	if bd.onHost {
		meta = append(meta, [2]string{"container-attribute-target", "host"})
	}
	if bd.promotable {
		meta = append(meta, [2]string{"promotable", "true"})
		if bd.promotedMax != 1 {
			meta = append(meta, [2]string{"promoted-max", fmt.Sprint(bd.promotedMax)})
		}
	}
	if len(meta) > 0 {
		writeMeta(b, bd.id, "        ", meta)
	}
	fmt.Fprintf(b, "        <podman image=\"localhost/pcmktest\" replicas=\"%d\"/>\n        <network control-port=\"3121\"/>\n", bd.replicas)
	fmt.Fprintf(b, `        <primitive id=%q class="ocf" provider="pacemaker" type="Stateful">`+"\n", bd.child())
	fmt.Fprintf(b, "          <operations>\n")
	if bd.promotable {
		fmt.Fprintf(b, `            <op id="%s-monitor-15s" interval="15s" name="monitor" timeout="15s" role="Promoted"/>`+"\n", bd.child())
		fmt.Fprintf(b, `            <op id="%s-monitor-16s" interval="16s" name="monitor" timeout="16s" role="Unpromoted"/>`+"\n", bd.child())
	} else {
		fmt.Fprintf(b, `            <op id="%s-monitor-16s" interval="16s" name="monitor" timeout="16s"/>`+"\n", bd.child())
	}
	b.WriteString("          </operations>\n        </primitive>\n      </bundle>\n")
	g.bundles = append(g.bundles, bd)
}

// constraints writes the bundles' locations, colocations and orders.
func (g *bundleCIB) constraints(b *strings.Builder) {
	influence := func() string {
		if g.one(3) {
			return ` influence="false"`
		}
		return ""
	}
	for _, bd := range g.bundles {
		switch g.intn(4) {
		case 0:
			fmt.Fprintf(b, `      <rsc_location id="loc-%s" rsc="%s" node="%s" score="%s"/>`+"\n",
				bd.id, bd.id, g.hosts[g.intn(len(g.hosts))], g.pick("100", "-INFINITY", "INFINITY"))
		case 1:
			if bd.promotable {
				fmt.Fprintf(b, `      <rsc_location id="loc-%s" rsc="%s"><rule id="loc-%s-rule" role="%s" score="%s"><expression id="loc-%s-e" operation="eq" attribute="#uname" value="%s"/></rule></rsc_location>`+"\n",
					bd.id, bd.id, bd.id, g.pick("Promoted", "Unpromoted"), g.pick("-INFINITY", "100", "INFINITY"), bd.id, g.hosts[g.intn(len(g.hosts))])
			}
		}
	}
	for _, id := range g.prims {
		bd := g.bundles[g.intn(len(g.bundles))]
		switch g.intn(5) {
		case 0, 1:
			role := ""
			if bd.promotable && g.one(2) {
				role = ` with-rsc-role="Promoted"`
			}
			fmt.Fprintf(b, `      <rsc_colocation id="col-%s" rsc="%s" with-rsc="%s" score="%s"%s%s/>`+"\n",
				id, id, bd.id, g.pick("INFINITY", "100", "-INFINITY"), role, influence())
		case 2:
			role := ""
			if bd.promotable && g.one(2) {
				role = ` rsc-role="Promoted"`
			}
			fmt.Fprintf(b, `      <rsc_colocation id="col-%s-%s" rsc="%s" with-rsc="%s" score="%s"%s%s/>`+"\n",
				bd.id, id, bd.id, id, g.pick("INFINITY", "100", "-INFINITY"), role, influence())
		}
		if g.one(3) {
			first, action := bd.id, "start"
			if bd.promotable && g.one(2) {
				action = "promote"
			}
			fmt.Fprintf(b, `      <rsc_order id="ord-%s" first="%s" first-action="%s" then="%s" kind="%s"/>`+"\n",
				id, first, action, id, g.pick("Mandatory", "Optional"))
		}
	}
	if len(g.bundles) == 2 && g.bundles[0].promotable && g.bundles[1].promotable && !g.one(3) {
		fmt.Fprintf(b, `      <rsc_colocation id="col-bundles" rsc="%s" with-rsc="%s" score="%s" rsc-role="Promoted" with-rsc-role="Promoted"%s/>`+"\n",
			g.bundles[1].id, g.bundles[0].id, g.pick("INFINITY", "-INFINITY", "-5000", "5000"), influence())
	}
}
