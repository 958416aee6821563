package history

import (
	"strings"

	"pcl/ir"
	"pcl/planner"
)

// changes are the transition's summary lines of cur (leaving out the
// resources the planner cannot compute), each with its scores beside
// those of prev (nil for the first input).
func changes(prev, cur *step, t0 *Transition) []Change {
	t := cur.res.Transition
	if t0 == nil {
		t0 = &Transition{}
	}
	var out []Change
	for _, c := range t.Changes {
		if _, unknown := cur.res.IsUnknown(c.Resource); unknown {
			continue
		}
		ch := Change{Change: c.Verb, Resource: c.Resource, From: t.NodeName(c.From), To: t.NodeName(c.To), Reason: c.Reason, Blocked: c.Blocked}
		if c.NeedRole {
			ch.Role, ch.NextRole = c.Role.String(), c.NextRole.String()
		}
		ch.Why = why(prev, cur, ch)
		base, _, _ := strings.Cut(c.Resource, ":")
		for _, op := range t0.Operations {
			if op.Failed && (op.Resource == c.Resource || op.Resource == base) {
				ch.Failed = append(ch.Failed, op)
			}
		}
		for _, o := range t0.Config {
			if o.ID == c.Resource || o.ID == base {
				ch.Configured = append(ch.Configured, o.Kind+" "+o.ID+" "+string(o.Change))
			}
		}
		out = append(out, ch)
	}
	return out
}

// finalScores are the last score line of each resource on each node: the
// score the resource was placed by (a clone's instance, a group's member
// and a primitive each have their own).
func finalScores(res *planner.Result) map[string]map[string]*planner.ScoreLine {
	out := map[string]map[string]*planner.ScoreLine{}
	for _, l := range res.Scores.All() {
		row := out[l.Resource]
		if row == nil {
			row = map[string]*planner.ScoreLine{}
			out[l.Resource] = row
		}
		row[l.Node] = &l
	}
	return out
}

// why compares the scores of ch's resource on the nodes that matter to
// it: where it ran, where it goes, and every node whose score changed
// since prev.
func why(prev, cur *step, ch Change) []NodeScore {
	now := finalScores(cur.res)[ch.Resource]
	if now == nil {
		return nil
	}
	var before map[string]*planner.ScoreLine
	if prev != nil {
		before = finalScores(prev.res)[ch.Resource]
	}
	chosen := ch.To
	if chosen == "" && ch.Change != "Stop" {
		chosen = ch.From // a restart, a promotion in place
	}
	wasNode := map[string]string{}
	if prev != nil {
		for _, n := range prev.res.Nodes {
			wasNode[n.Uname] = unavailable(n)
		}
	}
	var out []NodeScore
	for _, n := range cur.res.Nodes {
		l := now[n.Uname]
		if l == nil {
			continue
		}
		ns := NodeScore{Node: n.Uname, Score: l.Score.String(), Chosen: n.Uname == chosen, Was: n.Uname == ch.From, Unavailable: unavailable(n)}
		if was := wasNode[n.Uname]; was != ns.Unavailable {
			ns.UnavailableBefore = was
			if was == "" {
				ns.UnavailableBefore = "available"
			}
		}
		b := before[n.Uname]
		if b != nil {
			ns.Before = b.Score.String()
			ns.Added, ns.Removed = trailDiff(b.Trail, l.Trail)
		} else {
			ns.Added = contributions(l.Trail)
		}
		if prev != nil && b != nil && ns.Score == ns.Before && len(ns.Added) == 0 && len(ns.Removed) == 0 && !ns.Chosen && !ns.Was && ns.UnavailableBefore == "" {
			continue // nothing changed on a node the resource neither left nor went to
		}
		out = append(out, ns)
	}
	return out
}

// contribution renders one step of a score trail.
func contribution(c planner.Contribution) Contribution {
	v := signed(c.Value)
	if c.Set {
		v = "= " + c.Value.String()
	}
	cause := ""
	if c.Why != nil {
		cause = c.Why.Text
	}
	return Contribution{Value: v, Cause: cause}
}

func signed(s ir.Score) string {
	if s >= 0 {
		return "+" + s.String()
	}
	return s.String()
}

func contributions(trail []planner.Contribution) []Contribution {
	out := make([]Contribution, 0, len(trail))
	for _, c := range trail {
		out = append(out, contribution(c))
	}
	return out
}

// trailDiff is what only now and only before hold, as multisets of
// rendered contributions, each in its trail's order.
func trailDiff(before, now []planner.Contribution) (added, removed []Contribution) {
	count := map[Contribution]int{}
	for _, c := range before {
		count[contribution(c)]++
	}
	for _, c := range now {
		r := contribution(c)
		if count[r] > 0 {
			count[r]--
			continue
		}
		added = append(added, r)
	}
	for _, c := range before {
		r := contribution(c)
		if count[r] > 0 {
			count[r]--
			removed = append(removed, r)
		}
	}
	return added, removed
}
