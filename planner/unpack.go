package planner

import (
	"maps"
	"sort"
	"strconv"
	"strings"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
)

// setsByScore orders attribute sets as Pacemaker's make_pairs does: the
// list is built back to front and stably sorted by descending score, so of
// two sets with equal scores the later one comes first. alwaysFirst names a
// set that sorts before every other.
func setsByScore(sets []*ir.NVSet, kind ir.NVSetKind, alwaysFirst string) []*ir.NVSet {
	var out []*ir.NVSet
	for i := len(sets) - 1; i >= 0; i-- {
		if sets[i].Kind == kind {
			out = append(out, sets[i])
		}
	}
	score := func(s *ir.NVSet) ir.Score {
		if s.Score == nil {
			return 0
		}
		return s.Score.Value
	}
	sort.SliceStable(out, func(i, j int) bool {
		if alwaysFirst != "" && strings.EqualFold(out[i].ID, alwaysFirst) {
			return !strings.EqualFold(out[j].ID, alwaysFirst)
		}
		if alwaysFirst != "" && strings.EqualFold(out[j].ID, alwaysFirst) {
			return false
		}
		return score(out[i]) > score(out[j])
	})
	return out
}

// unpackSets fills hash from the sets of one kind whose rules pass, as
// pe__unpack_dataset_nvpairs does.
func (p *plan) unpackSets(sets []*ir.NVSet, kind ir.NVSetKind, env *RuleEnv, hash map[string]string, overwrite bool, alwaysFirst string) {
	p.unpackSetsOrdered(sets, kind, env, hash, overwrite, alwaysFirst, nil)
}

// unpackSetsOrdered is unpackSets that also appends to order, when not
// nil, each name as it enters hash: the order Pacemaker's hash table was
// filled in, which decides the order it lists the names in.
func (p *plan) unpackSetsOrdered(sets []*ir.NVSet, kind ir.NVSetKind, env *RuleEnv, hash map[string]string, overwrite bool, alwaysFirst string, order *[]string) {
	for _, s := range setsByScore(sets, kind, alwaysFirst) {
		pass := true
		for _, r := range s.Rules {
			if !p.eval(r, env) {
				pass = false
				break
			}
		}
		if !pass {
			continue
		}
		for _, nv := range s.Pairs {
			if nv.Value == nil || nv.Name == "" {
				continue
			}
			_, have := hash[nv.Name]
			switch {
			case strings.EqualFold(*nv.Value, "#default"):
				if have {
					delete(hash, nv.Name)
				}
			case !have:
				hash[nv.Name] = *nv.Value
				if order != nil {
					*order = append(*order, nv.Name)
				}
			case overwrite:
				hash[nv.Name] = *nv.Value
			}
		}
	}
}

