package synth

import (
	"fmt"
	"strconv"

	"pcl/ir"
)

// clone is a generated clone, as the status and the clone links need it.
type clone struct {
	id      string
	members []string // the primitives of one instance: the child, or the cloned group's members
	unique  bool     // globally-unique=true
	max     int      // clone-max (the node count when not written)
	nodeMax int      // clone-node-max (1 when not written)
	// interleave is interleave=true: colocated with another clone, its
	// instances each follow one instance of the other clone, which needs
	// the same clone-node-max on both (Pacemaker rejects the configuration
	// otherwise).
	interleave bool
}

// colocatable reports whether Pacemaker accepts a colocation of dependent
// with primary: not one of an interleaved clone with a clone of another
// clone-node-max.
func (g *generator) colocatable(dependent, primary string) bool {
	di, dok := g.cloneAt[dependent]
	pi, pok := g.cloneAt[primary]
	if !dok || !pok || !g.clones[di].interleave {
		return true
	}
	return g.clones[di].nodeMax == g.clones[pi].nodeMax
}

// clone builds a clone whose child primitives start at number n and returns
// how many primitives it holds. Its id is its child's id with "-clone";
// the child is a primitive, or (ClonedGroupFraction) a 2-member group. A
// globally-unique clone (UniqueCloneFraction) runs 2 to 5 instances, two
// per node at most; an anonymous clone runs one per node, on fewer nodes
// than there are now and then (clone-max). InterleaveFraction of the clones
// are interleaved.
func (g *generator) clone(n int) int {
	c := &clone{nodeMax: 1, max: len(g.nodes)}
	var child ir.Resource
	if g.p.Resources-n >= 2 && g.chance(g.p.ClonedGroupFraction) {
		grp := &ir.Group{ID: fmt.Sprintf("grp%05d", n)}
		for k := 0; k < 2; k++ {
			p := g.newPrimitive(n + k)
			grp.Members = append(grp.Members, p)
			c.members = append(c.members, p.ID)
		}
		child = grp
	} else {
		p := g.newPrimitive(n)
		c.members = []string{p.ID}
		child = p
	}
	c.id = child.ResourceID() + "-clone"

	var meta []string
	switch {
	case g.chance(g.p.UniqueCloneFraction):
		c.unique, c.nodeMax = true, 2
		c.max = min(2+g.rnd.IntN(4), 2*len(g.nodes))
		meta = append(meta, "globally-unique", "true",
			"clone-max", strconv.Itoa(c.max), "clone-node-max", strconv.Itoa(c.nodeMax))
	case len(g.nodes) > 1 && g.chance(0.3):
		c.max = 1 + g.rnd.IntN(len(g.nodes)-1)
		meta = append(meta, "clone-max", strconv.Itoa(c.max))
	}
	if g.chance(g.p.InterleaveFraction) {
		c.interleave = true
		meta = append(meta, "interleave", "true")
	}
	cl := &ir.Clone{ID: c.id, Child: child}
	if len(meta) > 0 {
		cl.Sets = []*ir.NVSet{set(ir.MetaAttributes, ir.SetID(c.id, ir.MetaAttributes, 0), meta...)}
	}
	cl.ChildAt = len(cl.Sets)

	if g.cloneAt == nil {
		g.cloneAt = map[string]int{}
	}
	g.cloneAt[c.id] = len(g.clones)
	g.clones = append(g.clones, c)
	g.cfg.Resources = append(g.cfg.Resources, cl)
	g.leaders = append(g.leaders, c.id)
	return len(c.members)
}

// cloneLink ties the ci-th clone to an earlier clone (CloneLinkFraction):
// colocated with it (mandatory or 100-500) and started after it, the
// clone-with-clone pattern of cluster file systems (dlm, then lvmlockd,
// then the file system). Whether the pair is interleaved is each clone's
// own draw; an interleaved clone is linked only to a clone of its own
// clone-node-max.
func (g *generator) cloneLink(ci int) {
	if ci == 0 || !g.chance(g.p.CloneLinkFraction) {
		return
	}
	id := g.clones[ci].id
	var partners []string
	for _, c := range g.clones[:ci] {
		if g.colocatable(id, c.id) {
			partners = append(partners, c.id)
		}
	}
	if len(partners) == 0 {
		return
	}
	with := partners[g.rnd.IntN(len(partners))]
	score := ir.Infinity
	if g.chance(0.3) {
		score = ir.Score(100 * (1 + g.rnd.IntN(5)))
	}
	g.cfg.Constraints = append(g.cfg.Constraints,
		&ir.Colocation{ID: "ccol-" + id + "-" + with, Dependent: id, Primary: with, Score: ir.NewScore(score)},
		&ir.Order{ID: "cord-" + with + "-" + id, First: with, Then: id})
}
