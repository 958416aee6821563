package ir

import (
	"strconv"
	"strings"
)

// The functions in this file are the one definition of the ids pcl derives
// for elements that a policy does not name explicitly. The compiler uses
// them to fill in ids; the importer's .pcl writer uses them to leave out ids
// that the compiler would derive anyway. Derived ids never change with the
// rest of the policy (no counters shared between elements), so an edit in
// one place never renames an element elsewhere.

// SetID is the id of the n-th (0-based) set of a kind owned by owner:
// "web-instance_attributes", "web-meta_attributes-1", "web-utilization".
// Cluster property sets, whose owner is the cluster, use PropertySetID.
func SetID(owner string, kind NVSetKind, n int) string {
	return withIndex(owner+"-"+kind.Element(), n)
}

// PropertySetID is the id of the n-th cluster_property_set:
// "cib-bootstrap-options", "cib-bootstrap-options-1", ...
func PropertySetID(n int) string { return withIndex("cib-bootstrap-options", n) }

// DefaultsSetID is the id of the n-th set of rsc_defaults or op_defaults
// (section is "rsc_defaults" or "op_defaults"): "rsc_defaults-meta_attributes".
func DefaultsSetID(section string, n int) string {
	return withIndex(section+"-meta_attributes", n)
}

// NodeSetID is the id of the n-th set of a kind of node attributes:
// "node1-instance_attributes", "node1-utilization". Nodes are named by
// their uname, which is what a reader recognises.
func NodeSetID(uname string, kind NVSetKind, n int) string { return SetID(uname, kind, n) }

// PairID is the id of the pair named name in set setID: "web-meta_attributes-target-role".
func PairID(setID, name string) string { return setID + "-" + name }

// OpID is the id of an operation: "web-monitor-30s", "web-start-0".
// intervalText is the interval as written, without its white space
// ("10 secs" gives "web-monitor-10secs"): an id holds none.
func OpID(rsc, name, intervalText string) string {
	return rsc + "-" + name + "-" + strings.Join(strings.Fields(intervalText), "")
}

// RuleID is the id of the n-th rule directly under parent (a set,
// location constraint or rule): "loc1-rule", "loc1-rule-1".
func RuleID(parent string, n int) string { return withIndex(parent+"-rule", n) }

// ExprID is the id of the n-th expression (of any kind) directly under a
// rule: "loc1-rule-expr", "loc1-rule-expr-1". Nested rules count with
// RuleID, not here.
func ExprID(rule string, n int) string { return withIndex(rule+"-expr", n) }

// DateSpecID is the id of a date expression's date_spec: "loc1-rule-expr-spec".
func DateSpecID(expr string) string { return expr + "-spec" }

// DurationID is the id of a date expression's duration: "loc1-rule-expr-duration".
func DurationID(expr string) string { return expr + "-duration" }

// ResourceSetID is the id of the n-th resource set of a constraint:
// "order1-set", "order1-set-1".
func ResourceSetID(constraint string, n int) string { return withIndex(constraint+"-set", n) }

// RecipientID is the id of the n-th recipient of an alert.
func RecipientID(alert string, n int) string { return withIndex(alert+"-recipient", n) }

// FencingLevelID is the id of a fencing level: "fl-node1-1". target is the
// node name, pattern or attribute=value the level applies to.
//
// Characters an XML ID may not hold (the "=" of attribute=value, the
// brackets of a pattern) become "-", so that the derived id is valid.
func FencingLevelID(target, index string) string {
	return "fl-" + strings.Map(idChar, target) + "-" + index
}

// idChar maps a character that may not appear in an XML ID (an NCName) to "-".
func idChar(r rune) rune {
	switch {
	case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.', r > 0x7f:
		return r
	}
	return '-'
}

// PortMappingID is the id of a bundle port mapping: "httpd-bundle-port-map-80".
func PortMappingID(bundle, portOrRange string) string {
	return bundle + "-port-map-" + portOrRange
}

// StorageMappingID is the id of the n-th storage mapping of a bundle.
func StorageMappingID(bundle string, n int) string { return withIndex(bundle+"-storage-map", n) }

// ACLPermissionID is the id of the n-th permission of an ACL role.
func ACLPermissionID(role string, n int) string { return withIndex(role+"-permission", n) }

func withIndex(base string, n int) string {
	if n == 0 {
		return base
	}
	return base + "-" + strconv.Itoa(n)
}

// AlertAttributeID is the id of the attribute element named name in an
// alert's select_attributes: "alert1-select-standby".
func AlertAttributeID(alert, name string) string { return alert + "-select-" + name }
