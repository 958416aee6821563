package model

import (
	"pcl/ir"
	"pcl/pcmk"
)

// Contribution is one step in the making of a score. It points at its
// cause rather than holding it: a large cluster has millions of
// contributions and only thousands of distinct causes.
type Contribution struct {
	// Why is what contributed: its kind, constraint and words.
	Why   *Cause   `json:"why"`
	Value ir.Score `json:"value"`
	// Set marks a step that replaces the score instead of adding to it
	// (a rolled-back colocation, a node made unusable).
	Set bool `json:"set,omitempty"`
}

// Apply returns score s after this step: s plus the value, or the value
// alone for a step that replaces the score.
func (c Contribution) Apply(s ir.Score) ir.Score {
	if c.Set {
		return c.Value
	}
	return s.Add(c.Value)
}

// Table is a resource's allowed-node table: Pacemaker's allowed_nodes hash,
// flattened to node-indexed slices.
type Table struct {
	W        []ir.Score
	In       []bool
	Discover []pcmk.Discovery
	// ends are each node's last contribution in log; both nil when trails
	// are off.
	ends []TrailEnd
	log  *TrailLog
}

// NewTable makes an empty table for n nodes, keeping its trails in log
// (nil for none).
func NewTable(n int, log *TrailLog) Table {
	t := Table{W: make([]ir.Score, n), In: make([]bool, n), Discover: make([]pcmk.Discovery, n)}
	if log != nil {
		t.log = log
		t.ends = make([]TrailEnd, n)
		for i := range t.ends {
			t.ends[i] = noStep
		}
	}
	return t
}

// Clone copies the table; the copy's trails go on from the same history
// without changing the original's.
func (t Table) Clone() Table {
	c := Table{W: append([]ir.Score(nil), t.W...), In: append([]bool(nil), t.In...), Discover: append([]pcmk.Discovery(nil), t.Discover...), log: t.log}
	if t.ends != nil {
		c.ends = append([]TrailEnd(nil), t.ends...)
	}
	return c
}

// DropTrails forgets the table's trails, keeping its scores: once the
// trails wanted are kept elsewhere (TrailLog.Keep), its ends name steps
// of an emptied log.
func (t *Table) DropTrails() { t.ends, t.log = nil, nil }

// Trailed reports whether the table keeps trails.
func (t *Table) Trailed() bool { return t.ends != nil }

// TrailOf is node i's trail, first contribution first (nil when trails
// are off or nothing contributed).
func (t *Table) TrailOf(i int) []Contribution {
	if t.ends == nil {
		return nil
	}
	return t.log.Trail(t.ends[i])
}

// TrailEnd is where node i's trail ends in the table's log (an empty
// trail when the table keeps none).
func (t *Table) TrailEnd(i int) TrailEnd {
	if t.ends == nil {
		return noStep
	}
	return t.ends[i]
}

// Note appends contribution c to node i's trail without changing its
// score (a step that explains and adds nothing).
func (t *Table) Note(i int, c Contribution) {
	if t.ends != nil {
		t.ends[i] = t.log.push(t.ends[i], c)
	}
}

// ForgetTrail empties node i's trail.
func (t *Table) ForgetTrail(i int) {
	if t.ends != nil {
		t.ends[i] = noStep
	}
}

// Add adds v to node i's score with Pacemaker's arithmetic.
func (t *Table) Add(i int, v ir.Score, c *Cause) {
	t.W[i] = t.W[i].Add(v)
	t.Note(i, Contribution{Why: c, Value: v})
}

// Set replaces node i's score.
func (t *Table) Set(i int, v ir.Score, c *Cause) {
	t.W[i] = v
	t.Note(i, Contribution{Why: c, Value: v, Set: true})
}

// Insert adds node i to the table with the node's own weight.
func (t *Table) Insert(i int, base ir.Score, c *Cause) {
	t.In[i] = true
	t.W[i] = base
	t.ForgetTrail(i)
	if base != 0 {
		t.Note(i, Contribution{Why: c, Value: base, Set: true})
	}
}

// AnyAvailable reports whether some node of the table is available with a
// non-negative score.
func (t *Table) AnyAvailable(nodes []*Node) bool {
	for i, in := range t.In {
		if in && nodes[i].Available() && t.W[i] >= 0 {
			return true
		}
	}
	return false
}

// Allows reports whether node i is in the table (a table not yet made,
// as a group's, allows every node).
func (t *Table) Allows(i int) bool {
	return t.In == nil || (i < len(t.In) && t.In[i])
}

// DiscoveryOn is node i's resource-discovery mode.
func (t *Table) DiscoveryOn(i int) pcmk.Discovery {
	if i < len(t.Discover) {
		return t.Discover[i]
	}
	return pcmk.DiscoverAlways
}
