package planner

import (
	"pcl/pcmk"
	"pcl/planner/model"
)

// variant is what one kind of resource does in placement: Pacemaker gives
// each variant its own resource_alloc_functions_t, and so does the
// planner. Each kind implements it in a file of its own (primitive.go,
// group.go, clone.go, collective.go); variantsFor builds the table for the
// Pacemaker release a run plans for, and the stages call through it and
// never test a resource's kind.
type variant interface {
	// planned reports whether the planner computes this kind exactly.
	// Resources of a kind it does not are left out of placement, and
	// every output says so.
	planned() bool
	// assign places r, preferring node prefer (-1 for none), and returns
	// the node chosen for it (-1 for none).
	assign(p *plan, r *model.Resource, prefer int) int
	// assignFunc names the function crm_simulate's allocation score
	// lines of this kind carry (pcmk__primitive_assign).
	assignFunc() string
	// colocateAsDependent applies colocation c, whose dependent is r, with
	// prim as the primary (apply_coloc_score for the dependent).
	colocateAsDependent(p *plan, r, prim *model.Resource, c *colocation)
	// colocateAsPrimary applies colocation c to the primitive dep on
	// behalf of r, the primary (apply_coloc_score for the primary).
	colocateAsPrimary(p *plan, dep, r *model.Resource, c *colocation)
	// colocatedScores is the starting table and the member whose
	// colocations continue the walk when r's scores are merged into
	// another resource's (pcmk__add_colocated_node_scores): into nodes,
	// or r's own table when nodes is empty. done is set when the kind
	// made the table itself.
	colocatedScores(p *plan, r *model.Resource, nodes *table, attr string, factor float32, flags int, cause string) (work table, withThis []*colocation, done bool)
	// colocatedResources lists r and every resource tied to it by
	// colocations of score INFINITY (colocated_resources).
	colocatedResources(p *plan, r, orig *model.Resource, list []*model.Resource) []*model.Resource
	// addUtilization adds what r needs to need, leaving out resources in
	// all (add_utilization).
	addUtilization(p *plan, r *model.Resource, all []*model.Resource, need map[string]int)
	// applyLocation applies a location constraint's node scores to r.
	applyLocation(p *plan, r *model.Resource, loc *location, nodes []locNode)
	// internalConstraints adds the constraints the kind implies among
	// its own parts (a group's members colocated one with the other).
	internalConstraints(p *plan, r *model.Resource)
	// placement is where r is placed as a report shows it: a node's
	// name, "" for none, or for a clone how many instances run where
	// ("2/3 n1 n2"); and why it is not placed when it is not.
	placement(p *plan, r *model.Resource) (where, why string)
	// running is where r is active now, as the status shows it.
	running(p *plan, r *model.Resource) Running
}

// variantTable holds each kind's placement behaviour for one release.
type variantTable [model.NumKinds]variant

// variantsFor builds the table for the release t plans for. Where
// Pacemaker rewrote a kind's algorithm, the release chooses the kind's
// implementation here, and nowhere else.
func variantsFor(t pcmk.Target) *variantTable {
	cloneFunc, bundleFunc := "pcmk__clone_allocate", "pcmk__bundle_allocate"
	instances := (*plan).distributeInstances
	if t.Since(pcmk.V2_1_6) {
		cloneFunc = "pcmk__clone_assign"
	}
	if t.Since(pcmk.V2_1_7) {
		bundleFunc = "pcmk__bundle_assign"
		instances = (*plan).assignInstances
	}
	return &variantTable{
		model.KindPrimitive: primitive{},
		model.KindGroup:     group{},
		model.KindClone:     clone{scoreFunc: cloneFunc, assignInstances: instances},
		model.KindBundle:    bundle{scoreFunc: bundleFunc, assignReplicas: instances},
	}
}

func (p *plan) kindOf(r *model.Resource) variant { return p.variants[r.Kind] }

func (p *plan) assign(r *model.Resource, prefer int) int {
	return p.kindOf(r).assign(p, r, prefer)
}

// applyColocScore applies a colocation on behalf of its dependent.
func (p *plan) applyColocScore(dep, prim *model.Resource, c *colocation) {
	p.kindOf(dep).colocateAsDependent(p, dep, prim, c)
}

func (p *plan) colocatedResources(r, orig *model.Resource, list []*model.Resource) []*model.Resource {
	return p.kindOf(r).colocatedResources(p, r, orig, list)
}

func (p *plan) addUtilization(r *model.Resource, all []*model.Resource, need map[string]int) {
	p.kindOf(r).addUtilization(p, r, all, need)
}

func (p *plan) applyLocation(r *model.Resource, loc *location, nodes []locNode) {
	p.kindOf(r).applyLocation(p, r, loc, nodes)
}

// internalConstraints adds the constraints each kind implies.
func (p *plan) internalConstraints() {
	for _, r := range p.Top {
		p.kindOf(r).internalConstraints(p, r)
	}
}

// notPlanned reports a resource of a kind this planner does not place yet.
func (p *plan) notPlanned(r *model.Resource) bool { return !p.kindOf(r).planned() }
