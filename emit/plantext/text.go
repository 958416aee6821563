package plantext

import (
	"bytes"
	"fmt"
	"iter"
	"strings"

	"pcl/internal/background"
	"pcl/ir"
	"pcl/pcmk"

	"pcl/planner"
	"pcl/planner/transition"
)

// Text writes the plan of res (which must hold its transition) for
// people: one line per resource that changes, saying what happens and
// why, then the resources that are blocked. What the planner cannot
// compute (Result.Unknown) is listed last, as unknown: its actions are
// left out rather than shown as certain.
//
//	db: move king -> ace: ace scores 200 (loc-db-ace 200), king 100 (stickiness 100)
func Text(res *planner.Result) []byte {
	var b bytes.Buffer
	b.WriteString(res.Target.Describe() + "\n")
	t := res.Transition
	changes := knownChanges(res, t.Changes)
	na := nodeActions(res)
	if len(changes) == 0 && len(na) == 0 {
		online := false
		for _, n := range t.Nodes {
			online = online || n.Online
		}
		_, planUnknown := res.PlanUnknown()
		switch {
		case planUnknown:
			// Nothing is exact: the list of unknowns says so.
		case !online && len(t.Nodes) > 0:
			// A policy without a status section: Pacemaker takes every
			// node for offline, so nothing can run.
			b.WriteString("No changes: no node is online in this input (it has no status for them), so nothing can run.\n")
		case len(res.Unknown) > 0:
			b.WriteString("No changes to the resources the planner computes.\n")
		default:
			b.WriteString("No changes: every resource stays where it is.\n")
		}
		writeUnknown(&b, res)
		return b.Bytes()
	}
	// A line per change, most under 80 bytes: the buffer is not copied
	// as it grows.
	b.Grow(80 * len(changes))
	for _, a := range na {
		fmt.Fprintf(&b, "%s\n", strings.ToLower(a[:1])+a[1:])
	}
	// The engine's walk that finds a stall reads the transition alone:
	// it is made while the score lines are indexed.
	stalls := background.Start(t.Stalls)
	lines := indexScores(res, changes)
	stall := StallOf(t, stalls())
	for _, c := range changes {
		fmt.Fprintf(&b, "%s: %s", c.Resource, verbPhrase(t, c))
		if why := reason(t, res, lines, c); why != "" {
			fmt.Fprintf(&b, ": %s", why)
		}
		if stall != nil && stall.Holds(c.Resource) {
			b.WriteString(" (never runs: the transition stalls)")
		}
		b.WriteString("\n")
	}
	if stall != nil {
		fmt.Fprintf(&b, "The transition stalls: %s.\n", stall)
	}
	writeUnknown(&b, res)
	return b.Bytes()
}

func verbPhrase(t *transition.Transition, c transition.Change) string {
	from, to := t.NodeName(c.From), t.NodeName(c.To)
	verb := strings.ToLower(c.Verb)
	switch {
	case from != "" && to != "" && from != to:
		return fmt.Sprintf("%s %s -> %s", verb, from, to)
	case from != "":
		return fmt.Sprintf("%s on %s", verb, from)
	case to != "":
		return fmt.Sprintf("%s on %s", verb, to)
	}
	return verb
}

// reason explains a change from the transition's own reason and, for
// placement decisions, the score explanation the planner keeps.
func reason(t *transition.Transition, res *planner.Result, lines scoreLines, c transition.Change) string {
	var parts []string
	if c.Reason != "" {
		parts = append(parts, "due to "+c.Reason)
	}
	if c.Blocked {
		parts = append(parts, "blocked: the action cannot run")
	}
	r := res.Resource(c.Resource)
	switch c.Verb {
	case "Move", "Start", "Recover":
		to := t.NodeName(c.To)
		if to == "" {
			if c.Verb == "Recover" && c.Reason == "" {
				parts = append(parts, "it failed")
			}
			break
		}
		if c.Verb == "Recover" {
			parts = append(parts, "it failed on "+t.NodeName(c.From))
		}
		if c.From != transition.NoNode && c.From != c.To {
			if why := nodeUnusable(t.Nodes[c.From]); why != "" {
				parts = append(parts, fmt.Sprintf("%s %s", t.NodeName(c.From), why))
				break
			}
			if full := capacityOn(res, r, t.NodeName(c.From)); full != "" {
				parts = append(parts, fmt.Sprintf("%s has not enough capacity left for it (%s)", t.NodeName(c.From), full))
				break
			}
		}
		subject := c.Resource
		from := t.NodeName(c.From)
		if r != nil && r.Parent != nil && r.Parent.IsGroup() && len(r.Parent.Children) > 0 && r.Parent.Children[0] != r {
			// A later group member goes where the member before it goes, so
			// its own scores only say it was told to: the first member's
			// scores are the reason.
			subject = r.Parent.Children[0].ID
			parts = append(parts, "it follows "+subject+" in group "+r.Parent.ID)
		}
		s := fmt.Sprintf("%s scores %s", to, explain(lines, subject, to))
		if from != "" && from != to {
			s += fmt.Sprintf(" against %s on %s", explain(lines, subject, from), from)
		}
		if subject != c.Resource {
			s = subject + " on " + s
		}
		if from != "" && score(lines, subject, to) < score(lines, subject, from) {
			s += "; a colocation or an unusable node overrides these scores"
		}
		parts = append(parts, s)
	case "Stop":
		if h, ok := ticketBan(res, r); ok {
			parts = append(parts, "it needs "+h.String())
		} else if r != nil && r.Why != "" {
			parts = append(parts, r.Why)
		}
	}
	if why := promotionReason(res, c); why != "" {
		parts = append(parts, why)
	}
	return strings.Join(parts, "; ")
}

