package compiler

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"

	"pcl/dsl"
	"pcl/ir"
)

// This file is the evaluate pass: it builds the evaluation context every
// expression of the policy is evaluated in (variables with --var
// overrides, locals, the constant inf and HCL's standard functions).

// functions are the pure functions of go-cty's stdlib, under the names
// Terraform users know. Nothing reads files, the environment or the clock
// (formatdate and timeadd are pure: they only transform their arguments).
func functions() map[string]function.Function {
	return map[string]function.Function{
		"abs": stdlib.AbsoluteFunc, "ceil": stdlib.CeilFunc, "floor": stdlib.FloorFunc,
		"log": stdlib.LogFunc, "max": stdlib.MaxFunc, "min": stdlib.MinFunc,
		"parseint": stdlib.ParseIntFunc, "pow": stdlib.PowFunc, "signum": stdlib.SignumFunc,
		"int":   stdlib.IntFunc,
		"chomp": stdlib.ChompFunc, "format": formatFunc, "formatlist": formatListFunc,
		"indent": stdlib.IndentFunc, "join": stdlib.JoinFunc, "lower": stdlib.LowerFunc,
		"regex": stdlib.RegexFunc, "regexall": stdlib.RegexAllFunc, "replace": stdlib.ReplaceFunc,
		"regex_replace": stdlib.RegexReplaceFunc,
		"split":         stdlib.SplitFunc, "strrev": stdlib.ReverseFunc, "substr": stdlib.SubstrFunc,
		"title": stdlib.TitleFunc, "trim": stdlib.TrimFunc, "trimprefix": stdlib.TrimPrefixFunc,
		"trimsuffix": stdlib.TrimSuffixFunc, "trimspace": stdlib.TrimSpaceFunc, "upper": stdlib.UpperFunc,
		"strlen":    stdlib.StrlenFunc,
		"chunklist": stdlib.ChunklistFunc, "coalesce": stdlib.CoalesceFunc,
		"coalescelist": stdlib.CoalesceListFunc, "compact": stdlib.CompactFunc, "concat": stdlib.ConcatFunc,
		"contains": stdlib.ContainsFunc, "distinct": stdlib.DistinctFunc, "element": stdlib.ElementFunc,
		"flatten": stdlib.FlattenFunc, "index": stdlib.IndexFunc, "keys": stdlib.KeysFunc,
		"length": stdlib.LengthFunc, "lookup": stdlib.LookupFunc, "merge": stdlib.MergeFunc,
		"range": stdlib.RangeFunc, "reverse": stdlib.ReverseListFunc, "setintersection": stdlib.SetIntersectionFunc,
		"setproduct": setProductFunc, "setsubtract": stdlib.SetSubtractFunc,
		"setunion": stdlib.SetUnionFunc, "slice": stdlib.SliceFunc, "sort": stdlib.SortFunc,
		"values": stdlib.ValuesFunc, "zipmap": stdlib.ZipmapFunc,
		"csvdecode": stdlib.CSVDecodeFunc, "jsondecode": stdlib.JSONDecodeFunc, "jsonencode": stdlib.JSONEncodeFunc,
		"formatdate": stdlib.FormatDateFunc, "timeadd": stdlib.TimeAddFunc,
		"scoresum": scoreSumFunc,
		"tostring": stdlib.MakeToFunc(cty.String), "tonumber": stdlib.MakeToFunc(cty.Number),
		"tobool": stdlib.MakeToFunc(cty.Bool), "toset": stdlib.MakeToFunc(cty.Set(cty.DynamicPseudoType)),
		"tolist": stdlib.MakeToFunc(cty.List(cty.DynamicPseudoType)), "tomap": stdlib.MakeToFunc(cty.Map(cty.DynamicPseudoType)),
	}
}

