package planner

import (
	"strconv"
	"strings"
	"unicode"

	"pcl/ir"
	"pcl/planner/transition"
)

// Role is a resource role, ordered as Pacemaker orders them. Placement and
// the transition speak of the same roles, so the planner uses the
// transition's type.
type Role = transition.Role

const (
	RoleUnknown    = transition.RoleUnknown
	RoleStopped    = transition.RoleStopped
	RoleStarted    = transition.RoleStarted
	RoleUnpromoted = transition.RoleUnpromoted
	RolePromoted   = transition.RolePromoted
)

func roleOf(text string) Role { return transition.RoleOf(ir.Role(text)) }

// Kind says what a resource is.
type Kind int8

const (
	KindPrimitive Kind = iota
	KindGroup
	// KindUnsupported marks clones and bundles, which this planner does
	// not place yet.
	KindUnsupported
)

// Node is a cluster node with its state as the status section says.
type Node struct {
	Index int
	ID    string
	Uname string
	Type  string // member, remote, ping

	// Weight is the node's own score (the node element's score attribute),
	// -INFINITY once status shows it offline or shutting down.
	Weight ir.Score
	Attrs  map[string]string

	Online, Unclean, Shutdown, Standby, Maintenance, Pending bool
	ExpectedUp, Unseen, IsDC                                 bool

	// NumResources counts resources assigned so far (a tie-breaker).
	NumResources int
	// Capacity is the node's utilization; Remaining what is left of it.
	Capacity  map[string]int
	Remaining map[string]int

	fails map[string][]failEntry // see failIndex
}

// Available reports pcmk__node_available without the score test.
func (n *Node) Available() bool {
	return n.Online && !n.Shutdown && !n.Unclean && !n.Standby && !n.Maintenance
}

// Resource is a primitive, a group, or an unsupported collective.
type Resource struct {
	Index    int
	ID       string
	Kind     Kind
	Parent   *Resource
	Children []*Resource
	Agent    ir.Agent

	Meta   map[string]string
	Params map[string]string

	Priority           ir.Score
	Stickiness         ir.Score
	MigrationThreshold ir.Score
	FailureTimeout     int64 // seconds
	Utilization        map[string]int

	Managed, Critical, Failed, FailureIgnored, Blocked bool
	NeedsFencing, StopOnly, MultipleBlock              bool
	IsFenceDevice                                      bool

	Role, NextRole Role
	RunningOn      []int // node indices, in the order the status showed them

	// AssignedTo is the chosen node index, -1 for none.
	AssignedTo int
	// Why says why a resource has no node (empty when it has one).
	Why string

	prim    *ir.Primitive
	group   *ir.Group
	ops     []*ir.Op
	sets    []*ir.NVSet // own sets, a template's first
	allowed table

	thisWith []*colocation // rsc_cons: this resource depends on the primary
	withThis []*colocation // rsc_cons_lhs: colocations whose primary this is

	provisional, allocating, merging bool
	exclusiveDiscover                bool
	clearedNodes                     []int // nodes where a fail-count clear was scheduled
	lockNode                         int   // shutdown-lock node, -1 for none
}

// variant is Pacemaker's enum pe_obj_types, used by colocation sorting.
func (r *Resource) variant() int {
	switch r.Kind {
	case KindPrimitive:
		return 0
	case KindGroup:
		return 1
	}
	return 2
}

// Contribution is one step in the making of a score.
type Contribution struct {
	Cause string   `json:"cause"`
	Value ir.Score `json:"value"`
	// Set marks a step that replaces the score instead of adding to it
	// (a rolled-back colocation, a node made unusable).
	Set bool `json:"set,omitempty"`
}

// table is a resource's allowed-node table: Pacemaker's allowed_nodes hash,
// flattened to node-indexed slices.
type table struct {
	w        []ir.Score
	in       []bool
	discover []int8
	trail    [][]Contribution // nil when trails are off
}

