package main

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/spf13/pflag"

	"pcl/compiler"
	"pcl/emit/plantext"
	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner"
	"pcl/planner/scenario"
)

func init() {
	register(command{
		name:    "plan",
		usage:   "INPUT... [--state CIB.xml] [--now DATE] [--format text|json|crm_simulate|markdown] [what-if flags] [--batch] [-o FILE]",
		summary: "show what the cluster will start, stop and move, and why; what-if scenarios in batch",
		setup: func(fs *pflag.FlagSet) func(*env, []string) int {
			now := fs.String("now", "", "evaluate rules and failure timeouts at `DATE` (ISO 8601, as crm_simulate -t)")
			format := fs.String("format", "text", "output `FORMAT`: text, json or crm_simulate (a --batch report: text, markdown or json)")
			state := fs.String("state", "", "plan INPUT against the status of a running cluster: a CIB dump (`CIB.xml`, cibadmin -Q)")
			whatIf := registerBatchFlags(fs)
			out := fs.StringP("output", "o", "", "write to `FILE` (atomically) instead of stdout")
			vars := fs.StringArray("var", nil, "set a policy variable: `NAME=VALUE`")
			version := pacemakerFlag(fs)
			return func(e *env, args []string) int {
				if len(args) == 0 {
					fmt.Fprintln(e.stderr, "pcl plan: expected an INPUT (.pcl file, directory or CIB .xml)")
					return exitUsage
				}
				v, err := parsePacemakerFlag(*version)
				if err != nil {
					fmt.Fprintf(e.stderr, "pcl plan: --pacemaker: %v\n", err)
					return exitUsage
				}
				if whatIf.isBatch() {
					if err := checkBatchFormat(*format); err != nil {
						fmt.Fprintf(e.stderr, "pcl plan: --format: %v\n", err)
						return exitUsage
					}
				} else {
					switch *format {
					case "text", "json", "crm_simulate":
					default:
						fmt.Fprintf(e.stderr, "pcl plan: unknown --format %q (use text, json or crm_simulate; markdown is for --batch)\n", *format)
						return exitUsage
					}
				}
				t, err := parseNow(fs, *now)
				if err != nil {
					fmt.Fprintf(e.stderr, "pcl plan: --now: %v\n", err)
					return exitUsage
				}
				return runPlan(e, args, planRun{vars: *vars, state: *state, version: v, now: t, format: *format, out: *out, whatIf: whatIf})
			}
		},
	})
}

// planRun is what `pcl plan`'s flags ask for, checked.
type planRun struct {
	vars          []string
	state, format string
	out           string
	version       pcmk.Version
	now           time.Time
	whatIf        *batchFlags
}

// runPlan plans INPUT (args), as a batch report when the flags ask for
// one, and writes the report.
func runPlan(e *env, args []string, o planRun) int {
	cib, target, files, diags := loadPlanInput(args, o.vars, o.state, o.version)
	if diags.HasErrors() {
		printDiags(e.stderr, files, diags)
		return exitDiags
	}
	var data []byte
	if o.whatIf.isBatch() {
		report, bd := o.whatIf.report(cib, o.format, planner.Options{Now: o.now, Target: target}, e.stderr, 0)
		diags = append(diags, bd...)
		printDiags(e.stderr, files, diags)
		if bd.HasErrors() {
			return exitDiags
		}
		if err := writeOutput(e, o.out, report); err != nil {
			fmt.Fprintf(e.stderr, "pcl plan: %v\n", err)
			return exitDiags
		}
		return exitOK
	}
	o.whatIf.target = target
	cib, wd, err := o.whatIf.apply(cib)
	diags = append(diags, wd...)
	if err != nil {
		fmt.Fprintf(e.stderr, "pcl plan: %v\n", err)
		return exitUsage
	}
	opts := planOptions(o.now, target)
	// Only the text explains changes by their scores, and only those of
	// the resources that change: the placement keeps the lines that can
	// explain a change.
	opts.ExplainChanges = o.format == "text"
	// Nothing here keeps cib past Schedule, which lets go of its status
	// once read: in a large cluster the collector need not mark it while
	// the transition is made (docs/performance.md, "The status let go
	// of"). The rare explanation the placement did not foresee reads
	// INPUT again.
	res, pd := planner.Schedule(cib, opts)
	diags = append(append(diags, pd...), unknownWarning(res)...)
	printDiags(e.stderr, files, diags)
	if pd.HasErrors() {
		return exitDiags
	}
	if o.format == "text" {
		// Lines the placement did not foresee a change needing (no
		// such change is known) are recorded by a placement for them.
		if !plantext.HoldsExplanations(res) {
			again, err := reloadPlanInput(args, o, files)
			if err != nil {
				fmt.Fprintf(e.stderr, "pcl plan: %v\n", err)
				return exitDiags
			}
			res = planner.Explain(again, opts, res, plantext.Explained(res))
		}
	}
	switch o.format {
	case "crm_simulate":
		// As crm_simulate -S prints them: the summary, then the
		// actions the transition engine runs.
		noteTarget(e.stderr, res.Target)
		data = append(plantext.CRMSimulate(res.Transition), '\n')
		data = append(data, plantext.CRMSimulateExecuted(res.Transition, res.Transition.Execute())...)
	case "json":
		data, err = plantext.JSON(res)
	default:
		data = plantext.Text(res)
	}
	if err == nil {
		err = writeOutput(e, o.out, data)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "pcl plan: %v\n", err)
		return exitDiags
	}
	return exitOK
}

