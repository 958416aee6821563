package compiler

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"pcl/ir"
	"pcl/pcmk"
)

// The functions here evaluate one attribute into one of the CIB's value
// kinds, reporting a diagnostic at the attribute when it does not fit. A
// false ok means "not written or not usable"; the caller carries on so that
// all errors of a run are reported.

func (l *lowerer) value(a *hcl.Attribute, ctx *hcl.EvalContext) (cty.Value, bool) {
	if a == nil {
		return cty.NilVal, false
	}
	v, d := a.Expr.Value(ctx)
	l.diags = append(l.diags, d...)
	if d.HasErrors() || !v.IsWhollyKnown() {
		return cty.NilVal, false
	}
	return v, !v.IsNull()
}

// str evaluates a to text: a string, a number or a bool, holding only
// characters XML can hold.
func (l *lowerer) str(a *hcl.Attribute, ctx *hcl.EvalContext) (string, bool) {
	t, ok := l.text(a, ctx)
	return t, ok && l.xmlText(a.Expr.Range(), t)
}

// text is str without the check of characters, for ids, whose own check
// says what is wrong with them.
func (l *lowerer) text(a *hcl.Attribute, ctx *hcl.EvalContext) (string, bool) {
	v, ok := l.value(a, ctx)
	if !ok {
		return "", false
	}
	t, ok := textOf(v)
	if !ok {
		l.diags = append(l.diags, errorAt(a.Expr.Range(), "Expected a string",
			"The attribute %q must be a string, number or bool; this is %s.", a.Name, v.Type().FriendlyName()))
	}
	return t, ok
}

// strList evaluates a to a list of strings; a single string is a list of one.
func (l *lowerer) strList(a *hcl.Attribute, ctx *hcl.EvalContext) ([]string, bool) {
	v, ok := l.value(a, ctx)
	if !ok {
		return nil, false
	}
	if v.Type() == cty.String {
		return []string{v.AsString()}, true
	}
	if !(v.Type().IsListType() || v.Type().IsTupleType() || v.Type().IsSetType()) {
		l.diags = append(l.diags, errorAt(a.Expr.Range(), "Expected a list of strings",
			"The attribute %q must be a list of strings such as [\"a\", \"b\"]; this is %s.", a.Name, v.Type().FriendlyName()))
		return nil, false
	}
	var out []string
	for it := v.ElementIterator(); it.Next(); {
		_, e := it.Element()
		t, isText := textOf(e)
		if !isText {
			l.diags = append(l.diags, errorAt(a.Expr.Range(), "Expected a list of strings",
				"Every element of %q must be a string; one is %s.", a.Name, e.Type().FriendlyName()))
			return nil, false
		}
		out = append(out, t)
	}
	return out, true
}

// score evaluates a score: a whole number (inf is 1000000, -inf its
// negation) or a string in Pacemaker's syntax, whose spelling is kept.
func (l *lowerer) score(a *hcl.Attribute, ctx *hcl.EvalContext) *ir.ScoreValue {
	v, ok := l.value(a, ctx)
	if !ok {
		if v, d := a.Expr.Value(ctx); !d.HasErrors() && v.IsKnown() && v.IsNull() {
			l.diags = append(l.diags, errorAt(a.Expr.Range(), "Invalid score",
				"The score is null; write an integer, inf or -inf, or leave the attribute out."))
		}
		return nil
	}
	switch v.Type() {
	case cty.Number:
		bf := v.AsBigFloat()
		if !bf.IsInt() {
			l.diags = append(l.diags, errorAt(a.Expr.Range(), "Invalid score",
				"A score must be a whole number, inf or -inf; %s has a fraction.", bf.Text('g', -1)))
			return nil
		}
		lim := big.NewFloat(float64(ir.Infinity))
		switch {
		case bf.Cmp(lim) >= 0:
			l.warnClamped(a, bf.Text('f', 0), bf.Cmp(lim) > 0)
			return ir.NewScore(ir.Infinity)
		case bf.Cmp(new(big.Float).Neg(lim)) <= 0:
			l.warnClamped(a, bf.Text('f', 0), bf.Cmp(new(big.Float).Neg(lim)) < 0)
			return ir.NewScore(-ir.Infinity)
		}
		i, _ := bf.Int64()
		return ir.NewScore(ir.Score(i))
	case cty.String:
		s, err := ir.ParseScore(v.AsString())
		if err != nil {
			l.diags = append(l.diags, errorAt(a.Expr.Range(), "Invalid score",
				"%s. Write an integer, inf or -inf (or the strings \"INFINITY\", \"-INFINITY\").", capitalize(err.Error())))
			return nil
		}
		if s == ir.Infinity || s == -ir.Infinity {
			t := strings.TrimPrefix(strings.TrimSpace(v.AsString()), "+")
			if n, _, ok := pcmk.ScanLL(t); ok && (n > int64(ir.Infinity) || n < -int64(ir.Infinity)) {
				l.warnClamped(a, t, true)
			}
		}
		return &ir.ScoreValue{Value: s, Text: v.AsString()}
	}
	l.diags = append(l.diags, errorAt(a.Expr.Range(), "Invalid score",
		"A score must be a number or a string; this is %s.", v.Type().FriendlyName()))
	return nil
}

