// Package synth generates synthetic clusters for benchmarks and
// differential tests: R resources on N nodes with groups, location
// constraints (node scores, attribute rules, score-attribute),
// colocations, orders, stickiness, running resources and fail counts.
// Output is an *ir.CIB, deterministic for a seed, which the emitters turn
// into CIB XML and .pcl.
//
// Clones are off by default (Params.CloneFraction is zero), and the
// clusters are then byte for byte those of the versions before clones.
// With clones, some top-level resources are clones: anonymous ones (some
// with a clone-max below the node count), globally-unique ones with
// clone-node-max=2, cloned groups, some interleaved. They take part in
// the locations, colocations and orders like any top-level resource, in
// both directions, and some are colocated with and ordered after an
// earlier clone (clone with clone). The status records their running
// instances as real status sections do: "rsc:N" for unique instances, the
// bare id or "rsc:N" for anonymous ones.
//
// CloneCIB is a different generator, for the planner's differential tests
// of clones: a small random CIB, written directly as XML, built around
// clones of every shape Pacemaker's clone scheduling distinguishes, with a
// status section, which crm_verify accepts.
//
// PromotableCIB is another, for the differential tests of promotable
// clones: promotable clones and legacy masters with Promoted, Unpromoted
// and failed instances in the status, promotion scores (master-<rsc>,
// master-<rsc>:N) as transient attributes, role locations, colocations
// and orders; it shares CloneCIB's draws and histories of plain resources.
//
// CloneHeavyCIB and PromotableGroupCIB are two more, for the shapes
// independent checks found disagreements on: clone-heavy clusters of
// about a hundred resources on 6 nodes (anonymous, unique and promotable
// clones, primitives colocated with them, promotion scores on every node;
// everything stopped, or with histories), and promotable clones of groups
// whose running instances must move, stop and be promoted.
//
// FailureCIB is another, for the shapes of failure and migration the
// scheduler's unpacking tells apart: primitives whose histories end in a
// failed, pending, partial or dangling migration, a failed stop or a
// failed monitor, with or without fencing and quorum, a node lost now
// and then, and placement strategies.
//
// It does not write files (cmd/pcl-gen does) and makes no claim about what
// Pacemaker will do with the cluster: the point is realistic load.
package synth
