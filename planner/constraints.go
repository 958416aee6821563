package planner

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
)

// location is Pacemaker's pe__location_t.
type location struct {
	id         string
	cause      model.Cause // how explanations name it
	rsc        *model.Resource
	nodes      []locNode
	roleFilter pcmk.Role
	discover   pcmk.Discovery
	// skipped are the nodes a rule passed on but the location leaves out
	// (since 3.0.0, an unset or invalid score-attribute), with why: the
	// explanation of those nodes' scores says so, at no score.
	skipped []locSkip
}

type locSkip struct {
	node  int
	cause model.Cause
}

type locNode struct {
	node  int
	score ir.Score
}

type colocation = model.Colocation

func (p *plan) unpackConstraints() {
	defer func() { p.constraintPos = model.Internal }()
	for i, c := range p.CIB.Config.Constraints {
		p.constraintPos = i
		switch c := c.(type) {
		case *ir.Location:
			p.unpackLocation(c)
		case *ir.Colocation:
			p.unpackColocation(c)
		case *ir.Ticket:
			p.unpackTicket(c)
		}
	}
}

// tagRefs returns the resources a template or tag stands for.
func (p *plan) tagRefs(id string) ([]string, bool) {
	if _, ok := p.templates[id]; ok {
		var out []string
		for _, r := range p.Resources {
			if r.Prim != nil && r.Prim.Template == id {
				out = append(out, r.ID)
			}
		}
		return out, true
	}
	refs, ok := p.tags[id]
	return refs, ok
}

// resolve finds a resource (or the members of a tag or template) for a
// constraint.
func (p *plan) resolve(id string) ([]*model.Resource, bool) {
	if r := p.constraintResource(id); r != nil {
		if p.notPlanned(r) {
			return nil, false
		}
		return []*model.Resource{r}, false
	}
	if refs, ok := p.tagRefs(id); ok {
		var out []*model.Resource
		for _, ref := range refs {
			if r, ok := p.byID[ref]; ok && !p.notPlanned(r) {
				out = append(out, r)
			}
		}
		return out, true
	}
	// An id the status knows a clone instance by (an anonymous clone's
	// primitive, recorded under its bare name) stands for the whole clone
	// (pcmk__find_constraint_resource finds the instance by its renamed
	// id and takes its top-level resource).
	for _, r := range p.Resources {
		if r.CloneName == id && !r.Orphan {
			if top := r.Top(); !p.notPlanned(top) {
				return []*model.Resource{top}, false
			}
		}
	}
	return nil, false
}

// constraintResource is the resource a constraint names by id
// (pcmk__find_constraint_resource): the resource with that id, else the
// clone holding an instance the status knows by that name (an anonymous
// clone's primitive named without its instance number, once its history
// gave an instance that name), nil for none.
func (p *plan) constraintResource(id string) *model.Resource {
	if r, ok := p.byID[id]; ok {
		return r
	}
	r := p.findRenamed(id)
	if r == nil || strings.EqualFold(r.ID, id) {
		return r
	}
	return r.Top()
}

// expandSets replaces tag and template references in resource sets by the
// resources they stand for (pcmk__expand_tags_in_sets).
func (p *plan) expandSets(sets []*ir.ResourceSet) []*ir.ResourceSet {
	out := make([]*ir.ResourceSet, len(sets))
	for i, s := range sets {
		c := *s
		c.Resources = nil
		for _, id := range s.Resources {
			if _, ok := p.byID[id]; ok {
				c.Resources = append(c.Resources, id)
			} else if refs, ok := p.tagRefs(id); ok {
				c.Resources = append(c.Resources, refs...)
			} else {
				c.Resources = append(c.Resources, id)
			}
		}
		out[i] = &c
	}
	return out
}

