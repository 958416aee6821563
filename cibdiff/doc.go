// Package cibdiff computes what differs between two cluster configurations
// and what the cluster would do differently: the semantic diff behind
// `pcl diff` and `pcl apply`.
//
// Config compares the <configuration> sections of two CIBs object by
// object: each object is identified by its kind (the CIB element name:
// primitive, group, location, cluster_property_set, ...) and its id, and
// compared attribute by attribute (name/value pairs by name, operations by
// id, rules as a whole). Both sides are first written as CIB XML by
// emit/cibxml, so a policy compiled from .pcl and a CIB read from a running
// cluster are compared in one vocabulary, Pacemaker's own, whatever their
// source syntax. Rules keep their IR so that a renderer can show them in
// pcl's rule syntax.
//
// Compute adds the plan: NEW's configuration over OLD's status, and
// Placements compares it with OLD's own plan resource by resource.
// Leftover names the constraints crm_resource --move and --ban leave
// behind. ForLive and Update turn a policy into what is written to a
// running cluster (what the cluster owns stays, the version is newer);
// ParseCrmMon, Predicted and Mismatches compare what runs with a plan.
//
// It does not read files or talk to a cluster (cmd/pcl does), schedule
// (the planner does) or render (emit/difftext does).
package cibdiff
