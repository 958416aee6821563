package planner

import (
	"fmt"
	"strings"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
)

// Explaining promotion scores. The promotion pass (promotable.go) changes
// an instance's priority and its clone's table through the helpers here,
// which keep, when trails are on, what made each number: the instance's
// priority trail, and the clone table's trail (which already records its
// own changes) with each instance priority it sums expanded into that
// priority's trail. None of this changes a number.

// PromotionTerm is one contribution to a promotion score. An instance's
// promotion priority, summed into its clone's score on the node, carries
// its own making in Parts (SumTrail(Parts) is its Value).
type PromotionTerm struct {
	Contribution
	Parts []Contribution `json:"parts,omitempty"`
}

// SumPromotionTrail folds a promotion trail as SumTrail folds a score
// trail.
func SumPromotionTrail(trail []PromotionTerm) ir.Score {
	var s ir.Score
	for _, c := range trail {
		s = c.Apply(s)
	}
	return s
}

// promotionNotes is what the promotion pass records for explanations
// (only when trails are on).
type promotionNotes struct {
	// priorities is each instance's promotion priority (then sort
	// index) in the making.
	priorities map[*model.Resource][]Contribution
	// summed names the instance whose priority a clone-table
	// contribution is.
	summed map[*model.Cause]*model.Resource
	// final is each instance's promotion score, explained.
	final map[*model.Resource][]PromotionTerm
	// cloneScores is each promotable clone's table, by node, before the
	// promotion pass adds to it: its allocation score and that score's
	// trail length.
	cloneScores map[*model.Resource][]PromotionTerm
}

var (
	priorityKeptCause      = &model.Cause{Kind: model.CausePromotion, Text: "its priority so far (its next role is already Promoted)"}
	alreadyPromotedCause   = &model.Cause{Kind: model.CausePromotion, Text: "its next role is already Promoted"}
	unmanagedPromotedCause = &model.Cause{Kind: model.CausePromotion, Text: "unmanaged and Promoted now: it keeps its role"}
	// inactiveCause: since Pacemaker 2.1.8 an instance placed nowhere
	// gets -INFINITY (set_promotion_priority_to_node_score).
	inactiveCause = &model.Cause{Kind: model.CausePromotion, Text: "it is placed nowhere: since Pacemaker 2.1.8 its promotion score is -INFINITY"}
)

// startPriorityTrail forgets what an instance's priority was made of
// before its promotion priority is set.
func (p *plan) startPriorityTrail(r *model.Resource) {
	if p.trailing() {
		delete(p.promotion.priorities, r)
	}
}

// setPriority replaces a promotable instance's promotion priority.
func (p *plan) setPriority(r *model.Resource, v ir.Score, why *model.Cause) {
	r.Priority = v
	p.notePriority(r, Contribution{Why: why, Value: v, Set: true})
}

// addPriority adds to a promotable instance's promotion priority.
func (p *plan) addPriority(r *model.Resource, v ir.Score, why *model.Cause) {
	r.Priority = r.Priority.Add(v)
	p.notePriority(r, Contribution{Why: why, Value: v})
}

// noteSortIndex records that an instance's sort index replaced its
// priority.
func (p *plan) noteSortIndex(r *model.Resource, why *model.Cause) {
	p.notePriority(r, Contribution{Why: why, Value: r.SortIndex, Set: true})
}

func (p *plan) notePriority(r *model.Resource, c Contribution) {
	if !p.trailing() {
		return
	}
	if p.promotion.priorities == nil {
		p.promotion.priorities = map[*model.Resource][]Contribution{}
	}
	p.promotion.priorities[r] = append(p.promotion.priorities[r], c)
}

// promotionScoreCause says where an instance's promotion score on node i
// comes from: the master-<rsc> attribute (which form), or why none
// counts and the default -1 applies.
func (p *plan) promotionScoreCause(r *model.Resource, i int, isDefault bool) *model.Cause {
	if !p.trailing() {
		return nil
	}
	if isDefault {
		return &model.Cause{Kind: model.CauseDefault, Text: p.noPromotionScore(r, i) + " (default)"}
	}
	return &model.Cause{Kind: model.CausePromotion, Text: "promotion score (" + strings.Join(p.promotionSources(r, i), " + ") + ")"}
}

