// Package cluster3test proves pcl's failover predictions on a real
// three-node Pacemaker cluster with fencing (issue 25): the cluster of
// scripts/test-cluster3, each node in namespaces of its own on this
// machine, fenced by stonith:fence_dummy.
//
// The tests apply the policy of testdata/ with `pcl apply --yes --wait`,
// then, for each failure (a node leaving cleanly, a node killed and
// fenced, two nodes lost and quorum with them, a resource failure, a
// standby, a ticket revoked, crm_resource --move and --ban), take pcl's
// what-if (`pcl plan --format json`) from a `cibadmin -Q` dump taken just
// before, inject the failure, wait until the DC is idle and compare where
// every resource runs, and in which role, with the JSON's placement. The
// cluster is restored between cases; at the end it is stopped and no
// process of its namespaces may be left.
//
// They run when the user is root and corosync, pacemaker, resource-agents
// and fence-agents are installed; PCL_REQUIRE_CLUSTER=1 makes their
// absence a failure. Each test binary runs a cluster of its own (its
// state in a temporary directory), beside the one-node cluster of
// scripts/test-cluster. The package holds tests only.
package cluster3test
