package compiler

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"pcl/dsl"
	"pcl/ir"
)

// pairValue is one evaluated entry of a values object: a value (nil for
// null, which writes a pair without value) or an id-ref to another pair.
type pairValue struct {
	value *string
	ref   string
	rng   hcl.Range
}

// orderedPairs evaluates an object attribute keeping the source order of
// its keys (and repeated keys, which the CIB allows): an object literal is
// walked item by item; any other expression is evaluated and read in key
// order.
func (l *lowerer) orderedPairs(a *hcl.Attribute, ctx *hcl.EvalContext) ([]string, []*pairValue) {
	var names []string
	var vals []*pairValue
	add := func(k string, v cty.Value, rng hcl.Range) {
		pv := &pairValue{rng: rng}
		switch {
		case v.IsNull():
		case v.Type().IsObjectType() && v.Type().HasAttribute("ref"):
			if r, ok := textOf(v.GetAttr("ref")); ok {
				pv.ref = r
			}
		default:
			t, ok := textOf(v)
			if !ok {
				l.diags = append(l.diags, errorAt(rng, "Invalid attribute value",
					"The value of %q must be a string, number, bool, null or { ref = \"id\" }; this is %s.", k, v.Type().FriendlyName()))
				return
			}
			if !l.xmlText(rng, t) || !l.xmlText(rng, k) {
				return
			}
			pv.value = &t
		}
		names = append(names, k)
		vals = append(vals, pv)
	}
	if oc, ok := a.Expr.(*hclsyntax.ObjectConsExpr); ok {
		for _, item := range oc.Items {
			kv, d := item.KeyExpr.Value(ctx)
			l.diags = append(l.diags, d...)
			vv, d2 := item.ValueExpr.Value(ctx)
			l.diags = append(l.diags, d2...)
			if d.HasErrors() || d2.HasErrors() {
				continue
			}
			k, ok := textOf(kv)
			if !ok {
				l.diags = append(l.diags, errorAt(item.KeyExpr.Range(), "Invalid name", "Attribute names must be strings."))
				continue
			}
			add(k, vv, hcl.RangeBetween(item.KeyExpr.Range(), item.ValueExpr.Range()))
		}
		return names, vals
	}
	v, ok := l.value(a, ctx)
	if !ok {
		return nil, nil
	}
	if !(v.Type().IsObjectType() || v.Type().IsMapType()) {
		l.diags = append(l.diags, errorAt(a.Expr.Range(), "Expected an object",
			"The attribute %q must be an object such as { name = \"value\" }; this is %s.", a.Name, v.Type().FriendlyName()))
		return nil, nil
	}
	for it := v.ElementIterator(); it.Next(); {
		k, e := it.Element()
		add(k.AsString(), e, a.Expr.Range())
	}
	return names, vals
}

// pairs lowers a values object (with an optional ids object or list) into
// the set setID's nvpairs.
func (l *lowerer) pairs(values, ids *hcl.Attribute, setID string, ctx *hcl.EvalContext) []*ir.NVPair {
	names, vals := l.orderedPairs(values, ctx)
	byName := map[string]string{}
	var byPos []string
	if ids != nil {
		if v, ok := l.value(ids, ctx); ok {
			switch {
			case v.Type().IsObjectType() || v.Type().IsMapType():
				for it := v.ElementIterator(); it.Next(); {
					k, e := it.Element()
					if t, ok := textOf(e); ok {
						byName[k.AsString()] = t
					}
				}
			default:
				byPos, _ = l.strList(ids, ctx)
			}
		}
	}
	var out []*ir.NVPair
	for i, n := range names {
		pv := vals[i]
		id, derived := byName[n], false
		if i < len(byPos) && byPos[i] != "" {
			id = byPos[i]
		}
		if id == "" && pv.ref == "" {
			id, derived = ir.PairID(setID, n), true
		}
		p := &ir.NVPair{ID: id, Name: n, Value: pv.value, IDRef: pv.ref, DeclRange: pv.rng}
		l.declare(id, "attribute", pv.rng, derived)
		if pv.ref != "" {
			l.refs = append(l.refs, reference{kind: refAny, id: pv.ref, rng: pv.rng, what: "attribute"})
		}
		out = append(out, p)
	}
	return out
}

