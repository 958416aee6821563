package planner

import (
	"fmt"
	"slices"
	"strings"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
)

// bundle is the placement of bundles (pcmk__bundle_allocate): the
// replicas' containers are spread over the bundle's nodes as a clone's
// instances are; each replica's address, connection and child instance
// follow its container; then the child clone is placed on the replicas'
// guest nodes.
type bundle struct {
	scoreFunc string // pcmk__bundle_allocate, pcmk__bundle_assign since 2.1.7
	// assignReplicas spreads the containers: the clone variant's
	// assignInstances for the release.
	assignReplicas func(p *plan, r *model.Resource, insts []*model.Resource)
}

func (b bundle) assignFunc() string { return b.scoreFunc }

func (bundle) planned() bool { return true }

// assign places the bundle. As in Pacemaker 2.1.5, it is not guarded by
// the bundle's provisional flag: every resource colocated with the bundle
// that asks for its placement prints its score lines again, while what it
// placed stays placed.
func (b bundle) assign(p *plan, r *model.Resource, prefer int) int {
	d := p.bundles[r]
	if d == nil {
		r.Provisional = false
		return -1
	}
	r.Allocating = true
	p.show(b.scoreFunc, r)
	containers := make([]*model.Resource, 0, len(d.replicas))
	for _, rep := range d.replicas {
		containers = append(containers, rep.container)
	}
	p.sortInstances(containers, p.cmpInstance)
	r.CloneOpts.Counts = make([]int, len(p.Nodes))
	b.assignReplicas(p, r, containers)
	for _, rep := range d.replicas {
		if rep.ip != nil {
			p.assign(rep.ip, prefer)
		}
		if host := p.Cluster.Node(rep.container.AssignedTo); rep.remote != nil && host != nil && host.Remote() && host.Conn != nil {
			// pacemaker-remoted takes one connection: a replica's
			// connection goes where its host's connection is.
			p.newColocation("child-remote-with-docker-remote", "", ir.Infinity, rep.remote, host.Conn, "", "", true)
		}
		if rep.remote != nil {
			p.assign(rep.remote, prefer)
		}
		if rep.inst != nil && rep.node >= 0 {
			t := &rep.inst.Allowed
			for i, in := range t.In {
				switch {
				case !in:
				case i != rep.node:
					t.Set(i, -ir.Infinity, &bundleReplicaNode)
				case !p.thresholdReached(rep.inst, i):
					t.Set(i, ir.Infinity, &bundleInstanceHere)
				}
			}
			d.child.Allocating = true
			p.assign(rep.inst, rep.node)
			d.child.Allocating = false
		}
	}
	if d.child != nil {
		t := &d.child.Allowed
		for i, in := range t.In {
			if !in {
				continue
			}
			if d.isReplicaNode(i) {
				t.Set(i, 0, &bundleChildOnReplica)
			} else {
				t.Set(i, -ir.Infinity, &bundleChildOffHost)
			}
		}
		p.assign(d.child, prefer)
	}
	r.Allocating = false
	r.Provisional = false
	return -1
}

var (
	bundleInstanceHere   = model.Cause{Kind: model.CauseRemote, Text: "the bundle places the replica's instance on its replica's guest node (its container is placed and its migration-threshold not reached)"}
	bundleChildOnReplica = model.Cause{Kind: model.CauseRemote, Text: "a bundle's child clone runs on the bundle's replica nodes"}
	bundleChildOffHost   = model.Cause{Kind: model.CauseRemote, Text: "a bundle's child clone runs on the bundle's replica nodes only, never on their hosts"}
)

// isReplicaNode reports whether node i is one of the bundle's replicas.
func (d *bundleData) isReplicaNode(i int) bool {
	for _, rep := range d.replicas {
		if rep.node == i {
			return true
		}
	}
	return false
}

// roleResource is the resource whose role a colocation compares for r
// (get_resource_for_role, since 2.1.7): a bundle's container answers
// with its replica's instance; anything else with itself.
func (p *plan) roleResource(r *model.Resource) *model.Resource {
	if b := r.Parent; b != nil && b.Kind == model.KindBundle && p.target.Since(pcmk.V2_1_7) {
		if d := p.bundles[b]; d != nil {
			for _, rep := range d.replicas {
				if rep.container == r && rep.inst != nil {
					return rep.inst
				}
			}
		}
	}
	return r
}

// withBundleColocations is list, a promotable clone's own colocations
// (this with others when thisWith, else others with this), and, since
// 2.1.7 for a bundle's child clone, its bundle's as well: once roles are
// chosen, the bundle's colocations bear on its instances' roles
// (pcmk__bundle_with_colocations, pcmk__with_bundle_colocations).
func (p *plan) withBundleColocations(clone *model.Resource, list []*colocation, thisWith bool) []*colocation {
	b := clone.Parent
	if b == nil || b.Kind != model.KindBundle || !p.target.Since(pcmk.V2_1_7) {
		return list
	}
	extra := b.WithThis
	cmp := cmpDependentPriority
	if thisWith {
		extra, cmp = b.ThisWith, cmpPrimaryPriority
	}
	out := slices.Clone(list)
	for _, c := range extra {
		if !slices.Contains(out, c) {
			out = insertSorted(out, c, cmp)
		}
	}
	return out
}

