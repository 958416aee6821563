// Package dsl is pcl's front end: it reads .pcl policies (HCL native
// syntax) into a syntax tree of blocks whose attribute expressions are kept
// unevaluated, checked against the block schemas of docs/language.md.
//
// A policy is one .pcl file or every *.pcl file of a directory, read in
// file-name order. Load parses the files and decodes their top-level blocks;
// Decode decodes a block body (usually after the compiler has expanded its
// dynamic blocks for one for_each instance) against the schema of its block
// type, recursively, except for nested primitives and groups (Deferred),
// which may have a for_each of their own: the compiler decodes each of their
// instances from the source body (SourceBody). Schemas is the single table
// of which attributes and nested blocks each construct accepts.
//
// Blocks are schema-checked but not mapped to one Go struct per construct:
// Block keeps attributes and nested blocks in source order, because the
// CIB's child order is the order of the source (see docs/language.md).
//
// Parsing is HCL's (hclsyntax), with two shortcuts that give its result
// exactly: a large file is parsed in two halves at once (parse_parallel.go),
// and a ParseCache parses a changed file again only in the chunks that
// changed, moving the others from the last parse (parse_chunks.go,
// parse_move.go), which is what keeps pcl lsp's diagnostics fast.
//
// It does not evaluate expressions, expand for_each, parse rule strings
// (package dsl/rule) or know anything about the CIB: that is the compiler's
// work.
package dsl
