// Command pcl compiles, imports, formats, checks and plans Pacemaker
// policies. This package holds flags and wiring only: each command lives in
// a file of its own (compile.go, import.go, ...) and registers itself in
// init; the work is done by the dsl, compiler, importer, planner and emit
// packages.
//
// The what-if batches of `pcl plan` are wired in the batch_*.go files:
// the what-if flags and the scenarios they ask for (batch_flags.go), the
// checks of those scenarios before any is planned, and the report's
// format and width, $COLUMNS by default (batch_report.go), and the
// progress bar drawn when stderr is a terminal (batch_progress.go).
// Package planner/batch plans the scenarios on a pool of workers and
// emit/matrix writes the report; neither reads the command line, the
// environment or the terminal.
//
// `pcl history` (history.go) collects the scheduler's saved inputs from
// files, directories and crm_report tarballs (history_input.go) and
// hands them to package history; emit/historytext renders the report.
// `pcl apply` saves the configuration it replaces in a state directory
// (saved.go) and `pcl rollback` (rollback.go) puts one back through
// apply's own path (applyConfig).
//
// `pcl lsp` (lsp.go) runs package lsp's language server on stdin and
// stdout, with the agents' metadata and release the flags give.
//
// What the planner cannot compute (planner.Result.Unknown) is marked in
// each report by its emitter; unknown.go holds the warning that scores,
// plan and graph transition also print on stderr, the only sign of it in
// the formats whose stdout keeps Pacemaker's (crm_simulate, dot).
package main
