package pclgen

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"

	"pcl/ir"
	"pcl/pcmk"
)

// Options tunes the output.
type Options struct {
	// Source names where the configuration came from (a file name), for
	// the header comment. Empty leaves the name out.
	Source string
}

// Write turns the configuration of cib into .pcl source. The error, an
// Issues, lists every part of the configuration the language cannot
// express; the source is returned even then, as close to the CIB as the
// language allows, but compiling it would not give the same CIB.
func Write(cib *ir.CIB) ([]byte, error) { return WriteOptions(cib, Options{}) }

// WriteOptions is Write with options.
func WriteOptions(cib *ir.CIB, opts Options) ([]byte, error) {
	if cib == nil || cib.Config == nil {
		return nil, errors.New("pclgen: no configuration to write")
	}
	g := &gen{file: hclwrite.NewEmptyFile()}
	g.header(opts.Source)
	g.config(cib.Config, cib.Attrs)
	out := hclwrite.Format(collapseBlocks(g.file.BuildTokens(nil)).Bytes())
	if len(g.issues) > 0 {
		return out, g.issues
	}
	return out, nil
}

// Issue is one part of a configuration that .pcl cannot express.
type Issue struct {
	Range   hcl.Range // where the element was read from; empty when unknown
	Message string
}

// Issues is the error Write returns: everything it could not express.
type Issues []Issue

func (is Issues) Error() string {
	msgs := make([]string, len(is))
	for i, x := range is {
		msgs[i] = x.Message
	}
	return strings.Join(msgs, "; ")
}

// gen accumulates the file and the parts that could not be expressed.
type gen struct {
	file   *hclwrite.File
	issues Issues
}

func (g *gen) fail(rng hcl.Range, format string, args ...any) {
	g.issues = append(g.issues, Issue{Range: rng, Message: fmt.Sprintf(format, args...)})
}

func (g *gen) header(source string) {
	text := "# Imported by pcl import."
	if source != "" {
		text = "# Imported from " + source + " by pcl import."
	}
	g.file.Body().AppendUnstructuredTokens(hclwrite.Tokens{
		{Type: hclsyntax.TokenComment, Bytes: []byte(text + "\n")},
	})
}

// block appends a top-level block, separated from the previous one (or
// the header) by a blank line.
func (g *gen) block(typ string, labels ...string) *hclwrite.Body {
	g.file.Body().AppendNewline()
	return g.file.Body().AppendNewBlock(typ, labels).Body()
}

// explicitSections reports whether the order and presence of sections
// needs saying: the compiler places the optional sections by the first
// block of each, after the required ones, so a `cib { sections = [...] }`
// is needed only when a required section moves or a section is empty.
func explicitSections(cfg *ir.Config) bool {
	for _, s := range cfg.Sections {
		switch s {
		case "crm_config", "nodes", "resources", "constraints":
			return true
		case "rsc_defaults":
			if len(cfg.RscDefaults) == 0 {
				return true
			}
		case "op_defaults":
			if len(cfg.OpDefaults) == 0 {
				return true
			}
		case "fencing-topology":
			if len(cfg.FencingLevels) == 0 {
				return true
			}
		case "alerts":
			if len(cfg.Alerts) == 0 {
				return true
			}
		case "acls":
			if len(cfg.ACLs) == 0 {
				return true
			}
		case "tags":
			if len(cfg.Tags) == 0 {
				return true
			}
		}
	}
	return false
}

// cibBlock is the policy's cib block, begun with comment: cib itself when
// it is already written, with comment inside it, else a new block after
// comment.
func (g *gen) cibBlock(cib *hclwrite.Body, comment string) *hclwrite.Body {
	tokens := hclwrite.Tokens{{Type: hclsyntax.TokenComment, Bytes: []byte(comment)}}
	if cib != nil {
		cib.AppendUnstructuredTokens(tokens)
		return cib
	}
	g.file.Body().AppendNewline()
	g.file.Body().AppendUnstructuredTokens(tokens)
	return g.file.Body().AppendNewBlock("cib", nil).Body()
}

