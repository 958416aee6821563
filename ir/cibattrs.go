package ir

import "pcl/pcmk"

// DefaultCIBAttrs are the <cib> attributes of a compiled policy, in the
// order they are written: the schema it is written for and fresh version
// counters, which is what crm_verify and cibadmin --replace need. A policy's
// cib { attributes = {...} } overrides them in place, leaves one out with
// null (all but RequiredCIBAttrs) and appends the others in its order.
var DefaultCIBAttrs = []Attr{
	{Name: "crm_feature_set", Value: "3.16.1"}, // Pacemaker 2.1.5's, the version pcl plans for
	{Name: "validate-with", Value: "pacemaker-3.7"},
	{Name: "epoch", Value: "1"},
	{Name: "num_updates", Value: "0"},
	{Name: "admin_epoch", Value: "0"},
}

// The <cib> attributes of a policy compiled for Pacemaker 3.0: the schema
// 3.0 brought and the feature set 3.0.0 writes (cibadmin --empty), which
// every 3.0 release loads.
const (
	Schema30     = "pacemaker-4.0"
	FeatureSet30 = "3.20.0"
)

// SchemaSince are the CIB schemas newer than Pacemaker 2.1.5's, with the
// release that brought each: a CIB validated with one needs that release.
var SchemaSince = map[string]pcmk.Version{
	"pacemaker-3.10": pcmk.V2_1_8,
	"pacemaker-4.0":  pcmk.V3_0_0,
}

// RequiredCIBAttrs are the <cib> attributes the schema requires.
var RequiredCIBAttrs = map[string]bool{"validate-with": true, "epoch": true, "num_updates": true, "admin_epoch": true}
