package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/hashicorp/hcl/v2"

	"pcl/emit/matrix"
	"pcl/ir"
	"pcl/planner"
	"pcl/planner/batch"
	"pcl/planner/scenario"
)

// report runs the batch for cib and writes it in format (text, markdown
// or json). progress receives a progress bar when it is a terminal (pass
// the command's stderr; anything but a terminal *os.File gets none);
// width is the text format's line width (0: $COLUMNS, else 100).
// Scenarios that cannot be applied (an unknown node, resource or a
// malformed flag) are errors, all reported, before anything is planned.
func (f *batchFlags) report(cib *ir.CIB, format string, po planner.Options, progress io.Writer, width int) ([]byte, hcl.Diagnostics) {
	if err := checkBatchFormat(format); err != nil {
		return nil, hcl.Diagnostics{whatIfError(err)}
	}
	res, diags := f.run(cib, po, progress)
	if diags.HasErrors() {
		return nil, diags
	}
	data, err := renderBatch(res, format, width)
	if err != nil {
		return nil, append(diags, whatIfError(err))
	}
	return data, diags
}

// checkBatchFormat accepts the formats of a batch report.
func checkBatchFormat(format string) error {
	switch format {
	case "text", "markdown", "json":
		return nil
	}
	return fmt.Errorf("a batch report is written as text, markdown or json, not %q", format)
}

// run plans the batch the flags and the policy's declared scenarios ask
// for. A CIB without status is planned with all its nodes up (see
// batch.AllNodesUp); --attr and --attr-delete change the cluster every
// scenario (and the baseline) starts from. Every scenario is checked
// before any is planned, so that a typo costs no planning time and all of
// them are reported at once.
func (f *batchFlags) run(cib *ir.CIB, po planner.Options, progress io.Writer) (*batch.Result, hcl.Diagnostics) {
	if err := f.checkQuorumFlags(); err != nil {
		return nil, hcl.Diagnostics{whatIfError(err)}
	}
	base, err := batch.AllNodesUp(cib)
	if err == nil {
		base, err = f.withAttrs(base)
	}
	if err != nil {
		return nil, hcl.Diagnostics{whatIfError(err)}
	}
	scenarios, diags := f.scenarios(base)
	diags = append(diags, f.twoNodeWarning(base)...)
	if diags.HasErrors() {
		return nil, diags
	}
	if len(scenarios) == 0 {
		return nil, append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "No scenarios",
			Detail: "--batch found no scenario: declare scenario blocks in the policy, or add --each-node-down, --each-node-pair-down, --each-ticket-revoke or injection flags such as --node-down NODE."})
	}
	names := map[string]int{}
	for i, s := range scenarios {
		if _, err := scenario.Apply(base, s); err != nil {
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Invalid scenario",
				Detail: fmt.Sprintf("Scenario %q cannot be applied: %v.", s.Name, err)})
		}
		if j, dup := names[s.Name]; dup {
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Duplicate scenario",
				Detail: fmt.Sprintf("Scenario %d is named %q like scenario %d; give scenarios distinct names.", i+1, s.Name, j)})
			continue
		}
		names[s.Name] = i + 1
	}
	if diags.HasErrors() {
		return nil, diags
	}
	opts := batch.Options{Planner: po, AsRecorded: f.AsRecorded, Quorum: f.quorumRule()}
	bar := terminalProgress(progress, time.Second)
	if bar != nil {
		opts.Progress = bar.update
	}
	res := batch.Run(base, scenarios, opts)
	if bar != nil {
		// The time goes to the terminal, not into the report: the same
		// batch must give the same bytes.
		bar.finish()
		fmt.Fprintf(progress, "Planned %d scenarios in %s.\n", len(scenarios), res.Elapsed.Round(time.Millisecond))
	}
	return res, diags
}

// renderBatch writes a batch result as a report in format. width is the
// text format's line width (0: $COLUMNS, else 100).
func renderBatch(res *batch.Result, format string, width int) ([]byte, error) {
	if err := checkBatchFormat(format); err != nil {
		return nil, err
	}
	rep := matrix.FromBatch(res)
	switch format {
	case "markdown":
		return matrix.Markdown(rep), nil
	case "json":
		return matrix.JSON(rep)
	}
	if width <= 0 {
		width, _ = strconv.Atoi(os.Getenv("COLUMNS"))
		if width <= 0 {
			width = 100
		}
	}
	return matrix.Text(rep, width), nil
}
