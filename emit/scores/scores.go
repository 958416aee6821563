package scores

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"

	"pcl/ir"
	"pcl/planner"
)

// CRMSimulate renders the score lines exactly as `crm_simulate -sQ` prints
// them, one per line, in the order Pacemaker computes them.
func CRMSimulate(res *planner.Result) []byte {
	var b []byte
	for _, l := range res.Scores {
		b, _ = l.AppendText(b)
		b = append(b, '\n')
	}
	return b
}

// finalLines returns, per resource id, the last score line printed for it on
// each node, by the node's index in res.Nodes (nil where none): the scores the
// assignment used.
func finalLines(res *planner.Result) map[string][]*planner.ScoreLine {
	nodeIndex := make(map[string]int, len(res.Nodes))
	for i, n := range res.Nodes {
		nodeIndex[n.Uname] = i
	}
	out := map[string][]*planner.ScoreLine{}
	// Lines of one resource come together: remember the last row.
	lastRsc, lastRow := "", []*planner.ScoreLine(nil)
	for i := range res.Scores {
		l := &res.Scores[i]
		n, ok := nodeIndex[l.Node]
		if !ok {
			continue
		}
		if l.Resource != lastRsc || lastRow == nil {
			lastRow = out[l.Resource]
			if lastRow == nil {
				lastRow = make([]*planner.ScoreLine, len(res.Nodes))
				out[l.Resource] = lastRow
			}
			lastRsc = l.Resource
		}
		lastRow[n] = l
	}
	return out
}

// displayNode is where a resource is placed: its own node for a primitive,
// the first member's for a group.
func displayNode(res *planner.Result, r *planner.Resource) string {
	if r.Kind == planner.KindGroup {
		if len(r.Children) == 0 {
			return ""
		}
		return res.AssignedNode(r.Children[0])
	}
	return res.AssignedNode(r)
}

// Table renders resources as rows and nodes as columns; the chosen node's
// cell is marked with "*", and "-" marks a node the resource does not
// consider at all. Group members are indented under their group.
func Table(res *planner.Result) []byte {
	var b bytes.Buffer
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	final := finalLines(res)
	row := []byte("RESOURCE")
	for _, n := range res.Nodes {
		row = append(append(row, '\t'), n.Uname...)
	}
	row = append(row, "\tPLACED\n"...)
	w.Write(row)
	for _, r := range res.Resources {
		row = row[:0]
		if r.Parent != nil {
			row = append(row, "  "...)
		}
		row = append(row, r.ID...)
		chosen := displayNode(res, r)
		lines := final[r.ID]
		for i, n := range res.Nodes {
			row = append(row, '\t')
			if n.Uname == chosen {
				row = append(row, '*')
			}
			if lines != nil && lines[i] != nil {
				row, _ = lines[i].Score.AppendText(row)
			} else {
				row = append(row, '-')
			}
		}
		placed := chosen
		if placed == "" {
			placed = "(stopped)"
		}
		row = append(append(append(row, '\t'), placed...), '\n')
		w.Write(row)
	}
	w.Flush()
	if unsupported := notPlaced(res); len(unsupported) > 0 {
		fmt.Fprintf(&b, "\nnot placed (clones and bundles are not supported yet): %s\n", strings.Join(unsupported, ", "))
	}
	return b.Bytes()
}

type jsonScore struct {
	Func  string             `json:"function"`
	Node  string             `json:"node"`
	Score string             `json:"score"`
	Trail []jsonContribution `json:"explanation,omitempty"`
}

// jsonContribution spells the value as crm_simulate does (INFINITY), so
// that JSON readers need not know Pacemaker's score range.
type jsonContribution struct {
	Cause string `json:"cause"`
	Value string `json:"value"`
	Set   bool   `json:"replaces,omitempty"`
}

func jsonTrail(trail []planner.Contribution) []jsonContribution {
	var out []jsonContribution
	for _, c := range trail {
		out = append(out, jsonContribution{Cause: c.Cause, Value: c.Value.String(), Set: c.Set})
	}
	return out
}

