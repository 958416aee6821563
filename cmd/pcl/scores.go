package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"pcl/emit/scores"
	"pcl/pcmk"
	"pcl/planner"
)

func init() {
	register(command{
		name:    "scores",
		usage:   "INPUT [--state CIB.xml] [--format table|json|crm_simulate] [--now DATE] [--explain RSC] [--utilization] [what-if flags]",
		summary: "print allocation scores and the chosen node of every resource",
		setup: func(fs *pflag.FlagSet) func(*env, []string) int {
			format := fs.String("format", "table", "output `FORMAT`: table, json or crm_simulate")
			now := fs.String("now", "", "evaluate rules and failure timeouts at `DATE` (ISO 8601, as crm_simulate -t)")
			explain := fs.String("explain", "", "list every contribution to `RSC`'s score on each node")
			utilization := fs.Bool("utilization", false, "also show each node's capacities before and after assignment and what each resource takes, as crm_simulate --show-utilization (-U)")
			out := fs.StringP("output", "o", "", "write to `FILE` (atomically) instead of stdout")
			vars := fs.StringArray("var", nil, "set a policy variable: `NAME=VALUE`")
			version := pacemakerFlag(fs)
			state := fs.String("state", "", "score INPUT against the status of a running cluster: a CIB dump (`CIB.xml`, cibadmin -Q)")
			whatIf := registerWhatIfFlags(fs)
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
				return runScores(e, args, scoresOptions{format: *format, now: t, version: v, explain: *explain, out: *out,
					vars: *vars, state: *state, whatIf: whatIf, utilization: *utilization})
			}
		},
	})
}

type scoresOptions struct {
	format, explain, out, state string
	now                         time.Time
	version                     pcmk.Version
	vars                        []string
	whatIf                      *whatIfFlags
	utilization                 bool
}

func runScores(e *env, args []string, o scoresOptions) int {
	format, explain := o.format, o.explain
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
	cib, target, files, diags := loadPlanInput(args, o.vars, o.state, o.version)
	if diags.HasErrors() || cib == nil {
		printDiags(e.stderr, files, diags)
		return exitDiags
	}
	cib, wd, err := o.whatIf.apply(cib)
	diags = append(diags, wd...)
	if err != nil {
		printDiags(e.stderr, files, diags)
		fmt.Fprintf(e.stderr, "pcl scores: %v\n", err)
		return exitUsage
	}
	opts := planner.Options{Now: o.now, Target: target, Utilization: o.utilization}
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
	if err := writeOutput(e, o.out, data); err != nil {
		fmt.Fprintf(e.stderr, "pcl scores: %v\n", err)
		return exitDiags
	}
	return exitOK
}
