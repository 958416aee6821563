package main

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/spf13/pflag"

	"pcl/emit/testreport"
	"pcl/planner"
	"pcl/planner/batch"
	"pcl/planner/scenario"
	"pcl/policytest"
)

func init() {
	register(command{
		name:    "test",
		usage:   "INPUT...|DIR/... [--state CIB.xml] [--now DATE] [--format text|junit|markdown] [-o FILE]",
		summary: "plan every scenario and check the policy's assertions; exit 1 when one fails",
		setup: func(fs *pflag.FlagSet) func(*env, []string) int {
			now := fs.String("now", "", "evaluate rules and failure timeouts at `DATE` (ISO 8601, as crm_simulate -t)")
			format := fs.String("format", "text", "output `FORMAT`: text, junit (JUnit XML for CI) or markdown (a review comment)")
			state := fs.String("state", "", "test INPUT against the status of a running cluster: a CIB dump (`CIB.xml`, cibadmin -Q)")
			out := fs.StringP("output", "o", "", "write the report to `FILE` (atomically) instead of stdout")
			vars := fs.StringArray("var", nil, "set a policy variable: `NAME=VALUE`")
			keep := fs.Bool("keep-quorum", false, "keep the CIB's have-quorum in every scenario, as crm_simulate does, instead of counting the votes of the nodes left up")
			twoNode := fs.Bool("two-node", false, "count quorum as corosync's two_node does")
			votes := fs.Int("expected-votes", 0, "count quorum against `N` expected votes (corosync's expected_votes)")
			version := pacemakerFlag(fs)
			return func(e *env, args []string) int {
				if len(args) == 0 {
					fmt.Fprintln(e.stderr, "pcl test: expected an INPUT (.pcl file or directory)")
					return exitUsage
				}
				switch *format {
				case "text", "junit", "markdown":
				default:
					fmt.Fprintf(e.stderr, "pcl test: unknown --format %q (use text, junit or markdown)\n", *format)
					return exitUsage
				}
				v, err := parsePacemakerFlag(*version)
				if err != nil {
					fmt.Fprintf(e.stderr, "pcl test: --pacemaker: %v\n", err)
					return exitUsage
				}
				t, err := parseNow(fs, *now)
				if err != nil {
					fmt.Fprintf(e.stderr, "pcl test: --now: %v\n", err)
					return exitUsage
				}
				q := &whatIfFlags{KeepQuorum: *keep, TwoNode: *twoNode, ExpectedVotes: *votes}
				if err := q.checkQuorumFlags(); err != nil {
					fmt.Fprintf(e.stderr, "pcl test: %v\n", err)
					return exitUsage
				}
				opts := batch.Options{Planner: planner.Options{Now: t}, SettleRounds: settleRounds,
					Quorum: scenario.QuorumRule{Keep: *keep, TwoNode: *twoNode, ExpectedVotes: *votes}}
				policies, err := expandPolicies(args)
				if err != nil {
					fmt.Fprintf(e.stderr, "pcl test: %v\n", err)
					return exitUsage
				}
				rep := &policytest.Report{}
				files := map[string]*hcl.File{}
				var diags hcl.Diagnostics
				failed := false
				for _, policy := range policies {
					cib, target, pf, pd := loadPlanInput(policy, *vars, *state, v)
					for name, f := range pf {
						files[name] = f
					}
					diags = append(diags, pd...)
					if pd.HasErrors() {
						failed = true
						continue
					}
					opts.Planner.Target = target
					r, td := policytest.Run(cib, opts)
					diags = append(diags, td...)
					if td.HasErrors() {
						failed = true
						continue
					}
					rep.Cases = append(rep.Cases, r.Cases...)
				}
				if failed {
					printDiags(e.stderr, files, diags)
					return exitDiags
				}
				if len(rep.Cases) == 0 {
					diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagWarning, Summary: "No assertions",
						Detail: "The policy has no assert blocks, so pcl test checked nothing: add assert blocks at the top level (the healthy cluster) or in scenario blocks."})
				}
				// The failures as diagnostics too, where the report itself
				// is not the terminal's text.
				if *format != "text" || (*out != "" && *out != "-") {
					for _, c := range rep.Cases {
						for _, f := range c.Failures {
							diags = append(diags, f.Diagnostic(c))
						}
					}
				}
				printDiags(e.stderr, files, diags)
				var data []byte
				switch *format {
				case "junit":
					data, err = testreport.JUnit(rep)
				case "markdown":
					data = testreport.Markdown(rep)
				default:
					data = testreport.Text(rep)
				}
				if err == nil {
					err = writeOutput(e, *out, data)
				}
				if err != nil {
					fmt.Fprintf(e.stderr, "pcl test: %v\n", err)
					return exitDiags
				}
				if rep.Failed() > 0 {
					return exitDiags
				}
				return exitOK
			}
		},
	})
}

// expandPolicies reads test's arguments: the inputs of one policy, or
// with DIR/... every directory under DIR holding .pcl files, each tested
// as a policy of its own (a repository of policies in one CI job).
func expandPolicies(args []string) ([][]string, error) {
	var out [][]string
	var one []string
	for _, a := range args {
		root, ok := strings.CutSuffix(filepath.ToSlash(a), "/...")
		if !ok {
			one = append(one, a)
			continue
		}
		if root == "" {
			root = "."
		}
		found := 0
		err := filepath.WalkDir(filepath.FromSlash(root), func(path string, d fs.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return err
			}
			if pcl, _ := filepath.Glob(filepath.Join(path, "*.pcl")); len(pcl) > 0 {
				out = append(out, []string{path})
				found++
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		if found == 0 {
			return nil, fmt.Errorf("%s: no directory under %s holds .pcl files", a, root)
		}
	}
	if len(one) > 0 {
		out = append(out, one)
	}
	return out, nil
}
