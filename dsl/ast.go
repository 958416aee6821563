package dsl

import (
	"sort"

	"github.com/hashicorp/hcl/v2"
)

// File is one parsed .pcl source with its top-level blocks in source order.
type File struct {
	Name   string
	HCL    *hcl.File
	Blocks []*Block
}

// Policy is every file of a policy, in the order they were given (files of
// a directory in file-name order).
type Policy struct {
	Files []*File
}

// Block is one decoded block. Attributes and nested blocks keep their
// expressions unevaluated and are in source order. Body is the block's
// undecoded body: the compiler expands dynamic blocks on it before calling
// Decode for the nested structure.
type Block struct {
	Type        string
	Labels      []string
	LabelRanges []hcl.Range
	Attrs       []*hcl.Attribute // in source order
	Blocks      []*Block         // in source order
	Body        hcl.Body

	DefRange  hcl.Range // type and labels
	TypeRange hcl.Range
	// Range is the whole block where known (hclsyntax bodies), else DefRange.
	Range hcl.Range
}

// Label is the block's first label, "" when it has none.
func (b *Block) Label() string {
	if len(b.Labels) == 0 {
		return ""
	}
	return b.Labels[0]
}

// Attr returns the attribute named name, nil when not written.
func (b *Block) Attr(name string) *hcl.Attribute {
	for _, a := range b.Attrs {
		if a.Name == name {
			return a
		}
	}
	return nil
}

// BlocksOf returns the nested blocks of one type, in source order.
func (b *Block) BlocksOf(typ string) []*Block {
	var out []*Block
	for _, c := range b.Blocks {
		if c.Type == typ {
			out = append(out, c)
		}
	}
	return out
}

// Item is an attribute or a nested block of a body, for walking both in
// source order (where attribute sets written as attributes and as blocks
// interleave).
type Item struct {
	Attr  *hcl.Attribute
	Block *Block
}

// Name is the attribute name or block type.
func (it Item) Name() string {
	if it.Attr != nil {
		return it.Attr.Name
	}
	return it.Block.Type
}

// Range is where the item starts.
func (it Item) Range() hcl.Range {
	if it.Attr != nil {
		return it.Attr.Range
	}
	return it.Block.DefRange
}

// Items returns attributes and nested blocks merged in source order.
func (b *Block) Items() []Item {
	items := make([]Item, 0, len(b.Attrs)+len(b.Blocks))
	for _, a := range b.Attrs {
		items = append(items, Item{Attr: a})
	}
	for _, c := range b.Blocks {
		items = append(items, Item{Block: c})
	}
	sort.SliceStable(items, func(i, j int) bool { return before(items[i].Range(), items[j].Range()) })
	return items
}

func before(a, b hcl.Range) bool {
	if a.Filename != b.Filename {
		return a.Filename < b.Filename
	}
	return a.Start.Byte < b.Start.Byte
}

func sortAttrs(attrs hcl.Attributes) []*hcl.Attribute {
	out := make([]*hcl.Attribute, 0, len(attrs))
	for _, a := range attrs {
		out = append(out, a)
	}
	sort.Slice(out, func(i, j int) bool {
		if before(out[i].Range, out[j].Range) != before(out[j].Range, out[i].Range) {
			return before(out[i].Range, out[j].Range)
		}
		return out[i].Name < out[j].Name
	})
	return out
}
