package planner

import (
	"fmt"
	"strings"
	"time"

	"github.com/hashicorp/hcl/v2"

	"pcl/internal/background"
	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
	"pcl/planner/transition"
)

// Result is what one scheduling run computed, built by Schedule alone and
// read-only afterwards: emitters, cmd/pcl and batch read it and nothing
// else of the planner. It plays the part Terraform's plans.Plan plays: a
// pure output, rendered elsewhere.
type Result struct {
	// Target is the Pacemaker release planned for.
	Target pcmk.Target
	// Now is the time rules and failure expiry were evaluated at.
	Now time.Time
	// Nodes are in Pacemaker's node order; a node's Index is its position.
	Nodes []*Node
	// Resources are every resource in unpack order (members and orphans
	// included); Top the top-level ones in assignment order.
	Resources []*Resource
	Top       []*Resource
	// Scores are the allocation score lines in the order crm_simulate
	// prints them, each with its explanation; Promotions the promotion
	// score lines of promotable clones' instances.
	Scores     ScoreLines
	Promotions []PromotionLine
	// Unknown lists what the planner cannot compute exactly, and why. An
	// output shows every resource named here as unknown, never with a
	// guessed placement or action.
	Unknown []Unknown
	// Tickets are the ticket constraints, one per resource each applies
	// to, with the ticket's state and what it did.
	Tickets []TicketHold
	// Transition is the transition (nil unless Options.Transition).
	Transition *transition.Transition
	// Utilization is the utilization report, what crm_simulate
	// --show-utilization prints (nil unless Options.Utilization).
	Utilization *UtilizationReport

	byID    map[string]*Resource
	unknown map[string]int
	// digests are the parameter digests of the transition's resource
	// actions, computed when the plan is made (see OpDigest).
	digests map[digestKey]string
	// explained names the score lines recorded, when only some were
	// (Explain, Options.ExplainChanges).
	explained lineSet
}

// digestKey names an operation of a resource.
type digestKey struct {
	rsc        string
	task       pcmk.Task
	intervalMs int64
}

// Running is where a resource is active now, as the status shows it.
type Running struct {
	// Where names it as a report shows it: the nodes it is active on, or
	// for a clone how many instances are active where ("2/3 n1 n2
	// (Promoted n1)"); "" when it is not active.
	Where string
	// Instances counts the active instances of a clone (1 for an active
	// primitive or group), Promoted those active in the Promoted role.
	Instances, Promoted int
	// Lost counts the instances (or the primitive) whose history is left
	// only on nodes that are down and clean, which crm_mon does not count
	// active (a guest fenced through its container keeps its history
	// until the cluster cleans it up): they run nowhere. Where names
	// those that failed after the active ones ("FAILED on db-bundle-0,
	// which is down", as crm_mon shows them FAILED); they count in
	// neither number above.
	Lost int
}

// Unknown is one thing the planner does not compute exactly.
type Unknown struct {
	// Resource is the resource whose placement and actions are unknown;
	// "" when the whole plan is affected.
	Resource string `json:"resource,omitempty"`
	// Construct names what the planner does not model ("clone",
	// "bundle", "remote node", ...).
	Construct string `json:"construct"`
	// Detail says, in a sentence, why the resource is affected.
	Detail string `json:"detail"`
}

// Schedule is the planner's one entry point: it unpacks cib, scores and
// places its resources as opts.Target's Pacemaker release does and, when asked, schedules
// the transition. Diagnostics are warnings about parts of the input that
// Pacemaker would ignore and about what the planner cannot compute; a
// result is returned regardless. Schedule keeps no reference to cib's
// status once it has read it: a caller that keeps none either lets the
// collector free it while the transition is made.
func Schedule(cib *ir.CIB, opts Options) (*Result, hcl.Diagnostics) {
	if !opts.ExplainChanges || !opts.NoScores {
		p, diags := compute(cib, opts)
		return p.result(opts, nil), diags
	}
	// Which lines explain a change is known once the resources are
	// placed: every line is recorded with its trail, 20 bytes each, and
	// those of each top-level resource sifted once it is placed
	// (assignTop); keep settles the rest while the transition's input is
	// read, which reads the model and the status, never the score lines
	// or their trails.
	opts.NoScores, opts.NoTrail, opts.changeLinesOnly = false, false, true
	p, diags := compute(cib, opts)
	var explained lineSet
	res := p.result(opts, func(resources []*model.Resource) {
		lines := p.changeLines(resources)
		p.Scores.keep(lines)
		explained = newLineSet(lines)
		// The tables' trails are read no more: an end per node in
		// every table, kept through the transition at the collector's
		// soft limit. (The input's orphans, made beside, are not
		// among resources.)
		for _, r := range resources {
			r.Allowed.DropTrails()
		}
	})
	res.explainedBy(p, explained)
	return res, diags
}

