package compiler

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"pcl/internal/suggest"
)

// tidyDiagnostics reports each mistake once: a block stamped out by
// for_each evaluates its body once per copy, and a mistake in it would be
// reported as many times at the same place, with the same words or words
// that differ only by the copy's name (the first copy's stands for all). An
// unknown attribute of local or var gets the did-you-mean HCL does not
// give.
func tidyDiagnostics(diags hcl.Diagnostics) hcl.Diagnostics {
	seen := map[string]bool{}
	out := diags[:0:0]
	for _, d := range diags {
		key := fmt.Sprintf("%d\x00%s\x00", d.Severity, d.Summary)
		if d.Subject != nil {
			key += d.Subject.String()
		} else {
			key += d.Detail
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, withAttributeSuggestion(d))
	}
	return out
}

var missingAttribute = regexp.MustCompile(`does not have an attribute named "([^"]+)"`)

// withAttributeSuggestion adds to HCL's "Unsupported attribute" on
// local.X or var.X the closest name that exists.
func withAttributeSuggestion(d *hcl.Diagnostic) *hcl.Diagnostic {
	m := missingAttribute.FindStringSubmatch(d.Detail)
	if m == nil || d.Expression == nil || d.EvalContext == nil || strings.Contains(d.Detail, "Did you mean") {
		return d
	}
	for _, tr := range d.Expression.Variables() {
		root := tr.RootName()
		obj, ok := lookupVariable(d.EvalContext, root)
		if !ok || !obj.Type().IsObjectType() {
			continue
		}
		var names []string
		for name := range obj.Type().AttributeTypes() {
			names = append(names, name)
		}
		if best := suggest.Closest(m[1], names); best != "" {
			c := *d
			c.Detail = fmt.Sprintf("%s Did you mean %s.%s?", strings.TrimSpace(d.Detail), root, best)
			return &c
		}
	}
	return d
}

// lookupVariable finds a variable in ctx or the contexts it is a child of.
func lookupVariable(ctx *hcl.EvalContext, name string) (cty.Value, bool) {
	for c := ctx; c != nil; c = c.Parent() {
		if v, ok := c.Variables[name]; ok && v.IsKnown() && !v.IsNull() {
			return v, true
		}
	}
	return cty.NilVal, false
}
