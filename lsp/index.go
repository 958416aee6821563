package lsp

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// namespace is what a name names: names of different namespaces never
// refer to each other.
type namespace int

const (
	nsNone     namespace = iota
	nsResource           // the CIB's ids: resources, templates, tags, constraints
	nsNode
	nsACLRole
	nsVariable
	nsLocal
)

// definers are the block types that declare a name, and its namespace.
var definers = map[string]namespace{
	"primitive": nsResource, "template": nsResource, "group": nsResource, "clone": nsResource,
	"master": nsResource, "bundle": nsResource, "tag": nsResource,
	"location": nsResource, "order": nsResource, "colocation": nsResource, "ticket": nsResource,
	"alert": nsResource, "acl_target": nsResource, "acl_group": nsResource,
	"node": nsNode, "acl_role": nsACLRole, "variable": nsVariable,
}

// referrers are the attributes whose string values (or lists of them)
// name something, and what: resource = "db", members = ["a", "b"].
var referrers = map[string]namespace{
	"resource": nsResource, "resources": nsResource, "members": nsResource, "refs": nsResource,
	"devices": nsResource, "leader": nsResource, "follower": nsResource, "first": nsResource,
	"then": nsResource, "template": nsResource, "ref": nsResource, "reference": nsResource,
	"node": nsNode, "target": nsNode, "node_down": nsNode, "node_fail": nsNode, "node_up": nsNode,
	"node_standby": nsNode, "roles": nsACLRole,
	// Scenarios' operator actions and assertions. move, ban, clear and
	// cleanup are left out: their elements may be RESOURCE@NODE.
	"node_maintenance": nsNode, "disable": nsResource, "enable": nsResource, "unmanage": nsResource,
	"manage": nsResource, "runs_on": nsNode, "not_on": nsNode, "with": nsResource, "apart_from": nsResource,
}

// symbol is a name declared by a block (or a local).
type symbol struct {
	ns    namespace
	name  string
	kind  string    // block type, "local"
	path  string    // file
	rng   hcl.Range // the name as written (without quotes)
	block hcl.Range // the whole declaration
	// dynamic is a name made per for_each instance: not a reference
	// target, only an outline entry.
	dynamic bool
	parent  *symbol
}

// reference is a use of a name.
type reference struct {
	ns   namespace
	name string
	path string
	rng  hcl.Range
}

// index is every declaration and reference of a policy's files.
type index struct {
	syms  []*symbol
	refs  []reference
	texts map[string]string
	files map[string]*hcl.File
}

