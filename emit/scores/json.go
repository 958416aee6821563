package scores

import (
	"encoding/json"

	"pcl/pcmk"
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
	Cause      string `json:"cause"`
	Kind       string `json:"kind"`
	Constraint string `json:"constraint,omitempty"`
	Value      string `json:"value"`
	Set        bool   `json:"replaces,omitempty"`
	// Parts is the making of Value, when it is a score of its own (an
	// instance's promotion priority, a clone's allocation score).
	Parts []jsonContribution `json:"parts,omitempty"`
}

func jsonTrail(trail []planner.Contribution) []jsonContribution {
	var out []jsonContribution
	for _, c := range trail {
		out = append(out, jsonContributionOf(c))
	}
	return out
}

func jsonContributionOf(c planner.Contribution) jsonContribution {
	return jsonContribution{Cause: c.Why.Text, Kind: c.Why.Kind.String(), Constraint: c.Why.Constraint, Value: c.Value.String(), Set: c.Set}
}

func jsonPromotionTrail(trail []planner.PromotionTerm) []jsonContribution {
	out := []jsonContribution{}
	for _, c := range trail {
		jc := jsonContributionOf(c.Contribution)
		jc.Parts = jsonTrail(c.Parts)
		out = append(out, jc)
	}
	return out
}

type jsonResource struct {
	ID     string `json:"id"`
	Kind   string `json:"kind"`
	Parent string `json:"parent,omitempty"`
	// Unknown marks a resource the planner cannot compute: it has no
	// node and no scores, and UnknownDetail says why.
	Unknown       bool        `json:"unknown,omitempty"`
	UnknownDetail string      `json:"unknown_detail,omitempty"`
	Node          string      `json:"node,omitempty"`
	Why           string      `json:"why_stopped,omitempty"`
	Scores        []jsonScore `json:"scores"`
}

type jsonNode struct {
	Name string `json:"name"`
	// CannotRun says why the node cannot run resources; empty when it can.
	CannotRun string `json:"cannot_run,omitempty"`
}

type jsonPlan struct {
	// Pacemaker is the release planned for.
	Pacemaker pcmk.Target    `json:"pacemaker"`
	Now       string         `json:"now"`
	Nodes     []jsonNode     `json:"nodes"`
	Resources []jsonResource `json:"resources"`
	// Unknown is Result.Unknown: what the planner cannot compute, and
	// why.
	Unknown []planner.Unknown `json:"unknown,omitempty"`
	// Promotions are the promotion scores of promotable clones'
	// instances, as crm_simulate prints them.
	Promotions []jsonPromotion `json:"promotions,omitempty"`
	// Utilization is the utilization report, when asked for: each
	// node's capacities before and after assignment and what each
	// assigned resource takes, as crm_simulate --show-utilization
	// prints them.
	Utilization *planner.UtilizationReport `json:"utilization,omitempty"`
	// Tickets are the ticket constraints (Result.Tickets): per resource
	// each applies to, the ticket, its state and what it did.
	Tickets []jsonTicket `json:"tickets,omitempty"`
}

type jsonTicket struct {
	Constraint string `json:"constraint"`
	Ticket     string `json:"ticket"`
	Resource   string `json:"resource"`
	// Role is the role the constraint restricts, "" for every role.
	Role       string   `json:"role,omitempty"`
	LossPolicy string   `json:"loss_policy"`
	Granted    bool     `json:"granted"`
	Standby    bool     `json:"standby"`
	Effect     string   `json:"effect,omitempty"`
	Banned     []string `json:"banned,omitempty"`
	Frozen     []string `json:"frozen,omitempty"`
	Fenced     []string `json:"fenced,omitempty"`
	// NoPromotion: the promotable clone promotes no instance for want of
	// the ticket.
	NoPromotion bool `json:"no_promotion,omitempty"`
}

type jsonPromotion struct {
	Resource string `json:"resource"`
	Node     string `json:"node"`
	Score    string `json:"score"`
	// Promoted says whether the instance is chosen for promotion, Why
	// why it is or is not.
	Promoted bool   `json:"promoted"`
	Why      string `json:"why"`
	// Contributions are what makes Score, in the order added.
	Contributions []jsonContribution `json:"contributions"`
}

// JSON renders every resource with its chosen node and every score line in
// order, with explanations. A resource the planner cannot compute has
// "unknown": true and the reason instead of a node and scores, and the
// top-level "unknown" list says what cannot be computed; "promotions" lists
// the promotion score of each promotable clone instance, whether it is
// promoted and why, and its contributions; "tickets" every ticket
// constraint, the ticket's state and what it did.
func JSON(res *planner.Result) ([]byte, error) {
	jp := jsonPlan{Pacemaker: res.Target, Now: res.Now.UTC().Format("2006-01-02T15:04:05Z"), Unknown: res.Unknown, Utilization: res.Utilization}
	for _, n := range res.Nodes {
		jp.Nodes = append(jp.Nodes, jsonNode{Name: n.Uname, CannotRun: availability(n)})
	}
	byRsc := map[string][]jsonScore{}
	for _, l := range res.Scores.All() {
		byRsc[l.Resource] = append(byRsc[l.Resource], jsonScore{Func: l.Func, Node: l.Node, Score: l.Score.String(), Trail: jsonTrail(l.Trail)})
	}
	for _, r := range rows(res) {
		jr := jsonResource{ID: r.ID, Kind: r.KindName(), Scores: []jsonScore{}}
		if r.Parent != nil {
			jr.Parent = r.Parent.ID
		}
		if u, unknown := res.IsUnknown(r.ID); unknown {
			jr.Unknown, jr.UnknownDetail = true, u.Detail
			jp.Resources = append(jp.Resources, jr)
			continue
		}
		jr.Node, jr.Scores = displayNode(res, r), byRsc[r.ID]
		if jr.Node == "" {
			jr.Why = why(res, r)
		}
		if jr.Scores == nil {
			jr.Scores = []jsonScore{}
		}
		jp.Resources = append(jp.Resources, jr)
	}
	for _, l := range res.Promotions {
		jp.Promotions = append(jp.Promotions, jsonPromotion{Resource: l.Resource, Node: l.Node, Score: l.Score.String(),
			Promoted: l.Promoted, Why: l.Why, Contributions: jsonPromotionTrail(l.Trail)})
	}
	for _, h := range res.Tickets {
		jt := jsonTicket{Constraint: h.Constraint, Ticket: h.Ticket, Resource: h.Resource, LossPolicy: h.LossPolicy,
			Granted: h.Granted, Standby: h.Standby, Effect: h.Effect(), Banned: h.Banned, Frozen: h.Frozen, Fenced: h.Fenced,
			NoPromotion: h.NoPromotion}
		if h.Role != pcmk.RoleUnknown {
			jt.Role = h.Role.String()
		}
		jp.Tickets = append(jp.Tickets, jt)
	}
	data, err := json.MarshalIndent(jp, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}
