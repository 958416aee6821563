package synth

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// FailureCIB returns a small random CIB, as XML with a status section, of
// primitives whose histories end in the shapes of failure and migration
// the scheduler's unpacking tells apart, for the differential tests
// against crm_simulate. It is deterministic for a seed, and crm_verify
// accepts it.
//
// It has 2 to 4 nodes (now and then one offline, cleanly or lost so that
// it is unclean where fencing is enabled), fencing enabled (with a
// device) or not, quorum or not with every no-quorum-policy, now and
// then a placement strategy with node capacities, and 2 to 6 Dummy
// primitives (most with allow-migrate, some with a utilization, a
// location drawing them to a node, a colocation or an order), each with
// one of these histories:
//   - never run, or probed and stopped everywhere;
//   - running, with a failed monitor now and then (on-fail restart, stop,
//     block or fence);
//   - a migrate_to that failed on its source, followed or not by a stop
//     there, the target probed or never seen;
//   - a migrate_to that succeeded without a migrate_from (a partial
//     migration), followed or not by a stop on the source;
//   - a migrate_to followed by a migrate_from that failed or succeeded on
//     the target, the source stopped since or not (a dangling migration);
//   - a migrate_to still pending on its source (which may be the lost
//     node);
//   - a stop that failed (recovered by fencing, or blocked without it).
func FailureCIB(seed uint64) string {
	g := &failureCIB{rnd: rand.New(rand.NewPCG(seed, 0xfa11ed))}
	return g.build()
}

// failureCIB is the state of one FailureCIB run.
type failureCIB struct {
	rnd      *rand.Rand
	nodes    []string
	down     int  // the offline node, -1 when none
	lost     bool // the offline node left without saying (unclean with fencing)
	fencing  bool
	strategy string
	rscs     []string
	call     int
	lrm      [][]string
}

func (g *failureCIB) intn(n int) int           { return g.rnd.IntN(n) }
func (g *failureCIB) one(n int) bool           { return g.rnd.IntN(n) == 0 }
func (g *failureCIB) pick(xs ...string) string { return xs[g.rnd.IntN(len(xs))] }

func (g *failureCIB) build() string {
	n := 2 + g.intn(3)
	for i := 1; i <= n; i++ {
		g.nodes = append(g.nodes, fmt.Sprintf("node%d", i))
	}
	g.lrm = make([][]string, n)
	g.down = -1
	if g.one(3) {
		g.down = g.intn(n)
		g.lost = g.one(2)
	}
	g.fencing = g.one(2)
	quorum := !g.one(3)
	policy := g.pick("stop", "freeze", "ignore", "demote")
	if g.one(3) {
		g.strategy = g.pick("utilization", "balanced", "minimal")
	}

	var b strings.Builder
	haveQuorum := 0
	if quorum {
		haveQuorum = 1
	}
	fmt.Fprintf(&b, `<cib crm_feature_set="3.16.1" validate-with="pacemaker-3.7" epoch="1" num_updates="0" admin_epoch="0" have-quorum="%d" dc-uuid="%d" execution-date="1700000000">
  <configuration>
    <crm_config>
      <cluster_property_set id="cib-bootstrap-options">
        <nvpair id="opt-stonith" name="stonith-enabled" value="%t"/>
        <nvpair id="opt-quorum" name="no-quorum-policy" value="%s"/>
`, haveQuorum, g.dc()+1, g.fencing, policy)
	if g.strategy != "" {
		fmt.Fprintf(&b, "        <nvpair id=\"opt-placement\" name=\"placement-strategy\" value=%q/>\n", g.strategy)
	}
	b.WriteString("      </cluster_property_set>\n    </crm_config>\n    <nodes>\n")
	for i, name := range g.nodes {
		util := ""
		if g.strategy != "" {
			util = fmt.Sprintf(`<utilization id="%s-util"><nvpair id="%s-cpu" name="cpu" value="%d"/></utilization>`, name, name, 1+g.intn(3))
		}
		fmt.Fprintf(&b, `      <node id="%d" uname="%s">%s</node>`+"\n", i+1, name, util)
	}
	b.WriteString("    </nodes>\n    <resources>\n")
	if g.fencing {
		b.WriteString(`      <primitive id="fencing" class="stonith" type="fence_dummy"/>` + "\n")
	}
	for i := 0; i < 2+g.intn(5); i++ {
		g.primitive(&b, fmt.Sprintf("vm%d", i+1))
	}
	b.WriteString("    </resources>\n")
	if g.one(2) {
		writeStickinessDefault(&b, g.pick("0", "1", "100"))
	}
	b.WriteString("    <constraints>\n")
	g.constraints(&b)
	b.WriteString("    </constraints>\n  </configuration>\n  <status>\n")
	for _, r := range g.rscs {
		g.history(r)
	}
	for i := range g.nodes {
		g.nodeState(&b, i)
	}
	b.WriteString("  </status>\n</cib>\n")
	return b.String()
}

