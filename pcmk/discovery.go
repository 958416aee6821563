package pcmk

import "strings"

// Discovery is a location constraint's resource-discovery mode: whether
// the resource is probed on the constraint's nodes. Ordered as Pacemaker
// orders them (enum pe_discover_e): where several locations name a node,
// the strongest mode wins.
type Discovery int8

const (
	// DiscoverAlways probes the resource on the node (the default).
	DiscoverAlways Discovery = iota
	// DiscoverNever never probes it there.
	DiscoverNever
	// DiscoverExclusive probes it only on the nodes of such locations,
	// and lets it run nowhere else.
	DiscoverExclusive
)

// ParseDiscovery reads resource-discovery as Pacemaker does,
// case-insensitively; anything else (and nothing) is DiscoverAlways.
func ParseDiscovery(s string) Discovery {
	switch strings.ToLower(s) {
	case "never":
		return DiscoverNever
	case "exclusive":
		return DiscoverExclusive
	}
	return DiscoverAlways
}
