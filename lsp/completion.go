package lsp

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"pcl/agents"
	"pcl/compiler"
	"pcl/dsl"
	"pcl/pcmk"
)

// roleAttrs are the attributes whose value is a role.
var roleAttrs = map[string]bool{"role": true, "leader-role": true, "follower-role": true}

// keywordValues are attributes of a fixed vocabulary pcl's schema has no
// table for, with it.
var keywordValues = map[string][]string{
	"kind":               {"Mandatory", "Optional", "Serialize"},
	"first-action":       {"start", "stop", "promote", "demote"},
	"then-action":        {"start", "stop", "promote", "demote"},
	"action":             {"start", "stop", "promote", "demote"},
	"loss-policy":        {"stop", "demote", "fence", "freeze"},
	"resource-discovery": {"always", "never", "exclusive"},
	"boolean-op":         {"and", "or"},
	"on-fail":            {"ignore", "block", "demote", "stop", "restart", "standby", "fence", "restart-container"},
}

var (
	valueStmt = regexp.MustCompile(`^\s*([A-Za-z_][\w-]*)\s*=\s*(.*)$`)
	nameStmt  = regexp.MustCompile(`^\s*[\w-]*$`)
)

func (s *Server) completion(_ *glsp.Context, p *protocol.CompletionParams) (any, error) {
	path := pathOf(p.TextDocument.URI)
	if path == "" {
		return nil, nil
	}
	ix := s.indexOf(path)
	text := ix.texts[path]
	off := offset(text, p.Position)
	w := scanTo(text, off)
	items := s.complete(ix, path, text, off, w)
	return protocol.CompletionList{IsIncomplete: false, Items: items}, nil
}

func (s *Server) complete(ix *index, path, text string, off int, w where) []protocol.CompletionItem {
	top := w.top()
	// In a list: the names the list's attribute refers to.
	if top.kind == 'l' {
		if ns, ok := referrers[top.name]; ok {
			return names(ix, ns, w.inString)
		}
		return nil
	}
	if m := valueStmt.FindStringSubmatch(w.stmt); m != nil {
		return s.completeValue(ix, path, off, w, m[1])
	}
	if !nameStmt.MatchString(w.stmt) {
		return nil
	}
	if top.kind == 'b' {
		return blockItems(top.name)
	}
	// An attribute set's names.
	switch setKind(w) {
	case "properties":
		return docItems(compiler.ClusterOptionNames(s.targetOf(path)), protocol.CompletionItemKindProperty, "cluster option")
	case "meta":
		return docItems(compiler.MetaNames(s.targetOf(path)), protocol.CompletionItemKindProperty, "meta attribute")
	case "op":
		return docItems(compiler.OperationAttributeNames(), protocol.CompletionItemKindProperty, "operation attribute")
	case "params":
		return s.paramItems(agentOf(ix.files[path], off))
	}
	return nil
}

// completeValue completes the value of attribute name.
func (s *Server) completeValue(ix *index, path string, off int, w where, name string) []protocol.CompletionItem {
	if w.top().kind == 'b' {
		if ns, ok := referrers[name]; ok {
			return names(ix, ns, w.inString)
		}
		if name == "agent" {
			if l, ok := s.opts.Compile.Agents.(agents.Lister); ok {
				return words(l.Agents(), w.inString, protocol.CompletionItemKindModule, "agent")
			}
			return nil
		}
		if roleAttrs[name] {
			return words(pcmk.RoleNames, w.inString, protocol.CompletionItemKindEnumMember, "role")
		}
		if vs, ok := keywordValues[name]; ok {
			return words(vs, w.inString, protocol.CompletionItemKindEnumMember, name)
		}
		return nil
	}
	var values []string
	bare := w.inString // booleans are written bare: true, not "true"
	switch setKind(w) {
	case "properties":
		if d, ok := compiler.ClusterOptionDoc(s.targetOf(path), name); ok {
			values = d.Values
			if d.Type == "boolean" {
				values, bare = []string{"true", "false"}, true
			}
		}
	case "meta":
		if d, ok := compiler.MetaDoc(s.targetOf(path), name); ok {
			values = d.Values
			if d.Type == "boolean" {
				values, bare = []string{"true", "false"}, true
			}
		}
	}
	return words(values, bare, protocol.CompletionItemKindEnumMember, name)
}

