package planner

import (
	"fmt"
	"sort"
	"time"

	"github.com/hashicorp/hcl/v2"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
)

// plan is the working state of one scheduling run: the model being built,
// the score lines, and the lookups unpacking and placement need. Schedule
// turns it into a Result; nothing outside the package sees it.
type plan struct {
	CIB *ir.CIB
	Now time.Time

	// Cluster is the working model: options, nodes, resources and
	// constraints, shared with the transition.
	model.Cluster

	// Scores are the allocation score lines in the order crm_simulate
	// prints them; Promotions the promotion score lines.
	Scores     ScoreLines
	Promotions []PromotionLine
	// promotion keeps what explains the promotion scores.
	promotion promotionNotes
	// priorityDelta, while a cloned group instance's colocation is
	// applied since 2.1.8, sums what it changes of its members'
	// promotion priorities (colocateGroupInstance).
	priorityDelta *ir.Score

	shutdownLockLimit int64
	transitionReady   bool
	// statusReleased tells that the plan let go of the CIB's status
	// (releaseStatus): status() then refuses to read it.
	statusReleased bool
	txInput        *model.Cluster // the transition's view of the model
	// renamed lists, in the order they were named, the resources known
	// by each name other than their id (CloneName): lookups by id
	// consider those names too (findRenamed).
	renamed map[string][]*model.Resource
	// bundleOrphans are the history ids that became orphan primitives
	// when a bundle's child was found on a node hosting none of its
	// replicas: later entries with that id belong to the orphan too.
	bundleOrphans map[string]bool
	// numberedFails lists by node index and base name the numbered
	// resource names ("db:1") the node's fail counts are recorded under,
	// in name order (see failIndex).
	numberedFails []map[string][]string
	// topIndex is each top-level resource's index in Top (topPosition).
	topIndex map[*model.Resource]int
	// instanceAttrs holds, by the primitive a clone's instances are made
	// from, the attributes its first instance unpacked.
	instanceAttrs map[*ir.Primitive]unpackedAttrs
	// opDigests holds the digest parameters of each primitive's
	// operations, made once for every instance (see digestsOf).
	opDigests map[opDigestKey]opDigest
	// owners records which resource each history entry the status
	// unpack read belongs to (nil for an orphan).
	owners map[historyKey]*model.Resource
	// remoteHistories are the status's entries of remote connections
	// with operations (remoteAgentHistories), once remoteHistoriesRead.
	remoteHistories     []*ir.ResourceHistory
	remoteHistoriesRead bool

	// merging is the colocation whose dependent's scores
	// addColocatedNodeScores is merging (nil when none, or when a caller
	// that does not say), which add_node_scores_matching_attr reads since
	// 2.1.7 to let an anti-colocated dependent that can run on one node
	// only push its primary away.
	merging *colocation
	// colocTarget is the resource whose table addColocatedNodeScores is
	// building, when its caller says (add_node_scores_matching_attr's
	// target_rsc): since 2.1.7 a bundle's replica nodes in that table
	// read colocation node attributes on their containers' hosts.
	colocTarget *model.Resource
	// constraintPos is the index of the constraint being unpacked,
	// model.Internal outside unpackConstraints (see
	// model.Colocation.Position).
	constraintPos int
	// scoresHere remember colocatedScoreHere for the instances of one
	// sort (see sortInstances), nil outside one.
	scoresHere map[*model.Resource]ir.Score

	// hashOrders are the allowed-node orders allowedHashOrder has worked
	// out, by the set of nodes allowed (one bit per node).
	hashOrders map[string][]int

	opts   Options
	target pcmk.Target
	// utilization follows the nodes' utilization tables for the report
	// (nil unless Options.Utilization).
	utilization *utilizationTables
	// keepRoleOnFail is set while an assignment may be backed out (a
	// clone instance's early assignment since 2.1.7, stop_if_fail
	// false): failing to place a resource then leaves its next role.
	keepRoleOnFail bool
	variants       *variantTable
	eval           RuleEvaluator
	trails         *model.TrailLog // the tables' trails, nil when they are off
	props          map[string]string
	byID           map[string]*model.Resource
	sharedIDs      map[string]bool   // ids more than one resource has
	runOwners      []*model.Resource // the resources of the score lines' runs, when assignTop sifts them
	nodeByID       map[string]int
	nodeByUn       map[string]int
	locations      []*location // in creation order (Pacemaker's list is newest first)
	columns        map[string]*attrColumn
	tags           map[string][]string
	templates      map[string]*ir.Primitive
	rules          map[string]*ir.Rule
	tickets        map[string]*ticket
	rscTickets     map[*model.Resource][]*rscTicket // by the resource a ticket constraint names
	ticketOrder    []*rscTicket                     // in the order unpacked
	diags          hcl.Diagnostics

	// configNodes are the nodes whose history is checked for
	// configuration changes, as they were before assignment (nil: as they
	// are).
	configNodes []bool
	// remoteUpAtUnpack marks the remote and guest nodes online once the
	// status is read, before assignment brings connections up.
	remoteUpAtUnpack []bool
	// orphanConns are the ids of the remote connections only the status
	// knows, whose nodes unpackRemoteNodes made; statusOrphans are the
	// orphans made for them (and their containers) before the status is
	// read, by id.
	orphanConns   []string
	statusNodes   int // len(orphanConns): nodes Pacemaker makes only once the resources are unpacked
	statusOrphans map[string]*model.Resource
	// containerStops are the containers of failed bundle connections, to
	// stop where they run once every history is read (stop_needed).
	containerStops []*model.Resource
	// guestConns are the connections Pacemaker adds to the configuration
	// for guest nodes, unpacked after the configured resources.
	guestConns []*ir.Primitive
	// bundles holds what each bundle's unpacking keeps, by the bundle.
	bundles map[*model.Resource]*bundleData
	// lateBundleNodes are the bundle replicas' nodes the configuration
	// lists (lower-cased names): they become replica nodes only once
	// their bundle is unpacked.
	lateBundleNodes map[string]bool
	// pendingBundleNodes counts the replica nodes whose bundles are not
	// unpacked yet: Pacemaker creates them then, so the resources
	// unpacked before do not count them (a clone's default clone-max).
	pendingBundleNodes int
	// paramChecks are the failures of bundle connections addressed by
	// their container's host ("#uname") whose parameters are compared
	// once the containers are assigned (pe__add_param_check), in the
	// order the status lists them.
	paramChecks []paramCheck
}

