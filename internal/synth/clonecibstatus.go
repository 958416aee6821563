package synth

import (
	"fmt"
	"strconv"
	"strings"
)

// histState is what a node's history says of one resource (or instance).
type histState int

const (
	histNone    histState = iota // never probed
	histProbed                   // probed: not running
	histRunning                  // started, monitor passing
	histFailed                   // started, monitor failed (with a fail count)
)

// history fills the per-node histories of every top-level resource, in
// resource order.
func (g *cloneCIB) history() {
	for _, t := range g.tops {
		g.cur = t
		t.active = make([]bool, len(g.nodes))
		switch {
		case t.kind != "clone":
			g.placedHistory(t)
		case t.unique:
			g.uniqueHistory(t)
		default:
			g.anonymousHistory(t)
		}
	}
}

// placedHistory records a primitive or group running on at most one node
// (a group perhaps only partly), probed or unknown elsewhere.
func (g *cloneCIB) placedHistory(t *cibTop) {
	at := g.intn(len(g.nodes)+1) - 1
	for ni := range g.nodes {
		state := histNone
		switch {
		case ni == at && g.one(5):
			state = histFailed
		case ni == at:
			state = histRunning
		case g.one(2):
			state = histProbed
		}
		g.instance(ni, t.members, "", state, false)
	}
}

// anonymousHistory records an anonymous clone's instances: on each node
// nothing, a probe, a running or a failed instance, under the bare id or
// as ":N" with any N. At most clone-max nodes have one running or failed:
// more would make orphans, which crm_verify warns about.
func (g *cloneCIB) anonymousHistory(t *cibTop) {
	active := 0
	for ni := range g.nodes {
		state := histNone
		switch r := g.intn(10); {
		case r >= 9:
			state = histFailed
		case r >= 5:
			state = histRunning
		case r >= 3:
			state = histProbed
		}
		if state >= histRunning {
			if active == t.max {
				state = histProbed
			} else {
				active++
			}
		}
		suffix := ""
		if g.one(2) {
			suffix = ":" + strconv.Itoa(g.intn(t.max+2))
		}
		g.instance(ni, t.members, suffix, state, false)
	}
}

// uniqueHistory records a unique clone's instances ":0" to ":clone-max-1":
// each running on at most one node, at most clone-node-max on a node, and
// probed on some others. Now and then ":clone-max" is probed somewhere: an
// inactive orphan.
func (g *cloneCIB) uniqueHistory(t *cibTop) {
	count := make([]int, len(g.nodes))
	for inst := 0; inst < t.max; inst++ {
		at := g.intn(len(g.nodes)+1) - 1
		if at >= 0 && count[at] >= t.nodeMax {
			at = -1
		}
		if at >= 0 {
			count[at]++
		}
		suffix := ":" + strconv.Itoa(inst)
		for ni := range g.nodes {
			state := histNone
			switch {
			case ni == at && g.one(6):
				state = histFailed
			case ni == at:
				state = histRunning
			case g.one(3):
				state = histProbed
			}
			g.instance(ni, t.members, suffix, state, true)
		}
	}
	if g.one(10) {
		g.instance(g.intn(len(g.nodes)), t.members, ":"+strconv.Itoa(t.max), histProbed, true)
	}
}