func (p *plan) unpackLocation(c *ir.Location) {
	if len(c.Sets) > 0 {
		for _, s := range p.expandSets(c.Sets) {
			var score string
			if s.Score != nil {
				score = s.Score.Text
			}
			for _, id := range s.Resources {
				rs, _ := p.resolve(id)
				if len(rs) == 0 {
					return
				}
				for _, r := range rs {
					p.unpackRscLocation(c, r, string(s.Role), score, nil)
				}
			}
		}
		return
	}
	if c.Resource != "" {
		rs, isTag := p.resolve(c.Resource)
		if isTag {
			for _, r := range rs {
				p.unpackRscLocation(c, r, string(c.Role), "", nil)
			}
		} else if len(rs) == 1 {
			p.unpackRscLocation(c, rs[0], "", "", nil)
		}
	}
	if c.Pattern != "" {
		pat := c.Pattern
		invert := false
		if strings.HasPrefix(pat, "!") {
			pat, invert = pat[1:], true
		}
		re, err := regexp.CompilePOSIX(pat)
		if err != nil {
			p.warn(c.DeclRange, "Invalid rsc-pattern", "The rsc-pattern of location constraint "+c.ID+" is not a valid regular expression, so Pacemaker ignores the constraint.")
			return
		}
		for _, r := range p.Top {
			m := re.FindStringSubmatch(r.ID)
			if !invert && m != nil {
				p.unpackRscLocation(c, r, "", "", m)
			} else if invert && m == nil {
				p.unpackRscLocation(c, r, "", "", nil)
			}
		}
	}
}

func (p *plan) unpackRscLocation(c *ir.Location, r *model.Resource, role, score string, matches []string) {
	if score == "" && c.Score != nil {
		score = c.Score.Text
	}
	if c.Node != "" && score != "" {
		i := p.findNode(c.Node)
		if i < 0 {
			return
		}
		loc := p.newLocation(c.ID, r, c.Discovery)
		loc.nodes = []locNode{{i, pcmk.ScoreOf(score)}}
		if role == "" {
			role = string(c.Role)
		}
		if role != "" {
			switch rr := pcmk.ParseRole(role); rr {
			case pcmk.RoleUnknown:
				// invalid roles drop the constraint's role only in logs
			case pcmk.RoleStarted, pcmk.RoleUnpromoted:
			default:
				loc.roleFilter = rr
			}
		}
		return
	}
	for _, rule := range c.Rules {
		p.locationRule(c.ID, r, rule, c.Discovery, matches)
	}
}

func (p *plan) newLocation(id string, r *model.Resource, discovery string) *location {
	loc := &location{id: id, cause: model.Cause{Kind: model.CauseLocation, Constraint: id, Text: id}, rsc: r}
	loc.discover = pcmk.ParseDiscovery(discovery)
	if loc.discover == pcmk.DiscoverExclusive {
		r.ExclusiveDiscovery = true
	}
	p.locations = append(p.locations, loc)
	return loc
}