// policyFiles are the .pcl files of dir: on the disk and open.
func (s *Server) policyFiles(dir string) []string {
	seen := map[string]bool{}
	matches, _ := filepath.Glob(filepath.Join(dir, "*.pcl"))
	for _, m := range matches {
		seen[filepath.Clean(m)] = true
	}
	s.mu.Lock()
	for path := range s.docs {
		if dirOf(path) == dir && strings.HasSuffix(path, ".pcl") {
			seen[path] = true
		}
	}
	s.mu.Unlock()
	out := make([]string, 0, len(seen))
	for p := range seen {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// fileIndex is one file's part of an index, kept while its text is the
// same: a request on a large policy parses only the files edited since.
type fileIndex struct {
	text string
	file *hcl.File
	syms []*symbol
	refs []reference
}

// indexOf indexes the policy of path's directory as its buffers are now.
func (s *Server) indexOf(path string) *index {
	ix := &index{texts: map[string]string{}, files: map[string]*hcl.File{}}
	for _, f := range s.policyFiles(dirOf(path)) {
		text := s.textOf(f)
		if text == "" {
			if _, err := os.Stat(f); err != nil {
				continue
			}
		}
		fi := s.fileIndexOf(f, text)
		ix.texts[f] = text
		if fi.file == nil {
			continue
		}
		ix.files[f] = fi.file
		ix.syms = append(ix.syms, fi.syms...)
		ix.refs = append(ix.refs, fi.refs...)
	}
	return ix
}

// fileIndexOf is the index of one file's text, from the cache when the
// text is the one indexed last.
func (s *Server) fileIndexOf(path, text string) *fileIndex {
	s.mu.Lock()
	fi := s.indexed[path]
	s.mu.Unlock()
	if fi != nil && fi.text == text {
		return fi
	}
	one := &index{texts: map[string]string{path: text}}
	hf, _ := hclsyntax.ParseConfig([]byte(text), path, hcl.InitialPos)
	if hf != nil {
		if body, ok := hf.Body.(*hclsyntax.Body); ok {
			one.walk(path, body, nil)
		}
	}
	fi = &fileIndex{text: text, file: hf, syms: one.syms, refs: one.refs}
	s.mu.Lock()
	s.indexed[path] = fi
	s.mu.Unlock()
	return fi
}

func (ix *index) walk(path string, body *hclsyntax.Body, parent *symbol) {
	for _, a := range sortedAttrs(body) {
		ix.attribute(path, a)
	}
	for _, b := range body.Blocks {
		if b.Type == "locals" {
			for _, a := range sortedAttrs(b.Body) {
				ix.syms = append(ix.syms, &symbol{ns: nsLocal, name: a.Name, kind: "local", path: path,
					rng: a.NameRange, block: a.SrcRange, parent: parent})
				ix.attribute(path, a)
			}
			continue
		}
		sym := ix.declaration(path, b, parent)
		next := parent
		if sym != nil {
			ix.syms = append(ix.syms, sym)
			next = sym
		}
		ix.walk(path, b.Body, next)
	}
}

// declaration is the symbol a block declares, nil for none.
func (ix *index) declaration(path string, b *hclsyntax.Block, parent *symbol) *symbol {
	ns, ok := definers[b.Type]
	if !ok || len(b.Labels) == 0 {
		return nil
	}
	sym := &symbol{ns: ns, name: b.Labels[0], kind: b.Type, path: path,
		rng: unquoted(ix.texts[path], b.LabelRanges[0]), block: b.Range(), parent: parent}
	if a := b.Body.Attributes["name"]; a != nil {
		if name, rng, ok := literal(a.Expr); ok {
			sym.name, sym.rng = name, rng
		} else {
			sym.dynamic = true
		}
	} else if b.Body.Attributes["for_each"] != nil {
		sym.dynamic = true
	}
	return sym
}

// attribute indexes the references of one attribute: the names its value
// gives where a name is expected, and var.x and local.x anywhere.
func (ix *index) attribute(path string, a *hclsyntax.Attribute) {
	if ns, ok := referrers[a.Name]; ok {
		for _, e := range elements(a.Expr) {
			if name, rng, ok := literal(e); ok {
				ix.refs = append(ix.refs, reference{ns: ns, name: name, path: path, rng: rng})
			}
		}
	}
	for _, t := range a.Expr.Variables() {
		if len(t) < 2 {
			continue
		}
		attr, ok := t[1].(hcl.TraverseAttr)
		if !ok {
			continue
		}
		var ns namespace
		switch t.RootName() {
		case "var":
			ns = nsVariable
		case "local":
			ns = nsLocal
		default:
			continue
		}
		rng := attr.SrcRange
		if text := ix.texts[path]; rng.Start.Byte < len(text) && text[rng.Start.Byte] == '.' {
			rng.Start.Byte++ // the name, not the dot before it
			rng.Start.Column++
		}
		ix.refs = append(ix.refs, reference{ns: ns, name: attr.Name, path: path, rng: rng})
	}
}

// elements are an expression's list elements, or the expression.
func elements(e hclsyntax.Expression) []hclsyntax.Expression {
	if t, ok := e.(*hclsyntax.TupleConsExpr); ok {
		return t.Exprs
	}
	return []hclsyntax.Expression{e}
}

// literal is a quoted string without interpolation, and the range of its
// text inside the quotes.
func literal(e hclsyntax.Expression) (string, hcl.Range, bool) {
	t, ok := e.(*hclsyntax.TemplateExpr)
	if !ok || len(t.Parts) != 1 {
		return "", hcl.Range{}, false
	}
	lit, ok := t.Parts[0].(*hclsyntax.LiteralValueExpr)
	if !ok || lit.Val.Type() != cty.String || lit.Val.IsNull() || !lit.Val.IsKnown() {
		return "", hcl.Range{}, false
	}
	rng := t.SrcRange
	rng.Start.Byte++
	rng.Start.Column++
	rng.End.Byte--
	rng.End.Column--
	return lit.Val.AsString(), rng, true
}

// unquoted is a label's range without its quotes.
func unquoted(text string, r hcl.Range) hcl.Range {
	if r.End.Byte-r.Start.Byte >= 2 && r.End.Byte <= len(text) && text[r.Start.Byte] == '"' && text[r.End.Byte-1] == '"' {
		r.Start.Byte++
		r.Start.Column++
		r.End.Byte--
		r.End.Column--
	}
	return r
}

func sortedAttrs(body *hclsyntax.Body) []*hclsyntax.Attribute {
	out := make([]*hclsyntax.Attribute, 0, len(body.Attributes))
	for _, a := range body.Attributes {
		out = append(out, a)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].SrcRange.Start.Byte < out[j].SrcRange.Start.Byte })
	return out
}

// at is the symbol or reference at byte offset off of path: its
// namespace and name, and whether it is one.
func (ix *index) at(path string, off int) (namespace, string, bool) {
	for _, sym := range ix.syms {
		if sym.path == path && !sym.dynamic && within(sym.rng, off) {
			return sym.ns, sym.name, true
		}
	}
	for _, r := range ix.refs {
		if r.path == path && within(r.rng, off) {
			return r.ns, r.name, true
		}
	}
	return nsNone, "", false
}

func within(r hcl.Range, off int) bool { return r.Start.Byte <= off && off <= r.End.Byte }

// definitions are the declarations of a name.
func (ix *index) definitions(ns namespace, name string) []*symbol {
	var out []*symbol
	for _, sym := range ix.syms {
		if sym.ns == ns && sym.name == name && !sym.dynamic {
			out = append(out, sym)
		}
	}
	return out
}

// uses are the references to a name, in file and source order.
func (ix *index) uses(ns namespace, name string) []reference {
	var out []reference
	for _, r := range ix.refs {
		if r.ns == ns && r.name == name {
			out = append(out, r)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].path != out[j].path {
			return out[i].path < out[j].path
		}
		return out[i].rng.Start.Byte < out[j].rng.Start.Byte
	})
	return out
}