// blockItems are the nested blocks and attributes a block of type typ
// takes (the top-level blocks for "file").
func blockItems(typ string) []protocol.CompletionItem {
	sch, ok := dsl.Schemas[typ]
	if !ok {
		return nil
	}
	snippet := protocol.InsertTextFormatSnippet
	var out []protocol.CompletionItem
	for i, b := range sch.Blocks {
		insert := b + " {\n\t$0\n}"
		if labels := dsl.Schemas[b].Labels; len(labels) > 0 {
			insert = fmt.Sprintf("%s \"${1:%s}\" {\n\t$0\n}", b, labels[0])
		}
		detail := "block"
		sortText := fmt.Sprintf("1%03d", i)
		out = append(out, protocol.CompletionItem{Label: b, Kind: ptr(protocol.CompletionItemKindClass), Detail: &detail,
			InsertText: ptr(insert), InsertTextFormat: &snippet, SortText: &sortText})
	}
	for i, a := range sch.Attrs {
		detail := "attribute"
		sortText := fmt.Sprintf("0%03d", i)
		out = append(out, protocol.CompletionItem{Label: a, Kind: ptr(protocol.CompletionItemKindField), Detail: &detail,
			InsertText: ptr(a + " = "), SortText: &sortText})
	}
	return out
}

// names are the declared names of a namespace, quoted unless the cursor
// is in a string already.
func names(ix *index, ns namespace, inString bool) []protocol.CompletionItem {
	seen := map[string]string{}
	for _, sym := range ix.syms {
		if sym.ns == ns && !sym.dynamic && sym.kind != "location" && sym.kind != "order" &&
			sym.kind != "colocation" && sym.kind != "ticket" {
			if _, dup := seen[sym.name]; !dup {
				seen[sym.name] = sym.kind
			}
		}
	}
	keys := make([]string, 0, len(seen))
	for k := range seen {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([]protocol.CompletionItem, 0, len(keys))
	for _, k := range keys {
		kind := seen[k]
		out = append(out, protocol.CompletionItem{Label: k, Kind: ptr(protocol.CompletionItemKindReference),
			Detail: &kind, InsertText: ptr(quote(k, inString))})
	}
	return out
}

func words(vs []string, inString bool, kind protocol.CompletionItemKind, detail string) []protocol.CompletionItem {
	out := make([]protocol.CompletionItem, 0, len(vs))
	for _, v := range vs {
		d := detail
		out = append(out, protocol.CompletionItem{Label: v, Kind: ptr(kind), Detail: &d, InsertText: ptr(quote(v, inString))})
	}
	return out
}

func docItems(vs []string, kind protocol.CompletionItemKind, detail string) []protocol.CompletionItem {
	out := make([]protocol.CompletionItem, 0, len(vs))
	for _, v := range vs {
		d := detail
		out = append(out, protocol.CompletionItem{Label: v, Kind: ptr(kind), Detail: &d, InsertText: ptr(v + " = ")})
	}
	return out
}

// paramItems are an agent's parameters, the required ones first.
func (s *Server) paramItems(agent string) []protocol.CompletionItem {
	md, ok := s.agentMetadata(agent)
	if !ok {
		return nil
	}
	var out []protocol.CompletionItem
	for i, prm := range md.Parameters {
		if prm.Deprecated {
			continue
		}
		detail := "parameter of " + agent
		rank := "1"
		if prm.Required {
			detail = "required " + detail
			rank = "0"
		}
		sortText := fmt.Sprintf("%s%03d", rank, i)
		doc := protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: paramDoc(agent, prm)}
		out = append(out, protocol.CompletionItem{Label: prm.Name, Kind: ptr(protocol.CompletionItemKindProperty),
			Detail: &detail, Documentation: doc, SortText: &sortText, InsertText: ptr(prm.Name + " = ")})
	}
	return out
}

func quote(s string, inString bool) string {
	if inString {
		return s
	}
	return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"`
}

func ptr[T any](v T) *T { return &v }