func (p *plan) unpackConfig() {
	p.props = map[string]string{}
	env := &RuleEnv{Now: p.Now}
	p.unpackSets(p.CIB.Config.Properties, ir.ClusterProperties, env, p.props, false, "cib-bootstrap-options")
	isTrue := func(name string, def bool) bool {
		v, ok := p.props[name]
		if !ok {
			return def
		}
		b, ok := ir.ParseBool(v)
		if !ok {
			return def
		}
		return b
	}
	p.EnableUnfencing = unfencingConfigured(p.CIB.Config)
	p.Symmetric = isTrue("symmetric-cluster", true)
	p.StonithEnabled = isTrue("stonith-enabled", true)
	p.MaintenanceMode = isTrue("maintenance-mode", false)
	p.StopAll = isTrue("stop-all-resources", false)
	p.StartFailureFatal = isTrue("start-failure-is-fatal", true)
	if isTrue("have-watchdog", false) {
		p.HaveStonith = true
	}
	v, _ := ir.ParseBool(p.cibAttr("have-quorum"))
	p.HaveQuorum = v
	p.NoQuorumPolicy, _ = pcmk.ParseNoQuorumPolicy(p.props["no-quorum-policy"])
	switch p.NoQuorumPolicy {
	case pcmk.NoQuorumIgnore, pcmk.NoQuorumFreeze, pcmk.NoQuorumDemote, pcmk.NoQuorumStop:
	case pcmk.NoQuorumSuicide, pcmk.NoQuorumFence:
		// "fence" is the name 2.1.8 gave "suicide". Without fencing, or
		// in a cluster that never had quorum (no no-quorum-panic), it is
		// "stop" (unpack_config).
		doPanic, _ := strconv.Atoi(p.cibAttr("no-quorum-panic"))
		switch {
		case p.NoQuorumPolicy == pcmk.NoQuorumFence && !p.target.Since(pcmk.V2_1_8):
			p.NoQuorumPolicy = pcmk.NoQuorumStop
		case !p.StonithEnabled, doPanic == 0 && !p.HaveQuorum:
			p.NoQuorumPolicy = pcmk.NoQuorumStop
		default:
			p.NoQuorumPolicy = pcmk.NoQuorumSuicide
		}
	}
	p.PlacementStrategy = pcmk.ParsePlacementStrategy(p.props["placement-strategy"])
	p.ShutdownLock = isTrue("shutdown-lock", false)
	if p.ShutdownLock {
		if d, err := ir.ParseDuration(p.props["shutdown-lock-limit"]); err == nil {
			p.shutdownLockLimit = d.Ms / 1000
		}
	}
	// Before 3.0.0, a CIB written by a DC older than feature set 3.0.13
	// names fail counts per resource (generate_fail_regexes' is_legacy);
	// 3.0.0 reads the per-operation form only.
	p.LegacyFailcounts = !p.target.Since(pcmk.V3_0_0) && pcmk.CompareVersions(p.cibAttr("crm_feature_set"), "3.0.13") < 0
	p.StonithAction = pcmk.FenceAction(strings.ToLower(p.props["stonith-action"]))
	// concurrent-fencing is true unless set since 3.0.0, whose build
	// default changed (configure's --with-concurrent-fencing-default).
	p.ConcurrentFencing = isTrue("concurrent-fencing", p.target.Since(pcmk.V3_0_0))
	p.StartupProbes = isTrue("enable-startup-probes", true)
	p.StopOrphanActions = isTrue("stop-orphan-actions", true)
	p.StopOrphanResources = isTrue("stop-orphan-resources", true)
}

func (p *plan) unpackNodes() {
	cfg := p.CIB.Config
	for _, n := range cfg.Nodes {
		if n.ID == "" {
			continue
		}
		typ := strings.ToLower(n.Type)
		if typ == "" || typ == "normal" {
			typ = "member"
		}
		if typ != "member" && typ != "remote" {
			typ = "ping"
		}
		node := &model.Node{ID: n.ID, Uname: n.Uname, Type: typ, Attrs: map[string]string{}, Capacity: map[string]int{}}
		if node.Uname == "" {
			node.Uname = n.ID
		}
		if n.Score != nil {
			node.Weight = n.Score.Value
		}
		if typ == "remote" {
			node.Attrs["#kind"] = "remote"
		} else {
			node.Attrs["#kind"] = "cluster"
			// Unseen cluster nodes are unclean until their status shows up
			// (startup-fencing), unless fencing is disabled.
			if p.StonithEnabled && isTrueDefault(p.props["startup-fencing"], true) {
				node.Unclean = true
			}
			node.Unseen = true
		}
		p.addNodeAttrs(node, n.Sets, false)
		env := &RuleEnv{Now: p.Now}
		util := map[string]string{}
		p.unpackSets(n.Sets, ir.Utilization, env, util, false, "")
		for k, v := range util {
			node.Capacity[k] = utilizationValue(v)
		}
		p.Nodes = append(p.Nodes, node)
	}
	p.unpackRemoteNodes()
	p.unpackBundleNodes()
	sort.SliceStable(p.Nodes, func(i, j int) bool { return pcmk.CompareNodeNames(p.Nodes[i].Uname, p.Nodes[j].Uname) < 0 })
	for i, n := range p.Nodes {
		n.Index = i
		if _, dup := p.nodeByID[n.ID]; !dup {
			p.nodeByID[n.ID] = i
		}
		if _, dup := p.nodeByUn[strings.ToLower(n.Uname)]; !dup {
			p.nodeByUn[strings.ToLower(n.Uname)] = i
		}
		n.Remaining = map[string]int{}
		for k, v := range n.Capacity {
			n.Remaining[k] = v
		}
	}
}

