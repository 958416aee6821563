// Package ir is pcl's intermediate representation: a plain, typed model of a
// Pacemaker configuration (the CIB's <configuration> section) and of a
// cluster's state (its <status> section).
//
// Both front ends produce it: the compiler from .pcl policies and the
// importer from CIB XML. The planner and every emitter consume it. It owns
// the data types and the conventions by which pcl derives readable ids from
// names; Pacemaker's vocabulary (scores and their arithmetic, roles,
// interval and time syntaxes) is package pcmk's, which ir's typed values
// use.
//
// It does not parse .pcl or XML, evaluate rules, resolve references or
// validate a configuration: those belong to dsl, compiler, planner and the
// importer. Values keep the text they were written as (see Score, Duration,
// Bool) so that a CIB read and written again is the same CIB, attribute for
// attribute; the typed part is what the planner reads.
//
// Slices are in document order everywhere: the order of elements in the CIB,
// or of blocks in the .pcl source. Where an element mixes attribute sets with
// other children (a primitive's <operations>, a group's members), ChildAt
// records how many of the sets come before those children.
package ir
