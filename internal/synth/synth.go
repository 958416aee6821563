package synth

import (
	"fmt"
	"math/rand/v2"
	"strconv"

	"pcl/ir"
)

// Params sizes a synthetic cluster.
type Params struct {
	Resources int    // primitives in all (group members included)
	Nodes     int    //
	Seed      uint64 // same seed, same cluster

	// Fractions of resources; zero values take the defaults of Defaults.
	GroupFraction      float64 // resources that are members of 3-member groups
	LocationFraction   float64 // resources with a node-score location
	RuleFraction       float64 // resources with an attribute rule location
	ColocationFraction float64 // resources colocated with an earlier one
	OrderFraction      float64 // resources ordered after an earlier one
	RunningFraction    float64 // resources running somewhere already
	FailFraction       float64 // running resources with a fail count

	// CloneFraction is the fraction of top-level resources that are clones.
	// Zero, the default, generates no clone at all, and the cluster is then
	// exactly what it was before clones were added to the generator. The
	// fractions below apply to clones only; zero values take the defaults of
	// Defaults when CloneFraction is set.
	CloneFraction       float64
	UniqueCloneFraction float64 // clones that are globally-unique, with clone-node-max=2
	ClonedGroupFraction float64 // clones whose child is a 2-member group
	InterleaveFraction  float64 // clones with interleave=true
	CloneLinkFraction   float64 // clones colocated with and ordered after an earlier clone

	// RemoteNodes adds that many Pacemaker Remote nodes besides the Nodes
	// cluster nodes (see addRemoteNodes); zero, the default, adds none and
	// leaves the cluster unchanged.
	RemoteNodes int
}

// Defaults fills unset fractions with values that resemble a busy cluster.
func (p Params) Defaults() Params {
	def := func(v *float64, d float64) {
		if *v == 0 {
			*v = d
		}
	}
	def(&p.GroupFraction, 0.3)
	def(&p.LocationFraction, 0.5)
	def(&p.RuleFraction, 0.1)
	def(&p.ColocationFraction, 0.1)
	def(&p.OrderFraction, 0.1)
	def(&p.RunningFraction, 0.5)
	def(&p.FailFraction, 0.05)
	if p.CloneFraction > 0 {
		def(&p.UniqueCloneFraction, 0.25)
		def(&p.ClonedGroupFraction, 0.25)
		def(&p.InterleaveFraction, 0.5)
		def(&p.CloneLinkFraction, 0.3)
	}
	return p
}

// Racks is how many racks nodes are spread over (node attribute "rack").
const Racks = 4

// Generate builds the cluster.
func Generate(p Params) *ir.CIB {
	p = p.Defaults()
	g := &generator{p: p, rnd: rand.New(rand.NewPCG(p.Seed, 0x5eed))}
	cib := g.cib()
	if p.RemoteNodes > 0 {
		g.addRemoteNodes(cib)
	}
	return cib
}

type generator struct {
	p   Params
	rnd *rand.Rand
	cfg *ir.Config

	nodes []string
	prims []string // every primitive id, in document order
	// leaders holds the ids constraints may name: standalone primitives,
	// groups and clones (never group members or clone children), in
	// document order.
	leaders []string
	// clones holds every clone, in document order; cloneAt maps a clone's
	// id to its index there.
	clones  []*clone
	cloneAt map[string]int
}

func (g *generator) chance(f float64) bool { return g.rnd.Float64() < f }

func (g *generator) cib() *ir.CIB {
	g.cfg = &ir.Config{}
	g.properties()
	g.nodeList()
	g.resources()
	g.constraints()
	g.cfg.RscDefaults = []*ir.NVSet{set(ir.MetaAttributes, ir.DefaultsSetID("rsc_defaults", 0),
		"resource-stickiness", "100")}
	g.cfg.Sections = []string{"rsc_defaults"}
	return &ir.CIB{
		Attrs: []ir.Attr{
			{Name: "validate-with", Value: "pacemaker-3.7"},
			{Name: "admin_epoch", Value: "0"},
			{Name: "epoch", Value: "1"},
			{Name: "num_updates", Value: "0"},
			{Name: "have-quorum", Value: "1"},
			{Name: "dc-uuid", Value: "1"},
		},
		Config: g.cfg,
		Status: g.status(),
	}
}

func (g *generator) properties() {
	g.cfg.Properties = []*ir.NVSet{set(ir.ClusterProperties, ir.PropertySetID(0),
		"stonith-enabled", "false",
		"no-quorum-policy", "ignore",
		"symmetric-cluster", "true")}
}

func (g *generator) nodeList() {
	for i := 1; i <= g.p.Nodes; i++ {
		name := fmt.Sprintf("node%d", i)
		g.nodes = append(g.nodes, name)
		g.cfg.Nodes = append(g.cfg.Nodes, &ir.Node{
			ID:    strconv.Itoa(i),
			Uname: name,
			Sets: []*ir.NVSet{set(ir.InstanceAttributes, ir.NodeSetID(name, ir.InstanceAttributes, 0),
				"rack", "r"+strconv.Itoa(i%Racks),
				"cpu_mips", strconv.Itoa(1000+g.rnd.IntN(4000)))},
		})
	}
}

