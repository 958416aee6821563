package synth

import (
	"fmt"
	"strings"
)

// replicaState is what a BundleCIB's history holds of one replica.
type replicaState int

const (
	replicaStopped replicaState = iota
	replicaRunning
	replicaContainerFailed // its container's monitor failed
	replicaInstanceFailed  // the instance inside failed its monitor
)

// history draws the histories of a BundleCIB: the fencing device, each
// bundle's replicas on distinct nodes (a node that left unfenced keeps
// what it ran), then the primitives.
func (g *bundleCIB) history() {
	members := g.members()
	withHistory := func() (out []string) { // nodes whose history counts
		for _, h := range g.hosts {
			if !g.offline[h] {
				out = append(out, h)
			}
		}
		return out
	}()
	if g.fencing {
		g.lrm[members[0]] = append(g.lrm[members[0]], fmt.Sprintf("          <lrm_resource id=\"fencing\" class=\"stonith\" type=\"fence_dummy\">\n%s          </lrm_resource>\n",
			g.op("fencing", "start", 0, 0, 0, emptyDigest)))
	}
	for _, bd := range g.bundles {
		order := g.rnd.Perm(len(withHistory))
		promoted := 0
		for i := 0; i < bd.replicas; i++ {
			state := replicaRunning
			switch d := g.intn(12); {
			case d < 2:
				state = replicaStopped
			case d < 3:
				state = replicaContainerFailed
			case d < 4:
				state = replicaInstanceFailed
			}
			at := ""
			if i < len(order) && state != replicaStopped {
				at = withHistory[order[i]]
			}
			for _, h := range members {
				if h != at && !g.one(4) {
					g.resource(h, bd.container(i), `class="ocf" provider="heartbeat" type="podman"`, g.op(bd.container(i), "monitor", 0, 7, 7, digest(bd.podmanParams(i), 0)))
					g.resource(h, bd.guest(i), fmt.Sprintf(`class="ocf" provider="pacemaker" type="remote" container=%q`, bd.container(i)), g.op(bd.guest(i), "monitor", 0, 7, 7, digest(connParams(h), 0)))
				}
			}
			if at == "" {
				continue
			}
			monRC := 0
			if state == replicaContainerFailed {
				monRC = 1
				g.failCount(at, bd.container(i), 60000)
			}
			g.resource(at, bd.container(i), `class="ocf" provider="heartbeat" type="podman"`,
				g.op(bd.container(i), "start", 0, 0, 0, digest(bd.podmanParams(i), 0))+g.op(bd.container(i), "monitor", 60000, monRC, 0, digest(bd.podmanParams(i), 20000)))
			g.resource(at, bd.guest(i), fmt.Sprintf(`class="ocf" provider="pacemaker" type="remote" container=%q`, bd.container(i)),
				g.op(bd.guest(i), "start", 0, 0, 0, digest(connParams(at), 0))+g.op(bd.guest(i), "monitor", 30000, 0, 0, digest(connParams(at), 30000)))
			guest := bd.guest(i)
			g.up[guest] = true
			promote := bd.promotable && promoted < bd.promotedMax && g.intn(3) != 0
			var ops string
			switch {
			case promote:
				promoted++
				rc := 8
				if state == replicaInstanceFailed {
					rc = 1
					g.failCount(guest, bd.child(), 15000)
				}
				ops = g.op(bd.child(), "promote", 0, 0, 0, emptyDigest) + g.op(bd.child(), "monitor", 15000, rc, 8, digest(nil, 15000))
			default:
				rc := 0
				if state == replicaInstanceFailed {
					rc = 1
					g.failCount(guest, bd.child(), 16000)
				}
				ops = g.op(bd.child(), "start", 0, 0, 0, emptyDigest) + g.op(bd.child(), "monitor", 16000, rc, 0, digest(nil, 16000))
			}
			g.resource(guest, bd.child(), `class="ocf" provider="pacemaker" type="Stateful"`, ops)
			if bd.promotable {
				score := g.pick("5", "10", "10", "-INFINITY")
				on := guest
				if bd.onHost {
					on = at
				}
				g.attrs[on] = append(g.attrs[on], fmt.Sprintf(`<nvpair id="st-%s-master-%s" name="master-%s" value="%s"/>`, on, bd.child(), bd.child(), score))
			}
		}
	}
	for _, id := range g.prims {
		at := ""
		if !g.one(3) {
			at = withHistory[g.intn(len(withHistory))]
			g.resource(at, id, `class="ocf" provider="pacemaker" type="Dummy"`, g.op(id, "start", 0, 0, 0, emptyDigest)+g.op(id, "monitor", 10000, 0, 0, digest(nil, 20000)))
		}
		for _, h := range members {
			if h != at && g.one(2) {
				g.resource(h, id, `class="ocf" provider="pacemaker" type="Dummy"`, g.op(id, "monitor", 0, 7, 7, emptyDigest))
			}
		}
	}
}

