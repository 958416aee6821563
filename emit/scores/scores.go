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
func CRMSimulate(p *planner.Plan) []byte {
	var b bytes.Buffer
	for _, l := range p.Scores {
		b.WriteString(l.String())
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// finalLines returns, per resource id, the last score line printed for it on
// each node: the scores the assignment used.
func finalLines(p *planner.Plan) map[string]map[string]planner.ScoreLine {
	out := map[string]map[string]planner.ScoreLine{}
	for _, l := range p.Scores {
		m := out[l.Resource]
		if m == nil {
			m = map[string]planner.ScoreLine{}
			out[l.Resource] = m
		}
		m[l.Node] = l
	}
	return out
}

// displayNode is where a resource is placed: its own node for a primitive,
// the first member's for a group.
func displayNode(p *planner.Plan, r *planner.Resource) string {
	if r.Kind == planner.KindGroup {
		if len(r.Children) == 0 {
			return ""
		}
		return p.AssignedNode(r.Children[0])
	}
	return p.AssignedNode(r)
}

// Table renders resources as rows and nodes as columns; the chosen node's
// cell is marked with "*", and "-" marks a node the resource does not
// consider at all. Group members are indented under their group.
func Table(p *planner.Plan) []byte {
	var b bytes.Buffer
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	final := finalLines(p)
	fmt.Fprint(w, "RESOURCE")
	for _, n := range p.Nodes {
		fmt.Fprintf(w, "\t%s", n.Uname)
	}
	fmt.Fprint(w, "\tPLACED\n")
	for _, r := range p.Resources {
		name := r.ID
		if r.Parent != nil {
			name = "  " + r.ID
		}
		fmt.Fprint(w, name)
		chosen := displayNode(p, r)
		for _, n := range p.Nodes {
			cell := "-"
			if l, ok := final[r.ID][n.Uname]; ok {
				cell = l.Score.String()
			}
			if n.Uname == chosen {
				cell = "*" + cell
			}
			fmt.Fprintf(w, "\t%s", cell)
		}
		placed := chosen
		if placed == "" {
			placed = "(stopped)"
		}
		fmt.Fprintf(w, "\t%s\n", placed)
	}
	w.Flush()
	if len(p.Unsupported) > 0 {
		fmt.Fprintf(&b, "\nnot placed (clones and bundles are not supported yet): %s\n", strings.Join(p.Unsupported, ", "))
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
func JSON(p *planner.Plan) ([]byte, error) {
	jp := jsonPlan{Now: p.Now.UTC().Format("2006-01-02T15:04:05Z"), Unsupported: p.Unsupported}
	for _, n := range p.Nodes {
		jp.Nodes = append(jp.Nodes, jsonNode{Name: n.Uname, CannotRun: availability(n)})
	}
	byRsc := map[string][]jsonScore{}
	for _, l := range p.Scores {
		byRsc[l.Resource] = append(byRsc[l.Resource], jsonScore{Func: l.Func, Node: l.Node, Score: l.Score.String(), Trail: jsonTrail(l.Trail)})
	}
	for _, r := range p.Resources {
		jr := jsonResource{ID: r.ID, Kind: kindName(r.Kind), Node: displayNode(p, r), Scores: byRsc[r.ID]}
		if r.Parent != nil {
			jr.Parent = r.Parent.ID
		}
		if jr.Node == "" {
			jr.Why = why(p, r)
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

func why(p *planner.Plan, r *planner.Resource) string {
	if r.Kind == planner.KindGroup && len(r.Children) > 0 {
		return why(p, r.Children[0])
	}
	return r.Why
}

// Explain lists, for each node, every contribution to the final score of
// resource id, in the order applied. ok is false when there is no such
// resource.
func Explain(p *planner.Plan, id string) ([]byte, bool) {
	r := p.Resource(id)
	if r == nil || r.Kind == planner.KindUnsupported {
		return nil, false
	}
	var b bytes.Buffer
	final := finalLines(p)[id]
	chosen := displayNode(p, r)
	if chosen != "" {
		fmt.Fprintf(&b, "%s is placed on %s\n", id, chosen)
	} else {
		fmt.Fprintf(&b, "%s is not placed: %s\n", id, why(p, r))
	}
	for _, n := range p.Nodes {
		l, ok := final[n.Uname]
		if !ok {
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