func (g *generator) resources() {
	n := 0
	for n < g.p.Resources {
		// The clone draw comes first and only when clones are asked for, so
		// that without clones the random sequence is what it always was.
		if g.p.CloneFraction > 0 && g.chance(g.p.CloneFraction) {
			n += g.clone(n)
			continue
		}
		if g.p.Resources-n >= 3 && g.chance(g.p.GroupFraction/3) {
			id := fmt.Sprintf("grp%05d", n)
			grp := &ir.Group{ID: id}
			for k := 0; k < 3; k++ {
				grp.Members = append(grp.Members, g.primitive(n))
				n++
			}
			g.cfg.Resources = append(g.cfg.Resources, grp)
			g.leaders = append(g.leaders, id)
			continue
		}
		p := g.primitive(n)
		n++
		g.cfg.Resources = append(g.cfg.Resources, p)
		g.leaders = append(g.leaders, p.ID)
	}
}

// primitive builds the n-th primitive and records it as a resource of its
// own (standalone or a group member) for the status.
func (g *generator) primitive(n int) *ir.Primitive {
	p := g.newPrimitive(n)
	g.prims = append(g.prims, p.ID)
	return p
}

// newPrimitive builds the n-th primitive: a Dummy with a 10 s monitor,
// sometimes with migration-threshold=3.
func (g *generator) newPrimitive(n int) *ir.Primitive {
	id := fmt.Sprintf("rsc%05d", n)
	p := &ir.Primitive{
		ID:    id,
		Agent: ir.Agent{Class: "ocf", Provider: "pacemaker", Type: "Dummy"},
		Operations: &ir.Operations{Ops: []*ir.Op{{
			ID:       ir.OpID(id, "monitor", "10s"),
			Name:     "monitor",
			Interval: ir.Duration{Ms: 10000, Text: "10s"},
			Timeout:  &ir.Duration{Ms: 20000, Text: "20s"},
		}}},
	}
	if g.chance(0.2) {
		p.Sets = append(p.Sets, set(ir.MetaAttributes, ir.SetID(id, ir.MetaAttributes, 0),
			"migration-threshold", "3"))
	}
	p.ChildAt = len(p.Sets)
	return p
}

func (g *generator) constraints() {
	for i, id := range g.leaders {
		if g.chance(g.p.LocationFraction) {
			node := g.nodes[g.rnd.IntN(len(g.nodes))]
			score := ir.Score(50 * (1 + g.rnd.IntN(10)))
			if g.chance(0.05) {
				score = -ir.Infinity
			}
			g.cfg.Constraints = append(g.cfg.Constraints, &ir.Location{
				ID: "loc-" + id + "-" + node, Resource: id, Node: node, Score: ir.NewScore(score),
			})
		}
		if g.chance(g.p.RuleFraction) {
			g.cfg.Constraints = append(g.cfg.Constraints, g.ruleLocation(id))
		}
		if i > 0 && g.chance(g.p.ColocationFraction) {
			with := g.leaders[g.rnd.IntN(i)]
			score := ir.Infinity
			if g.chance(0.5) {
				score = ir.Score(100 * (1 + g.rnd.IntN(5)))
			}
			if g.colocatable(id, with) {
				g.cfg.Constraints = append(g.cfg.Constraints, &ir.Colocation{
					ID: "col-" + id + "-" + with, Dependent: id, Primary: with, Score: ir.NewScore(score),
				})
			}
		}
		if i > 0 && g.chance(g.p.OrderFraction) {
			first := g.leaders[g.rnd.IntN(i)]
			g.cfg.Constraints = append(g.cfg.Constraints, &ir.Order{
				ID: "ord-" + first + "-" + id, First: first, Then: id,
			})
		}
		if ci, ok := g.cloneAt[id]; ok {
			g.cloneLink(ci)
		}
	}
}

// ruleLocation prefers a rack, or takes the score from cpu_mips.
func (g *generator) ruleLocation(rsc string) *ir.Location {
	id := "rule-" + rsc
	ruleID := ir.RuleID(id, 0)
	r := &ir.Rule{ID: ruleID}
	if g.chance(0.5) {
		rack := "r" + strconv.Itoa(g.rnd.IntN(Racks))
		r.Score = ir.NewScore(ir.Score(100 + g.rnd.IntN(400)))
		r.Terms = []ir.RuleTerm{&ir.Expression{
			ID: ir.ExprID(ruleID, 0), Attribute: "rack", Operation: "eq", Value: strp(rack),
		}}
	} else {
		r.ScoreAttribute = "cpu_mips"
		r.Terms = []ir.RuleTerm{&ir.Expression{
			ID: ir.ExprID(ruleID, 0), Attribute: "cpu_mips", Operation: "gt", Value: strp("2000"), Type: "integer",
		}}
	}
	return &ir.Location{ID: id, Resource: rsc, Rules: []*ir.Rule{r}}
}

func set(kind ir.NVSetKind, id string, nameValues ...string) *ir.NVSet {
	s := &ir.NVSet{Kind: kind, ID: id}
	for i := 0; i+1 < len(nameValues); i += 2 {
		s.Pairs = append(s.Pairs, &ir.NVPair{
			ID: ir.PairID(id, nameValues[i]), Name: nameValues[i], Value: strp(nameValues[i+1]),
		})
	}
	return s
}

func strp(s string) *string { return &s }