// promotionSources names the attributes that make r's promotion score
// on node i, with their values.
func (p *plan) promotionSources(r *model.Resource, i int) []string {
	if len(r.Children) > 0 {
		var out []string
		for _, m := range r.Children {
			out = append(out, p.promotionSources(m, i)...)
		}
		return out
	}
	if !p.promotionScoreApplies(r, i) {
		return nil
	}
	name, _, ok := promotionAttr(r, p.attrsFor(r, i))
	if !ok {
		return nil
	}
	return []string{name + " node attribute on " + p.Nodes[i].Uname}
}

// noPromotionScore says why r has no promotion score on node i: the
// attribute is not set (named as an admin sets it: master-<primitive>
// for an anonymous clone), or it is set but counts for another instance.
func (p *plan) noPromotionScore(r *model.Resource, i int) string {
	leaf := r
	for len(leaf.Children) > 0 {
		leaf = leaf.Children[0]
	}
	on := " on " + p.Nodes[i].Uname
	if name, _, ok := promotionAttr(leaf, p.attrsFor(leaf, i)); ok {
		return name + on + " counts only for the instance active or probed there"
	}
	name := promotionAttrName(leaf)
	if base := cloneStrip(leaf.ID); !leaf.Unique && base != leaf.ID && leaf.CloneName == "" {
		name = "master-" + base
	}
	return "no " + name + " node attribute" + on
}

// cannotPromoteCause says why an instance whose next role is already
// decided cannot be promoted.
func (p *plan) cannotPromoteCause(r *model.Resource, next pcmk.Role) *model.Cause {
	if !p.trailing() {
		return nil
	}
	kind := model.CausePromotion
	why := "its next role is already " + next.String()
	switch {
	case !r.Managed:
		why += " (it is unmanaged)"
	case next == pcmk.RoleUnpromoted || next == pcmk.RoleStopped:
		kind = model.CauseTargetRole
		why += " (target-role, or a failure or lost quorum keeps it there)"
	}
	return &model.Cause{Kind: kind, Text: why + ": it cannot be promoted"}
}

// promotedLocationCause names a location constraint limited to the
// Promoted role.
func (p *plan) promotedLocationCause(loc *location) *model.Cause {
	if !p.trailing() {
		return nil
	}
	text := loc.cause.Text
	if loc.cause.Kind == model.CauseLocation {
		text = "location " + text
	}
	return &model.Cause{Kind: loc.cause.Kind, Constraint: loc.cause.Constraint, Text: text + " (role Promoted)"}
}

// roleColocationCause names a colocation acting on a promotion priority,
// with the other resource and what it found.
func (p *plan) roleColocationCause(c *colocation, other *model.Resource, found string) *model.Cause {
	if !p.trailing() {
		return nil
	}
	return &model.Cause{Kind: model.CauseColocation, Constraint: c.ID,
		Text: fmt.Sprintf("colocation %s (%s with %s, score %s): %s %s", c.ID, roleOf(c.Dependent.ID, c.DepRole), roleOf(c.Primary.ID, c.PrimRole), c.Score, other.ID, found)}
}

// groupPriorityCause names what a colocation changed of a cloned group
// instance's members' promotion priorities, which since 2.1.8 counts for
// the group instance too (colocate_group_with).
func (p *plan) groupPriorityCause(inst *model.Resource, c *colocation) *model.Cause {
	if !p.trailing() {
		return nil
	}
	return &model.Cause{Kind: model.CauseColocation, Constraint: c.ID,
		Text: fmt.Sprintf("colocation %s (%s with %s, score %s) as applied to %s's members: since Pacemaker 2.1.8 a cloned group instance's priority takes what its members' colocations add", c.ID, roleOf(c.Dependent.ID, c.DepRole), roleOf(c.Primary.ID, c.PrimRole), c.Score, inst.ID)}
}

// roleOf spells a colocation side: the resource and the role it names.
func roleOf(id string, role pcmk.Role) string {
	if role == pcmk.RoleUnknown {
		return id
	}
	return id + " " + role.String()
}

// instancePriorityCause is the contribution of an instance's priority to
// its clone's score on its node.
func (p *plan) instancePriorityCause(inst *model.Resource) *model.Cause {
	if !p.trailing() {
		return nil
	}
	c := &model.Cause{Kind: model.CausePromotion, Text: "promotion priority of " + inst.ID}
	if p.promotion.summed == nil {
		p.promotion.summed = map[*model.Cause]*model.Resource{}
	}
	p.promotion.summed[c] = inst
	return c
}