// result builds the Result of p: every view copied out of the working
// model, so the Result keeps none of it alive.
func (p *plan) result(opts Options, alongside func(resources []*model.Resource)) *Result {
	res := &Result{Target: p.target, Now: p.Now, Scores: p.Scores, Promotions: p.Promotions,
		Unknown: p.unknowns(opts.Transition), Tickets: p.ticketHolds(), unknown: map[string]int{}}
	if p.utilization != nil && p.utilization.keys != nil {
		report := p.utilization.report
		res.Utilization = &report
	}
	// Three things run side by side: the transition's input is read
	// while alongside runs, and the transition made while the views are.
	// Neither side writes what the other reads: the transition's input
	// is the model and the status, never the score lines, and the
	// transition changes only its own copy of what it decides.
	var made func() *transition.Transition
	if opts.Transition && p.CIB != nil && p.CIB.Config != nil {
		// The input adds the orphans the status holds to p.Resources:
		// alongside sees the resources as placed.
		placed := p.Resources
		input := background.Start(func() *model.Cluster {
			in := p.forTransition()
			p.releaseStatus()
			return in
		})
		if alongside != nil {
			alongside(placed)
		}
		in := input()
		made = background.Start(func() *transition.Transition { return transition.Compute(in) })
		res.Unknown = append(res.Unknown, memberOrphans(p.target, p.CIB.Config, p.Resources)...)
	} else if alongside != nil {
		alongside(p.Resources)
	}
	for i, u := range res.Unknown {
		if _, ok := res.unknown[u.Resource]; !ok {
			res.unknown[u.Resource] = i
		}
	}
	// A clone or group with an instance or member not computed exactly is
	// not either: how many of it run, where and in which role follows
	// from that one's. Reports of the whole (the matrix's column, the
	// diff's placement) say so through the first such part.
	for i, u := range res.Unknown {
		if r := p.byID[u.Resource]; r != nil {
			for a := r.Parent; a != nil; a = a.Parent {
				if _, ok := res.unknown[a.ID]; !ok {
					res.unknown[a.ID] = i
				}
			}
		}
	}
	res.Nodes = nodeViews(p.Nodes)
	views := newResourceViews(p, len(p.Resources))
	res.Resources = views.all(p.Resources)
	res.Top = views.all(p.Top)
	for _, m := range p.Resources {
		r, k := views.of(m), p.kindOf(m)
		r.where, r.why = k.placement(p, m)
		r.running = k.running(p, m)
	}
	res.byID = make(map[string]*Resource, len(p.byID))
	for id, m := range p.byID {
		res.byID[id] = views.of(m)
	}
	if made != nil {
		res.Transition = made()
		if opts.Digests {
			res.digests = opDigests(p, res.Transition)
		}
	}
	return res
}

// opDigests computes the parameter digest of every resource action of t:
// those a batch records in the status it settles.
func opDigests(p *plan, t *transition.Transition) map[digestKey]string {
	out := map[digestKey]string{}
	for _, a := range t.Actions {
		if a == nil || a.Rsc == nil {
			continue
		}
		k := digestKey{a.Rsc.ID, a.Task, a.IntervalMs}
		if _, ok := out[k]; !ok {
			params, _ := p.digestParams(a.Rsc, a.Task, a.IntervalMs)
			out[k] = digestOf(p.target, params)
		}
	}
	return out
}

// Placement is where rsc is placed as a report shows it, whatever its
// kind (a group goes where its first member goes), "" for nowhere, and
// why it is not placed.
func (r *Result) Placement(rsc *Resource) (node, why string) { return rsc.where, rsc.why }

// Running is where rsc is active now, whatever its kind: the cluster the
// status describes, before the transition.
func (r *Result) Running(rsc *Resource) Running { return rsc.running }

