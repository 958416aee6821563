// Package policytest checks a policy's assertions (ir.Assertion, from
// assert blocks): those outside any scenario against the healthy cluster,
// each scenario's against the cluster once the scenario's transition has
// run. It plans every scenario with package planner/batch, from the
// healthy cluster's settled state as `pcl plan --batch` does, and reads
// each assertion's conditions from the outcome: where the resource is
// active and in which role once the transition has run, what the
// transition does (the summary's moves and restarts, the actions the
// engine runs), the quorum, and for no_single_point_of_failure one more
// batch, every node failing in turn from the scenario's settled cluster.
//
// A condition about a resource the planner does not compute exactly
// (planner.Result.Unknown) fails as not checkable: a test never passes on
// a guess. Failures say what happened; the reasons (score explanations,
// the summary's "due to") are the renderer's to add (emit/testreport),
// from the outcome each failure carries.
//
// It does not read files, render, or decide exit codes: cmd/pcl does.
package policytest
