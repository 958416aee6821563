package compiler

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"

	"pcl/agents"
	"pcl/dsl"
	"pcl/ir"
	"pcl/pcmk"
)

// This file is the lower pass's driver: every top-level block instance
// becomes IR, in file order then source order, with ids derived by ir/ids.go
// where the policy does not set them. References are recorded here and
// checked by the resolve pass.

// lowerer holds the state of the lower, resolve and validate passes.
type lowerer struct {
	diags hcl.Diagnostics
	cfg   *ir.Config
	attrs []ir.Attr // root <cib> attributes

	ids              map[string]decl      // every id of the CIB, first declaration
	idRange          map[string]hcl.Range // where an explicit id (or what derives one) is written
	badIDs           []string             // ids reported as invalid
	refs             []reference
	moves            []move // members = [...] and resource = "..." to apply in resolve
	sections         []string
	explicitSections bool

	resources map[string]ir.Resource // every resource by id, nested ones included
	parent    map[string]ir.Resource // container of a nested resource
	resRange  map[string]hcl.Range

	counts   map[string]int // n-th block of properties, rsc_defaults, op_defaults
	cibBlock *hcl.Range     // the first cib block
	agents   agents.Source  // agents' metadata, nil when not checked
	// strictAgents makes a missing required agent parameter an error
	// (Options.StrictAgents).
	strictAgents bool

	defaultRequiresReported bool // rsc_defaults requires checked for fencing devices

	scenarios     []*scenarioDecl
	scenarioNames map[string]hcl.Range // first declaration of each scenario name
	assertions    []*ir.Assertion      // top-level assert blocks: the healthy cluster's
	assertNames   map[string]hcl.Range // first declaration of each top-level assertion name
	files         map[string]*hcl.File

	target pcmk.Target     // the release compiled for (target.go)
	opts   *releaseOptions // its cluster options (options.go)

	orderAttrs   map[*ir.Order]map[string]hcl.Range // where an order's attributes are written
	removalNotes []removalNote                      // uses of removed forms (removed.go)
	removals     []Removal                          // those reported
}

// source gives the text of a policy file, for positions inside rule strings.
func (l *lowerer) source(filename string) []byte {
	if f, ok := l.files[filename]; ok && f != nil {
		return f.Bytes
	}
	return nil
}

// decl is where an id was declared and by what kind of element.
type decl struct {
	kind    string
	rng     hcl.Range
	derived bool
}

func newLowerer() *lowerer {
	return &lowerer{
		cfg:       &ir.Config{},
		ids:       map[string]decl{},
		idRange:   map[string]hcl.Range{},
		resources: map[string]ir.Resource{},
		parent:    map[string]ir.Resource{},
		resRange:  map[string]hcl.Range{},
		counts:    map[string]int{},
		target:    pcmk.DefaultTarget(),
		opts:      options215,

		scenarioNames: map[string]hcl.Range{},
		assertNames:   map[string]hcl.Range{},
	}
}

// declare records id as used by an element of kind; a second use is an
// error naming the first. derived says the id was not written by the user,
// whose fix is then to set one explicitly.
func (l *lowerer) declare(id, kind string, rng hcl.Range, derived bool) {
	if id == "" {
		return
	}
	l.checkID(id, kind, rng, derived)
	if first, dup := l.ids[id]; dup {
		summary := "Duplicate id"
		if first.kind == kind {
			summary = "Duplicate " + kind
		}
		detail := fmt.Sprintf("The id %q is already used by the %s declared at %s; ids must be unique in the CIB.", id, first.kind, where(first.rng))
		if derived || first.derived {
			detail += " One of them is derived from its parent's name; give it an explicit id = \"...\"."
		}
		// An explicit id is pointed at itself, not at its element.
		subject := rng
		if r, ok := l.idRange[id]; ok && !derived && r.Filename == rng.Filename && r.Start.Byte >= rng.Start.Byte {
			subject = r
		}
		l.diags = append(l.diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary, Detail: detail, Subject: subject.Ptr()})
		return
	}
	l.ids[id] = decl{kind: kind, rng: rng, derived: derived}
}

// explicitID returns the block's id attribute, or derived when not written.
func (l *lowerer) explicitID(b *dsl.Block, ctx *hcl.EvalContext, derived string) (string, bool) {
	if a := b.Attr("id"); a != nil {
		if id, ok := l.text(a, ctx); ok && l.nonEmptyID(a, id) {
			l.idRange[id] = a.Expr.Range()
			return id, false
		}
	}
	return derived, true
}

// nonEmptyID reports an explicit id written as "": the schema requires
// one. null leaves the derived id.
func (l *lowerer) nonEmptyID(a *hcl.Attribute, id string) bool {
	if id != "" {
		return true
	}
	l.diags = append(l.diags, errorAt(a.Expr.Range(), "Empty id",
		"The id is empty; the schema requires one. Write an id, or leave the attribute out (or null) for the derived one."))
	return false
}

func (l *lowerer) section(name string) {
	for _, s := range l.sections {
		if s == name {
			return
		}
	}
	l.sections = append(l.sections, name)
}