// resource records an <lrm_resource> (attrs its class, provider, type
// and container) with ops on node n.
func (g *bundleCIB) resource(n, id, attrs, ops string) {
	g.lrm[n] = append(g.lrm[n], fmt.Sprintf("          <lrm_resource id=%q %s>\n%s          </lrm_resource>\n", id, attrs, ops))
}

// failCount records a fail count and last failure of id's monitor on n.
func (g *bundleCIB) failCount(n, id string, monMs int) {
	key := fmt.Sprintf("%s#monitor_%d", id, monMs)
	g.attrs[n] = append(g.attrs[n], fmt.Sprintf(`<nvpair id="st-%s-fc-%s" name="fail-count-%s" value="1"/><nvpair id="st-%s-lf-%s" name="last-failure-%s" value="1699995000"/>`,
		n, id, key, n, id, key))
}

// op is an <lrm_rsc_op> of id with its digest: a probe, start or promote
// (the resource's last operation), or a recurring monitor with return
// code rc against target (a failed one also as the last failure).
func (g *bundleCIB) op(id, task string, intervalMs, rc, target int, digest string) string {
	g.call++
	return lrmOp(g.call, id, task, intervalMs, rc, target, digest)
}

// status writes every cluster node's node_state, then every guest
// node's that the history has up.
func (g *bundleCIB) status(b *strings.Builder) {
	for i, h := range g.hosts {
		switch {
		case g.offline[h]:
			fmt.Fprintf(b, `    <node_state id="%d" uname="%s" in_ccm="false" crmd="offline" join="down" expected="down">`+"\n", i+1, h)
		case g.lost[h]:
			fmt.Fprintf(b, `    <node_state id="%d" uname="%s" in_ccm="false" crmd="offline" join="down" expected="member">`+"\n", i+1, h)
		default:
			fmt.Fprintf(b, `    <node_state id="%d" uname="%s" in_ccm="true" crmd="online" join="member" expected="member">`+"\n", i+1, h)
		}
		writeNodeBody(b, fmt.Sprint(i+1), g.attrs[h], g.lrm[h])
	}
	for _, bd := range g.bundles {
		for i := 0; i < bd.replicas; i++ {
			n := bd.guest(i)
			if !g.up[n] {
				continue
			}
			fmt.Fprintf(b, `    <node_state id="%s" uname="%s" remote_node="true" in_ccm="true">`+"\n", n, n)
			writeNodeBody(b, n, g.attrs[n], g.lrm[n])
		}
	}
}

// podmanParams are the parameters Pacemaker gives replica i's podman
// container: the image, the remote daemon as the command (the bundle has
// a control port and a primitive inside), its log directory mounted.
func (b *genBundle) podmanParams(i int) map[string]string {
	logs := "/var/log/pacemaker/bundles/" + b.guest(i)
	return map[string]string{"allow_pull": "true", "force_kill": "false", "image": "localhost/pcmktest", "monitor_cmd": "/bin/true",
		"mount_points": logs, "reuse": "false", "run_cmd": "/usr/sbin/pacemaker-remoted",
		"run_opts": " -e PCMK_stderr=1 -e PCMK_remote_port=3121 -v /etc/pacemaker/authkey:/etc/pacemaker/authkey -v " + logs + ":/var/log -p 3121:3121 "}
}

// connParams are the parameters of a replica's connection run from host:
// the host's name as the address (no IP range), the control port.
func connParams(host string) map[string]string {
	return map[string]string{"addr": host, "port": "3121"}
}
