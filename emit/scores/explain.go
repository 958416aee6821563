package scores

import (
	"bytes"
	"fmt"

	"pcl/ir"
	"pcl/planner"
)

// Explain lists, for each node, every contribution to the final score of
// resource id, in the order applied. For a resource the planner cannot
// compute it says so, and why, instead. ok is false when there is no such
// resource.
func Explain(res *planner.Result, id string) ([]byte, bool) {
	r := res.Resource(id)
	if r == nil {
		return nil, false
	}
	if u, unknown := res.IsUnknown(id); unknown {
		return []byte(id + " is " + unknownLine(u) + "\n"), true
	}
	if r.Index < 0 {
		return nil, false
	}
	var b bytes.Buffer
	final := finalLines(res)[id]
	if final == nil {
		final = make([]*planner.ScoreLine, len(res.Nodes))
	}
	chosen := displayNode(res, r)
	if chosen != "" {
		fmt.Fprintf(&b, "%s is placed on %s\n", id, chosen)
	} else {
		fmt.Fprintf(&b, "%s is not placed: %s\n", id, why(res, r))
	}
	for i, n := range res.Nodes {
		l := final[i]
		if l == nil {
			fmt.Fprintf(&b, "\n%s: not considered (no score)\n", n.Uname)
			continue
		}
		mark := ""
		if n.Uname == chosen {
			mark = " (chosen)"
		}
		fmt.Fprintf(&b, "\n%s: %s%s\n", n.Uname, l.Score, mark)
		if avail := availability(n); avail != "" {
			fmt.Fprintf(&b, "  cannot run resources here: the node is %s\n", avail)
		}
		var run ir.Score
		for _, c := range l.Trail {
			if c.Set {
				run = c.Value
				fmt.Fprintf(&b, "  = %-10s %s\n", c.Value, c.Why.Text)
			} else {
				run = run.Add(c.Value)
				fmt.Fprintf(&b, "  %-12s %s\n", signed(c.Value), c.Why.Text)
			}
		}
		if len(l.Trail) == 0 {
			fmt.Fprintf(&b, "  %-12s %s\n", "0", "default")
		}
		// Capacity is checked when the resource is assigned, after the
		// scores above (which crm_simulate prints as they are).
		for _, ban := range r.CapacityBans {
			if ban.Node == i {
				fmt.Fprintf(&b, "  then banned (-INFINITY) at assignment, not enough capacity: %s\n", ban.Text())
			}
		}
		_ = run
	}
	if r.Promotable {
		explainPromotions(&b, res, r)
	}
	return b.Bytes(), true
}

// explainPromotions appends the promotion score of each instance of a
// promotable clone r (or of r, an instance or a member of one), as the
// planner computed it: the highest promoted, up to promoted-max.
func explainPromotions(b *bytes.Buffer, res *planner.Result, r *planner.Resource) {
	ids := map[string]bool{}
	var add func(r *planner.Resource)
	add = func(r *planner.Resource) {
		ids[r.ID] = true
		for _, c := range r.Children {
			add(c)
		}
	}
	add(r)
	var lines []planner.PromotionLine
	for _, l := range res.Promotions {
		if ids[l.Resource] {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		return
	}
	b.WriteString("\npromotion scores:\n")
	for _, l := range lines {
		fmt.Fprintf(b, "  %s on %s: %s\n", l.Resource, l.Node, l.Score)
	}
}

func signed(s ir.Score) string {
	if s >= 0 {
		return "+" + s.String()
	}
	return s.String()
}
