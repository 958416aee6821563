package cibdiff

import "pcl/ir"

// managedProperties are the cluster options Pacemaker's controller writes
// itself into the cib-bootstrap-options set; a policy does not declare
// them, and removing them from a running cluster only makes the controller
// write them again.
var managedProperties = map[string]bool{
	"dc-version": true, "cluster-infrastructure": true, "cluster-name": true,
	"have-watchdog": true, "last-lrm-refresh": true,
}

// bootstrapSet is the id of the property set the controller writes to.
const bootstrapSet = "cib-bootstrap-options"

// ForLive is policy's configuration as it is to be written to the running
// cluster whose CIB is live. The parts of a configuration the cluster
// keeps itself are carried over from live:
//   - the properties the controller manages (dc-version, cluster-name,
//     ...) stay in cib-bootstrap-options;
//   - a node the policy declares takes the id the cluster gave the node of
//     that name (Pacemaker identifies a cluster node by the corosync node
//     id, a policy by its name);
//   - nodes of live the policy does not declare stay when the status
//     knows them (a node_state): they are the cluster's members, which the
//     controller adds as they join. Other nodes (declared by an earlier
//     configuration, never seen) go.
//
// Everything else is policy's. The result shares policy's unchanged
// parts.
func ForLive(live, policy *ir.CIB) *ir.Config {
	cfg := *policy.Config
	if live == nil || live.Config == nil {
		return &cfg
	}
	cfg.Properties = withManagedProperties(live.Config.Properties, cfg.Properties)
	known := map[string]bool{}
	if live.Status != nil {
		for _, ns := range live.Status.Nodes {
			known[ns.ID] = true
		}
	}
	cfg.Nodes = withLiveNodes(live.Config.Nodes, cfg.Nodes, known)
	return &cfg
}

func withManagedProperties(live, policy []*ir.NVSet) []*ir.NVSet {
	var managed []*ir.NVPair
	for _, s := range live {
		if s.ID != bootstrapSet {
			continue
		}
		for _, p := range s.Pairs {
			if managedProperties[p.Name] {
				managed = append(managed, p)
			}
		}
	}
	if len(managed) == 0 {
		return policy
	}
	out := make([]*ir.NVSet, 0, len(policy)+1)
	found := false
	for _, s := range policy {
		if s.ID == bootstrapSet {
			found = true
			merged := *s
			merged.Pairs = append([]*ir.NVPair(nil), s.Pairs...)
			for _, p := range managed {
				if !hasPair(merged.Pairs, p.Name) {
					merged.Pairs = append(merged.Pairs, p)
				}
			}
			s = &merged
		}
		out = append(out, s)
	}
	if !found {
		out = append(out, &ir.NVSet{Kind: ir.ClusterProperties, ID: bootstrapSet, Pairs: managed})
	}
	return out
}

func hasPair(pairs []*ir.NVPair, name string) bool {
	for _, p := range pairs {
		if p.Name == name {
			return true
		}
	}
	return false
}

func withLiveNodes(live, policy []*ir.Node, members map[string]bool) []*ir.Node {
	liveID := map[string]string{}
	for _, n := range live {
		liveID[uname(n)] = n.ID
	}
	declared := map[string]bool{}
	out := make([]*ir.Node, 0, len(policy)+len(live))
	for _, n := range policy {
		declared[uname(n)] = true
		if id, ok := liveID[uname(n)]; ok && id != n.ID {
			renamed := *n
			renamed.ID = id
			n = &renamed
		}
		out = append(out, n)
	}
	for _, n := range live {
		if !declared[uname(n)] && members[n.ID] {
			out = append(out, n)
		}
	}
	return out
}

// uname is a node's name: its uname, or its id when it has none.
func uname(n *ir.Node) string {
	if n.Uname != "" {
		return n.Uname
	}
	return n.ID
}
