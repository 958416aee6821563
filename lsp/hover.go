package lsp

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"pcl/agents"
	"pcl/compiler"
	"pcl/emit/scores"
	"pcl/pcmk"
)

func (s *Server) hover(_ *glsp.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	path := pathOf(p.TextDocument.URI)
	if path == "" {
		return nil, nil
	}
	ix := s.indexOf(path)
	text := ix.texts[path]
	off := offset(text, p.Position)
	var md string
	if ns, name, ok := ix.at(path, off); ok {
		md = s.hoverName(ix, path, ns, name)
	} else if md = s.hoverKey(ix, path, text, off); md == "" {
		if md = s.hoverOp(ix.files[path], off); md == "" {
			md = s.hoverRule(ix, path, off)
		}
	}
	if md == "" {
		return nil, nil
	}
	return &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: md}}, nil
}

// hoverName describes a declared name: a resource's placement and
// scores in the healthy cluster, the resources a node runs there, a
// variable's or local's declaration.
func (s *Server) hoverName(ix *index, path string, ns namespace, name string) string {
	defs := ix.definitions(ns, name)
	switch ns {
	case nsVariable, nsLocal:
		if len(defs) == 0 {
			return ""
		}
		d := defs[0]
		return fmt.Sprintf("**%s** %s\n\n```pcl\n%s\n```", d.kind, name, excerpt(ix.texts[d.path], d.block))
	case nsResource, nsNode:
	default:
		return ""
	}
	kind := "node"
	if len(defs) > 0 {
		kind = defs[0].kind
	}
	head := fmt.Sprintf("**%s** %s", kind, name)
	pl := s.policyOf(path).currentPlan(s.opts.PlanWait)
	c := s.policyOf(path).latest()
	switch {
	case c == nil:
		return head + "\n\nThe policy has not been compiled yet."
	case c.cib == nil && pl == nil:
		return head + "\n\nNo plan: the policy has errors."
	case pl == nil:
		return head + "\n\nPlanning the healthy cluster…"
	}
	stale := ""
	switch {
	case pl.of == c && c.cib == nil:
		stale = "\n\n(planned as pcl plan compiles the policy: its errors are about it as a cluster's whole configuration)"
	case c.cib == nil:
		stale = "\n\n(the policy has errors now: this is the plan of its last version without errors)"
	case pl.of != c:
		stale = "\n\n(planned before the last edit; planning again)"
	}
	if ns == nsNode {
		return head + "\n\n" + nodeSummary(pl, name) + stale
	}
	out, ok := scores.Explain(pl.res, name)
	if !ok {
		return head + stale
	}
	return head + " in the healthy cluster (every node up, nothing running yet):\n\n```\n" +
		strings.TrimRight(string(out), "\n") + "\n```" + stale
}

// nodeSummary lists the resources placed on a node in the healthy
// cluster.
func nodeSummary(pl *planned, uname string) string {
	var on []string
	for _, r := range pl.res.Resources {
		if node, _ := pl.res.Placement(r); node == uname && len(r.Children) == 0 {
			on = append(on, r.ID)
		}
	}
	if len(on) == 0 {
		return "Runs no resource in the healthy cluster."
	}
	return "Runs in the healthy cluster: " + strings.Join(on, ", ") + "."
}

func excerpt(text string, r hcl.Range) string {
	if r.Start.Byte < 0 || r.End.Byte > len(text) || r.Start.Byte > r.End.Byte {
		return ""
	}
	return text[r.Start.Byte:r.End.Byte]
}

// hoverKey describes the key under the cursor in an attribute set: a
// cluster option, a meta attribute or an agent parameter.
func (s *Server) hoverKey(ix *index, path, text string, off int) string {
	word, start := wordAt(text, off)
	if word == "" {
		return ""
	}
	w := scanTo(text, start)
	if strings.TrimSpace(w.stmt) != "" || w.inString {
		return ""
	}
	switch setKind(w) {
	case "properties":
		if d, ok := compiler.ClusterOptionDoc(s.targetOf(path), word); ok {
			return optionDoc(d, "cluster option")
		}
	case "meta":
		if d, ok := compiler.MetaDoc(s.targetOf(path), word); ok {
			return optionDoc(d, "meta attribute")
		}
	case "params":
		agent := agentOf(ix.files[path], off)
		if md, ok := s.agentMetadata(agent); ok {
			if prm, ok := md.Parameter(word); ok {
				return paramDoc(agent, prm)
			}
		}
	}
	return ""
}

