package dsl

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// movedTo returns the chunk's items as the parse of its text at start
// would give them: copies whose every position is moved by the distance
// from where the chunk was. Copies, not the items themselves: the previous
// parse may still be read (pcl lsp answers hovers from it). ok is false
// when the chunk holds a node this copy does not know (a newer HCL's):
// the caller parses that chunk instead.
func (c chunk) movedTo(start hcl.Pos) (moved chunk, ok bool) {
	if start == c.start {
		return c, true
	}
	m := &mover{line: start.Line - c.start.Line, byte: start.Byte - c.start.Byte, ok: true}
	moved = chunk{start: start, attrs: make([]*hclsyntax.Attribute, len(c.attrs)), blocks: make([]*hclsyntax.Block, len(c.blocks))}
	for i, a := range c.attrs {
		moved.attrs[i] = m.attr(a)
	}
	for i, b := range c.blocks {
		moved.blocks[i] = m.block(b)
	}
	return moved, m.ok
}

// mover copies syntax trees with every position moved by line lines and
// byte bytes. Chunks begin at the start of a line, so columns stay.
type mover struct {
	line, byte int
	ok         bool // no node of an unknown type was met
	// symbol is the copy of the splat symbol being copied: a splat's
	// symbol is one node in its source and in its expression, found by
	// identity when evaluated.
	symbol map[*hclsyntax.AnonSymbolExpr]*hclsyntax.AnonSymbolExpr
}

func (m *mover) pos(p hcl.Pos) hcl.Pos {
	p.Line += m.line
	p.Byte += m.byte
	return p
}

func (m *mover) rng(r hcl.Range) hcl.Range {
	r.Start, r.End = m.pos(r.Start), m.pos(r.End)
	return r
}

func (m *mover) body(b *hclsyntax.Body) *hclsyntax.Body {
	if b == nil {
		return nil
	}
	out := &hclsyntax.Body{SrcRange: m.rng(b.SrcRange), EndRange: m.rng(b.EndRange)}
	if b.Attributes != nil {
		out.Attributes = make(hclsyntax.Attributes, len(b.Attributes))
		for name, a := range b.Attributes {
			out.Attributes[name] = m.attr(a)
		}
	}
	if b.Blocks != nil {
		out.Blocks = make(hclsyntax.Blocks, len(b.Blocks))
		for i, blk := range b.Blocks {
			out.Blocks[i] = m.block(blk)
		}
	}
	return out
}

func (m *mover) attr(a *hclsyntax.Attribute) *hclsyntax.Attribute {
	return &hclsyntax.Attribute{Name: a.Name, Expr: m.expr(a.Expr), SrcRange: m.rng(a.SrcRange), NameRange: m.rng(a.NameRange), EqualsRange: m.rng(a.EqualsRange)}
}

func (m *mover) block(b *hclsyntax.Block) *hclsyntax.Block {
	out := *b
	out.Body = m.body(b.Body)
	out.TypeRange = m.rng(b.TypeRange)
	out.OpenBraceRange = m.rng(b.OpenBraceRange)
	out.CloseBraceRange = m.rng(b.CloseBraceRange)
	if b.LabelRanges != nil {
		out.LabelRanges = make([]hcl.Range, len(b.LabelRanges))
		for i, r := range b.LabelRanges {
			out.LabelRanges[i] = m.rng(r)
		}
	}
	return &out
}

func (m *mover) exprs(es []hclsyntax.Expression) []hclsyntax.Expression {
	if es == nil {
		return nil
	}
	out := make([]hclsyntax.Expression, len(es))
	for i, e := range es {
		out[i] = m.expr(e)
	}
	return out
}

