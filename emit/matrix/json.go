package matrix

import (
	"encoding/json"

	"pcl/emit/plantext"
	"pcl/pcmk"
	"pcl/planner"
)

type jsonDoc struct {
	// Pacemaker is the release planned for (Report.Target).
	Pacemaker pcmk.Target    `json:"pacemaker"`
	Scenarios []jsonScenario `json:"scenarios"`
	// Unknown is what the planner cannot compute (Report.Unknown).
	Unknown []planner.Unknown `json:"unknown,omitempty"`
}

type jsonScenario struct {
	Name      string             `json:"name"`
	Placement map[string]*string `json:"placement"`
	// Changes are the transition summary (crm_simulate's), Actions the
	// graph's actions.
	Changes []plantext.ChangeEntry `json:"changes"`
	Actions []Action               `json:"actions"`
	// Settling are the summaries of the transitions run after the first
	// until the cluster was stable, Unsettled set when it was not.
	Settling  [][]plantext.ChangeEntry `json:"settling,omitempty"`
	Unsettled bool                     `json:"unsettled,omitempty"`
	// Stall is set when the transition stalls.
	Stall *plantext.Stall `json:"stall,omitempty"`
	// Quorum is the have-quorum the scenario was planned with.
	Quorum *jsonQuorum `json:"quorum,omitempty"`
	// Error is set only for a scenario that could not be planned.
	Error string `json:"error,omitempty"`
	// After names the scenario this one starts from, and Returns says
	// whether it takes back what that one moved (Column.Returns).
	After   string       `json:"after,omitempty"`
	Returns []jsonReturn `json:"returns,omitempty"`
}

// jsonReturn is a Return: a node, or null for stopped, for where the
// resource was, where the followed scenario left it and where it is now.
type jsonReturn struct {
	Resource string  `json:"resource"`
	Back     bool    `json:"back"`
	Was      *string `json:"was"`
	Moved    *string `json:"moved"`
	Now      *string `json:"now"`
	Text     string  `json:"text"`
}

// cellNode is a cell's node for JSON, null when it has none.
func cellNode(c Cell) *string {
	if (c.State == Placed || c.State == Blocked || c.State == Degraded) && c.Node != "" {
		node := c.Node
		return &node
	}
	return nil
}

// JSON writes every scenario (the baseline first, named "baseline") with
// the node of every resource (null when it has none) and its actions.
// Keys of placement are sorted, so the output is reproducible. A resource
// the planner cannot compute has no placement (neither a node nor null,
// which would say it stops), its actions are marked "unknown", and the
// top-level "unknown" list says why.
func JSON(r *Report) ([]byte, error) {
	doc := jsonDoc{Pacemaker: r.Target, Scenarios: []jsonScenario{}, Unknown: r.Unknown}
	for _, c := range r.all() {
		s := jsonScenario{Name: c.Name, Placement: map[string]*string{}, Changes: c.Summary, Actions: c.Actions, Stall: c.Stall, Quorum: c.jsonQuorum(), Error: c.Err, Settling: c.Settling, Unsettled: c.Unsettled}
		if s.Changes == nil {
			s.Changes = []plantext.ChangeEntry{}
		}
		if s.Actions == nil {
			s.Actions = []Action{}
		}
		for i, id := range r.Resources {
			cell := c.Cells[i]
			if cell.State == Unknown && c.Err == "" {
				continue
			}
			s.Placement[id] = cellNode(cell)
		}
		s.After = c.Follows
		for _, ret := range c.Returns {
			s.Returns = append(s.Returns, jsonReturn{Resource: ret.Resource, Back: ret.Back(),
				Was: cellNode(ret.Was), Moved: cellNode(ret.Moved), Now: cellNode(ret.Now), Text: ret.String()})
		}
		doc.Scenarios = append(doc.Scenarios, s)
	}
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

// all is the baseline, when planned, then the scenarios.
func (r *Report) all() []*Column {
	var out []*Column
	if r.Baseline != nil {
		out = append(out, r.Baseline)
	}
	return append(out, r.Columns...)
}
