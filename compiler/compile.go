package compiler

import (
	"github.com/hashicorp/hcl/v2"

	"pcl/ir"
)

// Options tunes a compilation.
type Options struct {
	// Vars overrides variable defaults (--var name=value), as raw strings
	// parsed as HCL expressions.
	Vars map[string]string
}

// Compile loads the policy at paths (.pcl files and directories of .pcl
// files, forming one policy) and compiles it to IR. files holds every
// source read, for printing diagnostics with excerpts. cib is nil when diags
// has errors.
func Compile(paths []string, opts Options) (cib *ir.CIB, files map[string]*hcl.File, diags hcl.Diagnostics) {
	panic("TODO: compiler.Compile")
}
