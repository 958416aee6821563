package lsp

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

var (
	// didYouMean finds the suggestion of a diagnostic: the compiler's
	// did you mean "x"? and HCL's Did you mean "x"? alike, and the
	// compiler's Did you mean var.x? for variables and locals.
	didYouMean = regexp.MustCompile(`(?i)did you mean (?:"([^"]+)"|([\w.-]+))\?`)
	quotedName = regexp.MustCompile(`"([^"]+)"`)
	// missingParam finds the compiler's "Missing agent parameter".
	missingParam = regexp.MustCompile(`requires the parameter "([^"]+)"`)
)

// codeAction offers, for the diagnostics of the latest compilation that
// meet the range: the did-you-mean replacement of a misspelt name, and
// the addition of a required agent parameter left out.
func (s *Server) codeAction(_ *glsp.Context, p *protocol.CodeActionParams) (any, error) {
	path := pathOf(p.TextDocument.URI)
	if path == "" {
		return nil, nil
	}
	c := s.policyOf(path).latest()
	out := []protocol.CodeAction{}
	if c == nil {
		return out, nil
	}
	text := s.textOf(path)
	if text != s.textIn(c, path) {
		return out, nil // edited since: the ranges no longer hold
	}
	from, to := offset(text, p.Range.Start), offset(text, p.Range.End)
	for _, d := range c.diags {
		if d.Subject == nil || d.Subject.Filename != path || d.Subject.End.Byte < from || d.Subject.Start.Byte > to {
			continue
		}
		if a, ok := s.replaceAction(c, text, d); ok {
			out = append(out, a)
		}
		if a, ok := s.addParamAction(text, d); ok {
			out = append(out, a)
		}
	}
	return out, nil
}

func (s *Server) quickFix(title string, d *hcl.Diagnostic, c *compiled, path string, edits []protocol.TextEdit) protocol.CodeAction {
	kind := protocol.CodeActionKindQuickFix
	return protocol.CodeAction{
		Title:       title,
		Kind:        &kind,
		Diagnostics: []protocol.Diagnostic{s.diagnostic(c, d)},
		Edit:        &protocol.WorkspaceEdit{Changes: map[protocol.DocumentUri][]protocol.TextEdit{s.uriFor(path): edits}},
	}
}

// replaceAction replaces the misspelt name in a diagnostic's range with
// its suggestion: the name the message quotes that the range holds, else
// the range's whole word or string.
func (s *Server) replaceAction(c *compiled, text string, d *hcl.Diagnostic) (protocol.CodeAction, bool) {
	m := didYouMean.FindStringSubmatch(d.Summary + " " + d.Detail)
	if m == nil {
		return protocol.CodeAction{}, false
	}
	want := m[1] + m[2]
	subj := *d.Subject
	if subj.End.Byte > len(text) || subj.Start.Byte > subj.End.Byte {
		return protocol.CodeAction{}, false
	}
	held := text[subj.Start.Byte:subj.End.Byte]
	if strings.Contains(want, ".") {
		// var.x, local.x: the subject is the traversal, or its last step.
		if root, _, _ := strings.Cut(want, "."); !strings.HasPrefix(held, root+".") {
			want = want[strings.LastIndexByte(want, '.')+1:]
		}
	}
	start, end := -1, -1
	for _, q := range quotedName.FindAllStringSubmatch(d.Summary+" "+d.Detail, -1) {
		if q[1] == want {
			continue
		}
		if i := strings.Index(held, q[1]); i >= 0 {
			start, end = subj.Start.Byte+i, subj.Start.Byte+i+len(q[1])
			break
		}
	}
	if start < 0 {
		word := strings.Trim(strings.TrimPrefix(held, "."), `"`)
		if word == "" || strings.ContainsAny(word, " \n=\"{}[]") {
			return protocol.CodeAction{}, false
		}
		start = subj.Start.Byte + strings.Index(held, word)
		end = start + len(word)
	}
	edit := protocol.TextEdit{Range: protocol.Range{Start: position(text, start), End: position(text, end)}, NewText: want}
	return s.quickFix(fmt.Sprintf("Replace %q with %q", text[start:end], want), d, c, subj.Filename, []protocol.TextEdit{edit}), true
}

// addParamAction adds a required agent parameter a primitive leaves out,
// with an empty value to fill in: into its params object, or as a new
// params attribute.
func (s *Server) addParamAction(text string, d *hcl.Diagnostic) (protocol.CodeAction, bool) {
	m := missingParam.FindStringSubmatch(d.Detail)
	if m == nil {
		return protocol.CodeAction{}, false
	}
	name := m[1]
	f, _ := hclsyntax.ParseConfig([]byte(text), d.Subject.Filename, hcl.InitialPos)
	if f == nil {
		return protocol.CodeAction{}, false
	}
	blk := blockAt(f.Body.(*hclsyntax.Body), d.Subject.Start.Byte)
	if blk == nil {
		return protocol.CodeAction{}, false
	}
	indent := strings.Repeat(" ", blk.TypeRange.Start.Column-1)
	var at int
	var insert string
	if a := blk.Body.Attributes["params"]; a != nil {
		obj, ok := a.Expr.(*hclsyntax.ObjectConsExpr)
		if !ok {
			return protocol.CodeAction{}, false
		}
		at = obj.OpenRange.End.Byte
		insert = fmt.Sprintf("\n%s    %s = \"\",", indent, name)
	} else if len(blk.Body.Blocks) > 0 && hasBlock(blk.Body, "params") {
		return protocol.CodeAction{}, false
	} else {
		at = blk.OpenBraceRange.End.Byte
		insert = fmt.Sprintf("\n%s  params = { %s = \"\" }", indent, name)
	}
	edit := protocol.TextEdit{Range: protocol.Range{Start: position(text, at), End: position(text, at)}, NewText: insert}
	return s.quickFix(fmt.Sprintf("Add the required parameter %q", name), d, nil, d.Subject.Filename, []protocol.TextEdit{edit}), true
}

func hasBlock(body *hclsyntax.Body, typ string) bool {
	for _, b := range body.Blocks {
		if b.Type == typ {
			return true
		}
	}
	return false
}

// blockAt is the innermost primitive or template whose declaration
// starts at off.
func blockAt(body *hclsyntax.Body, off int) *hclsyntax.Block {
	blocks := append([]*hclsyntax.Block(nil), body.Blocks...)
	sort.Slice(blocks, func(i, j int) bool { return blocks[i].TypeRange.Start.Byte < blocks[j].TypeRange.Start.Byte })
	for _, b := range blocks {
		r := b.Range()
		if off < r.Start.Byte || off > r.End.Byte {
			continue
		}
		if inner := blockAt(b.Body, off); inner != nil {
			return inner
		}
		if (b.Type == "primitive" || b.Type == "template") && b.DefRange().Start.Byte == off {
			return b
		}
	}
	return nil
}