// colocAttrNode is the node whose attributes a colocation reads for r
// placed on node i (pcmk__colocation_node_attr): on a bundle's replica
// node, for the bundle's own primitive, or for a resource whose
// container-attribute-target is "host", the node its container is
// assigned to; node i otherwise.
func (p *plan) colocAttrNode(r *model.Resource, i int) int {
	if i < 0 {
		return i
	}
	n := p.Nodes[i]
	if !n.Guest() || n.Conn == nil || n.Conn.Container == nil {
		return i
	}
	bundled := false
	if up := r.UberParent(); up.Parent != nil && up.Parent.Kind == model.KindBundle && up.IsClone() {
		bundled = n.DiscoverNever
	}
	if !bundled && !strings.EqualFold(r.Meta["container-attribute-target"], "host") {
		return i
	}
	if host := n.Conn.Container.AssignedTo; host >= 0 {
		return host
	}
	return i
}

// bundleReplicaInstance is the child instance of b's replica whose guest
// node is node i, nil for none (pe__find_bundle_replica).
func (p *plan) bundleReplicaInstance(b *model.Resource, i int) *model.Resource {
	if d := p.bundles[b]; d != nil {
		for _, rep := range d.replicas {
			if rep.node == i {
				return rep.inst
			}
		}
	}
	return nil
}

// attrsFor are the node attributes r reads on node i
// (pe_node_attribute_calculated): a guest node's own, unless r's
// container-attribute-target is "host", when they are those of the node
// hosting the guest's container (none without one). Which host: before
// 2.1.7 the node the container runs on now; since, once r is assigned,
// the node the container is assigned to (so a replica about to start
// reads its new host's attributes, and one about to stop reads none).
func (p *plan) attrsFor(r *model.Resource, i int) map[string]string {
	n := p.Nodes[i]
	if !strings.EqualFold(r.Meta["container-attribute-target"], "host") || n.Conn == nil || n.Conn.Container == nil {
		return n.Attrs
	}
	ctr := n.Conn.Container
	if p.target.Since(pcmk.V2_1_7) && !r.Provisional {
		if ctr.Provisional || ctr.AssignedTo == model.NoNode {
			return nil
		}
		return p.Nodes[ctr.AssignedTo].Attrs
	}
	if on := ctr.RunningOn; len(on) > 0 {
		return p.Nodes[on[0]].Attrs
	}
	return nil
}

// thresholdReached is pcmk__threshold_reached: r's failures on node i
// reached its migration-threshold.
func (p *plan) thresholdReached(r *model.Resource, i int) bool {
	if r.MigrationThreshold == 0 || r.FailureIgnored {
		return false
	}
	fc, _ := p.failcount(p.Nodes[i], r, true, nil)
	return fc > 0 && int(r.MigrationThreshold)-fc <= 0
}

// colocateAsDependent does nothing: a bundle's colocations as dependent
// are applied to its replicas.
func (bundle) colocateAsDependent(*plan, *model.Resource, *model.Resource, *colocation) {}

// colocateAsPrimary applies colocation c, whose primary is bundle r, to
// dep (pcmk__bundle_apply_coloc_score): a clone or bundle dependent is
// paired with the replica whose container is on its node; a primitive or
// group follows each container for a finite score, and for a mandatory
// one may run only where some container (of a promoted replica, for a
// Promoted role) is placed.
func (bundle) colocateAsPrimary(p *plan, dep, r *model.Resource, c *colocation) {
	d := p.bundles[r]
	if r.Provisional || d == nil {
		return
	}
	if c.Dependent.Kind == model.KindClone || c.Dependent.Kind == model.KindBundle {
		if ctr := p.compatibleContainer(dep, d); ctr != nil {
			p.kindOf(dep).colocateAsDependent(p, dep, ctr, c)
		} else if c.Score >= ir.Infinity {
			p.assignLeaves(dep, -1)
		}
		return
	}
	hosts := make([]bool, len(p.Nodes))
	for _, rep := range d.replicas {
		if c.Score < ir.Infinity {
			p.kindOf(rep.container).colocateAsPrimary(p, dep, rep.container, c)
			continue
		}
		n := rep.container.AssignedTo
		if n < 0 || blocked(rep.container) {
			continue
		}
		if c.PrimRole >= pcmk.RolePromoted && (rep.inst == nil || rep.inst.NextRole < pcmk.RolePromoted) {
			continue
		}
		hosts[n] = true
	}
	if c.Score < ir.Infinity {
		return
	}
	cause := &model.Cause{Kind: model.CauseColocation, Constraint: c.ID, Text: "colocation " + c.ID + " with " + r.ID + " (no replica of " + r.ID + " here)"}
	p.intersectHostNodes(dep, hosts, cause)
}