// explainOwnPromotionScore records the promotion score of an instance
// that keeps its own sort index: set by why, or its priority's trail.
func (p *plan) explainOwnPromotionScore(inst *model.Resource, why *model.Cause) {
	if !p.trailing() {
		return
	}
	var trail []PromotionTerm
	switch {
	case why != nil:
		trail = []PromotionTerm{{Contribution: Contribution{Why: why, Value: inst.SortIndex, Set: true}}}
	case p.instanceNode(inst) < 0:
		notPlaced := &model.Cause{Kind: model.CausePromotion, Text: inst.ID + " is not placed, so it cannot be promoted"}
		trail = []PromotionTerm{{Contribution: Contribution{Why: notPlaced, Value: inst.SortIndex, Set: true}}}
	default:
		for _, c := range p.promotion.priorities[inst] {
			trail = append(trail, PromotionTerm{Contribution: c})
		}
	}
	p.noteFinal(inst, trail)
}

// noteCloneScores records a promotable clone's scores before the
// promotion pass sums its instances' priorities into them.
func (p *plan) noteCloneScores(clone *model.Resource) {
	if !clone.Allowed.Trailed() {
		return
	}
	if p.promotion.cloneScores == nil {
		p.promotion.cloneScores = map[*model.Resource][]PromotionTerm{}
	}
	base := make([]PromotionTerm, len(p.Nodes))
	for i := range base {
		why := &model.Cause{Kind: model.CauseClone, Text: clone.ID + "'s allocation score on " + p.Nodes[i].Uname}
		base[i] = PromotionTerm{Contribution: Contribution{Why: why, Value: clone.Allowed.W[i]}, Parts: clone.Allowed.TrailOf(i)}
	}
	p.promotion.cloneScores[clone] = base
}

// explainClonePromotionScore records the promotion score of an instance
// that takes its clone's score on its node: the clone table's trail
// there, each instance priority in it with its own trail.
func (p *plan) explainClonePromotionScore(clone, inst *model.Resource, node int) {
	if !clone.Allowed.Trailed() {
		return
	}
	base := p.promotion.cloneScores[clone][node]
	trail := []PromotionTerm{base}
	for _, c := range clone.Allowed.TrailOf(node)[len(base.Parts):] {
		term := PromotionTerm{Contribution: c}
		if other, ok := p.promotion.summed[c.Why]; ok {
			term.Parts = p.promotion.priorities[other]
		}
		trail = append(trail, term)
	}
	p.noteFinal(inst, trail)
}

func (p *plan) noteFinal(inst *model.Resource, trail []PromotionTerm) {
	if p.promotion.final == nil {
		p.promotion.final = map[*model.Resource][]PromotionTerm{}
	}
	p.promotion.final[inst] = trail
}

// promotionDecisions tracks, while roles are chosen, which instances were
// promoted, to say why the next is or is not.
type promotionDecisions struct {
	promoted []string // "inst on node"
}

// promote records a promoted instance and says why it was chosen.
func (d *promotionDecisions) promote(clone *model.Resource, l *PromotionLine) string {
	d.promoted = append(d.promoted, l.Resource+" on "+l.Node)
	switch {
	case !clone.Managed:
		return clone.ID + " is unmanaged and " + l.Resource + " is Promoted now"
	case len(d.promoted) == 1:
		return "the highest promotion score"
	}
	return fmt.Sprintf("among the %d highest promotion scores (promoted-max %d)", len(d.promoted), clone.CloneOpts.PromotedMax)
}

// promotedMaxUsed says why no more instance may be promoted.
func (d *promotionDecisions) promotedMaxUsed(max int) string {
	if len(d.promoted) == 0 {
		return fmt.Sprintf("promoted-max is %d", max)
	}
	return fmt.Sprintf("promoted-max %d already used by %s", max, strings.Join(d.promoted, ", "))
}

// noteTies adds to the reason of each promoted instance of one clone that
// another, not promoted, has the same promotion score, and how the tie
// was broken.
func noteTies(lines []PromotionLine) {
	for i := range lines {
		if !lines[i].Promoted {
			continue
		}
		for _, other := range lines[i+1:] {
			if !other.Promoted && other.Node != "none" && other.Score == lines[i].Score {
				lines[i].Why += fmt.Sprintf(", tied with %s on %s and chosen by current role, then Pacemaker's instance order", other.Resource, other.Node)
				break
			}
		}
	}
}
