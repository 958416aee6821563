package main

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/spf13/pflag"
)

func init() {
	register(command{
		name:    "check",
		usage:   "INPUT... [--var name=value]...",
		summary: "report diagnostics and lint warnings of a policy or CIB",
		setup: func(fs *pflag.FlagSet) func(*env, []string) int {
			vars := fs.StringArray("var", nil, "set variable `name=value`")
			agent := registerAgentFlags(fs)
			version := pacemakerFlag(fs)
			return func(e *env, args []string) int {
				if len(args) == 0 {
					fmt.Fprintln(e.stderr, "pcl check: expected at least one .pcl file, directory or CIB .xml file")
					return exitUsage
				}
				opts, ok := compileOptions(e, "check", *vars, agent, *version)
				if !ok {
					return exitUsage
				}
				cib, files, diags := loadCIB(args, opts)
				printDiags(e.stderr, files, diags)
				if cib != nil {
					target := cib.Target
					if target.IsZero() { // a CIB .xml: what the cluster runs
						v, _ := parsePacemakerFlag(*version)
						target = targetFor(v, cib)
					}
					fmt.Fprintln(e.stderr, strings.Replace(target.Describe(), "Planned for", "Checked for", 1))
				}
				errs, warns := count(diags)
				if errs > 0 {
					fmt.Fprintf(e.stderr, "%d error(s), %d warning(s)\n", errs, warns)
					return exitDiags
				}
				if warns > 0 {
					fmt.Fprintf(e.stderr, "%d warning(s)\n", warns)
				}
				return exitOK
			}
		},
	})
}

func count(diags hcl.Diagnostics) (errs, warns int) {
	for _, d := range diags {
		if d.Severity == hcl.DiagError {
			errs++
		} else {
			warns++
		}
	}
	return errs, warns
}