// expandMatches replaces %0..%9 with rsc-pattern submatches.
func expandMatches(s string, m []string) string {
	if len(m) == 0 || !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+1 < len(s) && isDigit(s[i+1]) {
			k := int(s[i+1] - '0')
			if k < len(m) {
				b.WriteString(m[k])
			}
			i++
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// locationRule is generate_location_rule.
func (p *plan) locationRule(constraintID string, r *model.Resource, rule *ir.Rule, discovery string, matches []string) {
	if rule.Role != "" && pcmk.ParseRole(string(rule.Role)) == pcmk.RoleUnknown {
		return
	}
	raw := true
	var score string
	if rule.Score != nil {
		score = rule.Score.Text
	} else if rule.ScoreAttribute != "" {
		score = rule.ScoreAttribute
		raw = false
	}
	doAnd := !strings.EqualFold(rule.BooleanOp, "or")
	id := rule.ID
	loc := p.newLocation(id, r, discovery)
	loc.cause = model.Cause{Kind: model.CauseRule, Constraint: constraintID, Text: "rule " + id + " of " + constraintID}
	if !raw && len(matches) > 0 {
		score = expandMatches(score, matches)
	}
	if rule.Role != "" {
		loc.roleFilter = pcmk.ParseRole(string(rule.Role))
		if loc.roleFilter == pcmk.RoleUnpromoted {
			loc.roleFilter = pcmk.RoleUnknown
		}
	}
	nodeScore := func(n *model.Node) ir.Score {
		if score == "" {
			return 0
		}
		if raw {
			return pcmk.ScoreOf(score)
		}
		v, ok := n.Attrs[score]
		if !ok {
			return -ir.Infinity
		}
		return pcmk.ScoreOf(v)
	}
	if p.target.Since(pcmk.V2_1_8) {
		loc.nodes, loc.skipped = p.locationRuleNodes(loc, rule, r, matches, raw, score, nodeScore)
		return
	}
	var list []locNode
	present := make([]int, len(p.Nodes)) // position+1 in list
	if doAnd {
		for i, n := range p.Nodes {
			list = append(list, locNode{i, nodeScore(n)})
			present[i] = len(list)
		}
	}
	for i, n := range p.Nodes {
		env := &RuleEnv{Node: n.Attrs, Now: p.Now, Params: p.paramsOn(r, i), Meta: r.Meta, Matches: matches, Agent: &r.Agent}
		accept := p.eval(rule, env)
		sf := nodeScore(n)
		if accept {
			if present[i] == 0 && doAnd {
				continue
			} else if present[i] == 0 {
				list = append(list, locNode{i, n.Weight})
				present[i] = len(list)
			}
			if !doAnd {
				list[present[i]-1].score = list[present[i]-1].score.Add(sf)
			}
		} else if doAnd && present[i] != 0 {
			k := present[i] - 1
			list = append(list[:k], list[k+1:]...)
			present[i] = 0
			for j := k; j < len(list); j++ {
				present[list[j].node] = j + 1
			}
		}
	}
	loc.nodes = list
}

// locationRuleNodes is generate_location_rule since 2.1.8: every node the
// rule passes on, with the rule's score (the boolean-op is the rule's own
// business). Since 3.0.0 a node whose score attribute is unset, or not a
// valid score, is left out instead of getting -INFINITY (score_from_attr).
func (p *plan) locationRuleNodes(loc *location, rule *ir.Rule, r *model.Resource, matches []string, raw bool, attr string, nodeScore func(*model.Node) ir.Score) (list []locNode, skipped []locSkip) {
	for i, n := range p.Nodes {
		env := &RuleEnv{Node: n.Attrs, Now: p.Now, Params: p.paramsOn(r, i), Meta: r.Meta, Matches: matches, Agent: &r.Agent}
		if !p.eval(rule, env) {
			continue
		}
		if !raw && attr != "" && p.target.Since(pcmk.V3_0_0) {
			why := ""
			if v, ok := n.Attrs[attr]; !ok || strings.TrimSpace(v) == "" {
				why = "the node has no " + attr + " attribute (since 3.0.0; before, the node got -INFINITY)"
			} else if _, err := pcmk.ParseScore(v); err != nil {
				why = attr + " = " + strconv.Quote(v) + " is not a score (since 3.0.0; before, its leading digits were read)"
			}
			if why != "" {
				skipped = append(skipped, locSkip{i, model.Cause{Kind: loc.cause.Kind, Constraint: loc.cause.Constraint,
					Text: loc.cause.Text + " ignored here: " + why}})
				continue
			}
		}
		list = append(list, locNode{i, nodeScore(n)})
	}
	return list, skipped
}

func (p *plan) unpackColocation(c *ir.Colocation) {
	score := ir.Score(0)
	if c.Score != nil {
		score = pcmk.ScoreOf(c.Score.Text)
	}
	// An influence that is not a boolean is a configuration error that
	// unpack_influence replaces by the default: the dependent's critical.
	influenceOf := func(r *model.Resource) bool {
		if c.Influence != nil {
			if c.Influence.Text == "" {
				return c.Influence.Value
			}
			if v, ok := ir.ParseBool(c.Influence.Text); ok {
				return v
			}
		}
		return r.Critical
	}
	if len(c.Sets) == 0 {
		if c.DependentInstance != "" || c.PrimaryInstance != "" {
			return
		}
		deps, depTag := p.resolve(c.Dependent)
		prims, primTag := p.resolve(c.Primary)
		if depTag || primTag {
			if depTag && primTag {
				return
			}
			// A tag becomes a resource set: sequential members chain.
			p.colocationSets(c, score, influenceOf, deps, prims, depTag, primTag)
			return
		}
		if len(deps) != 1 || len(prims) != 1 {
			return
		}
		p.newColocation(c.ID, c.NodeAttribute, score, deps[0], prims[0], string(c.DependentRole), string(c.PrimaryRole), influenceOf(deps[0]))
		return
	}
	var last *ir.ResourceSet
	for _, s := range p.expandSets(c.Sets) {
		if !p.colocationSet(c.ID, s, score, influenceOf) {
			return
		}
		if last != nil {
			if !p.colocateSets(c.ID, last, s, score, influenceOf) {
				return
			}
		}
		last = s
	}
}

// colocationSets handles a colocation whose rsc or with-rsc is a tag or
// template: each side becomes a resource set, non-sequential for a tag.
func (p *plan) colocationSets(c *ir.Colocation, score ir.Score, inf func(*model.Resource) bool, deps, prims []*model.Resource, depTag, primTag bool) {
	mk := func(id string, rs []*model.Resource, role ir.Role, tag bool) *ir.ResourceSet {
		s := &ir.ResourceSet{ID: id, Role: role}
		for _, r := range rs {
			s.Resources = append(s.Resources, r.ID)
		}
		if tag {
			s.Sequential = ir.NewBool(false)
		}
		return s
	}
	set1 := mk(c.Dependent, deps, c.DependentRole, depTag)
	set2 := mk(c.Primary, prims, c.PrimaryRole, primTag)
	p.colocationSet(c.ID, set1, score, inf)
	p.colocationSet(c.ID, set2, score, inf)
	p.colocateSets(c.ID, set1, set2, score, inf)
}

func setSequential(s *ir.ResourceSet) bool { return s.Sequential == nil || s.Sequential.Value }

// colocationSet is unpack_colocation_set.
func (p *plan) colocationSet(id string, s *ir.ResourceSet, score ir.Score, inf func(*model.Resource) bool) bool {
	local := score
	if s.Score != nil {
		local = pcmk.ScoreOf(s.Score.Text)
	}
	if local == 0 {
		return true
	}
	ordering := s.Ordering
	if ordering == "" {
		ordering = "group"
	}
	var rs []*model.Resource
	for _, ref := range s.Resources {
		r := p.byID[ref]
		if r == nil || p.notPlanned(r) {
			return false
		}
		rs = append(rs, r)
	}
	role := string(s.Role)
	switch {
	case s.Sequential != nil && !s.Sequential.Value:
	case local > 0 && strings.EqualFold(ordering, "group"):
		for i := 1; i < len(rs); i++ {
			p.newColocation(s.ID, "", local, rs[i], rs[i-1], role, role, inf(rs[i]))
		}
	case local > 0:
		for i := 1; i < len(rs); i++ {
			p.newColocation(s.ID, "", local, rs[i-1], rs[i], role, role, inf(rs[i-1]))
		}
	default:
		for i, r := range rs {
			for j := 0; j < i; j++ {
				if strings.EqualFold(rs[j].ID, r.ID) {
					break
				}
				p.newColocation(s.ID, "", local, r, rs[j], role, role, inf(r))
			}
		}
	}
	return true
}

// colocateSets is colocate_rsc_sets: set1 depends on set2.
func (p *plan) colocateSets(id string, set1, set2 *ir.ResourceSet, score ir.Score, inf func(*model.Resource) bool) bool {
	if score == 0 {
		return true
	}
	get := func(ref string) *model.Resource {
		r := p.byID[ref]
		if r == nil || p.notPlanned(r) {
			return nil
		}
		return r
	}
	var r1, r2 *model.Resource
	if setSequential(set1) && len(set1.Resources) > 0 {
		if r1 = get(set1.Resources[0]); r1 == nil {
			return false
		}
	}
	if setSequential(set2) {
		if len(set2.Resources) == 0 {
			return false
		}
		if r2 = get(set2.Resources[len(set2.Resources)-1]); r2 == nil {
			return false
		}
	}
	role1, role2 := string(set1.Role), string(set2.Role)
	switch {
	case r1 != nil && r2 != nil:
		p.newColocation(id, "", score, r1, r2, role1, role2, inf(r1))
	case r1 != nil:
		for _, ref := range set2.Resources {
			if r2 = get(ref); r2 == nil {
				return false
			}
			p.newColocation(id, "", score, r1, r2, role1, role2, inf(r1))
		}
	case r2 != nil:
		for _, ref := range set1.Resources {
			if r1 = get(ref); r1 == nil {
				return false
			}
			p.newColocation(id, "", score, r1, r2, role1, role2, inf(r1))
		}
	default:
		for _, a := range set1.Resources {
			if r1 = get(a); r1 == nil {
				return false
			}
			for _, b := range set2.Resources {
				if r2 = get(b); r2 == nil {
					return false
				}
				p.newColocation(id, "", score, r1, r2, role1, role2, inf(r1))
			}
		}
	}
	return true
}

// colocRole reads a colocation role as pcmk__new_colocation does: none
// given, or Started, is any role.
func colocRole(s string) pcmk.Role {
	if role := pcmk.ParseRole(s); role != pcmk.RoleStarted {
		return role
	}
	return pcmk.RoleUnknown
}

// newColocation is pcmk__new_colocation.
func (p *plan) newColocation(id, nodeAttr string, score ir.Score, dep, prim *model.Resource, depRole, primRole string, influence bool) {
	if score == 0 || dep == nil || prim == nil {
		return
	}
	c := &colocation{ID: id, Dependent: dep, Primary: prim, Score: score, DepRole: colocRole(depRole),
		PrimRole: colocRole(primRole), NodeAttr: nodeAttr, Influence: influence, Position: p.constraintPos}
	dep.ThisWith = insertSorted(dep.ThisWith, c, cmpPrimaryPriority)
	prim.WithThis = insertSorted(prim.WithThis, c, cmpDependentPriority)
	p.Colocations = append(p.Colocations, c)
}

// insertSorted is g_list_insert_sorted: before the first element the new
// one does not sort after.
func insertSorted(list []*colocation, c *colocation, cmp func(a, b *colocation) int) []*colocation {
	i := 0
	for i < len(list) && cmp(c, list[i]) > 0 {
		i++
	}
	list = append(list, nil)
	copy(list[i+1:], list[i:])
	list[i] = c
	return list
}

// cmpRsc orders the resources of colocation lists
// (cmp_dependent_priority, cmp_primary_priority): higher priority first,
// then clones before groups and primitives, promotable clones before the
// others (the order in which a clone merges its dependents' scores, which
// decides what the nonnegative merge keeps), then by id.
func cmpRsc(a, b *model.Resource) int {
	switch {
	case a.Priority > b.Priority:
		return -1
	case a.Priority < b.Priority:
		return 1
	case variantOrder(a) > variantOrder(b):
		return -1
	case variantOrder(a) < variantOrder(b):
		return 1
	case a.Kind == model.KindClone && a.Promotable && !b.Promotable:
		return -1
	case a.Kind == model.KindClone && !a.Promotable && b.Promotable:
		return 1
	}
	return strings.Compare(a.ID, b.ID)
}

func cmpPrimaryPriority(a, b *colocation) int   { return cmpRsc(a.Primary, b.Primary) }
func cmpDependentPriority(a, b *colocation) int { return cmpRsc(a.Dependent, b.Dependent) }

// applyNodeCriteria applies locations, stickiness, failure thresholds and
// exclusive discovery (apply_node_criteria).
func (p *plan) applyNodeCriteria() {
	for _, r := range p.Top {
		p.applyShutdownLocks(r)
	}
	// Pacemaker prepends each location to its list: newest first.
	for _, loc := range slices.Backward(p.locations) {
		p.applyLocation(loc.rsc, loc, loc.nodes)
	}
	for _, r := range p.Top {
		p.applyStickiness(r)
	}
	// Pacemaker walks the nodes, and every resource on each. Only the
	// primitives with a migration-threshold and the trees with exclusive
	// discovery can change a score here, so the walk visits those alone:
	// a cluster has many instances and few of them.
	var thresholds, exclusive []*model.Resource
	for _, r := range p.Top {
		thresholds = withThreshold(thresholds, r)
		if r.ExclusiveDiscovery {
			exclusive = append(exclusive, r)
		}
	}
	// Each step changes only node i's scores in its own tree, and a
	// primitive's failure count changes only its own later counts, so
	// walking the primitives outside, and the thresholds before exclusive
	// discovery, gives every score its parts in the same order, touching
	// each primitive once instead of once per node. A container counts
	// its fillers' failures, and counting may change them (failcount):
	// there the walk keeps Pacemaker's order.
	if slices.ContainsFunc(thresholds, func(r *model.Resource) bool { return len(r.Fillers) > 0 }) {
		for i := range p.Nodes {
			for _, r := range thresholds {
				p.failureThreshold(r, i)
			}
		}
	} else {
		// Most primitives have failed nowhere: a clone-heavy cluster
		// would look each one's name up on every node.
		failed := p.failedNames()
		for _, r := range thresholds {
			if !failed[failName(r)] {
				continue
			}
			for i := range p.Nodes {
				p.failureThreshold(r, i)
			}
		}
	}
	for i := range p.Nodes {
		for _, r := range exclusive {
			p.exclusiveDiscovery(r, i)
		}
	}
}

// withThreshold appends to list the primitives of r, in tree order, that
// a migration-threshold can ban.
func withThreshold(list []*model.Resource, r *model.Resource) []*model.Resource {
	for _, c := range r.Children {
		list = withThreshold(list, c)
	}
	if len(r.Children) == 0 && r.MigrationThreshold != 0 && !r.FailureIgnored {
		list = append(list, r)
	}
	return list
}

func (p *plan) applyLocationTo(r *model.Resource, loc *location, nodes []locNode) {
	if loc.roleFilter > pcmk.RoleUnknown && loc.roleFilter != r.NextRole {
		return
	}
	for _, ln := range nodes {
		i := ln.node
		if !r.Allowed.In[i] {
			// A copy of the node, with its own discovery mode: never
			// on a bundle's replica node (pe__copy_node).
			r.Allowed.In[i] = true
			r.Allowed.W[i] = 0
			r.Allowed.Discover[i] = pcmk.DiscoverAlways
			if p.Nodes[i].DiscoverNever {
				r.Allowed.Discover[i] = pcmk.DiscoverNever
			}
			r.Allowed.ForgetTrail(i)
			r.Allowed.Set(i, ln.score, &loc.cause)
		} else {
			r.Allowed.Add(i, ln.score, &loc.cause)
		}
		if r.Allowed.Discover[i] < loc.discover {
			if loc.discover == pcmk.DiscoverExclusive {
				r.ExclusiveDiscovery = true
			}
			r.Allowed.Discover[i] = loc.discover
		}
	}
	for _, s := range loc.skipped {
		if r.Allowed.In[s.node] {
			r.Allowed.Note(s.node, model.Contribution{Why: &s.cause})
		}
	}
}

func (p *plan) applyStickiness(r *model.Resource) {
	if len(r.Children) > 0 {
		for _, c := range r.Children {
			p.applyStickiness(c)
		}
		return
	}
	if !r.Managed || r.Stickiness < 1 || len(r.RunningOn) != 1 {
		return
	}
	i := r.RunningOn[0]
	if !p.Symmetric && !r.Allowed.In[i] {
		return
	}
	p.rscLocation(r, i, r.Stickiness, &model.Cause{Kind: model.CauseStickiness, Text: "resource-stickiness"})
}

// failureThreshold bans primitive r, which has a migration-threshold,
// from node i once its failures there reach it.
func (p *plan) failureThreshold(r *model.Resource, i int) {
	for _, c := range r.ClearFailcount {
		if c == i {
			return
		}
	}
	fc, _ := p.failcount(p.Nodes[i], r, true, nil)
	// A container's failures include those of the resources in it (its
	// fillers, a guest node's connection among them: pe_fc_fillers).
	for _, f := range r.Fillers {
		n, _ := p.failcount(p.Nodes[i], f, true, nil)
		fc += n
	}
	if fc <= 0 {
		return
	}
	if int(r.MigrationThreshold)-fc <= 0 {
		// An anonymous clone instance's failures ban the whole clone.
		p.rscLocation(failureTarget(r), i, -ir.Infinity, &model.Cause{Kind: model.CauseFailure, Text: "migration-threshold=" + strconv.Itoa(int(r.MigrationThreshold)) + " reached (" + strconv.Itoa(fc) + " failures)"})
	}
}

func (p *plan) exclusiveDiscovery(r *model.Resource, i int) {
	top := r.UberParent()
	if !r.ExclusiveDiscovery && !top.ExclusiveDiscovery {
		return
	}
	for _, c := range r.Children {
		p.exclusiveDiscovery(c, i)
	}
	if r.Allowed.In[i] && r.Allowed.Discover[i] != pcmk.DiscoverExclusive {
		r.Allowed.Set(i, -ir.Infinity, &model.Cause{Kind: model.CauseDiscovery, Text: "resource-discovery=exclusive elsewhere"})
	}
}