// warnClamped reports a score beyond the infinities, which Pacemaker
// clamps to INFINITY or -INFINITY.
func (l *lowerer) warnClamped(a *hcl.Attribute, text string, beyond bool) {
	if !beyond {
		return
	}
	inf := "INFINITY"
	if strings.HasPrefix(text, "-") {
		inf = "-INFINITY"
	}
	l.diags = append(l.diags, warningAt(a.Expr.Range(), "Score clamped to infinity",
		"Pacemaker's scores end at %s (1000000): it reads %s as %s, so this score is no stronger than any other %s one. Write %s if that is meant.",
		inf, text, inf, inf, strings.ToLower(strings.TrimSuffix(inf, "INITY"))))
}

// duration evaluates an interval, timeout or delay: Pacemaker's syntax as
// a string, or a number of seconds.
func (l *lowerer) duration(a *hcl.Attribute, ctx *hcl.EvalContext) (ir.Duration, bool) {
	t, ok := l.str(a, ctx)
	if !ok {
		return ir.Duration{}, false
	}
	d, err := ir.ParseDuration(t)
	if err != nil {
		if strings.HasPrefix(strings.TrimSpace(t), "P") {
			// Pacemaker's ISO 8601 reader is more lenient than the
			// standard (it takes "P10S"); keep such values with a warning.
			l.diags = append(l.diags, warningAt(a.Expr.Range(), "Unusual duration",
				"%s; Pacemaker may still read it, so it is kept as written.", capitalize(err.Error())))
			return ir.Duration{Text: t}, true
		}
		l.diags = append(l.diags, errorAt(a.Expr.Range(), "Invalid duration",
			"%s.", capitalize(err.Error())))
		return ir.Duration{}, false
	}
	return d, true
}

// timeout evaluates an operation's timeout. Pacemaker ignores a timeout it
// cannot read and uses the default one, so an unreadable text is kept with
// a warning (CIBs in the wild hold such values); an interval, which
// identifies the operation, has no such fallback and stays an error.
func (l *lowerer) timeout(a *hcl.Attribute, ctx *hcl.EvalContext) *ir.Duration {
	t, ok := l.str(a, ctx)
	if !ok {
		return nil
	}
	d, err := ir.ParseDuration(t)
	if err != nil {
		l.diags = append(l.diags, warningAt(a.Expr.Range(), "Invalid timeout",
			"%s. Pacemaker ignores it and uses the default timeout.", capitalize(err.Error())))
		return &ir.Duration{Text: t}
	}
	return &d
}

func (l *lowerer) durationPtr(a *hcl.Attribute, ctx *hcl.EvalContext) *ir.Duration {
	if d, ok := l.duration(a, ctx); ok {
		return &d
	}
	return nil
}

// boolean evaluates a flag: an HCL bool, or a string Pacemaker reads as a
// boolean ("yes", "1", ...) whose spelling is kept.
func (l *lowerer) boolean(a *hcl.Attribute, ctx *hcl.EvalContext) *ir.Bool {
	t, ok := l.str(a, ctx)
	if !ok {
		return nil
	}
	b, ok := ir.ParseBool(t)
	if !ok {
		// Pacemaker reads anything else as false; keep the text so the
		// CIB is reproduced, and say so.
		l.diags = append(l.diags, warningAt(a.Expr.Range(), "Not a boolean",
			"%q is not a boolean (true, false, yes, no, on, off, 1, 0); Pacemaker reads it as false.", t))
	}
	return &ir.Bool{Value: b, Text: t}
}

