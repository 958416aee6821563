package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"pcl/compiler"
	"pcl/emit/scores"
	"pcl/pcmk"
	"pcl/planner"
)

func init() {
	register(command{
		name:    "scores",
		usage:   "INPUT [--format table|json|crm_simulate] [--now DATE] [--explain RSC]",
		summary: "print allocation scores and the chosen node of every resource",
		setup: func(fs *pflag.FlagSet) func(*env, []string) int {
			format := fs.String("format", "table", "output `FORMAT`: table, json or crm_simulate")
			now := fs.String("now", "", "evaluate rules and failure timeouts at `DATE` (ISO 8601, as crm_simulate -t)")
			explain := fs.String("explain", "", "list every contribution to `RSC`'s score on each node")
			out := fs.StringP("output", "o", "", "write to `FILE` (atomically) instead of stdout")
			vars := fs.StringArray("var", nil, "set a policy variable: `NAME=VALUE`")
			version := pacemakerFlag(fs)
			return func(e *env, args []string) int {
				t, err := parseNow(fs, *now)
				if err != nil {
					fmt.Fprintf(e.stderr, "pcl scores: --now: %v\n", err)
					return exitUsage
				}
				v, err := parsePacemakerFlag(*version)
				if err != nil {
					fmt.Fprintf(e.stderr, "pcl scores: --pacemaker: %v\n", err)
					return exitUsage
				}
				return runScores(e, args, *format, t, v, *explain, *out, varsMap(*vars))
			}
		},
	})
}

func runScores(e *env, args []string, format string, now time.Time, version pcmk.Version, explain, out string, vars map[string]string) int {
	if len(args) == 0 {
		fmt.Fprintln(e.stderr, "pcl scores: missing INPUT (a CIB .xml file, or .pcl files or directories)")
		return exitUsage
	}
	switch format {
	case "table", "json", "crm_simulate":
	default:
		fmt.Fprintf(e.stderr, "pcl scores: unknown --format %q (use table, json or crm_simulate)\n", format)
		return exitUsage
	}
	cib, files, diags := loadCIB(args, compiler.Options{Vars: vars, Target: flagTarget(version)})
	if diags.HasErrors() || cib == nil {
		printDiags(e.stderr, files, diags)
		return exitDiags
	}
	cib, upDiags := everyNodeUp(cib)
	diags = append(diags, upDiags...)
	opts := planner.Options{Now: now, Target: targetFor(version, cib)}
	// Only --explain and the JSON report show the contributions.
	opts.NoTrail = explain == "" && format != "json"
	res, pdiags := planner.Schedule(cib, opts)
	printDiags(e.stderr, files, append(append(diags, pdiags...), unknownWarning(res)...))
	var data []byte
	switch {
	case explain != "":
		d, ok := scores.Explain(res, explain)
		if !ok {
			fmt.Fprintf(e.stderr, "pcl scores: --explain %s: there is no primitive or group named %q in %s\n", explain, explain, strings.Join(args, ", "))
			return exitUsage
		}
		data = d
	case format == "crm_simulate":
		noteTarget(e.stderr, res.Target)
		data = scores.CRMSimulate(res)
	case format == "json":
		d, err := scores.JSON(res)
		if err != nil {
			fmt.Fprintf(e.stderr, "pcl scores: %v\n", err)
			return exitDiags
		}
		data = d
	default:
		data = scores.Table(res)
	}
	if err := writeOutput(e, out, data); err != nil {
		fmt.Fprintf(e.stderr, "pcl scores: %v\n", err)
		return exitDiags
	}
	return exitOK
}