func (l *lowerer) lowerPolicy(pol *dsl.Policy, ctx *hcl.EvalContext) {
	var expanded []*dsl.Block
	for _, f := range pol.Files {
		for _, b := range f.Blocks {
			if expandedTop(b.Type) {
				expanded = append(expanded, b)
			}
		}
	}
	ahead := l.expandAll(expanded, ctx)
	// next gives b's instances as expandTop would, from ahead.
	next := func(b *dsl.Block) []*instance {
		ex, ok := ahead[b]
		if !ok {
			return l.expandTop(b, ctx)
		}
		l.diags = append(l.diags, ex.diags...)
		return ex.insts
	}
	for _, f := range pol.Files {
		for _, b := range f.Blocks {
			switch b.Type {
			case "locals", "variable":
				// evaluated by rootContext
			case "cib":
				if l.cibBlock != nil {
					l.diags = append(l.diags, errorAt(b.DefRange, "Second cib block",
						"A cib block was already given at %s; the CIB has one <cib> element, so a policy has one cib block. Merge their attributes into the first.", where(*l.cibBlock)))
					continue
				}
				l.cibBlock = b.DefRange.Ptr()
				l.diags = append(l.diags, dsl.Decode(b)...)
				l.lowerCIBBlock(b, ctx)
			case "properties", "rsc_defaults", "op_defaults":
				blk := *b
				l.diags = append(l.diags, dsl.Decode(&blk)...)
				l.lowerTopSet(&blk, ctx)
			case "fencing_level":
				l.section("fencing-topology")
				for _, in := range next(b) {
					l.lowerFencingLevel(in.block, in.ctx)
				}
			default:
				for _, in := range next(b) {
					l.lowerInstance(in)
				}
			}
		}
	}
}

func (l *lowerer) lowerInstance(in *instance) {
	switch in.block.Type {
	case "node":
		l.lowerNode(in)
	case "primitive":
		p := &ir.Primitive{}
		l.registerResource(in.name, "primitive", p, in.nameRange)
		l.lowerPrimitive(in, "primitive", p)
		l.addResource(p)
	case "template":
		t := &ir.Template{}
		l.registerResource(in.name, "template", t, in.nameRange)
		l.lowerPrimitive(in, "template", &t.Primitive)
		l.addResource(t)
	case "group":
		l.addResource(l.lowerGroup(in))
	case "clone", "master":
		if in.block.Type == "master" {
			l.removed(removedMasterResource, in.block.TypeRange)
		}
		l.addResource(l.lowerClone(in))
	case "bundle":
		l.addResource(l.lowerBundle(in))
	case "location":
		l.cfg.Constraints = append(l.cfg.Constraints, l.lowerLocation(in))
	case "order":
		l.cfg.Constraints = append(l.cfg.Constraints, l.lowerOrder(in))
	case "colocation":
		l.cfg.Constraints = append(l.cfg.Constraints, l.lowerColocation(in))
	case "ticket":
		l.cfg.Constraints = append(l.cfg.Constraints, l.lowerTicket(in))
	case "tag":
		l.section("tags")
		l.lowerTag(in)
	case "alert":
		l.section("alerts")
		l.lowerAlert(in)
	case "acl_role", "acl_target", "acl_group":
		l.section("acls")
		l.lowerACL(in)
	case "scenario":
		l.lowerScenario(in)
	case "assert":
		l.lowerTopAssert(in)
	default:
		panic("compiler: no lowering for block type " + in.block.Type)
	}
}

func (l *lowerer) lowerCIBBlock(b *dsl.Block, ctx *hcl.EvalContext) {
	if a := b.Attr("attributes"); a != nil {
		names, vals := l.orderedPairs(a, ctx)
		for i, n := range names {
			if vals[i] == nil {
				continue
			}
			if vals[i].value == nil {
				// null leaves the attribute out (crm_feature_set of an
				// older CIB); the schema requires some.
				if ir.RequiredCIBAttrs[n] {
					l.diags = append(l.diags, errorAt(vals[i].rng, "Required cib attribute",
						"The <cib> attribute %q is required by the schema and cannot be null; leave it out for the default or give a value.", n))
					continue
				}
				l.dropRootAttr(n)
				continue
			}
			if !ir.RequiredCIBAttrs[n] && !optionalCIBAttrs[n] {
				l.diags = append(l.diags, errorAt(vals[i].rng, "Unknown cib attribute",
					"<cib> has no attribute %q%s; the schema refuses it, and crm_verify with it.", n, suggestion(n, cibAttrNames())))
				continue
			}
			if n == "validate-with" {
				if why := l.schemaRefusal(*vals[i].value); why != "" {
					l.diags = append(l.diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Unknown schema", Detail: why, Subject: vals[i].rng.Ptr()})
					continue
				}
			}
			if cibCounters[n] && !nonNegativeInt(*vals[i].value) {
				l.diags = append(l.diags, errorAt(vals[i].rng, "Invalid cib attribute",
					"The <cib> attribute %q must be a whole number >= 0; %q is not one, and the schema refuses it.", n, *vals[i].value))
				continue
			}
			l.setRootAttr(n, *vals[i].value)
		}
	}
	if a := b.Attr("sections"); a != nil {
		if list, ok := l.strList(a, ctx); ok {
			known := map[string]bool{"crm_config": true, "nodes": true, "resources": true, "constraints": true,
				"rsc_defaults": true, "op_defaults": true, "fencing-topology": true, "alerts": true, "acls": true, "tags": true}
			for _, s := range list {
				if !known[s] {
					l.diags = append(l.diags, errorAt(a.Expr.Range(), "Unknown section",
						"%q is not a section of <configuration>%s.", s, suggestion(s, sortedKeys(known))))
				}
			}
			l.cfg.Sections = list
			l.explicitSections = true
		}
	}
}

func (l *lowerer) dropRootAttr(name string) {
	for i := range l.attrs {
		if l.attrs[i].Name == name {
			l.attrs = append(l.attrs[:i], l.attrs[i+1:]...)
			return
		}
	}
}

func (l *lowerer) setRootAttr(name, value string) {
	for i := range l.attrs {
		if l.attrs[i].Name == name {
			l.attrs[i].Value = value
			return
		}
	}
	l.attrs = append(l.attrs, ir.Attr{Name: name, Value: value})
}
