package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/spf13/pflag"

	"pcl/compiler"
	"pcl/emit/plantext"
	"pcl/planner"
	"pcl/planner/transition"
)

func init() {
	register(command{
		name:    "plan",
		usage:   "INPUT... [--now DATE] [--format text|json|crm_simulate] [-o FILE]",
		summary: "show what the cluster will start, stop and move, and why",
		setup: func(fs *pflag.FlagSet) func(*env, []string) int {
			now := fs.String("now", "", "evaluate rules and failure timeouts at `DATE` (ISO 8601, as crm_simulate -t)")
			format := fs.String("format", "text", "output `FORMAT`: text, json or crm_simulate")
			out := fs.StringP("output", "o", "", "write to `FILE` (atomically) instead of stdout")
			vars := fs.StringArray("var", nil, "set a policy variable: `NAME=VALUE`")
			return func(e *env, args []string) int {
				if len(args) == 0 {
					fmt.Fprintln(e.stderr, "pcl plan: expected an INPUT (.pcl file, directory or CIB .xml)")
					return exitUsage
				}
				switch *format {
				case "text", "json", "crm_simulate":
				default:
					fmt.Fprintf(e.stderr, "pcl plan: unknown --format %q (use text, json or crm_simulate)\n", *format)
					return exitUsage
				}
				t, err := parseNowFlag(*now)
				if err != nil {
					fmt.Fprintf(e.stderr, "pcl plan: --now: %v\n", err)
					return exitUsage
				}
				res, files, diags := computeTransition(args, *vars, t)
				if diags.HasErrors() {
					printDiags(e.stderr, files, diags)
					return exitDiags
				}
				printDiags(e.stderr, files, diags)
				var data []byte
				switch *format {
				case "crm_simulate":
					data = plantext.CRMSimulate(res.Transition)
				case "json":
					data, err = plantext.JSON(res.Transition, res.Plan)
				default:
					data = plantext.Text(res.Transition, res.Plan)
				}
				if err == nil {
					err = writeOutput(e, *out, data)
				}
				if err != nil {
					fmt.Fprintf(e.stderr, "pcl plan: %v\n", err)
					return exitDiags
				}
				return exitOK
			}
		},
	})
}

// planResult is a computed plan with its transition.
type planResult struct {
	Plan       *planner.Plan
	Transition *transition.Transition
}

// computeTransition loads INPUT, places its resources and schedules the
// transition.
func computeTransition(paths, vars []string, now time.Time) (*planResult, map[string]*hcl.File, hcl.Diagnostics) {
	opts := compiler.Options{Vars: varsMap(vars)}
	cib, files, diags := loadCIB(paths, opts)
	if diags.HasErrors() || cib == nil {
		return nil, files, diags
	}
	p, pd := planner.Compute(cib, planner.Options{Now: now})
	diags = append(diags, pd...)
	if diags.HasErrors() {
		return nil, files, diags
	}
	t := transition.Compute(p.TransitionInput())
	return &planResult{Plan: p, Transition: t}, files, diags
}

// parseNowFlag reads --now: the ISO 8601 forms crm_simulate's -t takes
// (the planner's ParseISOTime, shared with pcl scores). The empty string is
// the zero time: use the CIB's execution date or the clock.
func parseNowFlag(s string) (time.Time, error) {
	if strings.TrimSpace(s) == "" {
		return time.Time{}, nil
	}
	if t, ok := planner.ParseISOTime(s); ok {
		return t, nil
	}
	return time.Time{}, fmt.Errorf("%q is not an ISO 8601 date such as 2005-01-20, 2005-020 or 2005-020T12:30:00Z", s)
}

// varsMap reads --var NAME=VALUE flags.
func varsMap(vars []string) map[string]string {
	m := map[string]string{}
	for _, v := range vars {
		name, value, _ := strings.Cut(v, "=")
		m[name] = value
	}
	return m
}