func newTable(n int, trail bool) table {
	t := table{w: make([]ir.Score, n), in: make([]bool, n), discover: make([]int8, n)}
	if trail {
		t.trail = make([][]Contribution, n)
	}
	return t
}

func (t table) clone() table {
	c := table{w: append([]ir.Score(nil), t.w...), in: append([]bool(nil), t.in...), discover: append([]int8(nil), t.discover...)}
	if t.trail != nil {
		c.trail = make([][]Contribution, len(t.trail))
		for i, tr := range t.trail {
			c.trail[i] = tr[:len(tr):len(tr)]
		}
	}
	return c
}

func (t *table) add(i int, v ir.Score, cause string) {
	t.w[i] = t.w[i].Add(v)
	if t.trail != nil {
		t.trail[i] = append(t.trail[i], Contribution{Cause: cause, Value: v})
	}
}

func (t *table) set(i int, v ir.Score, cause string) {
	t.w[i] = v
	if t.trail != nil {
		t.trail[i] = append(t.trail[i], Contribution{Cause: cause, Value: v, Set: true})
	}
}

// insert adds node i to the table with the node's own weight.
func (t *table) insert(i int, base ir.Score, cause string) {
	t.in[i] = true
	t.w[i] = base
	if t.trail != nil {
		t.trail[i] = nil
		if base != 0 {
			t.trail[i] = append(t.trail[i], Contribution{Cause: cause, Value: base, Set: true})
		}
	}
}

func (t *table) anyAvailable(nodes []*Node) bool {
	for i, in := range t.in {
		if in && nodes[i].Available() && t.w[i] >= 0 {
			return true
		}
	}
	return false
}

// compareNodeNames is pcmk__numeric_strcasecmp: case-insensitive, digit
// runs compared as numbers (and a longer run of equal value sorts later).
func compareNodeNames(a, b string) int {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		ca, cb := a[i], b[j]
		if isDigit(ca) && isDigit(cb) {
			ei, ej := i, j
			for ei < len(a) && isDigit(a[ei]) {
				ei++
			}
			for ej < len(b) && isDigit(b[ej]) {
				ej++
			}
			na, _ := strconv.ParseInt(a[i:ei], 10, 64)
			nb, _ := strconv.ParseInt(b[j:ej], 10, 64)
			switch {
			case na < nb:
				return -1
			case na > nb:
				return 1
			case ei-i < ej-j:
				return -1
			case ei-i > ej-j:
				return 1
			}
			i, j = ei, ej
			continue
		}
		la, lb := unicode.ToLower(rune(ca)), unicode.ToLower(rune(cb))
		if la != lb {
			if la < lb {
				return -1
			}
			return 1
		}
		i++
		j++
	}
	switch {
	case i >= len(a) && j < len(b):
		return -1
	case i < len(a) && j >= len(b):
		return 1
	}
	return 0
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// attrColumn is one node attribute, looked up once for every node so that
// colocation loops compare by index.
type attrColumn struct {
	val []string
	has []bool
	// unique is set when every node has the attribute with a distinct
	// value (case-insensitively): a node then matches only itself.
	unique bool
}

func (p *Plan) column(attr string) *attrColumn {
	if attr == "" {
		attr = "#uname"
	}
	if c, ok := p.columns[attr]; ok {
		return c
	}
	c := &attrColumn{val: make([]string, len(p.Nodes)), has: make([]bool, len(p.Nodes))}
	seen := make(map[string]bool, len(p.Nodes))
	c.unique = true
	for i, n := range p.Nodes {
		c.val[i], c.has[i] = n.Attrs[attr]
		k := strings.ToLower(c.val[i])
		if !c.has[i] || seen[k] {
			c.unique = false
		}
		seen[k] = true
	}
	p.columns[attr] = c
	return c
}

func (c *attrColumn) equal(i, j int) bool {
	if !c.has[i] || !c.has[j] {
		return !c.has[i] && !c.has[j]
	}
	return strings.EqualFold(c.val[i], c.val[j])
}
