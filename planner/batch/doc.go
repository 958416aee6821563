// Package batch plans many what-if scenarios against one cluster at once:
// it plans the baseline and runs its transition (crm_simulate -S), again
// until the cluster stops changing when Options.SettleRounds asks (settle.go), then
// applies each scenario to that settled cluster (package planner/scenario;
// Options.AsRecorded applies them to the status as recorded), places the
// resources (package planner), schedules and runs the transition (package
// planner/transition) and reads the cluster it leaves (Outcome.After), on
// all cores with a bounded pool of workers. Results come back in the order the scenarios were given,
// whatever order they finished in, so a batch's report is reproducible.
//
// A batch is specified once (Spec: the policy's declared scenarios, the
// generated failover scenarios — each node down, each pair of nodes down,
// each ticket revoked — and any made elsewhere, the transient attributes
// every scenario starts from), built and checked once (Prepare: every
// scenario checked against the cluster with scenario.Check before any is
// planned, all mistakes reported together) and run (Batch.Run), each
// scenario applied once, to the cluster it starts from: the baseline's
// settled cluster, or for a chained scenario (scenario.Scenario.After)
// the cluster the scenario it follows leaves, which the pool plans first
// (chain.go). A cluster without
// status has every node brought up first, its tickets granted
// (AllNodesUp), since what-ifs are about a running cluster.
//
// It owns neither the command line nor the terminal nor the report. The
// batch flags of `pcl plan` (parsed into a Spec) and the progress bar live
// in cmd/pcl; Options.Progress is how the pool tells
// its progress without knowing who draws it, and Options.Done how it
// hands each outcome to a report as it is planned, releasing its plans
// when the report has taken what it needs. Package emit/matrix turns a
// Result into a failover matrix, a list of single points of failure and
// per-scenario actions (matrix.FromBatch, or matrix.Stream as the batch
// runs).
package batch
