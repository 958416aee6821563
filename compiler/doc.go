// Package compiler turns a .pcl policy into IR. It runs as named passes,
// each in a file of its name:
//
//   - load (package dsl): parse the files and decode the block structure;
//   - evaluate (evaluate.go, functions.go): variables with --var overrides,
//     locals, the constant inf and HCL's pure standard functions;
//   - expand (expand.go): for_each instances with each.key/each.value and
//     name, dynamic blocks (hcl/ext/dynblock) per instance;
//   - lower (lower*.go, rules.go): blocks to ir.CIB in source order, ids
//     derived by ir/ids.go, ChildAt from block positions, value texts kept
//     as written; rule strings via dsl/rule and lowerRule (rule_lower.go);
//     colocation sets reversed from placement order to the CIB's order;
//   - resolve (resolve.go): members and resource moves into groups and
//     clones, references checked with "did you mean";
//   - validate (validate.go): Pacemaker's cross-element rules and pcl's
//     lints.
//
// A compilation is for one Pacemaker release (target.go): Options.Target
// when the caller sets one from somewhere other than the default (cmd/pcl's
// --pacemaker: pcmk.NewTarget(v, pcmk.FromFlag)), else the release the
// policy's cib block names (pacemaker = "3.0.1"), else
// pcmk.DefaultTarget(). The result's ir.CIB.Target is the release chosen;
// ir.CIB.Pacemaker and PacemakerRange are what the policy asked and where.
// The release chooses the schemas validate-with may name and the default
// <cib> attributes (schema_release.go), the cluster option tables
// (options_release.go, generated per release by internal/genoptions from
// each release's daemons' metadata) and the forms refused: removed.go is
// the table of forms a release removed or renamed, with their
// replacements, which UpgradeCheck lists for a policy and a release.
//
// Every pass reports hcl.Diagnostics with source ranges and the run goes on
// to report all errors at once. docs/language.md is the language this
// package implements.
//
// It does not read CIB XML (package importer), write any output format
// (package emit/...) or plan (package planner).
package compiler
