package main

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/hashicorp/hcl/v2"
	"github.com/spf13/pflag"

	"pcl/emit/pclgen"
	"pcl/importer"
)

func init() {
	register(command{
		name:    "import",
		usage:   "CIB.xml | --live [-o FILE]",
		summary: "write readable .pcl for an existing CIB or the running cluster",
		setup: func(fs *pflag.FlagSet) func(*env, []string) int {
			out := fs.StringP("output", "o", "", "write the .pcl to `FILE` (atomically) instead of stdout")
			live := fs.Bool("live", false, "import the running cluster's configuration (cibadmin -Q; CIB_file honoured)")
			return func(e *env, args []string) int {
				if *live {
					if len(args) != 0 {
						fmt.Fprintln(e.stderr, "pcl import: --live takes no CIB.xml")
						return exitUsage
					}
					src, err := runTool(nil, "cibadmin", "--query")
					if err != nil {
						fmt.Fprintf(e.stderr, "pcl import: reading the live CIB: %v\n", err)
						return exitDiags
					}
					return importSource(e, liveName(), src, *out)
				}
				if len(args) != 1 {
					fmt.Fprintln(e.stderr, "pcl import: expected exactly one CIB .xml file, or --live")
					return exitUsage
				}
				return runImport(e, args[0], *out)
			}
		},
	})
}

func runImport(e *env, path, out string) int {
	src, err := importer.ReadFile(path)
	if err != nil {
		printDiags(e.stderr, nil, hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "Cannot read input",
			Detail:   fmt.Sprintf("The file %s could not be read: %v.", path, err),
			Subject:  &hcl.Range{Filename: path, Start: hcl.InitialPos, End: hcl.InitialPos},
		}})
		return exitDiags
	}
	return importSource(e, path, src, out)
}

// importSource writes .pcl for the CIB src read from path (a file name,
// or the live CIB's name).
func importSource(e *env, path string, src []byte, out string) int {
	files := map[string]*hcl.File{path: {Bytes: src}}
	cib, diags := importer.Read(path, src)
	if diags.HasErrors() || cib == nil {
		printDiags(e.stderr, files, diags)
		return exitDiags
	}
	text, werr := pclgen.WriteOptions(cib, pclgen.Options{Source: filepath.Base(path)})
	if werr != nil {
		// The language cannot say everything a CIB can: a lossy import is
		// an error, so that nobody replaces a CIB with less than it had.
		diags = append(diags, inexpressible(path, werr)...)
		printDiags(e.stderr, files, diags)
		return exitDiags
	}
	printDiags(e.stderr, files, diags) // warnings
	if err := writeOutput(e, out, text); err != nil {
		fmt.Fprintf(e.stderr, "pcl import: %v\n", err)
		return exitDiags
	}
	return exitOK
}

// inexpressible turns what the .pcl writer could not express into
// diagnostics at the elements concerned.
func inexpressible(path string, err error) hcl.Diagnostics {
	var issues pclgen.Issues
	if !errors.As(err, &issues) {
		issues = pclgen.Issues{{Message: err.Error()}}
	}
	var diags hcl.Diagnostics
	for _, is := range issues {
		rng := is.Range
		if rng.Filename == "" {
			rng = hcl.Range{Filename: path, Start: hcl.InitialPos, End: hcl.InitialPos}
		}
		diags = append(diags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "Not expressible in pcl",
			Detail:   fmt.Sprintf("This cannot be written as .pcl without loss: %s.", is.Message),
			Subject:  &rng,
		})
	}
	return diags
}
