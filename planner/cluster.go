package planner

import (
	"pcl/planner/model"
	"strings"
)

// The planner works on the shared model; these names keep its code short.
type (
	Contribution = model.Contribution
	table        = model.Table
)

// variantOrder is Pacemaker's enum pe_obj_types, used by colocation sorting.
func variantOrder(r *model.Resource) int { return int(r.Kind) }

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

func (p *plan) column(attr string) *attrColumn {
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