// compute unpacks a CIB and assigns its resources as the Pacemaker release
// opts.Target names does.
// Diagnostics are warnings about parts of the input that Pacemaker would
// ignore; the plan is computed regardless.
func compute(cib *ir.CIB, opts Options) (*plan, hcl.Diagnostics) {
	p := &plan{CIB: cib, opts: opts, eval: opts.EvalRule,
		byID: map[string]*model.Resource{}, sharedIDs: map[string]bool{}, nodeByID: map[string]int{}, nodeByUn: map[string]int{},
		columns: map[string]*attrColumn{}, owners: map[historyKey]*model.Resource{}, renamed: map[string][]*model.Resource{}, instanceAttrs: map[*ir.Primitive]unpackedAttrs{}, opDigests: map[opDigestKey]opDigest{}, bundles: map[*model.Resource]*bundleData{}, lateBundleNodes: map[string]bool{}, tags: map[string][]string{}, templates: map[string]*ir.Primitive{},
		constraintPos: model.Internal}
	if p.eval == nil {
		p.eval = p.ruleevalEval
	}
	if !opts.NoTrail {
		p.trails = &model.TrailLog{}
	}
	p.target = opts.Target.OrDefault()
	if opts.Utilization {
		p.utilization = newUtilizationTables(p.target)
	}
	p.variants = variantsFor(p.target)
	p.Cluster.Target = p.target
	if cib == nil || cib.Config == nil {
		return p, nil
	}
	p.Now = p.effectiveTime()
	p.unpackConfig()
	p.unpackNodes()
	p.unpackResources()
	p.unpackStatus()
	if opts.StatusOnly {
		p.Top = append(p.Top, p.orphans(p.orphanedHistories(), nil)...)
		// An active instance of a promotable clone is Unpromoted, not
		// Started, as role assignment would make it; so is one of a
		// promotable bundle's clone (crm_mon displays it so: the top
		// resource its role is read against stops below the bundle).
		for _, r := range p.Top {
			if d := p.bundles[r]; d != nil && d.child != nil {
				r = d.child
			}
			if r.Kind == model.KindClone && r.Promotable {
				for _, inst := range r.Children {
					startedAsUnpromoted(inst)
				}
			}
		}
		return p, p.diags
	}
	p.applyNodeHealth()
	p.unpackConstraints()
	p.applyNodeCriteria()
	p.internalConstraints()
	p.remoteInternalConstraints()
	// Configuration changes are checked on the nodes that can run actions
	// before assignment, which brings remote nodes up or down.
	p.configNodes = make([]bool, len(p.Nodes))
	for i, n := range p.Nodes {
		p.configNodes[i] = n.Maintenance || n.Available()
	}
	p.assignAll()
	return p, p.diags
}

// trailing reports whether the plan records explanation trails.
func (p *plan) trailing() bool { return p.trails != nil }

func (p *plan) effectiveTime() time.Time {
	if !p.opts.Now.IsZero() {
		return p.opts.Now
	}
	for _, a := range p.CIB.Attrs {
		if a.Name == "execution-date" {
			var sec int64
			if _, err := fmt.Sscan(a.Value, &sec); err == nil && sec != 0 {
				return time.Unix(sec, 0).UTC()
			}
		}
	}
	return time.Now().UTC()
}

func (p *plan) cibAttr(name string) string {
	for _, a := range p.CIB.Attrs {
		if a.Name == name {
			return a.Value
		}
	}
	return ""
}

func (p *plan) warn(rng hcl.Range, summary, detail string) {
	p.diags = append(p.diags, &hcl.Diagnostic{Severity: hcl.DiagWarning, Summary: summary, Detail: detail, Subject: rng.Ptr()})
}

// sortTop orders the top-level resources for assignment: by priority,
// highest first, keeping document order among equals.
func (p *plan) sortTop() {
	p.topIndex = nil
	sort.SliceStable(p.Top, func(i, j int) bool { return p.Top[i].Priority > p.Top[j].Priority })
}
