// Command pcl-gen writes a synthetic Pacemaker cluster of R resources on N
// nodes, as CIB XML (configuration and status) and as a .pcl policy, for
// benchmarks and for comparing pcl with crm_simulate at scale. The cluster
// is deterministic for a seed; see package pcl/internal/synth for what it
// contains.
//
//	go run ./cmd/pcl-gen -r 1000 -n 16 -o /tmp/c1000x16
//
// writes /tmp/c1000x16/cluster.xml and /tmp/c1000x16/cluster.pcl.
//
// Flags: -r/--resources R (primitives, group members included; default
// 100), -n/--nodes N (default 8), --seed S (default 1), -o/--out DIR
// (default "."), --clones F (the fraction of top-level resources that are
// clones; default 0, no clones, which gives the clusters of the versions
// before clones byte for byte). With --clones, --unique-clones F,
// --cloned-groups F, --interleave F and --clone-links F set the fractions
// of the clones that are globally-unique (clone-node-max=2), hold a group,
// are interleaved, and are colocated with and ordered after an earlier
// clone; 0 takes the defaults of synth.Params.Defaults.
//
// cluster.xml is a whole CIB (configuration and status: some resources and
// clone instances running, some with fail counts); cluster.pcl is the same
// configuration as a policy, without status. crm_verify accepts the CIB and
// crm_simulate -x cluster.xml -sQ runs on it, which is what
// scripts/bench-vs-crm-simulate does; docs/performance.md has the figures.
package main