// dc is the index of a node that is up, the DC.
func (g *failureCIB) dc() int {
	if g.down == 0 {
		return 1
	}
	return 0
}

// primitive writes a Dummy with a 10 s monitor whose on-fail is drawn,
// allow-migrate now and then, and a utilization under a placement
// strategy.
func (g *failureCIB) primitive(b *strings.Builder, id string) {
	g.rscs = append(g.rscs, id)
	fmt.Fprintf(b, `      <primitive id="%s" class="ocf" provider="pacemaker" type="Dummy">`+"\n", id)
	if !g.one(4) {
		fmt.Fprintf(b, `        <meta_attributes id="%s-meta"><nvpair id="%s-migrate" name="allow-migrate" value="true"/></meta_attributes>`+"\n", id, id)
	}
	if g.strategy != "" {
		fmt.Fprintf(b, `        <utilization id="%s-util"><nvpair id="%s-cpu" name="cpu" value="%d"/></utilization>`+"\n", id, id, 1+g.intn(2))
	}
	onFail := ""
	switch g.intn(6) {
	case 0:
		onFail = ` on-fail="stop"`
	case 1:
		onFail = ` on-fail="block"`
	case 2:
		if g.fencing {
			onFail = ` on-fail="fence"`
		}
	}
	fmt.Fprintf(b, `        <operations><op id="%s-monitor-10s" name="monitor" interval="10s" timeout="20s"%s/></operations>`+"\n", id, onFail)
	b.WriteString("      </primitive>\n")
}

// constraints draws, per primitive, a location towards a node (which
// makes migrations happen), and now and then a colocation with or an
// order after an earlier primitive.
func (g *failureCIB) constraints(b *strings.Builder) {
	for i, r := range g.rscs {
		if !g.one(3) {
			fmt.Fprintf(b, `      <rsc_location id="loc-%s" rsc="%s" node="%s" score="%s"/>`+"\n",
				r, r, g.nodes[g.intn(len(g.nodes))], g.pick("50", "200", "INFINITY", "-INFINITY"))
		}
		if i > 0 && g.one(4) {
			fmt.Fprintf(b, `      <rsc_colocation id="col-%s" rsc="%s" with-rsc="%s" score="%s"/>`+"\n",
				r, r, g.rscs[g.intn(i)], g.pick("INFINITY", "-INFINITY", "100"))
		}
		if i > 0 && g.one(4) {
			fmt.Fprintf(b, `      <rsc_order id="ord-%s" first="%s" then="%s" kind="%s"/>`+"\n",
				r, g.rscs[g.intn(i)], r, g.pick("Mandatory", "Optional"))
		}
	}
}

// other draws a node other than n.
func (g *failureCIB) other(n int) int {
	return (n + 1 + g.intn(len(g.nodes)-1)) % len(g.nodes)
}

// history records one of the shapes of FailureCIB's list for r.
func (g *failureCIB) history(r string) {
	src := g.intn(len(g.nodes))
	dst := g.other(src)
	// The nodes other than the source and the target are probed or not.
	for i := range g.nodes {
		if i != src && i != dst && !g.one(3) {
			g.add(i, r, g.op(r, "monitor", 0, 7, 7, ""))
		}
	}
	probedTarget := !g.one(3)
	target := func() {
		if probedTarget {
			g.add(dst, r, g.op(r, "monitor", 0, 7, 7, ""))
		}
	}
	migrate := fmt.Sprintf(` migrate_source="%s" migrate_target="%s"`, g.nodes[src], g.nodes[dst])
	switch g.intn(9) {
	case 0: // stopped
		target()
		g.add(src, r, g.op(r, "monitor", 0, 7, 7, ""))
	case 1, 2: // running, the monitor failed now and then
		target()
		rc := 0
		if g.one(3) {
			rc = g.intn(2) * 7
			if rc == 0 {
				rc = 1
			}
		}
		g.add(src, r, g.op(r, "start", 0, 0, 0, "")+g.op(r, "monitor", 10000, rc, 0, ""))
	case 3: // migrate_to failed on the source
		target()
		ops := g.op(r, "start", 0, 0, 0, "") + g.op(r, "migrate_to", 0, 1, 0, migrate)
		if g.one(2) {
			ops += g.op(r, "stop", 0, 0, 0, "")
		}
		g.add(src, r, ops)
	case 4: // partial migration
		target()
		ops := g.op(r, "start", 0, 0, 0, "") + g.op(r, "migrate_to", 0, 0, 0, migrate)
		if g.one(3) {
			ops += g.op(r, "stop", 0, 0, 0, "")
		}
		g.add(src, r, ops)
	case 5, 6: // migrate_from failed or succeeded on the target
		g.add(src, r, g.op(r, "start", 0, 0, 0, "")+g.op(r, "migrate_to", 0, 0, 0, migrate))
		rc := 0
		if g.one(2) {
			rc = 1
		}
		ops := ""
		if probedTarget {
			ops = g.op(r, "monitor", 0, 7, 7, "")
		}
		ops += g.op(r, "migrate_from", 0, rc, 0, migrate)
		if rc == 0 && g.one(2) {
			ops += g.op(r, "monitor", 10000, 0, 0, "")
		}
		g.add(dst, r, ops)
		if g.one(3) {
			g.add(src, r, g.op(r, "stop", 0, 0, 0, ""))
		}
	case 7: // migrate_to pending on the source, now and then the lost node
		if g.down >= 0 && g.down != dst && g.one(2) {
			src = g.down
			migrate = fmt.Sprintf(` migrate_source="%s" migrate_target="%s"`, g.nodes[src], g.nodes[dst])
		}
		target()
		g.add(src, r, g.op(r, "start", 0, 0, 0, "")+g.pending(r, "migrate_to", migrate))
	default: // a failed stop
		target()
		g.add(src, r, g.op(r, "start", 0, 0, 0, "")+g.op(r, "stop", 0, 1, 0, ""))
	}
}