// ticketBan is the ticket constraint that keeps r off every node, if any:
// the reason r stops, rather than the scores it makes.
func ticketBan(res *planner.Result, r *planner.Resource) (planner.TicketHold, bool) {
	if r == nil {
		return planner.TicketHold{}, false
	}
	return res.BannedBy(r)
}

// promotionReason says why a change promotes or demotes an instance of a
// promotable clone, from its promotion score line: "" for a change that
// does neither.
func promotionReason(res *planner.Result, c transition.Change) string {
	promoting := c.NextRole == pcmk.RolePromoted
	demoting := c.Role == pcmk.RolePromoted && c.NextRole == pcmk.RoleUnpromoted
	if !promoting && !demoting {
		return ""
	}
	l := promotionLine(res, c.Resource)
	if l == nil {
		return ""
	}
	// The terms of the sum, an instance priority or a clone's score
	// spelled out by its own parts (the first of which starts from 0).
	var terms []string
	for _, term := range l.Trail {
		parts := term.Parts
		if len(parts) == 0 {
			parts = []planner.Contribution{term.Contribution}
		}
		for i, c := range parts {
			if c.Value == 0 && (!c.Set || i == 0) {
				continue
			}
			v := c.Value.String()
			if c.Set && i > 0 {
				v = "= " + v
			}
			terms = append(terms, c.Why.Text+" "+v)
		}
	}
	sum := l.Score.String()
	if len(terms) > 0 {
		sum += " = " + strings.Join(terms, " + ")
	}
	if l.Promoted {
		return fmt.Sprintf("promoted: %s (%s)", l.Why, sum)
	}
	return fmt.Sprintf("not promoted: %s (promotion score %s)", l.Why, sum)
}

// promotionLine is the promotion score line of a clone instance, or of
// the cloned group instance a member belongs to; nil when there is none.
func promotionLine(res *planner.Result, id string) *planner.PromotionLine {
	ids := []string{id}
	if r := res.Resource(id); r != nil && r.Parent != nil {
		ids = append(ids, r.Parent.ID)
	}
	for _, want := range ids {
		for i := range res.Promotions {
			if res.Promotions[i].Resource == want {
				return &res.Promotions[i]
			}
		}
	}
	return nil
}

// score is a resource's allocation score on a node (-INFINITY when the
// node is not listed).
func score(lines scoreLines, rsc, node string) ir.Score {
	if l := lines.find(rsc, node); l != nil {
		return l.Score
	}
	return -ir.Infinity
}

// scoreLines holds, for each resource whose change is explained, where
// its runs of consecutive score lines lie in all (a group member has its
// group's lines and then its own, possibly in one run): with one change
// per resource to explain, searching all of the plan's lines per change
// would cost resources × lines. A line and its trail are read only when
// found.
type scoreLines struct {
	all  *planner.ScoreLines
	runs map[string][]lineRange
}

// lineRange is the lines from start up to end (excluded).
type lineRange struct{ start, end int }

// find returns a resource's last score line on a node: the one its own
// assignment printed (a group member's group lines come first and do not
// hold colocations or its group's pull). nil when there is none.
func (m scoreLines) find(rsc, node string) *planner.ScoreLine {
	runs := m.runs[rsc]
	for i := len(runs) - 1; i >= 0; i-- {
		for j := runs[i].end - 1; j >= runs[i].start; j-- {
			if m.all.Node(j) == node {
				l := m.all.At(j)
				return &l
			}
		}
	}
	return nil
}