// setFromAttr lowers the short form: params = { ... }.
func (l *lowerer) setFromAttr(a *hcl.Attribute, kind ir.NVSetKind, id string, ctx *hcl.EvalContext) *ir.NVSet {
	l.declare(id, kind.Element(), a.Range, true)
	return &ir.NVSet{Kind: kind, ID: id, Pairs: l.pairs(a, nil, id, ctx), DeclRange: a.Range}
}

// setFromBlock lowers the block form with id, score, rules, values, ids
// and ref.
func (l *lowerer) setFromBlock(b *dsl.Block, kind ir.NVSetKind, derivedID string, ctx *hcl.EvalContext) *ir.NVSet {
	s := &ir.NVSet{Kind: kind, DeclRange: b.DefRange}
	id, derived := l.explicitID(b, ctx, derivedID)
	if a := b.Attr("ref"); a != nil {
		if r, ok := l.str(a, ctx); ok {
			s.IDRef = r
			l.refs = append(l.refs, reference{kind: refAny, id: r, rng: a.Expr.Range(), what: kind.Element()})
		}
		if derived {
			id = ""
		}
	}
	s.ID = id
	l.declare(id, kind.Element(), b.DefRange, derived)
	if a := b.Attr("score"); a != nil {
		s.Score = l.score(a, ctx)
	}
	n := 0
	valuesSeen := false
	for _, it := range b.Items() {
		switch {
		case it.Attr != nil && it.Attr.Name == "values":
			s.Pairs = l.pairs(it.Attr, b.Attr("ids"), id, ctx)
			valuesSeen = true
		case it.Attr != nil && it.Attr.Name == "rule":
			if valuesSeen && n == 0 {
				s.ChildAt = len(s.Pairs)
			}
			if r := l.ruleFromAttr(it.Attr, ctx, ruleSpec{id: ir.RuleID(id, n)}); r != nil {
				s.Rules = append(s.Rules, r)
			}
			n++
		case it.Block != nil && it.Block.Type == "rule":
			if valuesSeen && n == 0 {
				s.ChildAt = len(s.Pairs)
			}
			if r := l.ruleFromBlock(it.Block, ctx, ir.RuleID(id, n), nil); r != nil {
				s.Rules = append(s.Rules, r)
			}
			n++
		}
	}
	return s
}

// setKinds maps the set names a block accepts to their CIB kind.
var (
	resourceSetKinds = map[string]ir.NVSetKind{"params": ir.InstanceAttributes, "meta": ir.MetaAttributes, "utilization": ir.Utilization}
	nodeSetKinds     = map[string]ir.NVSetKind{"attributes": ir.InstanceAttributes, "utilization": ir.Utilization}
	opSetKinds       = map[string]ir.NVSetKind{"params": ir.InstanceAttributes, "meta": ir.MetaAttributes}
)

// setCounter numbers the sets of each kind an element owns, for ids.
type setCounter map[ir.NVSetKind]int

// lowerSetItem lowers it when it is an attribute set of kinds; ok is false
// for other items.
func (l *lowerer) lowerSetItem(it dsl.Item, kinds map[string]ir.NVSetKind, owner string, n setCounter, ctx *hcl.EvalContext) (*ir.NVSet, bool) {
	kind, ok := kinds[it.Name()]
	if !ok {
		return nil, false
	}
	id := ir.SetID(owner, kind, n[kind])
	n[kind]++
	if it.Attr != nil {
		return l.setFromAttr(it.Attr, kind, id, ctx), true
	}
	return l.setFromBlock(it.Block, kind, id, ctx), true
}

// lowerTopSet lowers properties, rsc_defaults and op_defaults blocks.
func (l *lowerer) lowerTopSet(b *dsl.Block, ctx *hcl.EvalContext) {
	n := l.counts[b.Type]
	l.counts[b.Type]++
	switch b.Type {
	case "properties":
		s := l.setFromBlock(b, ir.ClusterProperties, ir.PropertySetID(n), ctx)
		l.checkClusterOptions(s)
		l.cfg.Properties = append(l.cfg.Properties, s)
	case "rsc_defaults":
		l.section("rsc_defaults")
		l.cfg.RscDefaults = append(l.cfg.RscDefaults, l.setFromBlock(b, ir.MetaAttributes, ir.DefaultsSetID("rsc_defaults", n), ctx))
	case "op_defaults":
		l.section("op_defaults")
		l.cfg.OpDefaults = append(l.cfg.OpDefaults, l.setFromBlock(b, ir.MetaAttributes, ir.DefaultsSetID("op_defaults", n), ctx))
	}
}
