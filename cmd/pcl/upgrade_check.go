package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/spf13/pflag"

	"pcl/cibdiff"
	"pcl/compiler"
	"pcl/emit/difftext"
	"pcl/pcmk"
	"pcl/planner"
)

func init() {
	register(command{
		name:    "upgrade-check",
		usage:   "INPUT... --to VERSION [--from VERSION] [--format text|json|markdown] [--now DATE] [-o FILE]",
		summary: "what upgrading Pacemaker changes: removed and renamed forms, and the cluster planned under both releases",
		setup: func(fs *pflag.FlagSet) func(*env, []string) int {
			to := fs.String("to", "", "the Pacemaker `VERSION` to upgrade to (3.0.1, ...)")
			from := fs.String("from", "", "the Pacemaker `VERSION` upgraded from (default: the one the input names: dc-version, the policy's pacemaker setting, else pcl's default)")
			format := fs.String("format", "text", "output `FORMAT`: text, json or markdown")
			now := fs.String("now", "", "evaluate rules and failure timeouts at `DATE` (ISO 8601)")
			out := fs.StringP("output", "o", "", "write to `FILE` (atomically) instead of stdout")
			vars := fs.StringArray("var", nil, "set a policy variable: `NAME=VALUE`")
			return func(e *env, args []string) int {
				o := upgradeOptions{format: *format, out: *out, vars: varsMap(*vars)}
				var err error
				if o.now, err = parseNow(fs, *now); err != nil {
					fmt.Fprintf(e.stderr, "pcl upgrade-check: --now: %v\n", err)
					return exitUsage
				}
				if *to == "" {
					fmt.Fprintln(e.stderr, "pcl upgrade-check: --to VERSION is required (the Pacemaker release to upgrade to, such as 3.0.1)")
					return exitUsage
				}
				if o.to, err = pcmk.ParseVersion(*to); err != nil {
					fmt.Fprintf(e.stderr, "pcl upgrade-check: --to: %v\n", err)
					return exitUsage
				}
				if o.from, err = parsePacemakerFlag(*from); err != nil {
					fmt.Fprintf(e.stderr, "pcl upgrade-check: --from: %v\n", err)
					return exitUsage
				}
				return runUpgradeCheck(e, args, o)
			}
		},
	})
}

type upgradeOptions struct {
	from, to    pcmk.Version
	format, out string
	now         time.Time
	vars        map[string]string
}

// runUpgradeCheck compiles INPUT for the release it runs and for the one
// it upgrades to (what only the second reports is what the upgrade
// removes or renames), then plans the cluster for both releases and
// compares them.
func runUpgradeCheck(e *env, args []string, o upgradeOptions) int {
	if len(args) == 0 {
		fmt.Fprintln(e.stderr, "pcl upgrade-check: expected an INPUT (.pcl files or a directory, or a CIB .xml)")
		return exitUsage
	}
	switch o.format {
	case "text", "json", "markdown":
	default:
		fmt.Fprintf(e.stderr, "pcl upgrade-check: unknown --format %q (use text, json or markdown)\n", o.format)
		return exitUsage
	}
	cib, files, diags := loadCIB(args, compiler.Options{Vars: o.vars, Target: flagTarget(o.from)})
	if diags.HasErrors() || cib == nil {
		printDiags(e.stderr, files, diags)
		fmt.Fprintln(e.stderr, "pcl upgrade-check: the input has errors for the release it is written for; fix them first.")
		return exitDiags
	}
	from := targetFor(o.from, cib)
	to := pcmk.NewTarget(o.to, pcmk.FromFlag)
	report := &difftext.Upgrade{Input: strings.Join(args, " ")}
	_, _, toDiags := loadCIB(args, compiler.Options{Vars: o.vars, Target: to})
	report.Forms = newDiagnostics(diags, toDiags)
	d, pd := cibdiff.CompareReleases(cib, from, to, planner.Options{Now: o.now})
	if pd.HasErrors() {
		report.NoPlan = "the planner refused the input: " + pd.Error()
	} else {
		report.Diff = d
	}
	var data []byte
	var err error
	switch o.format {
	case "json":
		data, err = difftext.UpgradeJSON(report)
	case "markdown":
		data = difftext.UpgradeMarkdown(report)
	default:
		data = difftext.UpgradeText(report)
	}
	if err == nil {
		err = writeOutput(e, o.out, data)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "pcl upgrade-check: %v\n", err)
		return exitDiags
	}
	if report.Blocking() {
		return exitDiags
	}
	return exitOK
}

// newDiagnostics are the diagnostics of after that before does not have
// (same severity, summary and position).
func newDiagnostics(before, after hcl.Diagnostics) hcl.Diagnostics {
	key := func(d *hcl.Diagnostic) string {
		k := fmt.Sprintf("%d\x00%s\x00%s", d.Severity, d.Summary, d.Detail)
		if d.Subject != nil {
			k += "\x00" + d.Subject.String()
		}
		return k
	}
	seen := map[string]bool{}
	for _, d := range before {
		seen[key(d)] = true
	}
	var out hcl.Diagnostics
	for _, d := range after {
		if !seen[key(d)] {
			out = append(out, d)
		}
	}
	return out
}