// OpDigest is the parameter digest (op-digest) of an operation of the
// resource with the given id as the configuration defines it: what the
// executor records when it runs the operation, and what the next run
// compares the history with. Only the transition's operations have one
// ("" for any other), and only when Options.Digests asked for them.
func (r *Result) OpDigest(rsc string, task pcmk.Task, intervalMs int64) string {
	if r.digests == nil {
		// A programming error, not an input's: the digest would be wrong.
		panic("planner: OpDigest of a plan made without Options.Digests")
	}
	return r.digests[digestKey{rsc, task, intervalMs}]
}

// Resource returns the resource with the given id, or nil.
func (r *Result) Resource(id string) *Resource { return r.byID[id] }

// AssignedNode returns the uname of the node rsc is assigned to, "" for
// none.
func (r *Result) AssignedNode(rsc *Resource) string {
	if n := rsc.AssignedTo; n >= 0 && n < len(r.Nodes) {
		return r.Nodes[n].Uname
	}
	return ""
}

// assignedUname is the uname of the node in nodes that rsc is assigned to,
// "" for none.
func assignedUname(nodes []*model.Node, rsc *model.Resource) string {
	if n := rsc.AssignedTo; n >= 0 && n < len(nodes) {
		return nodes[n].Uname
	}
	return ""
}

// IsUnknown reports whether the placement and actions of the resource
// with the given id are not computed exactly, and why. Every id is
// unknown when the whole plan is (see PlanUnknown); the empty id asks
// about the whole plan alone.
func (r *Result) IsUnknown(id string) (Unknown, bool) {
	if i, ok := r.unknownIndex(id); ok {
		return r.Unknown[i], true
	}
	return r.PlanUnknown()
}

// PlanUnknown reports whether no placement or action of this run is
// exact (the cluster has guest nodes the planner does not create), and
// why.
func (r *Result) PlanUnknown() (Unknown, bool) {
	if i, ok := r.unknownIndex(""); ok {
		return r.Unknown[i], true
	}
	return Unknown{}, false
}

// unknownIndex finds the first entry of Unknown about id. A Result put
// together by hand (a test's) has no index, and is searched: it must not
// pass for exact because Schedule did not build it.
func (r *Result) unknownIndex(id string) (int, bool) {
	if r.unknown != nil {
		i, ok := r.unknown[id]
		return i, ok
	}
	for i, u := range r.Unknown {
		if u.Resource == id {
			return i, true
		}
	}
	return 0, false
}

// memberOrphans lists the orphans among rscs that are members of bundles
// (or of any kind the transition does not schedule), which the planner
// does not unpack: the status's record of such a member reads as a
// resource removed from the configuration, and the transition stops it.
// Pacemaker does not; what it does is unknown.
func memberOrphans(t pcmk.Target, cfg *ir.Config, rscs []*model.Resource) []Unknown {
	type owner struct {
		id   string
		kind model.Kind
	}
	members := map[string]owner{} // primitive id -> its clone or bundle
	var bundles []owner
	for _, r := range cfg.Resources {
		switch r := r.(type) {
		case *ir.Clone:
			o := owner{r.ID, model.KindClone}
			switch c := r.Child.(type) {
			case *ir.Primitive:
				members[c.ID] = o
			case *ir.Group:
				for _, m := range c.Members {
					members[m.ID] = o
				}
			}
		case *ir.Bundle:
			o := owner{r.ID, model.KindBundle}
			if r.Child != nil {
				members[r.Child.ID] = o
			}
			bundles = append(bundles, o)
		}
	}
	var out []Unknown
	for _, r := range rscs {
		if !r.Orphan {
			continue
		}
		// Instances of anonymous clones are recorded as "ping" or
		// "ping:0"; a bundle's containers, addresses and connections
		// as "BUNDLE-docker-0", "BUNDLE-ip-192.0.2.1", "BUNDLE-0".
		base, _, _ := strings.Cut(r.ID, ":")
		o, ok := members[base]
		for _, b := range bundles {
			if !ok && strings.HasPrefix(r.ID, b.id+"-") {
				o, ok = b, true
			}
		}
		if ok && !transition.Schedules(t, o.kind) {
			out = append(out, Unknown{Resource: r.ID, Construct: o.kind.String(),
				Detail: fmt.Sprintf("%s belongs to %s, a %s the planner does not place yet, so the actions the status asks of it are unknown.", r.ID, o.id, o.kind)})
		}
	}
	return out
}
