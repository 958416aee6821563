package main

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"

	"pcl/compiler"
	"pcl/importer"
	"pcl/ir"
	"pcl/planner/batch"
	"pcl/planner/scenario"
)

// loadCIB reads the INPUT of a command: one CIB file (.xml, or a
// scheduler input such as pe-input-N.bz2, compressed or not), or .pcl
// files and directories forming one policy. files holds the sources for
// diagnostic excerpts.
func loadCIB(paths []string, opts compiler.Options) (*ir.CIB, map[string]*hcl.File, hcl.Diagnostics) {
	if isCIBInput(paths) {
		src, err := importer.ReadFile(paths[0])
		if err != nil {
			return nil, nil, hcl.Diagnostics{{
				Severity: hcl.DiagError,
				Summary:  "Cannot read input",
				Detail:   fmt.Sprintf("The file %s could not be read: %v.", paths[0], err),
			}}
		}
		files := map[string]*hcl.File{paths[0]: {Bytes: src}}
		cib, diags := importer.Read(paths[0], src)
		return cib, files, diags
	}
	for _, p := range paths {
		if importer.IsCIBFile(p) {
			// Read as .pcl, a CIB gives a screenful of syntax errors
			// ("Unsupported operator" for bzip2's bytes).
			return nil, nil, hcl.Diagnostics{{
				Severity: hcl.DiagError,
				Summary:  "A CIB among policy files",
				Detail: fmt.Sprintf("%s is a CIB (a CIB .xml or a scheduler input), not a .pcl file: a CIB is an INPUT on its own. "+
					"To compare two, use pcl diff OLD NEW; to explain a series of scheduler inputs, pcl history.", p),
			}}
		}
	}
	return compiler.Compile(paths, opts)
}

// isCIBInput reports whether the INPUT paths are one CIB file rather
// than a policy (importer.IsCIBFile decides, for every command).
func isCIBInput(paths []string) bool {
	return len(paths) == 1 && importer.IsCIBFile(paths[0])
}

// everyNodeUp is the one rule for an input without node states (a
// policy, not a cluster's CIB): plan, scores and graph plan it as the
// cluster it describes with every node up and nothing running yet, as
// --batch plans its baseline (batch.AllNodesUp), quorum counted; and they
// say so. An input with node states is returned as it is.
func everyNodeUp(cib *ir.CIB) (*ir.CIB, hcl.Diagnostics) {
	if cib == nil || cib.Config == nil || (cib.Status != nil && len(cib.Status.Nodes) > 0) {
		return cib, nil
	}
	up, err := batch.AllNodesUp(cib)
	if err != nil || up == cib {
		return cib, nil
	}
	up, _ = scenario.QuorumRule{}.Decide(up, true)
	tickets := ""
	if len(batch.ConstraintTickets(cib)) > 0 {
		tickets = ", every ticket its ticket constraints name granted (--ticket-revoke T plans without one)"
	}
	return up, hcl.Diagnostics{{
		Severity: hcl.DiagWarning,
		Summary:  "Planned with every node up",
		Detail: "The input has no status (it is a policy, not a running cluster's CIB), so pcl plans the cluster it describes " +
			"with every configured node up" + tickets + " and nothing running yet, as --batch does; pass --state CIB.xml to plan against " +
			"a running cluster's status.",
	}}
}