// reloadPlanInput reads INPUT again, with the what-if flags applied, as
// runPlan read it first (its diagnostics were reported then). A file that
// changed since is an error rather than an explanation of another CIB.
func reloadPlanInput(args []string, o planRun, first map[string]*hcl.File) (*ir.CIB, error) {
	cib, _, files, diags := loadPlanInput(args, o.vars, o.state, o.version)
	if diags.HasErrors() {
		return nil, fmt.Errorf("reading the input again to explain its changes: %s", diags.Errs()[0])
	}
	for name, f := range files {
		if was := first[name]; was == nil || !bytes.Equal(was.Bytes, f.Bytes) {
			return nil, fmt.Errorf("%s changed while it was planned; plan it again", name)
		}
	}
	cib, _, err := o.whatIf.apply(cib)
	return cib, err
}

// computeTransition loads INPUT, places its resources and schedules the
// transition.
// The what-if flags and --state (statePath) put the cluster in the state
// planned; err is a malformed what-if flag.
func computeTransition(paths, vars []string, statePath string, whatIf *whatIfFlags, now time.Time, version pcmk.Version) (*planner.Result, map[string]*hcl.File, hcl.Diagnostics, error) {
	cib, target, files, diags := loadPlanInput(paths, vars, statePath, version)
	if diags.HasErrors() || cib == nil {
		return nil, files, diags, nil
	}
	whatIf.target = target
	cib, wd, err := whatIf.apply(cib)
	diags = append(diags, wd...)
	if err != nil {
		return nil, files, diags, err
	}
	res, pd := computePlan(cib, now, target)
	return res, files, append(diags, pd...), nil
}

// loadPlanInput loads INPUT and, with --state, puts the status of a
// running cluster's CIB dump under INPUT's configuration: the dry run of
// a policy change. The target is the release --pacemaker (version) asks
// for, else the one the running cluster runs, else the policy's.
func loadPlanInput(paths, vars []string, statePath string, version pcmk.Version) (*ir.CIB, pcmk.Target, map[string]*hcl.File, hcl.Diagnostics) {
	cib, files, diags := loadCIB(paths, compiler.Options{Vars: varsMap(vars), Target: flagTarget(version)})
	if diags.HasErrors() || statePath == "" {
		return cib, targetFor(version, cib), files, diags
	}
	live, liveFiles, ld := loadCIB([]string{statePath}, compiler.Options{})
	for name, f := range liveFiles {
		files[name] = f
	}
	diags = append(diags, ld...)
	if ld.HasErrors() {
		return nil, pcmk.Target{}, files, diags
	}
	if live.Status == nil {
		diags = append(diags, &hcl.Diagnostic{
			Severity: hcl.DiagWarning,
			Summary:  "No status in --state",
			Detail:   fmt.Sprintf("%s has no <status> section, so every node counts as offline; dump a running cluster's CIB with cibadmin -Q.", statePath),
		})
	}
	return scenario.WithStatus(cib, live), targetFor(version, live, cib), files, diags
}

// computePlan places the resources of cib and schedules the transition,
// without score lines or explanations: an output that explains changes by
// their scores asks planner.Explain for those of the changed resources.
func computePlan(cib *ir.CIB, now time.Time, target pcmk.Target) (*planner.Result, hcl.Diagnostics) {
	res, diags := planner.Schedule(cib, planOptions(now, target))
	if diags.HasErrors() {
		return nil, diags
	}
	return res, diags
}

// planOptions are the options computePlan schedules with.
func planOptions(now time.Time, target pcmk.Target) planner.Options {
	return planner.Options{Target: target, Now: now, Transition: true, NoScores: true, NoTrail: true}
}

// parseNow reads the --now flag of fs: given but empty, it is a usage
// error rather than the current time.
func parseNow(fs *pflag.FlagSet, s string) (time.Time, error) {
	if fs.Changed("now") && strings.TrimSpace(s) == "" {
		return time.Time{}, errors.New("the date is empty; give an ISO 8601 date such as 2005-01-20T12:30:00Z, or leave --now out for the current time")
	}
	return parseNowFlag(s)
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
