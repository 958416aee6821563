package cibdiff

import "pcl/ir"

// rulesByID finds the rules of cib's configuration by id. Only outermost
// rules are needed: a rule is compared whole, nested rules with it.
func rulesByID(cib *ir.CIB) map[string]*ir.Rule {
	out := map[string]*ir.Rule{}
	if cib == nil || cib.Config == nil {
		return out
	}
	for _, r := range ir.OutermostRules(cib.Config) {
		if r.ID != "" {
			out[r.ID] = r
		}
	}
	return out
}
