package compiler

import (
	"github.com/hashicorp/hcl/v2"

	"pcl/dsl"
	"pcl/ir"
)

// Options tunes a compilation.
type Options struct {
	// Vars overrides variable defaults (--var name=value), as raw strings
	// parsed as HCL expressions.
	Vars map[string]string
}

// defaultRootAttrs are the <cib> attributes of a compiled policy: the
// schema it is written for and fresh version counters, which is what
// crm_verify and cibadmin --replace need.
var defaultRootAttrs = []ir.Attr{
	{Name: "crm_feature_set", Value: "3.16.1"}, // Pacemaker 2.1.5's, the version pcl plans for
	{Name: "validate-with", Value: "pacemaker-3.7"},
	{Name: "epoch", Value: "1"},
	{Name: "num_updates", Value: "0"},
	{Name: "admin_epoch", Value: "0"},
}

// Compile loads the policy at paths (.pcl files and directories of .pcl
// files, forming one policy) and compiles it to IR. files holds every
// source read, for printing diagnostics with excerpts. cib is nil when diags
// has errors.
func Compile(paths []string, opts Options) (cib *ir.CIB, files map[string]*hcl.File, diags hcl.Diagnostics) {
	pol, files, diags := dsl.Load(paths)
	if diags.HasErrors() {
		return nil, files, diags
	}
	cib, d := compilePolicy(pol, files, opts)
	return cib, files, append(diags, d...)
}

// compilePolicy runs the passes after loading: evaluate, expand, lower,
// resolve and validate.
func compilePolicy(pol *dsl.Policy, files map[string]*hcl.File, opts Options) (*ir.CIB, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	ctx, d := rootContext(pol, opts)
	diags = append(diags, d...)
	if d.HasErrors() {
		return nil, diags
	}
	l := newLowerer()
	l.files = files
	l.attrs = append([]ir.Attr(nil), defaultRootAttrs...)
	l.lowerPolicy(pol, ctx)
	l.resolve()
	l.resolveScenarios()
	l.validate()
	diags = append(diags, l.diags...)
	if !l.explicitSections {
		l.cfg.Sections = l.sections
	}
	if diags.HasErrors() {
		return nil, diags
	}
	return &ir.CIB{Attrs: l.attrs, Config: l.cfg, Scenarios: l.irScenarios()}, diags
}
