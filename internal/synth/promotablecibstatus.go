package synth

import (
	"fmt"
	"strconv"
	"strings"
)

// promState is what a node's history says of one promotable instance.
type promState int

const (
	promNone             promState = iota // never probed
	promProbed                            // probed: not running
	promUnpromoted                        // started, Unpromoted monitor passing
	promDemoted                           // demoted, Unpromoted monitor passing
	promPromoted                          // promoted, Promoted monitor passing (rc 8)
	promProbedPromoted                    // found Promoted by its probe (rc 8)
	promFailedPromoted                    // promoted, Promoted monitor failed
	promFailedUnpromoted                  // started, Unpromoted monitor failed
)

// active reports whether the instance runs (or failed running) there.
func (s promState) active() bool { return s >= promUnpromoted }

// promoted reports whether the instance is (or was, failing) Promoted.
func (s promState) promoted() bool {
	return s == promPromoted || s == promProbedPromoted || s == promFailedPromoted
}

// history fills the per-node histories of every top-level resource, in
// resource order, and the promotion scores of the promotable clones.
func (g *promotableCIB) history() {
	for _, t := range g.tops {
		g.cur = t
		t.active = make([]bool, len(g.nodes))
		switch {
		case g.prom[t] != nil && t.unique:
			g.uniquePromotableHistory(t)
		case g.prom[t] != nil:
			g.anonymousPromotableHistory(t)
		case t.kind == "clone":
			g.anonymousHistory(t)
		default:
			g.placedHistory(t)
		}
		if g.prom[t] != nil {
			g.promotionScores(t)
		}
	}
}

// drawState draws an instance's state on a node, with promoted instances
// rarer once promoted of them exist (a few beyond promoted-max now and
// then).
func (g *promotableCIB) drawState(promoted int, t *cibTop) promState {
	r := g.intn(20)
	if g.dense {
		r = 8 + g.intn(12)
	}
	switch {
	case r < 4:
		return promNone
	case r < 8:
		return promProbed
	case r < 12:
		return promUnpromoted
	case r < 13:
		return promDemoted
	case r < 17:
		if promoted >= g.prom[t].promotedMax && !g.one(4) {
			return promUnpromoted
		}
		if g.one(6) {
			return promProbedPromoted
		}
		return promPromoted
	case r < 19:
		return promFailedPromoted
	default:
		return promFailedUnpromoted
	}
}

// anonymousPromotableHistory records an anonymous promotable clone's
// instances, under the bare id or as ":N", on at most clone-max nodes.
func (g *promotableCIB) anonymousPromotableHistory(t *cibTop) {
	active, promoted := 0, 0
	for ni := range g.nodes {
		state := g.drawState(promoted, t)
		if state.active() {
			if active == t.max {
				state = promProbed
			} else {
				active++
			}
		}
		if state.promoted() {
			promoted++
		}
		suffix := ""
		if g.one(2) {
			suffix = ":" + strconv.Itoa(g.intn(t.max+1))
		}
		g.promotableInstance(ni, t, suffix, state)
	}
}

// uniquePromotableHistory records a unique promotable clone's instances
// ":0" to ":clone-max-1", each active on at most one node, at most
// clone-node-max on a node, probed on some others.
func (g *promotableCIB) uniquePromotableHistory(t *cibTop) {
	count := make([]int, len(g.nodes))
	promoted := 0
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
			state := promNone
			switch {
			case ni == at:
				for state = g.drawState(promoted, t); !state.active(); state = g.drawState(promoted, t) {
				}
				if state.promoted() {
					promoted++
				}
			case g.one(3):
				state = promProbed
			}
			g.promotableInstance(ni, t, suffix, state)
		}
	}
}

