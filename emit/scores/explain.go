package scores

import (
	"bytes"
	"fmt"
	"strings"

	"pcl/ir"
	"pcl/planner"
)

// Explain lists, for each node, every contribution to the final score of
// resource id, in the order applied. For a resource the planner cannot
// compute it says so, and why, instead. The primitive (or group) a clone
// is made of is explained instance by instance. ok is false when there is
// no such resource.
func Explain(res *planner.Result, id string) ([]byte, bool) {
	var b bytes.Buffer
	b.WriteString(res.Target.Describe() + "\n")
	if r := res.Resource(id); r != nil {
		if !explainOne(&b, res, r) {
			return nil, false
		}
		return b.Bytes(), true
	}
	instances := instancesOf(res, id)
	if len(instances) == 0 {
		return nil, false
	}
	fmt.Fprintf(&b, "%s is what clone %s is made of; each of its %d instances is placed on its own:\n", id, instances[0].Parent.ID, len(instances))
	for _, r := range instances {
		b.WriteString("\n")
		explainOne(&b, res, r)
	}
	return b.Bytes(), true
}

// instancesOf are the instances of a clone made of the resource named id
// ("pgsql" for pgsql:0, pgsql:1, ...), in unpack order.
func instancesOf(res *planner.Result, id string) []*planner.Resource {
	var out []*planner.Resource
	for _, r := range res.Resources {
		base, _, numbered := strings.Cut(r.ID, ":")
		if numbered && base == id && r.Parent != nil && r.Parent.CloneLimits != nil {
			out = append(out, r)
		}
	}
	return out
}

// explainOne appends the explanation of one resource; false when it has
// none (an orphan the planner does not place).
func explainOne(b *bytes.Buffer, res *planner.Result, r *planner.Resource) bool {
	id := r.ID
	if u, unknown := res.IsUnknown(id); unknown {
		b.WriteString(id + " is " + unknownLine(u) + "\n")
		return true
	}
	if r.Index < 0 {
		return false
	}
	final := finalLines(res)[id]
	if final == nil {
		final = make([]*planner.ScoreLine, len(res.Nodes))
	}
	chosen := displayNode(res, r)
	if chosen != "" {
		fmt.Fprintf(b, "%s is placed on %s\n", id, chosen)
		for _, n := range res.Nodes {
			if n.Uname == chosen {
				if reach := res.NodeReach(n); reach != "" {
					fmt.Fprintf(b, "  %s\n", reach)
				}
			}
		}
	} else {
		fmt.Fprintf(b, "%s is not placed: %s\n", id, why(res, r))
	}
	for _, h := range res.TicketsOf(r) {
		fmt.Fprintf(b, "%s needs %s\n", id, h)
	}
	for i, n := range res.Nodes {
		l := final[i]
		if l == nil {
			fmt.Fprintf(b, "\n%s: not considered (no score)\n", n.Uname)
			continue
		}
		mark := ""
		if n.Uname == chosen {
			mark = " (chosen)"
		}
		fmt.Fprintf(b, "\n%s: %s%s\n", n.Uname, l.Score, mark)
		if avail := availability(n); avail != "" {
			fmt.Fprintf(b, "  cannot run resources here: the node is %s\n", avail)
			if reach := res.NodeReach(n); reach != "" {
				fmt.Fprintf(b, "  (%s)\n", reach)
			}
		}
		var run ir.Score
		for _, c := range l.Trail {
			writeContribution(b, "  ", c, &run)
		}
		if len(l.Trail) == 0 {
			fmt.Fprintf(b, "  %-12s %s\n", "0", "default")
		}
		// Capacity is checked when the resource is assigned, after the
		// scores above (which crm_simulate prints as they are).
		for _, ban := range r.CapacityBans {
			if ban.Node == i {
				fmt.Fprintf(b, "  then banned (-INFINITY) at assignment, not enough capacity: %s\n", ban.Text)
			}
		}
	}
	if r.Promotable {
		explainPromotions(b, res, r)
	}
	return true
}

// explainPromotions appends the promotion score of each instance of a
// promotable clone r (or of r, an instance or a member of one), in the
// order Pacemaker considers them, with every contribution to it in the
// order added (an instance priority summed into its clone's score with
// its own contributions beneath it) and why the instance is or is not
// promoted.
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
	for up := r.Parent; up != nil; up = up.Parent {
		ids[up.ID] = true // a cloned group member's line is its instance's
	}
	var lines []planner.PromotionLine
	for _, l := range res.Promotions {
		if ids[l.Resource] {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		return
	}
	b.WriteString("\npromotion scores")
	if opts := r.Top().CloneLimits; opts != nil {
		fmt.Fprintf(b, " (promoted-max %d, promoted-node-max %d)", opts.PromotedMax, opts.PromotedNodeMax)
	}
	b.WriteString(", highest first:\n")
	for _, l := range lines {
		verdict := "not promoted"
		if l.Promoted {
			verdict = "promoted"
		}
		fmt.Fprintf(b, "\n%s on %s: %s, %s: %s\n", l.Resource, l.Node, l.Score, verdict, l.Why)
		var run ir.Score
		for _, c := range l.Trail {
			writeContribution(b, "  ", c.Contribution, &run)
			var partRun ir.Score
			for _, part := range c.Parts {
				writeContribution(b, "      ", part, &partRun)
			}
		}
		if len(l.Trail) == 0 {
			fmt.Fprintf(b, "  %-12s %s\n", "0", "default")
		}
	}
}

// writeContribution appends one contribution to a score: its value
// (signed, or "= value" when it replaces the score) and its cause, and
// says when Pacemaker's arithmetic clamps the running sum *run to
// INFINITY or -INFINITY.
func writeContribution(b *bytes.Buffer, indent string, c planner.Contribution, run *ir.Score) {
	before := *run
	*run = c.Apply(before)
	if c.Set {
		fmt.Fprintf(b, "%s= %-10s %s\n", indent, c.Value, c.Why.Text)
		return
	}
	clamp := ""
	if exact := int64(before) + int64(c.Value); finite(before) && finite(c.Value) && exact != int64(*run) {
		clamp = fmt.Sprintf(" (the sum, %d, is clamped to %s)", exact, *run)
	}
	fmt.Fprintf(b, "%s%-12s %s%s\n", indent, signed(c.Value), c.Why.Text, clamp)
}

func finite(s ir.Score) bool { return s > -ir.Infinity && s < ir.Infinity }

func signed(s ir.Score) string {
	if s >= 0 {
		return "+" + s.String()
	}
	return s.String()
}
