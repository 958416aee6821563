package lsp

import (
	"fmt"
	"strings"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"pcl/ir"
	"pcl/planner/ruleeval"
)

// hoverRule says how the rule written at off of path evaluates now: a
// location rule for each node (with the score it gives), a rule of an
// attribute set (properties, rsc_defaults, op_defaults) once. The rule
// is the compiled one whose range holds off, so the policy must compile.
func (s *Server) hoverRule(ix *index, path string, off int) string {
	scopes := ruleScopes(ix.files[path], off)
	if len(scopes) == 0 {
		return ""
	}
	c := s.policyOf(path).latest()
	if c == nil || c.cib == nil || c.cib.Config == nil || s.textIn(c, path) != s.textOf(path) {
		return ""
	}
	cfg := c.cib.Config
	now := s.opts.Now()
	byID := rulesByID(cfg)
	for _, scope := range scopes {
		for _, con := range cfg.Constraints {
			loc, ok := con.(*ir.Location)
			if !ok {
				continue
			}
			for _, r := range loc.Rules {
				if declaredIn(r, path, scope) {
					return locationRule(cfg, loc, r, now, byID)
				}
			}
		}
		for _, sets := range [][]*ir.NVSet{cfg.Properties, cfg.RscDefaults, cfg.OpDefaults} {
			for _, set := range sets {
				for _, r := range set.Rules {
					if declaredIn(r, path, scope) {
						ok := ruleeval.Eval(r, &ruleeval.Context{Now: now, RuleByID: byID})
						return fmt.Sprintf("**rule** %s of %s, evaluated now (%s): %s", r.ID, set.ID, now.Format(time.RFC3339), passes(ok))
					}
				}
			}
		}
	}
	return ""
}

// declaredIn tells whether the compiled rule r was declared in scope.
func declaredIn(r *ir.Rule, path string, scope hcl.Range) bool {
	return r.DeclRange.Filename == path && scope.Start.Byte <= r.DeclRange.Start.Byte && r.DeclRange.Start.Byte < scope.End.Byte
}

// ruleScopes are the rule blocks and rule attributes around off, the
// innermost first: a compiled rule is known by where it was declared.
func ruleScopes(f *hcl.File, off int) []hcl.Range {
	if f == nil {
		return nil
	}
	body, _ := f.Body.(*hclsyntax.Body)
	var out []hcl.Range
	for body != nil {
		if a := body.Attributes["rule"]; a != nil && a.SrcRange.Start.Byte <= off && off <= a.SrcRange.End.Byte {
			out = append(out, a.SrcRange)
		}
		var next *hclsyntax.Body
		for _, b := range body.Blocks {
			if r := b.Range(); r.Start.Byte <= off && off <= r.End.Byte {
				if b.Type == "rule" {
					out = append(out, r)
				}
				next = b.Body
				break
			}
		}
		body = next
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

func passes(ok bool) string {
	if ok {
		return "passes"
	}
	return "does not pass"
}

// locationRule evaluates a location rule for every node, with the node's
// attributes as configured (its transient attributes are the running
// cluster's, unknown here).
func locationRule(cfg *ir.Config, loc *ir.Location, r *ir.Rule, now time.Time, byID func(string) *ir.Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**rule** %s of location %s, evaluated now (%s) with each node's configured attributes:\n\n", r.ID, loc.ID, now.Format(time.RFC3339))
	score := ""
	if r.Score != nil {
		score = " (" + r.Score.Text + ")"
	} else if r.ScoreAttribute != "" {
		score = " (the node's " + r.ScoreAttribute + ")"
	}
	for _, n := range cfg.Nodes {
		attrs := map[string]string{"#uname": n.Uname, "#id": n.ID, "#kind": "cluster"}
		if n.ID == "" {
			attrs["#id"] = n.Uname
		}
		for _, set := range n.Sets {
			if set.Kind != ir.InstanceAttributes || len(set.Rules) > 0 {
				continue
			}
			for _, p := range set.Pairs {
				if p.Value != nil {
					attrs[p.Name] = *p.Value
				}
			}
		}
		ok := ruleeval.Eval(r, &ruleeval.Context{Now: now, Node: attrs, RuleByID: byID})
		line := "- " + n.Uname + ": " + passes(ok)
		if ok {
			line += score
		}
		b.WriteString(line + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// rulesByID resolves id-refs to the configuration's rules.
func rulesByID(cfg *ir.Config) func(string) *ir.Rule {
	rules := map[string]*ir.Rule{}
	var add func(r *ir.Rule)
	add = func(r *ir.Rule) {
		if r.ID != "" {
			rules[r.ID] = r
		}
		for _, t := range r.Terms {
			if nested, ok := t.(*ir.Rule); ok {
				add(nested)
			}
		}
	}
	for _, con := range cfg.Constraints {
		if loc, ok := con.(*ir.Location); ok {
			for _, r := range loc.Rules {
				add(r)
			}
		}
	}
	return func(id string) *ir.Rule { return rules[id] }
}
