// Package compiler turns a .pcl policy into IR. It runs as named passes:
// load (dsl), expand (for_each and dynamic blocks), evaluate (variables,
// locals, functions), lower (AST to IR with derived ids), resolve (names and
// references) and validate (Pacemaker's rules and pcl's lints). Every pass
// reports hcl.Diagnostics with source ranges and the run goes on to report
// all errors at once.
//
// It does not read CIB XML (package importer), write any output format
// (package emit/...) or plan (package planner).
package compiler