// setKind is what the names of the attribute set around w are:
// "properties" (cluster options), "meta", "params", or "".
func setKind(w where) string {
	top := w.top()
	name := top.name
	if top.kind == 'b' && top.name != "file" {
		return "" // a block's own attributes
	}
	if name == "values" {
		name = w.parent().name
		if w.parent().kind != 'b' {
			return ""
		}
	}
	switch name {
	case "properties":
		return "properties"
	case "meta", "rsc_defaults":
		if name == "meta" && w.blockType() == "op" {
			return "op"
		}
		return "meta"
	case "op_defaults":
		return "op"
	case "params":
		return "params"
	}
	return ""
}

// targetOf is the release the policy of path compiles for.
func (s *Server) targetOf(path string) pcmk.Target {
	if c := s.policyOf(path).latest(); c != nil && c.cib != nil {
		return c.cib.Target
	}
	if t := s.opts.Compile.Target; !t.IsZero() {
		return t
	}
	return pcmk.DefaultTarget()
}

func optionDoc(d compiler.OptionDoc, what string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s**: %s", d.Name, what)
	if d.Daemon != "" {
		fmt.Fprintf(&b, " of %s", d.Daemon)
	}
	fmt.Fprintf(&b, " (Pacemaker %s)\n\n", d.Release)
	if d.Desc != "" {
		b.WriteString(d.Desc + "\n\n")
	}
	if d.Long != "" {
		b.WriteString(d.Long + "\n\n")
	}
	if d.RenamedTo != "" {
		fmt.Fprintf(&b, "Read as **%s**, its new name (deprecated).\n\n", d.RenamedTo)
	}
	if d.Type != "" {
		fmt.Fprintf(&b, "- type: %s\n", d.Type)
	}
	if d.Default != "" {
		fmt.Fprintf(&b, "- default: `%s`\n", d.Default)
	}
	if len(d.Values) > 0 {
		fmt.Fprintf(&b, "- values: %s\n", strings.Join(d.Values, ", "))
	}
	return strings.TrimRight(b.String(), "\n")
}

func paramDoc(agent string, p agents.Parameter) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s**: parameter of %s", p.Name, agent)
	var flags []string
	if p.Required {
		flags = append(flags, "required")
	}
	if p.Unique {
		flags = append(flags, "unique")
	}
	if p.Deprecated {
		flags = append(flags, "deprecated")
	}
	if len(flags) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(flags, ", "))
	}
	b.WriteString("\n\n")
	if p.ShortDesc != "" {
		b.WriteString(p.ShortDesc + "\n\n")
	}
	if p.LongDesc != "" && p.LongDesc != p.ShortDesc {
		b.WriteString(p.LongDesc + "\n\n")
	}
	if p.Type != "" {
		fmt.Fprintf(&b, "- type: %s\n", p.Type)
	}
	if p.Default != "" {
		fmt.Fprintf(&b, "- default: `%s`\n", p.Default)
	}
	return strings.TrimRight(b.String(), "\n")
}

func (s *Server) agentMetadata(agent string) (*agents.Metadata, bool) {
	if agent == "" || s.opts.Compile.Agents == nil {
		return nil, false
	}
	return s.opts.Compile.Agents.Metadata(agent)
}

var agentAttr = regexp.MustCompile(`agent\s*=\s*"([^"]+)"`)

// agentOf is the agent of the innermost primitive or template around off
// in a parsed file, "" for none or one not written as a literal.
func agentOf(f *hcl.File, off int) string {
	if f == nil {
		return ""
	}
	body, ok := f.Body.(*hclsyntax.Body)
	if !ok {
		return ""
	}
	agent := ""
	for body != nil {
		var next *hclsyntax.Body
		for _, b := range body.Blocks {
			r := b.Range()
			if r.Start.Byte <= off && off <= r.End.Byte {
				if b.Type == "primitive" || b.Type == "template" {
					if a := b.Body.Attributes["agent"]; a != nil {
						if v, _, ok := literal(a.Expr); ok {
							agent = v
						}
					}
				}
				next = b.Body
				break
			}
		}
		body = next
	}
	return agent
}