// promotableInstance records one instance of promotable clone t on node
// ni: each member under member+suffix. A failed monitor has its fail
// count (per member for anonymous instances, per instance for unique
// ones).
func (g *promotableCIB) promotableInstance(ni int, t *cibTop, suffix string, state promState) {
	if state == promNone {
		return
	}
	if state.active() {
		t.active[ni] = true
	}
	monitors := !g.prom[t].noMonitor
	for k, m := range t.members {
		id := m + suffix
		var ops []string
		state := state
		if g.groups && k > 0 && state.active() && g.one(3) {
			// A member in a state of its own: started only (its
			// instance's other members Unpromoted or Promoted), or
			// stopped.
			state = promUnpromoted
			if g.one(3) {
				state = promProbed
			}
		}
		switch state {
		case promProbed:
			ops = append(ops, g.op(id, "monitor", 0, 7, 7))
		case promUnpromoted:
			ops = append(ops, g.op(id, "start", 0, 0, 0))
			if monitors {
				ops = append(ops, g.op(id, "monitor", 11000, 0, 0))
			}
		case promDemoted:
			ops = append(ops, g.op(id, "demote", 0, 0, 0))
			if monitors {
				ops = append(ops, g.op(id, "monitor", 11000, 0, 0))
			}
		case promPromoted:
			ops = append(ops, g.op(id, "promote", 0, 0, 0))
			if monitors {
				ops = append(ops, g.op(id, "monitor", 10000, 8, 8))
			}
		case promProbedPromoted:
			ops = append(ops, g.op(id, "monitor", 0, 8, 7))
		case promFailedPromoted:
			ops = append(ops, g.op(id, "promote", 0, 0, 0), g.op(id, "monitor", 10000, 1, 8))
			g.roleFailure(ni, m, id, t.unique, 10000)
		case promFailedUnpromoted:
			ops = append(ops, g.op(id, "start", 0, 0, 0), g.op(id, "monitor", 11000, 1, 0))
			g.roleFailure(ni, m, id, t.unique, 11000)
		}
		g.lrm[ni] = append(g.lrm[ni], fmt.Sprintf("          <lrm_resource id=%q class=\"ocf\" provider=\"pacemaker\" type=\"Stateful\">\n%s          </lrm_resource>\n",
			id, strings.Join(ops, "")))
	}
}

// roleFailure records the fail count and last failure of a failed
// monitor of the given interval, as failure does for the 10 s one.
func (g *promotableCIB) roleFailure(ni int, member, id string, unique bool, intervalMs int) {
	name := member
	if unique {
		name = id
	}
	key := fmt.Sprintf("fail-count-%s#monitor_%d", name, intervalMs)
	for _, a := range g.attrs[ni] {
		if strings.Contains(a, `name="`+key+`"`) {
			return
		}
	}
	node := g.nodes[ni]
	g.attrs[ni] = append(g.attrs[ni], fmt.Sprintf(`<nvpair id="st-%s-fc-%s-%d" name="%s" value="%d"/><nvpair id="st-%s-lf-%s-%d" name="last-failure-%s#monitor_%d" value="1699995000"/>`,
		node, name, intervalMs, key, 1+g.intn(3), node, name, intervalMs, name, intervalMs))
}

// promotionScores writes, on some nodes, the promotion scores of t's
// members as transient attributes: master-<member> and, now and then (for
// unique clones always), master-<member>:N.
func (g *promotableCIB) promotionScores(t *cibTop) {
	for ni, node := range g.nodes {
		if g.one(4) {
			continue
		}
		for _, m := range t.members {
			names := []string{m}
			if t.unique {
				names = []string{m + ":" + strconv.Itoa(g.intn(t.max))}
			} else if g.one(4) {
				names = append(names, m+":"+strconv.Itoa(g.intn(t.max+1)))
				if g.one(2) {
					names = names[1:]
				}
			}
			for _, name := range names {
				g.attrs[ni] = append(g.attrs[ni], fmt.Sprintf(`<nvpair id="st-%s-master-%s" name="master-%s" value="%s"/>`,
					node, name, name, g.pick("0", "1", "5", "10", "10", "100", "1000", "-INFINITY", "INFINITY", "-10")))
			}
		}
	}
}
