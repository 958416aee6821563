package compiler

import (
	"github.com/hashicorp/hcl/v2"

	"pcl/dsl"
	"pcl/pcmk"
)

// This file chooses the Pacemaker release a policy is compiled for: the
// caller's target when it names one (--pacemaker), else the release the
// policy's cib block names (pacemaker = "3.0.1"), else pcl's default.
// Every release-dependent check of the compiler (schemas, cluster options,
// the forms a release removed) reads the chosen target.

// policyVersion reads the pacemaker attribute of the policy's first cib
// block: the release asked and where it is written, zero when the policy
// names none. A value that is not a version is an error at the value.
func (l *lowerer) policyVersion(pol *dsl.Policy, ctx *hcl.EvalContext) (pcmk.Version, hcl.Range) {
	for _, f := range pol.Files {
		for _, b := range f.Blocks {
			if b.Type != "cib" {
				continue
			}
			// Decoded on a copy: lowerPolicy decodes the block itself and
			// reports what is wrong with it.
			blk := *b
			_ = dsl.Decode(&blk)
			a := blk.Attr("pacemaker")
			if a == nil {
				return pcmk.Version{}, hcl.Range{}
			}
			text, ok := l.text(a, ctx)
			if !ok {
				return pcmk.Version{}, hcl.Range{}
			}
			v, err := pcmk.ParseVersion(text)
			if err != nil {
				l.diags = append(l.diags, errorAt(a.Expr.Range(), "Invalid Pacemaker version",
					"pacemaker = %q names no Pacemaker release; write the release the cluster runs, such as \"3.0.1\" or \"2.1.5\".", text))
				return pcmk.Version{}, hcl.Range{}
			}
			return v, a.Expr.Range()
		}
	}
	return pcmk.Version{}, hcl.Range{}
}

// chooseTarget is the target of a compilation: given, when the caller
// set one from somewhere other than the default (the --pacemaker flag, a
// CIB's dc-version); else the policy's asked release; else the default.
func chooseTarget(given pcmk.Target, asked pcmk.Version) pcmk.Target {
	if !given.IsZero() && given.Source != pcmk.FromDefault {
		return given
	}
	if !asked.IsZero() {
		return pcmk.NewTarget(asked, pcmk.FromPolicy)
	}
	return given.OrDefault()
}
