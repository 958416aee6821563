package synth

import (
	"fmt"
	"strings"
)

// guestMonitorDigest is the digest of a guest connection's implicit 30 s
// monitor (no parameters, a 30 s timeout).
const guestMonitorDigest = "02a5bcf940fc8d3239701acb11438d6a"

// history draws the histories of a RemoteCIB: connections first (they
// decide which remote and guest nodes are up), then the VMs, the fencing
// device, the primitives and the clone.
func (g *remoteCIB) history() {
	online := g.onlineHosts()
	for _, r := range g.remotes {
		p := g.connParams[r]
		at := online[g.intn(len(online))]
		switch d := g.intn(20); {
		case d < 12:
			g.record(at, r, "remote", p, 10000, 20000, histRunning)
			g.hostOf[r] = at
		case d < 15:
			g.record(at, r, "remote", p, 10000, 20000, histFailed)
			g.hostOf[r], g.failedConn[r] = at, true
		default:
			at = ""
		}
		g.probeElsewhere(online, at, r, "remote", p)
	}
	for i, vm := range g.vms {
		guest := g.guests[i]
		at := online[g.intn(len(online))]
		switch d := g.intn(20); {
		case d < 12:
			g.record(at, vm, "Dummy", nil, 10000, 20000, histRunning)
			g.guestConnection(at, guest)
		case d < 15:
			g.record(at, vm, "Dummy", nil, 10000, 20000, histFailed)
			g.guestConnection(at, guest)
			g.failedConn[guest] = true
		default:
			at = ""
		}
		g.probeElsewhere(online, at, vm, "Dummy", nil)
	}
	if g.fencing && !g.one(4) {
		g.lrm[online[0]] = append(g.lrm[online[0]], fmt.Sprintf("          <lrm_resource id=\"fencing\" class=\"stonith\" type=\"fence_dummy\">\n%s          </lrm_resource>\n",
			g.op("fencing", "start", 0, 0, 0, emptyDigest)))
	}
	places := append(append([]string(nil), online...), g.upRemotes()...)
	for _, id := range g.prims {
		at := ""
		switch d := g.intn(10); {
		case d < 6:
			at = places[g.intn(len(places))]
			g.record(at, id, "Dummy", nil, 10000, 20000, histRunning)
		case d < 7:
			at = places[g.intn(len(places))]
			g.record(at, id, "Dummy", nil, 10000, 20000, histFailed)
		}
		g.probeElsewhere(places, at, id, "Dummy", nil)
	}
	if g.clone != "" {
		running := 0
		for _, n := range places {
			switch d := g.intn(10); {
			case d < 5 && (g.cloneMax == 0 || running < g.cloneMax):
				running++
				state := histRunning
				if g.one(8) {
					state = histFailed
				}
				g.record(n, "cl", "Dummy", nil, 10000, 20000, state)
			case d < 7:
				g.record(n, "cl", "Dummy", nil, 10000, 20000, histProbed)
			}
		}
	}
}

// guestConnection records guest's connection running on host h with its
// implicit 30 s monitor, and the guest node as up.
func (g *remoteCIB) guestConnection(h, guest string) {
	g.lrm[h] = append(g.lrm[h], fmt.Sprintf("          <lrm_resource id=%q class=\"ocf\" provider=\"pacemaker\" type=\"remote\">\n%s%s          </lrm_resource>\n",
		guest, g.op(guest, "start", 0, 0, 0, emptyDigest), g.op(guest, "monitor", 30000, 0, 0, guestMonitorDigest)))
	g.hostOf[guest] = h
}

// probeElsewhere records, on about half the nodes of nodes other than at,
// a probe that found id not running.
func (g *remoteCIB) probeElsewhere(nodes []string, at, id, typ string, params map[string]string) {
	for _, n := range nodes {
		if n != at && g.one(2) {
			g.record(n, id, typ, params, 0, 0, histProbed)
		}
	}
}