type jsonResource struct {
	ID     string      `json:"id"`
	Kind   string      `json:"kind"`
	Parent string      `json:"parent,omitempty"`
	Node   string      `json:"node,omitempty"`
	Why    string      `json:"why_stopped,omitempty"`
	Scores []jsonScore `json:"scores"`
}

type jsonNode struct {
	Name string `json:"name"`
	// CannotRun says why the node cannot run resources; empty when it can.
	CannotRun string `json:"cannot_run,omitempty"`
}

type jsonPlan struct {
	Now         string         `json:"now"`
	Nodes       []jsonNode     `json:"nodes"`
	Resources   []jsonResource `json:"resources"`
	Unsupported []string       `json:"unsupported,omitempty"`
}

// JSON renders every resource with its chosen node and every score line in
// order, with explanations.
func JSON(res *planner.Result) ([]byte, error) {
	jp := jsonPlan{Now: res.Now.UTC().Format("2006-01-02T15:04:05Z"), Unsupported: notPlaced(res)}
	for _, n := range res.Nodes {
		jp.Nodes = append(jp.Nodes, jsonNode{Name: n.Uname, CannotRun: availability(n)})
	}
	byRsc := map[string][]jsonScore{}
	for _, l := range res.Scores {
		byRsc[l.Resource] = append(byRsc[l.Resource], jsonScore{Func: l.Func, Node: l.Node, Score: l.Score.String(), Trail: jsonTrail(l.Trail)})
	}
	for _, r := range res.Resources {
		jr := jsonResource{ID: r.ID, Kind: kindName(r.Kind), Node: displayNode(res, r), Scores: byRsc[r.ID]}
		if r.Parent != nil {
			jr.Parent = r.Parent.ID
		}
		if jr.Node == "" {
			jr.Why = why(res, r)
		}
		if jr.Scores == nil {
			jr.Scores = []jsonScore{}
		}
		jp.Resources = append(jp.Resources, jr)
	}
	data, err := json.MarshalIndent(jp, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

func kindName(k planner.Kind) string {
	switch k {
	case planner.KindPrimitive:
		return "primitive"
	case planner.KindGroup:
		return "group"
	}
	return "unsupported"
}

func why(res *planner.Result, r *planner.Resource) string {
	if r.Kind == planner.KindGroup && len(r.Children) > 0 {
		return why(res, r.Children[0])
	}
	return r.Why
}

// Explain lists, for each node, every contribution to the final score of
// resource id, in the order applied. ok is false when there is no such
// resource.
func Explain(res *planner.Result, id string) ([]byte, bool) {
	r := res.Resource(id)
	if r == nil || r.Index < 0 {
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
				fmt.Fprintf(&b, "  = %-10s %s\n", c.Value, c.Cause)
			} else {
				run = run.Add(c.Value)
				fmt.Fprintf(&b, "  %-12s %s\n", signed(c.Value), c.Cause)
			}
		}
		if len(l.Trail) == 0 {
			fmt.Fprintf(&b, "  %-12s %s\n", "0", "default")
		}
		_ = run
	}
	return b.Bytes(), true
}

func signed(s ir.Score) string {
	if s >= 0 {
		return "+" + s.String()
	}
	return s.String()
}

func availability(n *planner.Node) string {
	switch {
	case n.Unclean && n.Unseen:
		return "unclean (the status has no entry for it, and with fencing enabled an unseen node must be fenced first)"
	case n.Unclean:
		return "unclean (it must be fenced)"
	case !n.Online && n.Unseen:
		return "offline (the status has no entry for it)"
	case !n.Online:
		return "offline"
	case n.Shutdown:
		return "shutting down"
	case n.Maintenance:
		return "in maintenance"
	case n.Pending:
		return "pending (joining the cluster)"
	case n.Standby:
		return "in standby"
	}
	return ""
}

// notPlaced names the clones and bundles, which the planner does not
// place.
func notPlaced(res *planner.Result) []string {
	var out []string
	for _, u := range res.Unknown {
		if r := res.Resource(u.Resource); r != nil && r.Index < 0 {
			out = append(out, u.Resource)
		}
	}
	return out
}
