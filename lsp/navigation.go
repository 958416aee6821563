package lsp

import (
	"sort"

	"github.com/hashicorp/hcl/v2"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// lookup is the index of the policy of a document and the name under the
// cursor.
func (s *Server) lookup(uri string, pos protocol.Position) (*index, namespace, string, bool) {
	path := pathOf(uri)
	if path == "" {
		return nil, nsNone, "", false
	}
	ix := s.indexOf(path)
	off := offset(ix.texts[path], pos)
	ns, name, ok := ix.at(path, off)
	return ix, ns, name, ok
}

func (ix *index) location(path string, r hcl.Range) protocol.Location {
	return protocol.Location{URI: uriOf(path), Range: rangeOf(ix.texts[path], r)}
}

func (s *Server) definition(_ *glsp.Context, p *protocol.DefinitionParams) (any, error) {
	ix, ns, name, ok := s.lookup(p.TextDocument.URI, p.Position)
	if !ok {
		return nil, nil
	}
	var out []protocol.Location
	for _, sym := range ix.definitions(ns, name) {
		out = append(out, ix.location(sym.path, sym.rng))
	}
	return out, nil
}

func (s *Server) references(_ *glsp.Context, p *protocol.ReferenceParams) ([]protocol.Location, error) {
	ix, ns, name, ok := s.lookup(p.TextDocument.URI, p.Position)
	if !ok {
		return nil, nil
	}
	out := []protocol.Location{}
	if p.Context.IncludeDeclaration {
		for _, sym := range ix.definitions(ns, name) {
			out = append(out, ix.location(sym.path, sym.rng))
		}
	}
	for _, r := range ix.uses(ns, name) {
		out = append(out, ix.location(r.path, r.rng))
	}
	return out, nil
}

func (s *Server) prepareRename(_ *glsp.Context, p *protocol.PrepareRenameParams) (any, error) {
	ix, ns, name, ok := s.lookup(p.TextDocument.URI, p.Position)
	if !ok || len(ix.definitions(ns, name)) == 0 {
		return nil, nil
	}
	path := pathOf(p.TextDocument.URI)
	off := offset(ix.texts[path], p.Position)
	for _, sym := range ix.syms {
		if sym.path == path && within(sym.rng, off) {
			return rangeOf(ix.texts[path], sym.rng), nil
		}
	}
	for _, r := range ix.refs {
		if r.path == path && within(r.rng, off) {
			return rangeOf(ix.texts[path], r.rng), nil
		}
	}
	return nil, nil
}

// rename renames a declared name everywhere in its policy: declarations
// and references, in every file of the directory.
func (s *Server) rename(_ *glsp.Context, p *protocol.RenameParams) (*protocol.WorkspaceEdit, error) {
	ix, ns, name, ok := s.lookup(p.TextDocument.URI, p.Position)
	if !ok || len(ix.definitions(ns, name)) == 0 {
		return nil, nil
	}
	changes := map[protocol.DocumentUri][]protocol.TextEdit{}
	add := func(path string, r hcl.Range) {
		uri := s.uriFor(path)
		changes[uri] = append(changes[uri], protocol.TextEdit{Range: rangeOf(ix.texts[path], r), NewText: p.NewName})
	}
	for _, sym := range ix.definitions(ns, name) {
		add(sym.path, sym.rng)
	}
	for _, r := range ix.uses(ns, name) {
		add(r.path, r.rng)
	}
	for uri := range changes {
		edits := changes[uri]
		sort.Slice(edits, func(i, j int) bool {
			a, b := edits[i].Range.Start, edits[j].Range.Start
			return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
		})
	}
	return &protocol.WorkspaceEdit{Changes: changes}, nil
}

// symbolKinds are the outline's kinds of each block type.
var symbolKinds = map[string]protocol.SymbolKind{
	"primitive": protocol.SymbolKindClass, "template": protocol.SymbolKindInterface,
	"group": protocol.SymbolKindModule, "clone": protocol.SymbolKindModule, "master": protocol.SymbolKindModule,
	"bundle": protocol.SymbolKindPackage, "tag": protocol.SymbolKindEnum, "node": protocol.SymbolKindObject,
	"location": protocol.SymbolKindEvent, "order": protocol.SymbolKindEvent, "colocation": protocol.SymbolKindEvent,
	"ticket": protocol.SymbolKindEvent, "alert": protocol.SymbolKindEvent, "acl_role": protocol.SymbolKindKey,
	"acl_target": protocol.SymbolKindKey, "acl_group": protocol.SymbolKindKey,
	"variable": protocol.SymbolKindVariable, "local": protocol.SymbolKindConstant,
}

// documentSymbol is the outline of a file: its declarations, nested as
// written (a group's primitives under it).
func (s *Server) documentSymbol(_ *glsp.Context, p *protocol.DocumentSymbolParams) (any, error) {
	path := pathOf(p.TextDocument.URI)
	if path == "" {
		return nil, nil
	}
	ix := s.indexOf(path)
	text := ix.texts[path]
	children := map[*symbol][]*symbol{}
	for _, sym := range ix.syms {
		if sym.path == path {
			children[sym.parent] = append(children[sym.parent], sym)
		}
	}
	var build func(parent *symbol) []protocol.DocumentSymbol
	build = func(parent *symbol) []protocol.DocumentSymbol {
		out := []protocol.DocumentSymbol{}
		for _, sym := range children[parent] {
			detail := sym.kind
			if sym.dynamic {
				detail += " (for_each)"
			}
			ds := protocol.DocumentSymbol{Name: sym.name, Detail: &detail, Kind: symbolKinds[sym.kind],
				Range: rangeOf(text, sym.block), SelectionRange: rangeOf(text, sym.rng)}
			if len(children[sym]) > 0 {
				ds.Children = build(sym)
			}
			out = append(out, ds)
		}
		return out
	}
	return build(nil), nil
}
