package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"pcl/compiler"
	"pcl/importer"
	"pcl/ir"
)

// loadCIB reads the INPUT of a command: one CIB .xml file, or .pcl files
// and directories forming one policy. files holds the sources for
// diagnostic excerpts.
func loadCIB(paths []string, opts compiler.Options) (*ir.CIB, map[string]*hcl.File, hcl.Diagnostics) {
	if len(paths) == 1 && strings.EqualFold(filepath.Ext(paths[0]), ".xml") {
		src, err := os.ReadFile(paths[0])
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
	return compiler.Compile(paths, opts)
}
