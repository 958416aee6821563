package transition_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// genCloneCIB builds a random but valid CIB with clones: anonymous and
// unique clones of primitives and groups (with random clone-max,
// clone-node-max, interleave, notify, ordered and clone-min), primitives,
// instances running here and there (some failed), and random location,
// order and colocation constraints between them.
func genCloneCIB(seed int64) string {
	rnd := rand.New(rand.NewSource(seed))
	nNodes := 2 + rnd.Intn(3)
	var nodes []string
	for i := 1; i <= nNodes; i++ {
		nodes = append(nodes, fmt.Sprintf(`      <node id="%d" uname="node%d"/>`, i, i))
	}
	lrm := make([][]string, nNodes)
	call := 10
	// history records the operations of id on node n: running (with a
	// monitor, maybe failed), probed stopped, or nothing.
	history := func(id string, n int, running bool) {
		var ops []string
		call++
		switch {
		case running:
			ops = append(ops, opXML(id, "start", 0, 0, 0, call))
			call++
			rc := 0
			if rnd.Intn(8) == 0 {
				rc = 1
			}
			ops = append(ops, opXML(id, "monitor", 10000, rc, 0, call))
		case rnd.Intn(5) != 0:
			ops = append(ops, opXML(id, "monitor", 0, 7, 7, call))
		default:
			return
		}
		lrm[n] = append(lrm[n], fmt.Sprintf("          <lrm_resource id=%q class=\"ocf\" provider=\"pacemaker\" type=\"Dummy\">\n%s\n          </lrm_resource>", id, strings.Join(ops, "\n")))
	}

	var tops, resources []string
	nClones := 1 + rnd.Intn(3)
	for c := 0; c < nClones; c++ {
		cid := fmt.Sprintf("clone%d", c)
		unique := rnd.Intn(4) == 0
		max := nNodes
		var meta []string
		nv := func(name, value string) {
			meta = append(meta, fmt.Sprintf(`          <nvpair id="%s-%s" name=%q value=%q/>`, cid, name, name, value))
		}
		if rnd.Intn(2) == 0 {
			max = 1 + rnd.Intn(nNodes+1)
			nv("clone-max", fmt.Sprint(max))
		}
		nodeMax := 1
		if unique {
			nv("globally-unique", "true")
			if rnd.Intn(2) == 0 {
				nodeMax = 2
				nv("clone-node-max", "2")
			}
		}
		if rnd.Intn(2) == 0 {
			nv("interleave", "true")
		}
		if rnd.Intn(3) == 0 {
			nv("notify", "true")
		}
		if rnd.Intn(4) == 0 {
			nv("ordered", "true")
		}
		if rnd.Intn(6) == 0 {
			nv("clone-min", fmt.Sprint(1+rnd.Intn(2)))
		}
		// The child: a primitive, or a group of two.
		var members []string
		var child string
		if rnd.Intn(4) == 0 {
			gid := fmt.Sprintf("g%d", c)
			members = []string{gid + "-a", gid + "-b"}
			child = fmt.Sprintf("        <group id=%q>\n%s\n%s\n        </group>", gid, primitiveXML(members[0], "          "), primitiveXML(members[1], "          "))
		} else {
			members = []string{fmt.Sprintf("p%d", c)}
			child = primitiveXML(members[0], "        ")
		}
		metaXML := ""
		if len(meta) > 0 {
			metaXML = fmt.Sprintf("        <meta_attributes id=\"%s-meta\">\n%s\n        </meta_attributes>\n", cid, strings.Join(meta, "\n"))
		}
		resources = append(resources, fmt.Sprintf("      <clone id=%q>\n%s%s\n      </clone>", cid, metaXML, child))
		tops = append(tops, cid)
		// Where its instances run now.
		if unique {
			for i := 0; i < max; i++ {
				n := rnd.Intn(nNodes+1) - 1
				for k := 0; k < nNodes; k++ {
					for _, m := range members {
						history(fmt.Sprintf("%s:%d", m, i), k, k == n)
					}
				}
			}
			_ = nodeMax
			continue
		}
		for k := 0; k < nNodes; k++ {
			running := rnd.Intn(2) == 0
			for _, m := range members {
				history(m, k, running)
			}
		}
	}
	for p := 0; p < 1+rnd.Intn(3); p++ {
		id := fmt.Sprintf("rsc%d", p)
		resources = append(resources, primitiveXML(id, "      "))
		tops = append(tops, id)
		n := rnd.Intn(nNodes+1) - 1
		for k := 0; k < nNodes; k++ {
			history(id, k, k == n)
		}
	}

	states := nodeStatesXML(rnd, lrm)

	top := func() string { return tops[rnd.Intn(len(tops))] }
	scores := []string{"INFINITY", "-INFINITY", "100", "-100", "500", "50"}
	var cons []string
	for c := 0; c < rnd.Intn(4); c++ {
		cons = append(cons, fmt.Sprintf(`      <rsc_location id="loc%d" rsc=%q node="node%d" score=%q/>`, c, top(), 1+rnd.Intn(nNodes), scores[rnd.Intn(len(scores))]))
	}
	kinds := []string{"Mandatory", "Mandatory", "Optional", "Serialize"}
	actions := []string{"", "", "start", "stop"}
	for c := 0; c < rnd.Intn(4); c++ {
		a, b := top(), top()
		if a == b {
			continue
		}
		extra := ""
		if rnd.Intn(3) == 0 {
			extra = ` symmetrical="false"`
		}
		if act := actions[rnd.Intn(len(actions))]; act != "" {
			extra += fmt.Sprintf(` first-action=%q then-action=%q`, act, act)
		}
		if rnd.Intn(8) == 0 {
			extra += ` require-all="false"`
		}
		cons = append(cons, fmt.Sprintf(`      <rsc_order id="ord%d" first=%q then=%q kind=%q%s/>`, c, a, b, kinds[rnd.Intn(len(kinds))], extra))
	}
	cons = append(cons, randomColocations(rnd, top, scores)...)
	return cibXML(nodes, resources, cons, rnd.Intn(2) == 0, states)
}

// TestDifferentialClones compares pcl's transition graph and summary with
// crm_simulate's on generated configurations with clones, as
// TestDifferential does for primitives and groups. A failure is either a
// placement or a transition difference, listed by
// `go test -run TestDifferentialClones -v`.
func TestDifferentialClones(t *testing.T) {
	runDifferential(t, "differential-clones", "clones", genCloneCIB)
}
