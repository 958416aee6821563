package compiler

import (
	"github.com/hashicorp/hcl/v2"

	"pcl/agents"
	"pcl/dsl"
	"pcl/ir"
	"pcl/pcmk"
)

// Options tunes a compilation.
type Options struct {
	// Vars overrides variable defaults (--var name=value), as raw strings
	// parsed as HCL expressions.
	Vars map[string]string
	// ForCluster says the CIB is meant for a cluster (pcl compile, pcl
	// check): what crm_verify refuses only as a whole cluster's
	// configuration, such as fencing enabled without a fencing device, is
	// an error. Planning and scoring (like crm_simulate) go on without it.
	ForCluster bool
	// Agents, when set, gives resource agents' metadata to check
	// primitives' parameters and timeouts against. The compiler never runs
	// anything itself; cmd/pcl decides where metadata comes from.
	Agents agents.Source
	// StrictAgents makes a required agent parameter that is not set an
	// error, for metadata known to be the cluster's own (pcl run on a
	// cluster node, or --agent-metadata saved there); otherwise it is a
	// warning, since the agents where pcl runs may not be the cluster's.
	StrictAgents bool
	// Target is the Pacemaker release to compile for. The zero Target,
	// or one whose Source is pcmk.FromDefault, yields to the release the
	// policy's cib block names (pacemaker = "3.0.1"); any other (the
	// --pacemaker flag) wins over it. The result's Target says what was
	// chosen, its Pacemaker what the policy asked.
	Target pcmk.Target
	// Overlay holds sources by path that win over the files on the disk
	// (an editor's unsaved buffers, for pcl lsp); see dsl.LoadOverlay.
	Overlay map[string][]byte
	// ParseCache, when set, keeps files' parses between compilations
	// while their sources stay the same (pcl lsp).
	ParseCache *dsl.ParseCache
}

// Compile loads the policy at paths (.pcl files and directories of .pcl
// files, forming one policy) and compiles it to IR. files holds every
// source read, for printing diagnostics with excerpts. cib is nil when diags
// has errors.
func Compile(paths []string, opts Options) (cib *ir.CIB, files map[string]*hcl.File, diags hcl.Diagnostics) {
	pol, files, diags := dsl.LoadOverlay(paths, opts.Overlay, opts.ParseCache)
	if diags.HasErrors() {
		return nil, files, diags
	}
	cib, d := compilePolicy(pol, files, opts)
	return cib, files, tidyDiagnostics(collapseImportedTwice(append(diags, d...), files))
}

// compilePolicy runs the passes after loading: evaluate, expand, lower,
// resolve and validate.
func compilePolicy(pol *dsl.Policy, files map[string]*hcl.File, opts Options) (*ir.CIB, hcl.Diagnostics) {
	_, cib, diags := compileLowered(pol, files, opts)
	return cib, diags
}

// compileLowered is compilePolicy, also giving the lowerer (nil when the
// policy's variables do not evaluate) for what it noted.
func compileLowered(pol *dsl.Policy, files map[string]*hcl.File, opts Options) (*lowerer, *ir.CIB, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	ctx, d := rootContext(pol, opts)
	diags = append(diags, d...)
	if d.HasErrors() {
		return nil, nil, diags
	}
	l := newLowerer()
	l.files = files
	l.agents = opts.Agents
	l.strictAgents = opts.StrictAgents
	asked, askedRange := l.policyVersion(pol, ctx)
	l.target = chooseTarget(opts.Target, asked)
	l.opts = optionTableFor(l.target)
	l.attrs = defaultCIBAttrs(l.target)
	l.lowerPolicy(pol, ctx)
	l.resolve()
	l.resolveScenarios()
	l.resolveAssertions()
	l.validate()
	l.reportRemovals()
	if opts.ForCluster {
		l.checkFencing()
	}
	diags = append(diags, l.diags...)
	if !l.explicitSections {
		l.cfg.Sections = l.sections
	}
	if diags.HasErrors() {
		return l, nil, diags
	}
	return l, &ir.CIB{Attrs: l.attrs, Config: l.cfg, Scenarios: l.irScenarios(), Assertions: l.assertions,
		Pacemaker: asked, PacemakerRange: askedRange, Target: l.target}, diags
}