func isTrueDefault(v string, def bool) bool {
	if v == "" {
		return def
	}
	b, ok := ir.ParseBool(v)
	if !ok {
		return def
	}
	return b
}

func utilizationValue(s string) int {
	v, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		// pcmk__scan_min_int reads a leading integer
		i := 0
		t := strings.TrimSpace(s)
		if i < len(t) && (t[i] == '-' || t[i] == '+') {
			i++
		}
		for i < len(t) && isDigit(t[i]) {
			i++
		}
		v, _ = strconv.Atoi(t[:i])
	}
	return v
}

// findNode looks a node up by uname (case-insensitive), as pe_find_node does.
func (p *plan) findNode(uname string) int {
	if i, ok := p.nodeByUn[strings.ToLower(uname)]; ok {
		return i
	}
	return -1
}

func (p *plan) unpackResources() {
	cfg := p.CIB.Config
	for _, r := range cfg.Resources {
		if t, ok := r.(*ir.Template); ok {
			p.templates[t.ID] = &t.Primitive
		}
	}
	for _, t := range cfg.Tags {
		p.tags[t.ID] = t.Refs
	}
	for _, r := range cfg.Resources {
		switch r := r.(type) {
		case *ir.Primitive:
			p.Top = append(p.Top, p.newPrimitive(r, nil, ""))
		case *ir.Group:
			p.Top = append(p.Top, p.newGroup(r, nil, ""))
		case *ir.Clone:
			p.Top = append(p.Top, p.newClone(r))
		case *ir.Bundle:
			p.Top = append(p.Top, p.newBundle(r))
		}
	}
	for _, prim := range p.guestConns {
		p.Top = append(p.Top, p.newPrimitive(prim, nil, ""))
	}
	p.setupContainers()
	p.linkRemoteNodes()
	p.unpackOrphanConnections()
	p.sortTop()
}

func (p *plan) register(r *model.Resource) {
	r.Index = len(p.Resources)
	p.Resources = append(p.Resources, r)
	if _, dup := p.byID[r.ID]; !dup {
		p.byID[r.ID] = r
	} else {
		p.sharedIDs[r.ID] = true
	}
}

// metaFor builds a resource's meta attributes as get_meta_attributes does.
func (p *plan) metaFor(r *model.Resource, own []*ir.NVSet, parentSets [][]*ir.NVSet, xmlAttrs map[string]string) map[string]string {
	meta := map[string]string{}
	for k, v := range xmlAttrs {
		if v != "" {
			meta[k] = v
		}
	}
	env := &RuleEnv{Now: p.Now, Agent: &r.Agent}
	p.unpackSets(own, ir.MetaAttributes, env, meta, false, "")
	for _, ps := range parentSets {
		parent := map[string]string{}
		p.unpackSets(ps, ir.MetaAttributes, env, parent, false, "")
		for k, v := range parent {
			if _, ok := meta[k]; !ok {
				meta[k] = v
			}
		}
	}
	p.unpackSets(p.CIB.Config.RscDefaults, ir.MetaAttributes, env, meta, false, "")
	if r.Parent != nil {
		for k, v := range r.Parent.Meta {
			if _, ok := meta[k]; !ok {
				meta[k] = v
			}
		}
	}
	return meta
}

