package main

import (
	"fmt"
	"time"

	"github.com/spf13/pflag"

	"pcl/compiler"
	"pcl/emit/dot"
	"pcl/pcmk"
)

const graphUsage = "transition|constraints INPUT... [--format dot|svg] [-o FILE]"

func init() {
	register(command{
		name:    "graph",
		usage:   graphUsage,
		summary: "draw the transition graph or the policy's order and colocation chains",
		setup: func(fs *pflag.FlagSet) func(*env, []string) int {
			format := fs.String("format", "dot", "output `FORMAT`: dot or svg (svg needs graphviz's dot program)")
			out := fs.StringP("output", "o", "", "write to `FILE` (atomically) instead of stdout")
			now := fs.String("now", "", "evaluate rules at `DATE` (ISO 8601, as crm_simulate -t); transition only")
			locations := fs.Bool("locations", false, "constraints: also draw location preferences")
			vars := fs.StringArray("var", nil, "set a policy variable: `NAME=VALUE`")
			version := pacemakerFlag(fs)
			state := fs.String("state", "", "transition: plan INPUT against the status of a running cluster (`CIB.xml`, cibadmin -Q)")
			whatIf := registerWhatIfFlags(fs)
			return func(e *env, args []string) int {
				v, err := parsePacemakerFlag(*version)
				if err != nil {
					fmt.Fprintf(e.stderr, "pcl graph: --pacemaker: %v\n", err)
					return exitUsage
				}
				switch {
				case len(args) == 0:
					fmt.Fprintln(e.stderr, "pcl graph: expected a kind of graph, transition or constraints, and an INPUT\nusage: pcl graph "+graphUsage)
					return exitUsage
				case args[0] != "transition" && args[0] != "constraints":
					fmt.Fprintf(e.stderr, "pcl graph: unknown kind of graph %q; the kinds are transition and constraints\nusage: pcl graph %s\n", args[0], graphUsage)
					return exitUsage
				case len(args) < 2:
					fmt.Fprintf(e.stderr, "pcl graph %s: expected an INPUT\nusage: pcl graph %s\n", args[0], graphUsage)
					return exitUsage
				}
				if *format != "dot" && *format != "svg" {
					fmt.Fprintf(e.stderr, "pcl graph: unknown --format %q (use dot or svg)\n", *format)
					return exitUsage
				}
				o := graphRun{kind: args[0], format: *format, out: *out, vars: *vars, version: v, state: *state, locations: *locations, whatIf: whatIf}
				if o.kind == "transition" {
					if o.now, err = parseNow(fs, *now); err != nil {
						fmt.Fprintf(e.stderr, "pcl graph: --now: %v\n", err)
						return exitUsage
					}
				}
				return runGraph(e, args[1:], o)
			}
		},
	})
}

// graphRun is what `pcl graph`'s flags ask for, checked.
type graphRun struct {
	kind, format, out, state string
	vars                     []string
	version                  pcmk.Version
	now                      time.Time
	locations                bool
	whatIf                   *whatIfFlags
}

// runGraph draws the graph of kind o.kind for inputs.
func runGraph(e *env, inputs []string, o graphRun) int {
	var data []byte
	switch o.kind {
	case "transition":
		res, files, diags, err := computeTransition(inputs, o.vars, o.state, o.whatIf, o.now, o.version)
		if err != nil {
			printDiags(e.stderr, files, diags)
			fmt.Fprintf(e.stderr, "pcl graph: %v\n", err)
			return exitUsage
		}
		printDiags(e.stderr, files, append(diags, unknownWarning(res)...))
		if diags.HasErrors() {
			return exitDiags
		}
		noteTarget(e.stderr, res.Target)
		data = dot.Transition(res.Transition)
	case "constraints":
		opts := compiler.Options{Vars: varsMap(o.vars), Target: flagTarget(o.version)}
		cib, files, diags := loadCIB(inputs, opts)
		printDiags(e.stderr, files, diags)
		if diags.HasErrors() || cib == nil {
			return exitDiags
		}
		data = dot.Constraints(cib.Config, dot.ConstraintOptions{Locations: o.locations})
	}
	if o.format == "svg" {
		svg, err := dot.Render(data, "svg")
		if err != nil {
			fmt.Fprintf(e.stderr, "pcl graph: %v\n", err)
			return exitDiags
		}
		data = svg
	}
	if err := writeOutput(e, o.out, data); err != nil {
		fmt.Fprintf(e.stderr, "pcl graph: %v\n", err)
		return exitDiags
	}
	return exitOK
}