// add appends ops, entries of r's history, to node i's.
func (g *failureCIB) add(i int, r, ops string) {
	for k, e := range g.lrm[i] {
		if strings.Contains(e, `<lrm_resource id="`+r+`"`) {
			g.lrm[i][k] = strings.Replace(e, "          </lrm_resource>\n", ops+"          </lrm_resource>\n", 1)
			return
		}
	}
	g.lrm[i] = append(g.lrm[i], fmt.Sprintf(`          <lrm_resource id="%s" class="ocf" provider="pacemaker" type="Dummy">`+"\n%s          </lrm_resource>\n", r, ops))
}

// op is an <lrm_rsc_op> of r, named by its operation key as crm_simulate
// records injected results, with extra attributes (the migration's nodes).
func (g *failureCIB) op(r, task string, intervalMs, rc, target int, extra string) string {
	g.call++
	key := fmt.Sprintf("%s_%s_%d", r, task, intervalMs)
	digest := emptyDigest
	if intervalMs > 0 {
		digest = monitorDigest
	}
	return fmt.Sprintf(`            <lrm_rsc_op id=%q operation_key=%q operation=%q transition-key="%d:1:%d:00000000-0000-0000-0000-000000000000" transition-magic="0:%d;%d:1:%d:00000000-0000-0000-0000-000000000000" call-id="%d" rc-code="%d" op-status="0" interval="%d" last-rc-change="%d" exec-time="10" queue-time="0" op-digest=%q%s/>`+"\n",
		key, key, task, g.call, target, rc, g.call, target, g.call, rc, intervalMs, 1699990000+g.call, digest, extra)
}

// pending is an operation of r still in flight: no call id nor result.
func (g *failureCIB) pending(r, task, extra string) string {
	g.call++
	key := fmt.Sprintf("%s_%s_0", r, task)
	return fmt.Sprintf(`            <lrm_rsc_op id=%q operation_key=%q operation=%q transition-key="%d:1:0:00000000-0000-0000-0000-000000000000" transition-magic="-1:193;%d:1:0:00000000-0000-0000-0000-000000000000" call-id="-1" rc-code="193" op-status="-1" interval="0" last-rc-change="%d" exec-time="0" queue-time="0" op-digest=%q%s/>`+"\n",
		key, key, task, g.call, g.call, 1699990000+g.call, emptyDigest, extra)
}

// nodeState writes node i's state: online, or offline cleanly (expected
// down) or lost (expected up: unclean where fencing is enabled).
func (g *failureCIB) nodeState(b *strings.Builder, i int) {
	n := g.nodes[i]
	switch {
	case i != g.down:
		fmt.Fprintf(b, `    <node_state id="%d" uname="%s" in_ccm="true" crmd="online" join="member" expected="member">`+"\n", i+1, n)
	case g.lost:
		fmt.Fprintf(b, `    <node_state id="%d" uname="%s" in_ccm="false" crmd="offline" join="down" expected="member">`+"\n", i+1, n)
	default:
		fmt.Fprintf(b, `    <node_state id="%d" uname="%s" in_ccm="false" crmd="offline" join="down" expected="down">`+"\n", i+1, n)
	}
	fmt.Fprintf(b, "      <lrm id=\"%d\">\n        <lrm_resources>\n", i+1)
	for _, r := range g.lrm[i] {
		b.WriteString(r)
	}
	b.WriteString("        </lrm_resources>\n      </lrm>\n    </node_state>\n")
}
