package difftext

import (
	"fmt"
	"strings"

	"pcl/cibdiff"
	"pcl/emit/pclgen"
	"pcl/ir"
)

// sideValue is how one side of a field reads: the rule in pcl's syntax
// with its score and role, or the attribute's value quoted; "" when the
// side does not have it.
func sideValue(v *string, r *ir.Rule) string {
	if v == nil {
		return ""
	}
	if r != nil {
		return ruleText(r)
	}
	return fmt.Sprintf("%q", *v)
}

// ruleText is a rule as .pcl writes it: the rule string, then its score,
// score-attribute and role.
func ruleText(r *ir.Rule) string {
	expr, _, err := pclgen.FormatRule(r)
	if err != nil {
		expr = "(" + err.Error() + ")"
	} else {
		expr = fmt.Sprintf("%q", expr)
	}
	var opts []string
	if r.Score != nil {
		opts = append(opts, "score "+r.Score.Text)
	}
	if r.ScoreAttribute != "" {
		opts = append(opts, "score-attribute "+r.ScoreAttribute)
	}
	if r.Role != "" {
		opts = append(opts, "role "+string(r.Role))
	}
	if len(opts) > 0 {
		expr += " (" + strings.Join(opts, ", ") + ")"
	}
	return expr
}

// fieldLine is one field as "path: old -> new", "path: new" (added) or
// "path: old" (removed).
func fieldLine(o cibdiff.Object, f cibdiff.Field) string {
	oldV, newV := sideValue(f.Old, f.OldRule), sideValue(f.New, f.NewRule)
	switch {
	case o.Change == cibdiff.Added:
		return fmt.Sprintf("%s = %s", f.Path, newV)
	case o.Change == cibdiff.Removed:
		return fmt.Sprintf("%s = %s", f.Path, oldV)
	case f.Old == nil:
		return fmt.Sprintf("%s: added %s", f.Path, newV)
	case f.New == nil:
		return fmt.Sprintf("%s: removed (was %s)", f.Path, oldV)
	}
	return fmt.Sprintf("%s: %s -> %s", f.Path, oldV, newV)
}

// changeWord says how an object differs; against the live cluster, an
// object only OLD has is drift: the running configuration has it, the
// policy does not.
func changeWord(o cibdiff.Object, names Names) string {
	if names.Live && o.Change == cibdiff.Removed {
		return "in the running cluster only, not in the policy (apply removes it)"
	}
	return string(o.Change)
}

// heading is an object's line: mark, kind, id, parent and leftover note.
func heading(o cibdiff.Object, names Names) string {
	mark := map[cibdiff.ChangeKind]string{cibdiff.Added: "+", cibdiff.Removed: "-", cibdiff.Changed: "~"}[o.Change]
	s := fmt.Sprintf("%s %s %s", mark, o.Kind, o.ID)
	if o.Parent != "" {
		s += " (in " + o.Parent + ")"
	}
	s += " " + changeWord(o, names)
	if o.Leftover != "" {
		s += ": " + o.Leftover
	}
	return s
}

func placementLine(p cibdiff.Placement) string {
	where := func(n, role string) string {
		if n == "" {
			return "stopped"
		}
		if role != "" {
			return role + " " + n
		}
		return n
	}
	s := fmt.Sprintf("%s: %s -> %s", p.Resource, where(p.Old, p.OldRole), where(p.New, p.NewRole))
	if p.New == "" && p.Why != "" {
		s += " (" + p.Why + ")"
	}
	if p.Unknown != "" {
		s += " UNKNOWN: " + p.Unknown
	}
	return s
}