// Explained names the score lines Text reads to explain res's changes,
// as lines[resource][node] (nil when it reads none): those of the changed
// resources and of the first members of their groups, on the nodes the
// changes leave and go to. A plan made without score lines gets these
// from planner.Explain, which is much cheaper than recording every line
// of a clone-heavy cluster.
func Explained(res *planner.Result) map[string]map[string]bool {
	var lines map[string]map[string]bool
	for id, nodes := range explainingLines(res) {
		if lines == nil {
			lines = map[string]map[string]bool{}
		}
		named := lines[id]
		if named == nil {
			named = map[string]bool{}
			lines[id] = named
		}
		for _, n := range nodes {
			if n != "" {
				named[n] = true
			}
		}
	}
	return lines
}

// HoldsExplanations reports whether res holds every score line Explained
// names, asking res line by line: a clone-heavy plan's Explained is a map
// of 100,000s.
func HoldsExplanations(res *planner.Result) bool {
	for id, nodes := range explainingLines(res) {
		for _, n := range nodes {
			if n != "" && !res.ExplainsLine(id, n) {
				return false
			}
		}
	}
	return true
}

// explainingLines yields, for each known change of res and each resource
// whose lines reason can ask for to explain it (explainedIDs), the names
// of the nodes the change leaves and goes to ("" for none).
func explainingLines(res *planner.Result) iter.Seq2[string, [2]string] {
	return func(yield func(string, [2]string) bool) {
		t := res.Transition
		for _, c := range knownChanges(res, t.Changes) {
			nodes := [2]string{t.NodeName(c.From), t.NodeName(c.To)}
			for _, id := range explainedIDs(res, c) {
				if !yield(id, nodes) {
					return
				}
			}
		}
	}
}

// explainedIDs are the resources whose lines reason can ask for to
// explain change c: the changed resource and the first member of its
// group.
func explainedIDs(res *planner.Result, c transition.Change) []string {
	ids := []string{c.Resource}
	if r := res.Resource(c.Resource); r != nil && r.Parent != nil && len(r.Parent.Children) > 0 {
		ids = append(ids, r.Parent.Children[0].ID)
	}
	return ids
}

// indexScores indexes the lines reason can ask for (explainedIDs).
func indexScores(res *planner.Result, changes []transition.Change) scoreLines {
	// A resource, or a group's first member, per change.
	m := scoreLines{all: &res.Scores, runs: make(map[string][]lineRange, len(changes))}
	if len(changes) == 0 {
		return m
	}
	for _, c := range changes {
		for _, id := range explainedIDs(res, c) {
			m.runs[id] = nil
		}
	}
	for start, n := 0, res.Scores.Len(); start < n; {
		rsc := res.Scores.Resource(start)
		end := start + 1
		for end < n && res.Scores.Resource(end) == rsc {
			end++
		}
		if runs, needed := m.runs[rsc]; needed {
			m.runs[rsc] = append(runs, lineRange{start, end})
		}
		start = end
	}
	return m
}

// explain gives a resource's score on a node with its contributions.
func explain(lines scoreLines, rsc, node string) string {
	if l := lines.find(rsc, node); l != nil {
		return describe(l.Score, l.Trail)
	}
	return "?"
}

// describe gives a score with the contributions that made it (those that
// add nothing left out).
func describe(score ir.Score, trail []planner.Contribution) string {
	var terms []string
	for _, c := range trail {
		if c.Value == 0 && !c.Set {
			continue
		}
		v := c.Value.String()
		if c.Set {
			v = "= " + v
		}
		terms = append(terms, c.Why.Text+" "+v)
	}
	if len(terms) == 0 {
		return score.String()
	}
	return fmt.Sprintf("%s (%s)", score, strings.Join(terms, ", "))
}

// nodeUnusable says why a node cannot keep resources, "" when it can.
func nodeUnusable(n *transition.Node) string {
	switch {
	case n.Unclean:
		return "is unclean and will be fenced"
	case !n.Online:
		return "is offline"
	case n.Shutdown:
		return "is shutting down"
	case n.Standby:
		return "is in standby"
	case n.Maintenance:
		return "is in maintenance"
	}
	return ""
}

// capacityOn says what a placement strategy found short on the named node
// for r ("cpu: needs 2, 0 left of 2"); "" when it banned r from no such
// node.
func capacityOn(res *planner.Result, r *planner.Resource, node string) string {
	if r == nil {
		return ""
	}
	for _, b := range r.CapacityBans {
		if b.Node < len(res.Nodes) && res.Nodes[b.Node].Uname == node {
			return b.Text
		}
	}
	return ""
}
