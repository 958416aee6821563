package pclgen

import (
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"

	"pcl/ir"
)

// setNames maps the kinds of attribute set an owner can hold to the .pcl
// names for them.
type setNames map[ir.NVSetKind]string

var (
	resourceSetNames = setNames{ir.InstanceAttributes: "params", ir.MetaAttributes: "meta", ir.Utilization: "utilization"}
	nodeSetNames     = setNames{ir.InstanceAttributes: "attributes", ir.Utilization: "utilization"}
	// Operations and alerts take parameters and meta-attributes only.
	opSetNames = setNames{ir.InstanceAttributes: "params", ir.MetaAttributes: "meta"}
)

// ownedSets are the attribute sets of one element, with what is needed to
// write each one where it stands among the element's other children.
type ownedSets struct {
	owner  string // element id, for messages
	sets   []*ir.NVSet
	names  setNames
	derive func(kind ir.NVSetKind, n int) string // the derived id of the n-th set of a kind
}

// writeSets appends o.sets[from:to] to body; the counting runs over all of
// o.sets because derived ids number the sets of a kind across the element.
func (g *gen) writeSets(body *hclwrite.Body, o ownedSets, from, to int) {
	count := map[ir.NVSetKind]int{}
	for _, s := range o.sets {
		count[s.Kind]++
	}
	index := map[ir.NVSetKind]int{}
	for i, s := range o.sets {
		n := index[s.Kind]
		index[s.Kind]++
		if i < from || i >= to {
			continue
		}
		name, ok := o.names[s.Kind]
		if !ok {
			g.fail(s.DeclRange, "%s: a %s cannot be expressed here", o.owner, s.Kind.Element())
			continue
		}
		derived := o.derive(s.Kind, n)
		if count[s.Kind] == 1 && shortForm(s, derived) {
			body.SetAttributeRaw(name, pairValues(s.Pairs))
			continue
		}
		g.setBody(body.AppendNewBlock(name, nil).Body(), s, derived)
	}
}

// shortForm reports whether a set is nothing but its values: derived ids
// throughout, no score, rules or references. Such a set is written as
// `params = { ... }`.
func shortForm(s *ir.NVSet, derived string) bool {
	if s.ID != derived || s.IDRef != "" || s.Score != nil || len(s.Rules) > 0 {
		return false
	}
	return pairsPlain(s, derived)
}

// pairsPlain reports whether every pair has the id the compiler derives
// (none for a pair that refers to another one).
func pairsPlain(s *ir.NVSet, setID string) bool {
	for _, p := range s.Pairs {
		if !pairIDDerived(p, setID) {
			return false
		}
	}
	return true
}

func pairIDDerived(p *ir.NVPair, setID string) bool {
	if p.IDRef != "" {
		return p.ID == ""
	}
	return p.ID == ir.PairID(setID, p.Name)
}

// pairValues is the values object: name = value in CIB order (names may
// repeat), with `{ ref = "id" }` for a pair that refers to another.
func pairValues(pairs []*ir.NVPair) hclwrite.Tokens {
	entries := make([]kv, len(pairs))
	for i, p := range pairs {
		v := plainValue(p.Value)
		if p.IDRef != "" {
			v = refObject(p.IDRef)
		}
		entries[i] = kv{p.Name, v}
	}
	return object(entries)
}

// setBody writes the block form of a set:
//
//	meta {
//	  id     = "..."   # when not derived
//	  score  = 10
//	  rule   = "..."
//	  values = { ... }
//	  ids    = { ... } # pair ids that are not derived
//	}
func (g *gen) setBody(body *hclwrite.Body, s *ir.NVSet, derived string) {
	if s.IDRef != "" {
		derived = "" // a reference has no id of its own unless given one
	}
	if s.ID != derived {
		body.SetAttributeRaw("id", str(s.ID))
	}
	if s.IDRef != "" {
		body.SetAttributeRaw("ref", str(s.IDRef))
	}
	if s.Score != nil {
		body.SetAttributeRaw("score", scoreValue(s.Score))
	}
	// ChildAt counts the pairs before the rules; values are one attribute,
	// so rules go either before all pairs or after all of them.
	rulesFirst := s.ChildAt == 0 || len(s.Rules) == 0
	if s.ChildAt > 0 && s.ChildAt < len(s.Pairs) && len(s.Rules) > 0 {
		g.fail(s.DeclRange, "attribute set %s: rules between its name/value pairs cannot be expressed", s.ID)
	}
	if rulesFirst {
		g.rules(body, s.Rules, s.ID)
	}
	g.pairs(body, s)
	if !rulesFirst {
		g.rules(body, s.Rules, s.ID)
	}
}

// pairs writes the values of a block-form set and the ids that differ from
// the derived ones: by name, or by position when a name repeats.
func (g *gen) pairs(body *hclwrite.Body, s *ir.NVSet) {
	if s.IDRef != "" && len(s.Pairs) == 0 {
		return
	}
	body.SetAttributeRaw("values", pairValues(s.Pairs))
	if pairsPlain(s, s.ID) {
		return
	}
	seen := map[string]bool{}
	repeated := false
	for _, p := range s.Pairs {
		repeated = repeated || seen[p.Name]
		seen[p.Name] = true
	}
	if repeated {
		ids := make([]string, len(s.Pairs))
		for i, p := range s.Pairs {
			if !pairIDDerived(p, s.ID) {
				ids[i] = p.ID
			}
		}
		body.SetAttributeRaw("ids", stringList(ids))
		return
	}
	var ids []kv
	for _, p := range s.Pairs {
		if !pairIDDerived(p, s.ID) {
			ids = append(ids, kv{p.Name, str(p.ID)})
		}
	}
	body.SetAttributeRaw("ids", object(ids))
}

// refObject is `{ ref = "id" }` on one line: the value of a pair that
// refers to another pair.
func refObject(id string) hclwrite.Tokens {
	toks := hclwrite.Tokens{{Type: hclsyntax.TokenOBrace, Bytes: []byte("{")}}
	toks = append(toks, ident("ref")...)
	toks = append(toks, &hclwrite.Token{Type: hclsyntax.TokenEqual, Bytes: []byte("=")})
	toks = append(toks, str(id)...)
	return append(toks, &hclwrite.Token{Type: hclsyntax.TokenCBrace, Bytes: []byte("}")})
}