func (g *gen) config(cfg *ir.Config, attrs []ir.Attr) {
	var cib *hclwrite.Body
	if release, why := sourceRelease(cfg, attrs); release != "" {
		// The policy names the release the cluster runs, so that pcl
		// compiles and plans it for that release (a 3.0 cluster's CIB
		// compiles back for 3.0).
		cib = g.cibBlock(cib, "# The Pacemaker release "+why+".\n")
		cib.SetAttributeValue("pacemaker", cty.StringVal(release))
	}
	if len(attrs) > 0 && !freshCIB(attrs) {
		// Every <cib> attribute is kept (epoch, admin_epoch, num_updates,
		// validate-with, ...), so that the compiled CIB is not older than
		// the one imported and cibadmin --replace takes it.
		cib = g.cibBlock(cib, "# The source's <cib> attributes: with its epoch the compiled CIB is not older than the source.\n")
		entries := cibAttrEntries(attrs)
		cib.SetAttributeRaw("attributes", object(entries))
	}
	if explicitSections(cfg) {
		cib = g.cibBlock(cib, "# The source's order of configuration sections, empty ones included.\n")
		// Listed as the compiler will place them: the named sections and
		// any section with content that Sections leaves out.
		var listed []string
		for _, s := range cfg.SectionOrder() {
			if !slices.Contains(ir.RequiredSections, s) || slices.Contains(cfg.Sections, s) {
				listed = append(listed, s)
			}
		}
		cib.SetAttributeRaw("sections", stringList(listed))
	}
	for _, section := range cfg.SectionOrder() {
		switch section {
		case "crm_config":
			for i, s := range cfg.Properties {
				g.sectionSet("properties", s, ir.PropertySetID(i))
			}
		case "nodes":
			for _, n := range cfg.Nodes {
				g.node(n)
			}
		case "resources":
			for _, r := range cfg.Resources {
				g.topResource(r)
			}
		case "constraints":
			for _, c := range cfg.Constraints {
				g.constraint(c)
			}
		case "rsc_defaults":
			for i, s := range cfg.RscDefaults {
				g.sectionSet("rsc_defaults", s, ir.DefaultsSetID("rsc_defaults", i))
			}
		case "op_defaults":
			for i, s := range cfg.OpDefaults {
				g.sectionSet("op_defaults", s, ir.DefaultsSetID("op_defaults", i))
			}
		case "fencing-topology":
			for _, l := range cfg.FencingLevels {
				g.fencingLevel(l)
			}
		case "alerts":
			for _, a := range cfg.Alerts {
				g.alert(a)
			}
		case "acls":
			for _, e := range cfg.ACLs {
				g.acl(e)
			}
		case "tags":
			for _, t := range cfg.Tags {
				g.tag(t)
			}
		default:
			g.fail(hcl.Range{}, "unknown configuration section %q", section)
		}
	}
}

// sectionSet writes a cluster property set or a defaults set: always in
// block form, since these sets are the section's whole content.
func (g *gen) sectionSet(typ string, s *ir.NVSet, derived string) {
	want := ir.MetaAttributes
	if typ == "properties" {
		want = ir.ClusterProperties
	}
	if s.Kind != want {
		g.fail(s.DeclRange, "%s: a %s set (%s) cannot be expressed; pcl writes %s there", typ, s.Kind.Element(), s.ID, want.Element())
	}
	body := g.block(typ)
	g.setBody(body, s, derived)
}

// collapseBlocks writes blocks the way people write them when they are
// short: `op "start" {}` for an empty block, and `op "monitor" { interval =
// "10s" }` for a block of one attribute that fits a line (HCL's single-line
// block form). hclwrite always opens a block body with a newline.
func collapseBlocks(toks hclwrite.Tokens) hclwrite.Tokens {
	out := make(hclwrite.Tokens, 0, len(toks))
	for i := 0; i < len(toks); i++ {
		out = append(out, toks[i])
		if toks[i].Type != hclsyntax.TokenOBrace || i+1 >= len(toks) || toks[i+1].Type != hclsyntax.TokenNewline {
			continue
		}
		if i+2 < len(toks) && toks[i+2].Type == hclsyntax.TokenCBrace {
			i++ // `{` newline `}`: drop the newline
			continue
		}
		if end, ok := singleLineBody(toks, i+2); ok {
			out = append(out, toks[i+2:end]...)
			i = end // the newline; the `}` follows
		}
	}
	return out
}

