package planner

import (
	"time"

	"pcl/ir"
	"pcl/planner/ruleeval"
)

// ruleevalEval adapts planner/ruleeval to RuleEvaluator.
func (p *plan) ruleevalEval(r *ir.Rule, env *RuleEnv) bool {
	ctx := &ruleeval.Context{Now: env.Now, Node: env.Node, Agent: env.Agent, RuleByID: p.ruleByID}
	if env.Params != nil || env.Meta != nil || env.Matches != nil {
		ctx.Match = &ruleeval.Match{Params: env.Params, Meta: env.Meta, Submatches: env.Matches}
	}
	if env.OpSet {
		ctx.Op = &ruleeval.Op{Name: env.OpName, IntervalMs: env.OpIntervalMs}
	}
	return ruleeval.Eval(r, ctx)
}

// ruleByID finds a rule by id for id-refs, indexing the configuration's
// rules on first use.
func (p *plan) ruleByID(id string) *ir.Rule {
	if p.rules == nil {
		p.rules = map[string]*ir.Rule{}
		var walk func(r *ir.Rule)
		walk = func(r *ir.Rule) {
			if r == nil {
				return
			}
			if r.ID != "" && r.IDRef == "" {
				if _, dup := p.rules[r.ID]; !dup {
					p.rules[r.ID] = r
				}
			}
			for _, t := range r.Terms {
				if nr, ok := t.(*ir.Rule); ok {
					walk(nr)
				}
			}
		}
		sets := func(ss []*ir.NVSet) {
			for _, s := range ss {
				for _, r := range s.Rules {
					walk(r)
				}
			}
		}
		cfg := p.CIB.Config
		sets(cfg.Properties)
		sets(cfg.RscDefaults)
		sets(cfg.OpDefaults)
		for _, n := range cfg.Nodes {
			sets(n.Sets)
		}
		for _, c := range cfg.Constraints {
			if l, ok := c.(*ir.Location); ok {
				for _, r := range l.Rules {
					walk(r)
				}
			}
		}
		for _, r := range p.Resources {
			sets(r.Sets)
			if r.Group != nil {
				sets(r.Group.Sets)
			}
		}
	}
	return p.rules[id]
}

// ParseISOTime reads the ISO 8601 forms crm_simulate's -t takes (see
// ruleeval.ParseTime).
func ParseISOTime(s string) (time.Time, bool) {
	t, err := ruleeval.ParseTime(s)
	return t, err == nil
}