// newPrimitive unpacks a primitive; suffix is ":N" for a clone instance
// (the instance number Pacemaker appends to the id), "" otherwise.
func (p *plan) newPrimitive(prim *ir.Primitive, parent *model.Resource, suffix string) *model.Resource {
	r := &model.Resource{ID: prim.ID + suffix, Kind: model.KindPrimitive, Parent: parent, Prim: prim, AssignedTo: -1, LockNode: -1, PendingNode: -1}
	sets := prim.Sets
	agent := prim.Agent
	if prim.Template != "" {
		if t, ok := p.templates[prim.Template]; ok {
			sets = append(append([]*ir.NVSet(nil), t.Sets...), prim.Sets...)
			if agent.Class == "" {
				agent = t.Agent
			}
		}
	}
	r.Agent = agent
	r.OpDefs = p.effectiveOps(prim)
	r.Sets = sets
	if cached, ok := p.instanceAttrs[prim]; ok && suffix != "" {
		// Every instance of a clone's primitive unpacks to the same
		// attributes but for its number.
		// Made with room for its number: a clone grown by one key is
		// copied again.
		r.Meta = make(map[string]string, len(cached.meta)+1)
		maps.Copy(r.Meta, cached.meta)
		r.Meta["clone"] = suffix[1:]
		r.Params = maps.Clone(cached.params)
	} else {
		xmlAttrs := map[string]string{"id": prim.ID, "class": agent.Class, "provider": agent.Provider, "type": agent.Type}
		if suffix != "" {
			xmlAttrs["clone"] = suffix[1:]
		}
		r.Meta = p.metaFor(r, sets, ancestorSets(parent), xmlAttrs)
		r.Params = map[string]string{}
		p.unpackSets(sets, ir.InstanceAttributes, &RuleEnv{Now: p.Now}, r.Params, false, "")
		if parent != nil {
			for _, set := range ancestorSets(parent) {
				p.unpackSets(set, ir.InstanceAttributes, &RuleEnv{Now: p.Now}, r.Params, false, "")
			}
		} else {
			p.unpackSets(p.CIB.Config.RscDefaults, ir.InstanceAttributes, &RuleEnv{Now: p.Now}, r.Params, false, "")
		}
		if suffix != "" {
			p.instanceAttrs[prim] = unpackedAttrs{meta: r.Meta, params: r.Params}
		}
	}
	if strings.EqualFold(agent.Class, "stonith") {
		p.HaveStonith = true
		r.IsFenceDevice = true
	}
	p.commonUnpack(r)
	if r.Unique && r.InClone() && !classCanBeUnique(agent.Class) {
		p.forceAnonymous(r)
	}
	util := map[string]string{}
	var order []string
	p.unpackSetsOrdered(sets, ir.Utilization, &RuleEnv{Now: p.Now}, util, false, "", &order)
	r.Utilization = map[string]int{}
	for k, v := range util {
		r.Utilization[k] = utilizationValue(v)
	}
	p.noteUtilization(r, order, util)
	p.register(r)
	p.symmetricDefault(r)
	return r
}

// unpackedAttrs are a clone instance's meta-attributes and parameters as
// its first instance unpacked them.
type unpackedAttrs struct {
	meta, params map[string]string
}

// ownSets are the attribute sets a collective resource was configured
// with (a group's or a clone's).
func ownSets(r *model.Resource) []*ir.NVSet {
	switch {
	case r.Group != nil:
		return r.Group.Sets
	case r.Clone != nil:
		return r.Clone.Sets
	case r.Bundle != nil:
		return r.Bundle.Sets
	}
	return nil
}

// ancestorSets are the configured sets of r and each of its ancestors,
// nearest first.
func ancestorSets(r *model.Resource) [][]*ir.NVSet {
	var out [][]*ir.NVSet
	for ; r != nil; r = r.Parent {
		out = append(out, ownSets(r))
	}
	return out
}

// newGroup unpacks a group; suffix is ":N" for a clone instance.
func (p *plan) newGroup(g *ir.Group, parent *model.Resource, suffix string) *model.Resource {
	r := &model.Resource{ID: g.ID + suffix, Kind: model.KindGroup, Parent: parent, AssignedTo: -1, LockNode: -1, PendingNode: -1}
	r.Group = g
	xmlAttrs := map[string]string{"id": g.ID}
	if suffix != "" {
		xmlAttrs["clone"] = suffix[1:]
	}
	r.Meta = p.metaFor(r, g.Sets, ancestorSets(parent), xmlAttrs)
	p.commonUnpack(r)
	p.register(r)
	for _, m := range g.Members {
		r.Children = append(r.Children, p.newPrimitive(m, r, suffix))
	}
	p.symmetricDefault(r)
	return r
}