// strictBoolean is boolean for an attribute Pacemaker refuses when it is
// not a boolean: consequence says how, and the text is an error.
func (l *lowerer) strictBoolean(a *hcl.Attribute, ctx *hcl.EvalContext, consequence string) *ir.Bool {
	t, ok := l.str(a, ctx)
	if !ok {
		return nil
	}
	b, ok := ir.ParseBool(t)
	if !ok {
		l.diags = append(l.diags, errorAt(a.Expr.Range(), "Not a boolean",
			"%q is not a boolean (true, false, yes, no, on, off, 1, 0); %s.", t, consequence))
	}
	return &ir.Bool{Value: b, Text: t}
}

// schemaBool evaluates an attribute the CIB schema types as xsd:boolean,
// which takes true, false, 1 and 0 only: yes, on and the like, which
// Pacemaker itself reads, are refused by the schema, and so by crm_verify.
func (l *lowerer) schemaBool(a *hcl.Attribute, ctx *hcl.EvalContext) *ir.Bool {
	t, ok := l.str(a, ctx)
	if !ok {
		return nil
	}
	switch strings.TrimSpace(t) {
	case "true", "1":
		return &ir.Bool{Value: true, Text: t}
	case "false", "0":
		return &ir.Bool{Value: false, Text: t}
	}
	hint := ""
	if v, isBool := ir.ParseBool(t); isBool {
		hint = fmt.Sprintf("; write %t", v)
	}
	l.diags = append(l.diags, errorAt(a.Expr.Range(), "Invalid boolean",
		"The CIB schema types %q as a boolean, which is true, false, 1 or 0; it refuses %q, and crm_verify with it%s.", a.Name, t, hint))
	return nil
}

// role evaluates a role name; legacy names (Master, Slave) are kept as
// written.
func (l *lowerer) role(a *hcl.Attribute, ctx *hcl.EvalContext) ir.Role {
	t, ok := l.str(a, ctx)
	if !ok {
		return ""
	}
	r := ir.Role(t)
	for _, known := range pcmk.RoleNames {
		if t == known {
			l.noteLegacyRole(t, a.Expr.Range())
			return r
		}
	}
	l.diags = append(l.diags, errorAt(a.Expr.Range(), "Unknown role",
		"%q is not a role%s; the roles are Stopped, Started, Unpromoted and Promoted, and the legacy Slave and Master, spelled with this case.", t, suggestion(t, pcmk.RoleNames)))
	return ""
}

// oneOf evaluates an enumerated attribute. The schema enumerates its values
// and compares them with case, so any other value is an error; it is
// returned anyway, for what checks it further (validOneOf returns "").
func (l *lowerer) oneOf(a *hcl.Attribute, ctx *hcl.EvalContext, allowed ...string) string {
	t, _ := l.validOneOf(a, ctx, allowed...)
	return t
}

// validOneOf is oneOf reporting whether the value is one of allowed; ""
// when the attribute has no string value.
func (l *lowerer) validOneOf(a *hcl.Attribute, ctx *hcl.EvalContext, allowed ...string) (string, bool) {
	t, ok := l.str(a, ctx)
	if !ok {
		return "", false
	}
	for _, s := range allowed {
		if s == t {
			return t, true
		}
	}
	// The schema enumerates these values and compares them with case.
	l.diags = append(l.diags, errorAt(a.Expr.Range(), "Invalid value",
		"%q is not one of %s for %q%s; the CIB schema refuses it, and crm_verify with it.", t, strings.Join(allowed, ", "), a.Name, suggestion(t, allowed)))
	return t, false
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	if s[0] == '"' {
		return "The value " + s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// elemRange is the source range of the i-th element of a list attribute
// written as a list literal ["a", "b"], so that a diagnostic about one
// element points at it; for any other expression (a single string, a
// variable, a for expression) it is the whole expression's.
func elemRange(a *hcl.Attribute, i int) hcl.Range {
	if t, ok := a.Expr.(*hclsyntax.TupleConsExpr); ok && i >= 0 && i < len(t.Exprs) {
		return t.Exprs[i].Range()
	}
	return a.Expr.Range()
}