// blockLineWidth bounds the text of a body collapsed onto its block's line.
const blockLineWidth = 60

// singleLineBody reports whether the body starting at toks[start] is one
// line holding a single attribute (no nested braces, no comment) followed
// by the closing brace, and returns the index of that line's newline.
func singleLineBody(toks hclwrite.Tokens, start int) (int, bool) {
	width := 0
	for j := start; j < len(toks); j++ {
		switch toks[j].Type {
		case hclsyntax.TokenNewline:
			ok := j > start && j+1 < len(toks) && toks[j+1].Type == hclsyntax.TokenCBrace && width <= blockLineWidth
			return j, ok
		case hclsyntax.TokenOBrace, hclsyntax.TokenCBrace, hclsyntax.TokenComment, hclsyntax.TokenOHeredoc:
			return 0, false
		}
		width += len(toks[j].Bytes) + 1
	}
	return 0, false
}

// sourceRelease is the release the source CIB is for, and why: its
// dc-version's, unless its validate-with names a schema newer than that
// release has (a CIB upgraded since the dc-version was written), then the
// first release with that schema ("" when neither says).
func sourceRelease(cfg *ir.Config, attrs []ir.Attr) (release, why string) {
	var schema pcmk.Version
	var schemaName string
	for _, a := range attrs {
		if v, ok := ir.SchemaSince[a.Value]; ok && a.Name == "validate-with" {
			schema, schemaName = v, a.Value
		}
	}
	dc := dcRelease(cfg)
	if dc != "" {
		if v, err := pcmk.ParseVersion(dc); err == nil && !schema.IsZero() && schema.Compare(v) > 0 {
			return schema.String(), "that brought the source's schema (" + schemaName + "), newer than its dc-version"
		}
		return dc, "the source's cluster runs (its dc-version)"
	}
	if !schema.IsZero() {
		return schema.String(), "that brought the source's schema (" + schemaName + ")"
	}
	return "", ""
}

// dcRelease is the release the CIB's dc-version cluster property names
// ("3.0.1" for "3.0.1-3.0.1-2"), "" when it has none or it is not a
// version.
func dcRelease(cfg *ir.Config) string {
	for _, s := range cfg.Properties {
		for _, p := range s.Pairs {
			if p.Name != "dc-version" || p.Value == nil {
				continue
			}
			if v, err := pcmk.ParseVersion(*p.Value); err == nil {
				return v.String()
			}
		}
	}
	return ""
}

// cibAttrEntries orders the <cib> attributes as the compiler writes them,
// so that importing the compiled CIB gives the same .pcl: the defaults
// first (null for one the source leaves out, such as the crm_feature_set
// of an older CIB), then the others in document order.
func cibAttrEntries(attrs []ir.Attr) []kv {
	byName := map[string]string{}
	for _, a := range attrs {
		byName[a.Name] = a.Value
	}
	var entries []kv
	isDefault := map[string]bool{}
	for _, d := range ir.DefaultCIBAttrs {
		isDefault[d.Name] = true
		v, ok := byName[d.Name]
		switch {
		case ok:
			entries = append(entries, kv{d.Name, plainValue(&v)})
		case !ir.RequiredCIBAttrs[d.Name]:
			entries = append(entries, kv{d.Name, plainValue(nil)})
		}
	}
	for _, a := range attrs {
		if !isDefault[a.Name] {
			v := a.Value
			entries = append(entries, kv{a.Name, plainValue(&v)})
		}
	}
	return entries
}

// freshCIB reports whether the <cib> attributes are those of a new CIB:
// the compiler's default versions (crm_feature_set may be left out), so
// that compiling without them writes a CIB no older than the source; the
// rest (have-quorum, dc-uuid) is the cluster's to maintain. Such a CIB
// gets no cib { attributes } block.
func freshCIB(attrs []ir.Attr) bool {
	byName := map[string]string{}
	for _, a := range attrs {
		byName[a.Name] = a.Value
	}
	for _, d := range ir.DefaultCIBAttrs {
		v, ok := byName[d.Name]
		if ok && v != d.Value || !ok && ir.RequiredCIBAttrs[d.Name] {
			return false
		}
	}
	return true
}