// rootContext evaluates variables and locals of the whole policy. Blocks
// named locals and variable are read from every file.
func rootContext(pol *dsl.Policy, opts Options) (*hcl.EvalContext, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	base := &hcl.EvalContext{
		Variables: map[string]cty.Value{"inf": cty.NumberIntVal(int64(ir.Infinity))},
		Functions: functions(),
	}

	vars := map[string]cty.Value{}
	declared := map[string]hcl.Range{}
	for _, f := range pol.Files {
		for _, b := range f.Blocks {
			if b.Type != "variable" {
				continue
			}
			diags = append(diags, dsl.Decode(b)...)
			name := b.Label()
			if first, dup := declared[name]; dup {
				diags = append(diags, duplicate("variable", name, b.DefRange, first))
				continue
			}
			declared[name] = b.DefRange
			v := cty.NullVal(cty.DynamicPseudoType)
			if a := b.Attr("default"); a != nil {
				val, d := a.Expr.Value(base)
				diags = append(diags, d...)
				v = val
			}
			vars[name] = v
		}
	}
	for _, n := range sortedKeys(opts.Vars) {
		if _, ok := declared[n]; !ok {
			diags = append(diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Undeclared variable",
				Detail: fmt.Sprintf("--var sets %q, but the policy declares no variable of that name%s.",
					n, suggestion(n, keysOf(declared))),
			})
			continue
		}
		vars[n] = parseVarValue(opts.Vars[n], base)
	}
	for _, n := range sortedKeys(vars) {
		if v := vars[n]; v.IsNull() {
			if _, set := opts.Vars[n]; !set {
				diags = append(diags, &hcl.Diagnostic{
					Severity: hcl.DiagError,
					Summary:  "Variable without value",
					Detail:   fmt.Sprintf("The variable %q has no default; set it with --var %s=VALUE.", n, n),
					Subject:  declared[n].Ptr(),
				})
			}
		}
	}
	ctx := base.NewChild()
	ctx.Variables = map[string]cty.Value{"var": cty.ObjectVal(vars)}
	diags = append(diags, evalLocals(pol, ctx)...)
	return ctx, diags
}

// parseVarValue reads a --var value as an HCL expression (so that numbers,
// lists and quoted strings work), falling back to the raw text, so that
// --var ip=192.0.2.10 means the string.
func parseVarValue(raw string, ctx *hcl.EvalContext) cty.Value {
	expr, diags := hclsyntax.ParseExpression([]byte(raw), "--var", hcl.InitialPos)
	if !diags.HasErrors() {
		if v, d := expr.Value(ctx); !d.HasErrors() && v.IsWhollyKnown() {
			return v
		}
	}
	return cty.StringVal(raw)
}

// evalLocals evaluates every local in dependency order: a local may use
// others, from any file. Cycles and references to undefined locals are
// reported once each.
func evalLocals(pol *dsl.Policy, ctx *hcl.EvalContext) hcl.Diagnostics {
	var diags hcl.Diagnostics
	pending := map[string]*hcl.Attribute{}
	for _, f := range pol.Files {
		for _, b := range f.Blocks {
			if b.Type != "locals" {
				continue
			}
			diags = append(diags, dsl.Decode(b)...)
			for _, a := range b.Attrs {
				if first, dup := pending[a.Name]; dup {
					diags = append(diags, duplicate("local", a.Name, a.NameRange, first.NameRange))
					continue
				}
				pending[a.Name] = a
			}
		}
	}
	done := map[string]cty.Value{}
	ctx.Variables["local"] = cty.EmptyObjectVal
	for len(pending) > 0 {
		progress := false
		for _, name := range sortedKeys(pending) {
			a := pending[name]
			ready := true
			for _, tr := range a.Expr.Variables() {
				if tr.RootName() != "local" || len(tr) < 2 {
					continue
				}
				if at, ok := tr[1].(hcl.TraverseAttr); ok {
					if _, isPending := pending[at.Name]; isPending {
						ready = false
					}
				}
			}
			if !ready {
				continue
			}
			v, d := a.Expr.Value(ctx)
			diags = append(diags, d...)
			done[name] = v
			delete(pending, name)
			ctx.Variables["local"] = cty.ObjectVal(done)
			progress = true
		}
		if !progress {
			for _, name := range sortedKeys(pending) {
				a := pending[name]
				diags = append(diags, &hcl.Diagnostic{
					Severity: hcl.DiagError,
					Summary:  "Cyclic local value",
					Detail:   fmt.Sprintf("The local %q depends on itself through other locals; break the cycle.", name),
					Subject:  a.Range.Ptr(),
				})
			}
			break
		}
	}
	return diags
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func keysOf[V any](m map[string]V) []string { return sortedKeys(m) }

// textOf renders a primitive value as the CIB writes it: strings as they
// are, bools as true/false, numbers without decimals when whole.
func textOf(v cty.Value) (string, bool) {
	if v.IsNull() || !v.IsKnown() {
		return "", false
	}
	switch v.Type() {
	case cty.String:
		return v.AsString(), true
	case cty.Bool:
		if v.True() {
			return "true", true
		}
		return "false", true
	case cty.Number:
		bf := v.AsBigFloat()
		if bf.IsInt() {
			i, _ := bf.Int(nil)
			return i.String(), true
		}
		return strings.TrimRight(bf.Text('f', -1), "0"), true
	}
	return "", false
}
