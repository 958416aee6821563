package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/spf13/pflag"

	"pcl/cibdiff"
	"pcl/compiler"
	"pcl/emit/difftext"
	"pcl/emit/pclgen"
	"pcl/ir"
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
	forms, formFiles, note, err := removedForms(args, cib, o.vars, diags, to)
	if err != nil {
		fmt.Fprintf(e.stderr, "pcl upgrade-check: %v\n", err)
		return exitDiags
	}
	for name, f := range formFiles {
		files[name] = f
	}
	report.Forms, report.FormsNote = forms, note
	d, pd := cibdiff.CompareReleases(cib, from, to, planner.Options{Now: o.now})
	if pd.HasErrors() {
		report.NoPlan = "the planner refused the input: " + pd.Error()
	} else {
		report.Diff = d
	}
	var data []byte
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

// removedForms lists what of the input release to removes or renames: the
// compiler's table of removed forms (compiler.UpgradeCheck), and any other
// diagnostic only compiling for to gives. A CIB .xml input is checked as
// the policy pcl import writes for it, in a temporary directory: note
// says so, since the positions are that policy's.
func removedForms(args []string, cib *ir.CIB, vars map[string]string, before hcl.Diagnostics, to pcmk.Target) (forms hcl.Diagnostics, files map[string]*hcl.File, note string, err error) {
	paths := args
	if isCIBInput(args) {
		src, werr := pclgen.WriteOptions(cib, pclgen.Options{Source: filepath.Base(args[0])})
		if src == nil {
			return nil, nil, "", werr
		}
		dir, derr := os.MkdirTemp("", "pcl-upgrade-check-")
		if derr != nil {
			return nil, nil, "", derr
		}
		defer os.RemoveAll(dir)
		policy := filepath.Join(dir, strings.TrimSuffix(filepath.Base(args[0]), filepath.Ext(args[0]))+".pcl")
		if err := os.WriteFile(policy, src, 0o644); err != nil {
			return nil, nil, "", err
		}
		paths = []string{policy}
		note = fmt.Sprintf("%s is a CIB: its forms are checked as the policy `pcl import %s` writes, and the positions are that policy's.", args[0], args[0])
		_, _, before = compiler.Compile(paths, compiler.Options{Vars: vars})
	}
	removals, files, _ := compiler.UpgradeCheck(paths, compiler.Options{Vars: vars}, to)
	seen := map[string]bool{}
	for _, r := range removals {
		forms = append(forms, r.Diagnostic)
		seen[diagKey(r.Diagnostic)] = true
	}
	_, _, after := compiler.Compile(paths, compiler.Options{Vars: vars, Target: to})
	for _, d := range newDiagnostics(before, after) {
		if !seen[diagKey(d)] {
			forms = append(forms, d)
		}
	}
	if note != "" {
		// Name the imported policy as pcl import would, not by its
		// temporary path.
		tmp := paths[0]
		for i, d := range forms {
			if d.Subject != nil && d.Subject.Filename == tmp {
				c, rng := *d, *d.Subject
				rng.Filename = filepath.Base(tmp)
				c.Subject = &rng
				forms[i] = &c
			}
		}
		if f, ok := files[tmp]; ok {
			files = map[string]*hcl.File{filepath.Base(tmp): f}
		}
	}
	return forms, files, note, nil
}

func diagKey(d *hcl.Diagnostic) string {
	k := fmt.Sprintf("%d\x00%s\x00%s", d.Severity, d.Summary, d.Detail)
	if d.Subject != nil {
		k += "\x00" + d.Subject.String()
	}
	return k
}

// newDiagnostics are the diagnostics of after that before does not have
// (same severity, summary and position).
func newDiagnostics(before, after hcl.Diagnostics) hcl.Diagnostics {
	seen := map[string]bool{}
	for _, d := range before {
		seen[diagKey(d)] = true
	}
	var out hcl.Diagnostics
	for _, d := range after {
		if !seen[diagKey(d)] {
			out = append(out, d)
		}
	}
	return out
}
