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
)

// report runs the batch for cib and writes it in format (text, markdown
// or json, checked with the other flags). progress receives a progress
// bar when it is a terminal (pass the command's stderr; anything but a
// terminal *os.File gets none); width is the text format's line width (0:
// $COLUMNS, else 100).
func (f *batchFlags) report(cib *ir.CIB, format string, po planner.Options, progress io.Writer, width int) ([]byte, hcl.Diagnostics) {
	stream := matrix.NewStream()
	res, diags := f.run(cib, po, progress, stream.Done)
	if diags.HasErrors() {
		return nil, diags
	}
	data, err := renderReport(stream.Report(res), format, width)
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
// for (batch.Prepare checks all of it before anything is planned). done,
// when not nil, is shown each outcome as it is planned and may release
// its plans (batch.Options.Done).
func (f *batchFlags) run(cib *ir.CIB, po planner.Options, progress io.Writer, done func(int, *batch.Outcome) bool) (*batch.Result, hcl.Diagnostics) {
	spec, err := f.spec(po)
	if err != nil {
		return nil, hcl.Diagnostics{whatIfError(err)}
	}
	spec.Done = done
	bar := terminalProgress(progress, time.Second)
	if bar != nil {
		spec.Progress = bar.update
	}
	b, diags := batch.Prepare(cib, spec)
	if diags.HasErrors() {
		return nil, diags
	}
	diags = append(diags, f.twoNodeWarning(b.Base)...)
	res := b.Run()
	if bar != nil {
		// The time goes to the terminal, not into the report: the same
		// batch must give the same bytes.
		bar.finish()
		fmt.Fprintf(progress, "Planned %d scenarios in %s.\n", len(b.Scenarios), res.Elapsed.Round(time.Millisecond))
	}
	return res, diags
}

// renderReport writes a batch report in format (text, markdown or json).
// width is the text format's line width (0: $COLUMNS, else 100).
func renderReport(rep *matrix.Report, format string, width int) ([]byte, error) {
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