// commonUnpack reads the meta attributes every resource has
// (pe__unpack_resource).
func (p *plan) commonUnpack(r *model.Resource) {
	m := r.Meta
	r.Provisional = true
	r.Role = pcmk.RoleStopped
	r.NextRole = pcmk.RoleUnknown
	r.MigrationThreshold = ir.Infinity
	r.Priority = pcmk.ScoreOf(m["priority"])
	r.Critical = true
	if v, ok := m["critical"]; ok {
		r.Critical = isTrueDefault(v, false)
	}
	r.Managed = !p.MaintenanceMode
	if v, ok := m["is-managed"]; ok && !strings.EqualFold(v, "default") {
		r.Managed = isTrueDefault(v, false)
	}
	if isTrueDefault(m["maintenance"], false) {
		r.Managed = false
	}
	if p.MaintenanceMode {
		r.Managed = false
	}
	r.MultipleActive = pcmk.ParseMultipleActive(m["multiple-active"])
	switch r.MultipleActive {
	case pcmk.MultipleStopOnly:
		r.StopOnly = true
	case pcmk.MultipleBlock:
		r.MultipleBlock = true
	}
	r.Maintenance = isTrueDefault(m["maintenance"], false) || p.MaintenanceMode
	r.NeedsQuorum = p.needsQuorum(r, m["requires"])
	// Only a clone's globally-unique makes it and what it holds unique;
	// everything outside clones is.
	r.Unique = !r.InClone() || p.detectUnique(m)
	r.RestartType = strings.ToLower(m["restart-type"])
	// A remote node's connection migrates by default, so that the node's
	// resources need not stop when it moves; a guest's does not.
	remoteConn := r.Kind == model.KindPrimitive && isRemoteAgent(r.Agent)
	r.AllowMigrate = isTrueDefault(m["allow-migrate"], remoteConn && m["container"] == "")
	if v, ok := m["resource-stickiness"]; ok && !strings.EqualFold(v, "default") {
		r.Stickiness = pcmk.ScoreOf(v)
	}
	if v, ok := m["migration-threshold"]; ok && !strings.EqualFold(v, "default") {
		r.MigrationThreshold = pcmk.ScoreOf(v)
		switch {
		case p.target.Since(pcmk.V3_0_0):
			// A negative or invalid value is the default since 3.0.0
			// (pcmk_parse_score); before, a negative one was 1.
			if t, valid := pcmk.ParseScoreLenient(v); !valid || t < 0 {
				r.MigrationThreshold = ir.Infinity
			} else {
				r.MigrationThreshold = t
			}
		case r.MigrationThreshold < 0:
			r.MigrationThreshold = 1
		}
	}
	// requires: fencing unless a fence device, or fencing is off;
	// unfencing when a resource asks for it (unpack_requires)
	req := strings.ToLower(m["requires"])
	switch req {
	case "nothing", "quorum":
	case "fencing":
		r.NeedsFencing = true
	case "unfencing":
		r.NeedsFencing = p.StonithEnabled && !r.IsFenceDevice
		r.NeedsUnfencing = r.NeedsFencing
	default:
		// A remote connection, like a fence device, needs quorum only.
		r.NeedsFencing = !r.IsFenceDevice && !remoteConn && p.StonithEnabled
		r.NeedsUnfencing = r.NeedsFencing && p.EnableUnfencing && r.Kind == model.KindPrimitive
	}
	if v, ok := m["failure-timeout"]; ok {
		if d, err := ir.ParseDuration(v); err == nil {
			r.FailureTimeout = d.Ms / 1000
		}
	}
	if remoteConn && m["container"] == "" {
		// reconnect_interval works through the failure timeout: the
		// connection does not start again until its failure expires.
		if v, ok := r.Params["reconnect_interval"]; ok {
			if d, err := ir.ParseDuration(v); err == nil {
				r.ReconnectMs = d.Ms
				r.FailureTimeout = d.Ms / 1000
			}
		}
	}
	r.Promotable = r.InClone() && isTrueDefault(m["promotable"], false)
	if role, ok := targetRole(m["target-role"], r.Promotable); ok {
		r.NextRole = role
	}
}

// unfencingConfigured reports whether a resource's meta-attributes, or the
// resource defaults, say that it provides or requires unfencing (what
// Pacemaker's XPATH_ENABLE_UNFENCING finds).
func unfencingConfigured(cfg *ir.Config) bool {
	if cfg == nil {
		return false
	}
	says := func(sets []*ir.NVSet) bool {
		for _, set := range sets {
			if set.Kind != ir.MetaAttributes {
				continue
			}
			for _, nv := range set.Pairs {
				if (nv.Name == "provides" || nv.Name == "requires") && nv.Value != nil && *nv.Value == "unfencing" {
					return true
				}
			}
		}
		return false
	}
	var in func(r ir.Resource) bool
	in = func(r ir.Resource) bool {
		switch r := r.(type) {
		case *ir.Primitive:
			return says(r.Sets)
		case *ir.Template:
			return says(r.Sets)
		case *ir.Group:
			if says(r.Sets) {
				return true
			}
			for _, m := range r.Members {
				if says(m.Sets) {
					return true
				}
			}
		case *ir.Clone:
			return says(r.Sets) || (r.Child != nil && in(r.Child))
		case *ir.Bundle:
			return says(r.Sets) || (r.Child != nil && says(r.Child.Sets))
		}
		return false
	}
	for _, r := range cfg.Resources {
		if in(r) {
			return true
		}
	}
	return says(cfg.RscDefaults)
}