// compatibleContainer is the container of d's replicas placed where dep
// is, or else on the first of dep's nodes, best first, that has one
// (compatible_replica); nil for none.
func (p *plan) compatibleContainer(dep *model.Resource, d *bundleData) *model.Resource {
	on := func(n int) *model.Resource {
		for _, rep := range d.replicas {
			if rep.container.AssignedTo == n {
				return rep.container
			}
		}
		return nil
	}
	// Since 2.1.7 a dependent on a replica node is looked for on the
	// node hosting that replica (get_bundle_node_host).
	host := func(n int) int {
		if p.target.Since(pcmk.V2_1_7) && n >= 0 && p.Nodes[n].DiscoverNever && p.Nodes[n].Conn != nil && p.Nodes[n].Conn.Container != nil {
			return p.Nodes[n].Conn.Container.AssignedTo
		}
		return n
	}
	if n := p.instanceNode(dep); n >= 0 {
		if n = host(n); n < 0 {
			return nil
		}
		return on(n)
	}
	for _, n := range p.sortedNodes(dep) {
		if n = host(n); n < 0 {
			continue
		}
		if ctr := on(n); ctr != nil {
			return ctr
		}
	}
	return nil
}

func (bundle) colocatedScores(p *plan, r *model.Resource, nodes *table, attr string, factor float32, flags int, cause string) (table, []*colocation, bool) {
	return primitive{}.colocatedScores(p, r, nodes, attr, factor, flags, cause)
}

func (bundle) colocatedResources(p *plan, r, orig *model.Resource, list []*model.Resource) []*model.Resource {
	return p.colocatedChain(r, orig, list)
}

// addUtilization adds the first replica's container's needs: the
// replicas are alike, and only containers have utilization.
func (bundle) addUtilization(p *plan, r *model.Resource, all []*model.Resource, need map[string]int) {
	d := p.bundles[r]
	if !r.Provisional || d == nil || len(d.replicas) == 0 {
		return
	}
	p.addUtilization(d.replicas[0].container, all, need)
}

// applyLocation applies a location to the bundle, its containers and
// addresses, and, for a role-specific one, its child clone
// (pcmk__bundle_rsc_location).
func (bundle) applyLocation(p *plan, r *model.Resource, loc *location, nodes []locNode) {
	p.applyLocationTo(r, loc, nodes)
	d := p.bundles[r]
	if d == nil {
		return
	}
	for _, rep := range d.replicas {
		p.applyLocation(rep.container, loc, nodes)
		if rep.ip != nil {
			p.applyLocation(rep.ip, loc, nodes)
		}
	}
	if d.child != nil && (loc.roleFilter == pcmk.RoleUnpromoted || loc.roleFilter == pcmk.RolePromoted) {
		p.applyLocation(d.child, loc, nodes)
	}
}

// internalConstraints colocates each replica's address with its container
// ("ip-with-docker") and adds the child clone's own.
func (bundle) internalConstraints(p *plan, r *model.Resource) {
	d := p.bundles[r]
	if d == nil {
		return
	}
	for _, rep := range d.replicas {
		if rep.ip != nil {
			p.newColocation("ip-with-docker", "", ir.Infinity, rep.ip, rep.container, "", "", true)
		}
	}
	if d.child != nil {
		p.kindOf(d.child).internalConstraints(p, d.child)
	}
}

// placement is how many replicas run where.
func (bundle) placement(p *plan, r *model.Resource) (string, string) {
	d := p.bundles[r]
	if d == nil {
		return "", "the bundle has no container runtime"
	}
	on := make([]bool, len(p.Nodes))
	placed := 0
	for _, rep := range d.replicas {
		if n := rep.container.AssignedTo; n >= 0 {
			placed++
			on[n] = true
		}
	}
	where := fmt.Sprintf("%d/%d", placed, len(d.replicas))
	if placed == 0 {
		return "", "no replica's container can run anywhere"
	}
	return where + " " + p.nodeList(on), ""
}

// running is where the bundle's containers run now.
func (bundle) running(p *plan, r *model.Resource) Running {
	d := p.bundles[r]
	if d == nil {
		return Running{}
	}
	on := make([]bool, len(p.Nodes))
	var run Running
	for _, rep := range d.replicas {
		if len(rep.container.RunningOn) == 0 {
			continue
		}
		run.Instances++
		on[rep.container.RunningOn[0]] = true
	}
	if run.Instances > 0 {
		run.Where = p.nodeList(on)
	}
	return run
}