// expr copies one expression. Every expression type of hclsyntax that a
// clean parse makes is here; FuzzReparse holds the copy to the parse.
func (m *mover) expr(e hclsyntax.Expression) hclsyntax.Expression {
	switch e := e.(type) {
	case nil:
		return nil
	case *hclsyntax.LiteralValueExpr:
		return &hclsyntax.LiteralValueExpr{Val: e.Val, SrcRange: m.rng(e.SrcRange)}
	case *hclsyntax.TemplateExpr:
		return &hclsyntax.TemplateExpr{Parts: m.exprs(e.Parts), SrcRange: m.rng(e.SrcRange)}
	case *hclsyntax.TemplateWrapExpr:
		return &hclsyntax.TemplateWrapExpr{Wrapped: m.expr(e.Wrapped), SrcRange: m.rng(e.SrcRange)}
	case *hclsyntax.TemplateJoinExpr:
		return &hclsyntax.TemplateJoinExpr{Tuple: m.expr(e.Tuple)}
	case *hclsyntax.ScopeTraversalExpr:
		return &hclsyntax.ScopeTraversalExpr{Traversal: m.traversal(e.Traversal), SrcRange: m.rng(e.SrcRange)}
	case *hclsyntax.RelativeTraversalExpr:
		return &hclsyntax.RelativeTraversalExpr{Source: m.expr(e.Source), Traversal: m.traversal(e.Traversal), SrcRange: m.rng(e.SrcRange)}
	case *hclsyntax.TupleConsExpr:
		return &hclsyntax.TupleConsExpr{Exprs: m.exprs(e.Exprs), SrcRange: m.rng(e.SrcRange), OpenRange: m.rng(e.OpenRange)}
	case *hclsyntax.ObjectConsExpr:
		out := &hclsyntax.ObjectConsExpr{SrcRange: m.rng(e.SrcRange), OpenRange: m.rng(e.OpenRange)}
		if e.Items != nil {
			out.Items = make([]hclsyntax.ObjectConsItem, len(e.Items))
			for i, item := range e.Items {
				out.Items[i] = hclsyntax.ObjectConsItem{KeyExpr: m.expr(item.KeyExpr), ValueExpr: m.expr(item.ValueExpr)}
			}
		}
		return out
	case *hclsyntax.ObjectConsKeyExpr:
		return &hclsyntax.ObjectConsKeyExpr{Wrapped: m.expr(e.Wrapped), ForceNonLiteral: e.ForceNonLiteral}
	case *hclsyntax.FunctionCallExpr:
		return &hclsyntax.FunctionCallExpr{Name: e.Name, Args: m.exprs(e.Args), ExpandFinal: e.ExpandFinal,
			NameRange: m.rng(e.NameRange), OpenParenRange: m.rng(e.OpenParenRange), CloseParenRange: m.rng(e.CloseParenRange)}
	case *hclsyntax.ConditionalExpr:
		return &hclsyntax.ConditionalExpr{Condition: m.expr(e.Condition), TrueResult: m.expr(e.TrueResult), FalseResult: m.expr(e.FalseResult), SrcRange: m.rng(e.SrcRange)}
	case *hclsyntax.IndexExpr:
		return &hclsyntax.IndexExpr{Collection: m.expr(e.Collection), Key: m.expr(e.Key), SrcRange: m.rng(e.SrcRange), OpenRange: m.rng(e.OpenRange), BracketRange: m.rng(e.BracketRange)}
	case *hclsyntax.ForExpr:
		return &hclsyntax.ForExpr{KeyVar: e.KeyVar, ValVar: e.ValVar, CollExpr: m.expr(e.CollExpr), KeyExpr: m.expr(e.KeyExpr), ValExpr: m.expr(e.ValExpr),
			CondExpr: m.expr(e.CondExpr), Group: e.Group, SrcRange: m.rng(e.SrcRange), OpenRange: m.rng(e.OpenRange), CloseRange: m.rng(e.CloseRange)}
	case *hclsyntax.SplatExpr:
		item := m.anon(e.Item)
		return &hclsyntax.SplatExpr{Source: m.expr(e.Source), Each: m.expr(e.Each), Item: item, SrcRange: m.rng(e.SrcRange), MarkerRange: m.rng(e.MarkerRange)}
	case *hclsyntax.AnonSymbolExpr:
		return m.anon(e)
	case *hclsyntax.BinaryOpExpr:
		return &hclsyntax.BinaryOpExpr{LHS: m.expr(e.LHS), Op: e.Op, RHS: m.expr(e.RHS), SrcRange: m.rng(e.SrcRange)}
	case *hclsyntax.UnaryOpExpr:
		return &hclsyntax.UnaryOpExpr{Op: e.Op, Val: m.expr(e.Val), SrcRange: m.rng(e.SrcRange), SymbolRange: m.rng(e.SymbolRange)}
	case *hclsyntax.ParenthesesExpr:
		return &hclsyntax.ParenthesesExpr{Expression: m.expr(e.Expression), SrcRange: m.rng(e.SrcRange)}
	}
	m.ok = false
	return e
}

func (m *mover) anon(e *hclsyntax.AnonSymbolExpr) *hclsyntax.AnonSymbolExpr {
	if e == nil {
		return nil
	}
	if m.symbol == nil {
		m.symbol = map[*hclsyntax.AnonSymbolExpr]*hclsyntax.AnonSymbolExpr{}
	}
	if out, ok := m.symbol[e]; ok {
		return out
	}
	out := &hclsyntax.AnonSymbolExpr{SrcRange: m.rng(e.SrcRange)}
	m.symbol[e] = out
	return out
}

func (m *mover) traversal(t hcl.Traversal) hcl.Traversal {
	if t == nil {
		return nil
	}
	out := make(hcl.Traversal, len(t))
	for i, step := range t {
		switch s := step.(type) {
		case hcl.TraverseRoot:
			s.SrcRange = m.rng(s.SrcRange)
			out[i] = s
		case hcl.TraverseAttr:
			s.SrcRange = m.rng(s.SrcRange)
			out[i] = s
		case hcl.TraverseIndex:
			s.SrcRange = m.rng(s.SrcRange)
			out[i] = s
		case hcl.TraverseSplat:
			s.SrcRange = m.rng(s.SrcRange)
			s.Each = m.traversal(s.Each)
			out[i] = s
		default:
			m.ok = false
			out[i] = step
		}
	}
	return out
}
