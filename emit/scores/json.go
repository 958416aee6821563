package scores

import (
	"encoding/json"

	"pcl/planner"
)

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