// targetRole reads target-role as get_target_role does for resources that
// are not promotable clones: none given, Started, "default" (which is no
// role) and the promotable roles leave the role unrestricted.
func targetRole(v string, promotable bool) (pcmk.Role, bool) {
	role := pcmk.ParseRole(v)
	switch {
	case role == pcmk.RoleUnpromoted && promotable:
		// Promoted is what a promotable clone's instances may become
		// anyway; Unpromoted keeps them from it.
		return role, true
	case role == pcmk.RoleUnknown || role >= pcmk.RoleStarted:
		return pcmk.RoleUnknown, false
	}
	return role, true
}

// symmetricDefault gives a resource every node at the node's own weight in
// a symmetric cluster (resource_location with "symmetric_default").
func (p *plan) symmetricDefault(r *model.Resource) {
	if r.Allowed.W == nil {
		r.Allowed = model.NewTable(len(p.Nodes), p.trails)
	}
	if !p.Symmetric {
		// A guest node's connection may go wherever its container
		// goes, even in an opt-in cluster.
		if r.Kind == model.KindPrimitive && isRemoteAgent(r.Agent) && r.Meta["container"] != "" {
			for i := range p.Nodes {
				p.nodeScore(r, i, 0, &remoteConnectionDefault)
			}
		}
		return
	}
	if r.ExclusiveDiscovery {
		return // nodeScore adds no default to it
	}
	// resource_node_score walks into a collective's members first; each
	// got its default as it was made, before its parent, so the walk
	// would change nothing (a clone-heavy cluster's instances would be
	// walked two or three times per node).
	for i, n := range p.Nodes {
		if !n.DiscoverNever && !n.FromStatus {
			p.ownNodeScore(r, i, 0, &symmetricDefault)
		}
	}
}

// nodeScore is resource_node_score: add score on node i to r and, first,
// to each of its children, inserting the node when it is not yet allowed.
func (p *plan) nodeScore(r *model.Resource, i int, score ir.Score, cause *model.Cause) {
	if cause.Kind == model.CauseDefault && r.ExclusiveDiscovery {
		return
	}
	for _, c := range r.Children {
		p.nodeScore(c, i, score, cause)
	}
	p.ownNodeScore(r, i, score, cause)
}

// ownNodeScore is nodeScore on r alone, none of its members.
func (p *plan) ownNodeScore(r *model.Resource, i int, score ir.Score, cause *model.Cause) {
	if r.Allowed.W == nil {
		r.Allowed = model.NewTable(len(p.Nodes), p.trails)
	}
	if !r.Allowed.In[i] {
		r.Allowed.Insert(i, p.Nodes[i].Weight, p.nodeWeightCause(i))
	}
	if score == 0 && cause.Kind == model.CauseDefault {
		r.Allowed.W[i] = r.Allowed.W[i].Add(0)
		return
	}
	r.Allowed.Add(i, score, cause)
}

// location is resource_location: on one node, or (i < 0) on every node.
func (p *plan) rscLocation(r *model.Resource, i int, score ir.Score, cause *model.Cause) {
	if i >= 0 {
		p.nodeScore(r, i, score, cause)
	} else {
		for j := range p.Nodes {
			p.nodeScore(r, j, score, cause)
		}
	}
	if i < 0 && score <= -ir.Infinity && r.AssignedTo >= 0 {
		p.unassign(r)
	}
}

