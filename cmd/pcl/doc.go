// Command pcl compiles, imports, formats, checks and plans Pacemaker
// policies. This package holds flags and wiring only: each command lives in
// a file of its own (compile.go, import.go, ...) and registers itself in
// init; the work is done by the dsl, compiler, importer, planner and emit
// packages.
package main