// record writes the history of id (an ocf:pacemaker agent of type typ
// with params) on node n: a probe that found it stopped, or a start and
// its monitor (every monMs, timeout monTimeout ms) passing or failed with
// a fail count.
func (g *remoteCIB) record(n, id, typ string, params map[string]string, monMs, monTimeout int, state histState) {
	d := digest(params, 0)
	var ops string
	switch state {
	case histProbed:
		ops = g.op(id, "monitor", 0, 7, 7, d)
	case histRunning:
		ops = g.op(id, "start", 0, 0, 0, d) + g.op(id, "monitor", monMs, 0, 0, digest(params, monTimeout))
	case histFailed:
		ops = g.op(id, "start", 0, 0, 0, d) + g.op(id, "monitor", monMs, 1, 0, digest(params, monTimeout))
		key := fmt.Sprintf("%s#monitor_%d", id, monMs)
		g.attrs[n] = append(g.attrs[n], fmt.Sprintf(`<nvpair id="st-%s-fc-%s" name="fail-count-%s" value="1"/><nvpair id="st-%s-lf-%s" name="last-failure-%s" value="1699995000"/>`,
			n, id, key, n, id, key))
	}
	g.lrm[n] = append(g.lrm[n], fmt.Sprintf("          <lrm_resource id=%q class=\"ocf\" provider=\"pacemaker\" type=%q>\n%s          </lrm_resource>\n", id, typ, ops))
}

// op is an <lrm_rsc_op> of id with its digest: a probe or start, or a
// recurring monitor with return code rc (a failed one also as the last
// failure).
func (g *remoteCIB) op(id, task string, intervalMs, rc, target int, digest string) string {
	g.call++
	return lrmOp(g.call, id, task, intervalMs, rc, target, digest)
}

// constraints writes locations on remote and guest nodes, colocations
// with the VMs, the bundle and each other, and orders after connections.
func (g *remoteCIB) constraints(b *strings.Builder) {
	remoteNodes := append(append([]string(nil), g.remotes...), g.guests...)
	conns := append(append([]string(nil), g.remotes...), g.vms...)
	for _, r := range g.remotes {
		if g.one(3) {
			fmt.Fprintf(b, `      <rsc_location id="loc-%s" rsc="%s" node="%s" score="%s"/>`+"\n",
				r, r, g.hosts[g.intn(len(g.hosts))], g.pick("100", "-INFINITY", "50"))
		}
	}
	for _, vm := range g.vms {
		if g.one(3) {
			fmt.Fprintf(b, `      <rsc_location id="loc-%s" rsc="%s" node="%s" score="%s"/>`+"\n",
				vm, vm, g.hosts[g.intn(len(g.hosts))], g.pick("100", "-INFINITY", "200"))
		}
	}
	for _, bd := range g.bundles {
		if g.one(2) {
			fmt.Fprintf(b, `      <rsc_location id="loc-%s" rsc="%s" node="%s" score="%s"/>`+"\n",
				bd.id, bd.id, g.hosts[g.intn(len(g.hosts))], g.pick("100", "-INFINITY"))
		}
	}
	for i, id := range g.prims {
		if g.one(3) {
			fmt.Fprintf(b, `      <rsc_location id="loc-%s" rsc="%s" node="%s" score="%s"/>`+"\n",
				id, id, remoteNodes[g.intn(len(remoteNodes))], g.pick("INFINITY", "100", "500", "-INFINITY"))
		}
		if g.one(6) {
			fmt.Fprintf(b, `      <rsc_location id="kind-%s" rsc="%s"><rule id="kind-%s-rule" score="%s"><expression id="kind-%s-e" attribute="#kind" operation="%s" value="cluster"/></rule></rsc_location>`+"\n",
				id, id, id, g.pick("-INFINITY", "100"), id, g.pick("eq", "ne"))
		}
		if g.one(4) {
			with := ""
			switch {
			case len(g.vms) > 0 && g.one(2):
				with = g.vms[g.intn(len(g.vms))]
			case len(g.bundles) > 0 && g.one(2):
				with = g.bundles[0].id
			case i > 0:
				with = g.prims[g.intn(i)]
			}
			if with != "" {
				fmt.Fprintf(b, `      <rsc_colocation id="col-%s" rsc="%s" with-rsc="%s" score="%s"/>`+"\n",
					id, id, with, g.pick("INFINITY", "100", "-INFINITY"))
			}
		}
		if g.one(4) {
			fmt.Fprintf(b, `      <rsc_order id="ord-%s" first="%s" then="%s"%s/>`+"\n",
				id, conns[g.intn(len(conns))], id, g.pick("", ` kind="Optional"`))
		}
	}
	if g.clone != "" && g.one(2) {
		fmt.Fprintf(b, `      <rsc_location id="loc-cl" rsc="%s" node="%s" score="%s"/>`+"\n",
			g.clone, remoteNodes[g.intn(len(remoteNodes))], g.pick("-INFINITY", "100"))
	}
}