// instance records one instance (or a primitive or group, suffix "") on
// node ni: each member under member+suffix. A running group instance may
// be running only up to some member, the later ones probed. A failure is
// counted per history for unique instances and per member otherwise.
func (g *cloneCIB) instance(ni int, members []string, suffix string, state histState, unique bool) {
	if state == histNone {
		return
	}
	if state != histProbed {
		g.cur.active[ni] = true
	}
	running := len(members)
	if state != histProbed && len(members) > 1 && g.one(4) {
		running = 1 + g.intn(len(members)-1)
	}
	for k, m := range members {
		id := m + suffix
		s := state
		if k >= running {
			s = histProbed
		}
		var ops []string
		switch s {
		case histProbed:
			ops = append(ops, g.op(id, "monitor", 0, 7, 7))
		case histRunning:
			ops = append(ops, g.op(id, "start", 0, 0, 0), g.op(id, "monitor", 10000, 0, 0))
		case histFailed:
			ops = append(ops, g.op(id, "start", 0, 0, 0), g.op(id, "monitor", 10000, 1, 0))
			g.failure(ni, m, id, unique)
		}
		g.lrm[ni] = append(g.lrm[ni], fmt.Sprintf("          <lrm_resource id=%q class=\"ocf\" provider=\"pacemaker\" type=\"Dummy\">\n%s          </lrm_resource>\n",
			id, strings.Join(ops, "")))
	}
}

// failure records the fail count and last failure of a failed monitor:
// fail-count-<member> for anonymous instances (all of a node's instances
// share it), fail-count-<member:N> for unique ones. A count already there
// is kept.
func (g *cloneCIB) failure(ni int, member, id string, unique bool) {
	name := member
	if unique {
		name = id
	}
	key := "fail-count-" + name + "#monitor_10000"
	for _, a := range g.attrs[ni] {
		if strings.Contains(a, `name="`+key+`"`) {
			return
		}
	}
	node := g.nodes[ni]
	g.attrs[ni] = append(g.attrs[ni], fmt.Sprintf(`<nvpair id="st-%s-fc-%s" name="%s" value="%d"/><nvpair id="st-%s-lf-%s" name="last-failure-%s#monitor_10000" value="1699995000"/>`,
		node, name, key, 1+g.intn(3), node, name, name))
}

// op is an <lrm_rsc_op> of id: a probe, a start, or the 10 s monitor with
// return code rc (a failed monitor also as the last failure).
func (g *cloneCIB) op(id, task string, intervalMs, rc, target int) string {
	g.call++
	digest := monitorDigest
	if intervalMs == 0 {
		digest = emptyDigest
	}
	return lrmOp(g.call, id, task, intervalMs, rc, target, digest)
}

// writeNodeBody writes the rest of a node_state whose opening tag is
// written: the node's transient attributes (<nvpair> elements), its
// histories (<lrm_resource> elements) and the closing tags.
func writeNodeBody(b *strings.Builder, id string, attrs, lrm []string) {
	if len(attrs) > 0 {
		fmt.Fprintf(b, `      <transient_attributes id="%s"><instance_attributes id="status-%s">%s</instance_attributes></transient_attributes>`+"\n",
			id, id, strings.Join(attrs, ""))
	}
	fmt.Fprintf(b, "      <lrm id=\"%s\">\n        <lrm_resources>\n%s        </lrm_resources>\n      </lrm>\n    </node_state>\n", id, strings.Join(lrm, ""))
}

// lrmOp is the <lrm_rsc_op> of call number call of resource id, with its
// digest: a last operation (task with interval 0), or a recurring one
// returning rc against target, a failed one also as the last failure.
func lrmOp(call int, id, task string, intervalMs, rc, target int, digest string) string {
	key := fmt.Sprintf("%s_%s_%d", id, task, intervalMs)
	opID := key
	if intervalMs == 0 {
		opID = id + "_last_0"
	}
	rec := func(opID string) string {
		return fmt.Sprintf(`            <lrm_rsc_op id=%q operation_key=%q operation=%q transition-key="%d:1:%d:00000000-0000-0000-0000-000000000000" transition-magic="0:%d;%d:1:%d:00000000-0000-0000-0000-000000000000" call-id="%d" rc-code="%d" op-status="0" interval="%d" last-rc-change="1699990000" exec-time="10" queue-time="0" op-digest=%q/>`+"\n",
			opID, key, task, call, target, rc, call, target, call, rc, intervalMs, digest)
	}
	if rc != target && intervalMs > 0 {
		return rec(opID) + rec(id+"_last_failure_0")
	}
	return rec(opID)
}
