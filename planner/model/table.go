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
	Trail    [][]Contribution // nil when trails are off
}

// NewTable makes an empty table for n nodes.
func NewTable(n int, trail bool) Table {
	t := Table{W: make([]ir.Score, n), In: make([]bool, n), Discover: make([]pcmk.Discovery, n)}
	if trail {
		t.Trail = make([][]Contribution, n)
	}
	return t
}

// Clone copies the table; trails share their backing arrays but cannot be
// appended to through the copy's slices.
func (t Table) Clone() Table {
	c := Table{W: append([]ir.Score(nil), t.W...), In: append([]bool(nil), t.In...), Discover: append([]pcmk.Discovery(nil), t.Discover...)}
	if t.Trail != nil {
		c.Trail = make([][]Contribution, len(t.Trail))
		for i, tr := range t.Trail {
			c.Trail[i] = tr[:len(tr):len(tr)]
		}
	}
	return c
}

// Add adds v to node i's score with Pacemaker's arithmetic.
func (t *Table) Add(i int, v ir.Score, c *Cause) {
	t.W[i] = t.W[i].Add(v)
	if t.Trail != nil {
		t.Trail[i] = append(t.Trail[i], Contribution{Why: c, Value: v})
	}
}

// Set replaces node i's score.
func (t *Table) Set(i int, v ir.Score, c *Cause) {
	t.W[i] = v
	if t.Trail != nil {
		t.Trail[i] = append(t.Trail[i], Contribution{Why: c, Value: v, Set: true})
	}
}

// Insert adds node i to the table with the node's own weight.
func (t *Table) Insert(i int, base ir.Score, c *Cause) {
	t.In[i] = true
	t.W[i] = base
	if t.Trail != nil {
		t.Trail[i] = nil
		if base != 0 {
			t.Trail[i] = append(t.Trail[i], Contribution{Why: c, Value: base, Set: true})
		}
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
