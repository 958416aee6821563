package main

import (
	"fmt"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/spf13/pflag"

	"pcl/cibdiff"
	"pcl/compiler"
	"pcl/emit/cibxml"
	"pcl/emit/difftext"
	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner"
)

// exitDiffers is diff's --exit-code answer when the configurations differ.
const exitDiffers = 3

func init() {
	register(command{
		name:    "diff",
		usage:   "OLD NEW | --live NEW [--format text|json|markdown] [--exit-code] [--now DATE] [-o FILE]",
		summary: "compare two configurations (policies, CIB files or the live cluster) and what the cluster would do",
		setup: func(fs *pflag.FlagSet) func(*env, []string) int {
			live := fs.Bool("live", false, "OLD is the running cluster's CIB (cibadmin -Q; CIB_file honoured)")
			format := fs.String("format", "text", "output `FORMAT`: text, json or markdown")
			exitCode := fs.Bool("exit-code", false, "exit 3 when the configurations differ (0 when the same)")
			now := fs.String("now", "", "evaluate rules and failure timeouts at `DATE` (ISO 8601)")
			out := fs.StringP("output", "o", "", "write to `FILE` (atomically) instead of stdout")
			vars := fs.StringArray("var", nil, "set a policy variable: `NAME=VALUE`")
			version := pacemakerFlag(fs)
			return func(e *env, args []string) int {
				v, err := parsePacemakerFlag(*version)
				if err != nil {
					fmt.Fprintf(e.stderr, "pcl diff: --pacemaker: %v\n", err)
					return exitUsage
				}
				want := 2
				if *live {
					want = 1
				}
				if len(args) != want {
					fmt.Fprintln(e.stderr, "pcl diff: expected OLD and NEW (each a .pcl file or directory, or a CIB .xml), or --live and NEW")
					return exitUsage
				}
				switch *format {
				case "text", "json", "markdown":
				default:
					fmt.Fprintf(e.stderr, "pcl diff: unknown --format %q (use text, json or markdown)\n", *format)
					return exitUsage
				}
				t, err := parseNowFlag(*now)
				if err != nil {
					fmt.Fprintf(e.stderr, "pcl diff: --now: %v\n", err)
					return exitUsage
				}
				return runDiff(e, args, diffRun{live: *live, exitCode: *exitCode, format: *format, out: *out, vars: *vars, version: v, now: t})
			}
		},
	})
}

// diffRun is what `pcl diff`'s flags ask for, checked.
type diffRun struct {
	live, exitCode bool
	format, out    string
	vars           []string
	version        pcmk.Version
	now            time.Time
}

// runDiff compares OLD and NEW (args; with --live, the running cluster
// and NEW) and writes the report.
func runDiff(e *env, args []string, o diffRun) int {
	files := map[string]*hcl.File{}
	var diags hcl.Diagnostics
	load := func(path string) *ir.CIB {
		cib, f, d := loadCIB([]string{path}, compiler.Options{Vars: varsMap(o.vars), Target: flagTarget(o.version)})
		for k, v := range f {
			files[k] = v
		}
		diags = append(diags, d...)
		return cib
	}
	var old, new *ir.CIB
	names := difftext.Names{}
	if o.live {
		var f map[string]*hcl.File
		var d hcl.Diagnostics
		old, _, f, d = readLive()
		for k, v := range f {
			files[k] = v
		}
		diags = append(diags, d...)
		names.Old, names.Live = liveName(), true
		new, names.New = load(args[0]), args[0]
		if old != nil && new != nil {
			new = forLive(old, new)
		}
	} else {
		old, names.Old = load(args[0]), args[0]
		new, names.New = load(args[1]), args[1]
	}
	if diags.HasErrors() {
		printDiags(e.stderr, files, diags)
		return exitDiags
	}
	d := computeDiff(e, "diff", old, new, o.now, targetFor(o.version, old, new), files, diags)
	if d == nil {
		return exitDiags
	}
	data, err := renderDiff(d, names, o.format)
	if err == nil {
		err = writeOutput(e, o.out, data)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "pcl diff: %v\n", err)
		return exitDiags
	}
	if o.exitCode && d.Differs() {
		return exitDiffers
	}
	return exitOK
}

// computeDiff compares old and new and prints the diagnostics: diags,
// the planner's and what it cannot compute. It returns nil after an error.
func computeDiff(e *env, cmd string, old, new *ir.CIB, now time.Time, target pcmk.Target, files map[string]*hcl.File, diags hcl.Diagnostics) *cibdiff.Diff {
	d, pd, err := cibdiff.Compute(old, new, planner.Options{Now: now, Target: target}, cibxml.WriteConfig)
	if err != nil {
		fmt.Fprintf(e.stderr, "pcl %s: %v\n", cmd, err)
		return nil
	}
	diags = append(diags, pd...)
	if d.Plan != nil {
		diags = append(diags, unknownWarning(d.Plan)...)
	}
	printDiags(e.stderr, files, diags)
	if pd.HasErrors() {
		return nil
	}
	return d
}

func renderDiff(d *cibdiff.Diff, names difftext.Names, format string) ([]byte, error) {
	switch format {
	case "json":
		return difftext.JSON(d, names)
	case "markdown":
		return difftext.Markdown(d, names), nil
	}
	return difftext.Text(d, names), nil
}