// tickets writes 0 to 2 ticket constraints on primitives (a loss-policy
// now and then) and returns the status's <tickets> section.
func (g *remoteCIB) tickets(b *strings.Builder) string {
	var states []string
	for i, n := 0, g.intn(3); i < n; i++ {
		t := fmt.Sprintf("ticket%c", 'A'+i)
		for k := 0; k < 1+g.intn(2); k++ {
			id := g.prims[g.intn(len(g.prims))]
			// loss-policy=fence falls back to stop, with an error, when
			// fencing is disabled.
			loss := g.pick("", "", ` loss-policy="stop"`, ` loss-policy="freeze"`, ` loss-policy="fence"`)
			if !g.fencing && strings.Contains(loss, "fence") {
				loss = ` loss-policy="stop"`
			}
			fmt.Fprintf(b, `      <rsc_ticket id="tk-%s-%d" rsc="%s" ticket="%s"%s/>`+"\n", t, k, id, t, loss)
		}
		switch g.intn(4) {
		case 0: // not recorded: revoked
		case 1:
			states = append(states, fmt.Sprintf(`      <ticket_state id="%s" granted="false" last-granted="1700000000"/>`, t))
		case 2:
			states = append(states, fmt.Sprintf(`      <ticket_state id="%s" granted="true" standby="true"/>`, t))
		default:
			states = append(states, fmt.Sprintf(`      <ticket_state id="%s" granted="true"/>`, t))
		}
	}
	if len(states) == 0 {
		return ""
	}
	return "    <tickets>\n" + strings.Join(states, "\n") + "\n    </tickets>\n"
}

// status writes the node_state of every cluster node, then of every
// remote and guest node the history has up or anything recorded on.
func (g *remoteCIB) status(b *strings.Builder) {
	for i, h := range g.hosts {
		if g.offline[h] {
			fmt.Fprintf(b, `    <node_state id="%d" uname="%s" in_ccm="false" crmd="offline" join="down" expected="down">`+"\n", i+1, h)
		} else {
			if g.one(8) {
				g.attrs[h] = append(g.attrs[h], fmt.Sprintf(`<nvpair id="st-%s-standby" name="standby" value="on"/>`, h))
			}
			fmt.Fprintf(b, `    <node_state id="%d" uname="%s" in_ccm="true" crmd="online" join="member" expected="member">`+"\n", i+1, h)
		}
		writeNodeBody(b, fmt.Sprint(i+1), g.attrs[h], g.lrm[h])
	}
	for _, n := range append(append([]string(nil), g.remotes...), g.guests...) {
		if g.hostOf[n] == "" && len(g.lrm[n]) == 0 {
			continue
		}
		fmt.Fprintf(b, `    <node_state id="%s" uname="%s" remote_node="true">`+"\n", n, n)
		writeNodeBody(b, n, g.attrs[n], g.lrm[n])
	}
}
