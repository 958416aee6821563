package synth

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// PromotableGroupCIB returns a random CIB, as XML with a status section,
// of promotable clones of groups whose instances run and must move, for
// the differential tests against crm_simulate. It is PromotableCIB's
// cluster (and draws) on 3 to 6 nodes with these differences:
//   - every promotable clone is a clone of a group of two or three
//     Stateful members;
//   - every instance the history records is active on its node
//     (Unpromoted, demoted, Promoted, found Promoted by its probe, or
//     failed in either role), a group's members in the same state but
//     now and then a later member only started or stopped;
//   - each promotable clone is banned now and then from a node where it
//     runs, and drawn now and then to a node where it does not run (a
//     score of 100, 1000 or INFINITY), and one node in five is in
//     standby: instances move, stop, are promoted where they run and
//     stop with a reason.
//
// It is deterministic for a seed, and crm_verify accepts it.
func PromotableGroupCIB(seed uint64) string {
	g := &promGroupCIB{promotableCIB: promotableCIB{
		cloneCIB: cloneCIB{rnd: rand.New(rand.NewPCG(seed, 0x6e0bc10e))},
		groups:   true,
		dense:    true,
	}}
	return g.build()
}

// promGroupCIB is the state of one PromotableGroupCIB run.
type promGroupCIB struct {
	promotableCIB
}

func (g *promGroupCIB) build() string {
	g.prom = map[*cibTop]*promotableTop{}
	g.makeNodes(3 + g.intn(4))
	var b strings.Builder
	writeCIBOpening(&b)
	for i, n := range g.nodes {
		writeRackNode(&b, i, n, g.intn(2))
	}
	b.WriteString("    </nodes>\n    <resources>\n")
	g.resources(&b)
	b.WriteString("    </resources>\n")
	if g.one(2) {
		writeStickinessDefault(&b, g.pick("0", "1", "5", "100"))
	}
	g.history()
	b.WriteString("    <constraints>\n")
	g.movers(&b)
	g.locations(&b)
	g.colocations(&b)
	g.orders(&b)
	b.WriteString("    </constraints>\n  </configuration>\n  <status>\n")
	for i, n := range g.nodes {
		if g.one(5) {
			g.attrs[i] = append(g.attrs[i], fmt.Sprintf(`<nvpair id="st-%s-standby" name="standby" value="on"/>`, n))
		}
		g.nodeState(&b, i, true)
	}
	b.WriteString("  </status>\n</cib>\n")
	return b.String()
}

// movers writes, for each promotable clone, now and then a ban from a node
// where one of its instances runs and a preference for a node where none
// does.
func (g *promGroupCIB) movers(b *strings.Builder) {
	for i, t := range g.promotables() {
		var on, off []string
		for ni, active := range t.active {
			if active {
				on = append(on, g.nodes[ni])
			} else {
				off = append(off, g.nodes[ni])
			}
		}
		if len(on) > 0 && g.one(2) {
			fmt.Fprintf(b, `      <rsc_location id="ban%d" rsc="%s" node="%s" score="-INFINITY"/>`+"\n", i, t.id, on[g.intn(len(on))])
		}
		if len(off) > 0 && g.one(2) {
			fmt.Fprintf(b, `      <rsc_location id="pref%d" rsc="%s" node="%s" score="%s"/>`+"\n", i, t.id, off[g.intn(len(off))], g.pick("100", "1000", "INFINITY"))
		}
	}
}
