// Package agents reads resource agents' metadata (the OCF meta-data XML
// that `crm_resource --show-metadata` prints) and keeps it in a directory,
// so that a policy can be checked against the agents of a cluster on a
// machine where they are not installed.
//
// It owns the metadata model (parameters, actions), its parsing, the
// directory cache and the source that runs crm_resource. It does not
// check policies (package compiler reads a Source) or decide when to run
// anything (cmd/pcl wires a Source into the compiler).
package agents
