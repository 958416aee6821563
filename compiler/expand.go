package compiler

import (
	"runtime"
	"sync"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/dynblock"
	"github.com/zclconf/go-cty/cty"

	"pcl/dsl"
)

// This file is the expand pass: a block with for_each becomes one instance
// per element, each evaluated with its own each.key and each.value, and
// dynamic blocks are expanded (hcl/ext/dynblock) within each instance.

// instance is one expanded block: its decoded body, the context its
// expressions are evaluated in and its name (the CIB id for most blocks).
type instance struct {
	block     *dsl.Block
	ctx       *hcl.EvalContext
	name      string
	nameRange hcl.Range
}

// expandedTop tells whether lowerPolicy expands top-level blocks of type
// typ with expandTop (all but these), so that expandAll can do it ahead.
func expandedTop(typ string) bool {
	switch typ {
	case "locals", "variable", "cib", "properties", "rsc_defaults", "op_defaults":
		return false
	}
	return true
}

// expansion is a top-level block's instances, expanded and decoded, with
// the diagnostics of doing so.
type expansion struct {
	insts []*instance
	diags hcl.Diagnostics
}

// expandAllMin is how many blocks make it worth splitting expandAll among
// processors.
var expandAllMin = 256

// expandAll expands and decodes blocks with expandTop, ahead of lowering
// them, and gives each block's result. Each depends only on its own source
// and the root context (it evaluates, and records nothing but
// diagnostics), and in a large policy this is a third of lowering, so the
// blocks are split among the processors. Each block's diagnostics stay
// with it, for lowerPolicy to report in source order.
func (l *lowerer) expandAll(blocks []*dsl.Block, ctx *hcl.EvalContext) map[*dsl.Block]expansion {
	out := make([]expansion, len(blocks))
	expand := func(i int) {
		w := &lowerer{files: l.files}
		insts := w.expandTop(blocks[i], ctx)
		out[i] = expansion{insts: insts, diags: w.diags}
	}
	workers := runtime.GOMAXPROCS(0)
	if len(blocks) < expandAllMin || workers < 2 {
		for i := range blocks {
			expand(i)
		}
	} else {
		var wg sync.WaitGroup
		per := (len(blocks) + workers - 1) / workers
		for lo := 0; lo < len(blocks); lo += per {
			hi := min(lo+per, len(blocks))
			wg.Go(func() {
				for i := lo; i < hi; i++ {
					expand(i)
				}
			})
		}
		wg.Wait()
	}
	byBlock := make(map[*dsl.Block]expansion, len(blocks))
	for i, b := range blocks {
		byBlock[b] = out[i]
	}
	return byBlock
}

// expandTop expands a top-level block: for_each and name are read from the
// raw body, dynamic blocks expanded per instance, then the body decoded.
func (l *lowerer) expandTop(b *dsl.Block, ctx *hcl.EvalContext) []*instance {
	forEach, name := dsl.Expansion(b)
	insts := l.instances(b, forEach, name, ctx)
	for _, in := range insts {
		blk := *b
		blk.Body = dynblock.Expand(b.Body, in.ctx)
		l.diags = append(l.diags, dsl.Decode(&blk)...)
		in.block = &blk
	}
	return insts
}

// expandNested expands a nested primitive or group (of a group, clone or
// bundle), which dsl.Decode left undecoded. Its body is taken from the
// source when it has one, so that dynamic blocks inside see the nested
// block's own each; a block made by a dynamic block is decoded as it is.
func (l *lowerer) expandNested(b *dsl.Block, ctx *hcl.EvalContext) []*instance {
	raw := dsl.SourceBody(l.files, b)
	var forEach, name *hcl.Attribute
	if raw != nil {
		forEach, name = dsl.Expansion(&dsl.Block{Body: raw})
	} else {
		forEach, name = dsl.Expansion(b)
	}
	insts := l.instances(b, forEach, name, ctx)
	for _, in := range insts {
		blk := *b
		if raw != nil {
			blk.Body = dynblock.Expand(raw, in.ctx)
		}
		l.diags = append(l.diags, dsl.Decode(&blk)...)
		in.block = &blk
	}
	return insts
}

func (l *lowerer) instances(b *dsl.Block, forEach, nameAttr *hcl.Attribute, ctx *hcl.EvalContext) []*instance {
	label, labelRange := b.Label(), b.DefRange
	if len(b.LabelRanges) > 0 {
		labelRange = b.LabelRanges[0]
	}
	named := func(ictx *hcl.EvalContext, dflt string) *instance {
		in := &instance{ctx: ictx, name: dflt, nameRange: labelRange}
		if nameAttr != nil {
			if n, ok := l.str(nameAttr, ictx); ok {
				in.name, in.nameRange = n, nameAttr.Expr.Range()
				if n == "" {
					l.diags = append(l.diags, errorAt(nameAttr.Expr.Range(), "Empty name",
						"The name is empty; the %s's id is its name, and the schema requires one.", b.Type))
				}
			}
		}
		return in
	}
	if forEach == nil {
		return []*instance{named(ctx, label)}
	}
	v, ok := l.value(forEach, ctx)
	if !ok {
		if v, d := forEach.Expr.Value(ctx); !d.HasErrors() && v.IsKnown() && v.IsNull() {
			l.diags = append(l.diags, warningAt(forEach.Expr.Range(), "Null for_each",
				"for_each is null, so this block makes no %s at all; write an empty map or list if that is meant, or remove for_each for a single one.", b.Type))
		}
		return nil
	}
	type kv struct{ k, v cty.Value }
	var elems []kv
	ty := v.Type()
	switch {
	case ty.IsMapType() || ty.IsObjectType():
		for it := v.ElementIterator(); it.Next(); {
			k, e := it.Element()
			elems = append(elems, kv{k, e})
		}
	case ty.IsSetType() || ty.IsListType() || ty.IsTupleType():
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			if e.IsNull() || e.Type() != cty.String {
				l.diags = append(l.diags, errorAt(forEach.Expr.Range(), "Invalid for_each",
					"A for_each list or set must hold strings (each one names an instance); one element is %s.", e.Type().FriendlyName()))
				return nil
			}
			elems = append(elems, kv{e, e})
		}
	default:
		l.diags = append(l.diags, errorAt(forEach.Expr.Range(), "Invalid for_each",
			"for_each must be a map, or a set or list of strings; this is %s.", ty.FriendlyName()))
		return nil
	}
	var out []*instance
	seen := map[string]bool{}
	for _, e := range elems {
		key := e.k.AsString()
		if seen[key] {
			l.diags = append(l.diags, errorAt(forEach.Expr.Range(), "Duplicate for_each key",
				"The key %q appears twice in for_each; each key names one instance.", key))
			continue
		}
		seen[key] = true
		ictx := ctx.NewChild()
		ictx.Variables = map[string]cty.Value{"each": cty.ObjectVal(map[string]cty.Value{"key": e.k, "value": e.v})}
		out = append(out, named(ictx, label+"-"+key))
	}
	return out
}