// paramsOn returns a resource's instance attributes as evaluated for node i
// (pe_rsc_params), whose rules may test node attributes.
func (p *plan) paramsOn(r *model.Resource, i int) map[string]string {
	if r.Prim == nil {
		return r.Params
	}
	env := &RuleEnv{Now: p.Now, Node: p.Nodes[i].Attrs}
	params := map[string]string{}
	p.unpackSets(r.Sets, ir.InstanceAttributes, env, params, false, "")
	for q := r.Parent; q != nil; q = q.Parent {
		p.unpackSets(ownSets(q), ir.InstanceAttributes, env, params, false, "")
	}
	if r.Parent == nil {
		p.unpackSets(p.CIB.Config.RscDefaults, ir.InstanceAttributes, env, params, false, "")
	}
	return params
}

// Where a node's own weight comes from when a node enters a resource's
// table with it.
var (
	nodeShuttingDown = model.Cause{Kind: model.CauseNode, Text: "node is shutting down"}
	nodeOffline      = model.Cause{Kind: model.CauseNode, Text: "node is offline"}
	nodeScoreAttr    = model.Cause{Kind: model.CauseNode, Text: "node score attribute"}
)

// nodeWeightCause says where node i's own weight comes from.
func (p *plan) nodeWeightCause(i int) *model.Cause {
	n := p.Nodes[i]
	switch {
	case n.Weight <= -ir.Infinity && n.Online && n.Shutdown:
		return &nodeShuttingDown
	case n.Weight <= -ir.Infinity && !n.Online:
		return &nodeOffline
	}
	return &nodeScoreAttr
}

// symmetricDefault is the cause of the 0 a symmetric cluster gives every
// node (Pacemaker names it symmetric_default).
var symmetricDefault = model.Cause{Kind: model.CauseDefault, Text: "symmetric_default"}

var remoteConnectionDefault = model.Cause{Kind: model.CauseDefault, Text: "remote_connection_default"}

// needsQuorum reports whether starting r needs quorum or more (fencing),
// as unpack_requires reads requires: when it is not "nothing", save that
// by default (or for a value it does not know) a resource that is no fence
// device and no remote connection needs nothing in a cluster without
// fencing or unfencing whose no-quorum-policy is ignore.
func (p *plan) needsQuorum(r *model.Resource, requires string) bool {
	switch strings.ToLower(requires) {
	case "nothing":
		return false
	case "quorum", "fencing", "unfencing":
		return true
	}
	return r.IsFenceDevice || (r.Kind == model.KindPrimitive && isRemoteAgent(r.Agent)) || p.EnableUnfencing || p.StonithEnabled || p.NoQuorumPolicy != pcmk.NoQuorumIgnore
}

// detectUnique is whether a clone's resource is globally unique: its
// globally-unique meta-attribute, which since 3.0.0 defaults to true when
// clone-node-max is above 1 (detect_unique).
func (p *plan) detectUnique(m map[string]string) bool {
	if v, ok := m["globally-unique"]; ok {
		return isTrueDefault(v, false)
	}
	if !p.target.Since(pcmk.V3_0_0) {
		return false
	}
	v, ok := m["clone-node-max"]
	return ok && scanMinInt(v, 0) > 1
}

// addNodeAttrs gives node n its built-in attributes (#uname, #id, #is_dc,
// #cluster-name), then those of sets (replacing existing values when
// overwrite), then #site-name when no set named it: from site-name, else
// the cluster's name (add_node_attrs). A cluster node gets them with its
// <node> entry, a remote or guest node with its entry or its status.
func (p *plan) addNodeAttrs(n *model.Node, sets []*ir.NVSet, overwrite bool) {
	n.Attrs["#uname"] = n.Uname
	n.Attrs["#id"] = n.ID
	if n.ID == p.cibAttr("dc-uuid") {
		n.IsDC = true
		n.Attrs["#is_dc"] = "true"
	} else {
		n.Attrs["#is_dc"] = "false"
	}
	cn, hasCN := p.props["cluster-name"]
	if hasCN {
		n.Attrs["#cluster-name"] = cn
	}
	p.unpackSets(sets, ir.InstanceAttributes, &RuleEnv{Now: p.Now}, n.Attrs, overwrite, "")
	if _, ok := n.Attrs["#site-name"]; !ok {
		if sn, ok := n.Attrs["site-name"]; ok {
			n.Attrs["#site-name"] = sn
		} else if hasCN {
			n.Attrs["#site-name"] = cn
		}
	}
}
