// Package pcmk is Pacemaker's vocabulary as typed Go values: resource roles,
// operation tasks, on-fail policies, OCF return codes and execution
// statuses, and the small syntaxes every stage shares. It is a leaf: it
// imports nothing from pcl, so the compiler, the importer, the planner and
// the emitters can all speak it without depending on one another.
//
// It holds names and their spellings only; what a role or a return code
// means for scheduling is the planner's business.
package pcmk
