package compiler

import (
	"maps"

	"pcl/pcmk"
)

//go:generate go run ./internal/genoptions -dir testdata/pacemaker-3.0 -release 3.0.0 -suffix 30 -rng options-3.5.rng,options-4.0.rng -meta primitive-meta.xml -out options_gen_3_0.go

// releaseOptions are one release's cluster options: the tables its
// daemons' metadata gives (options_gen*.go), and the names it reads under
// another name.
type releaseOptions struct {
	// release names the release in messages: "2.1.5", "3.0.2".
	release string
	cluster map[string]optionSpec
	names   []string // cluster's names, sorted, for "did you mean"
	fencing map[string]optionSpec
	refused map[string]bool // names the CIB schema refuses
	// legacy maps an old name the release still reads, with a
	// deprecation warning, to the name its metadata lists.
	legacy map[string]string
	// primitiveMeta are the primitive meta attributes the release's
	// metadata lists (crm_resource --list-options=primitive, which 3.0
	// prints and 2.1.5 does not); nil when it lists none.
	primitiveMeta map[string]optionSpec
}

// optionRenames302 are the cluster options Pacemaker 3.0.2 renamed, new
// name to old (lib/common/options.c's alt_name): from 3.0.2 the old name
// is read with a configuration warning that it is deprecated
// (cluster_option_value), before it only the old name is read.
var optionRenames302 = map[string]string{
	"fencing-enabled":          "stonith-enabled",
	"fencing-action":           "stonith-action",
	"fencing-reaction":         "fence-reaction",
	"fencing-timeout":          "stonith-timeout",
	"fencing-watchdog-timeout": "stonith-watchdog-timeout",
	"fencing-max-attempts":     "stonith-max-attempts",
	"stop-removed-resources":   "stop-orphan-resources",
	"cancel-removed-actions":   "stop-orphan-actions",
}

var (
	options215 = &releaseOptions{
		release: "2.1.5",
		cluster: clusterOptions,
		names:   sortedKeys(clusterOptions),
		fencing: fencingDeviceParams,
		refused: schemaRefusedClusterOptions,
		legacy:  legacyClusterOptions,
	}
	// 3.0.0 reads no crmd-* name (the schema refuses them, removed.go
	// names their replacements).
	options300 = &releaseOptions{
		release: "3.0.0",
		cluster: clusterOptions30,
		names:   sortedKeys(clusterOptions30),
		fencing: fencingDeviceParams30,
		refused: schemaRefusedClusterOptions30,
		legacy:  map[string]string{},

		primitiveMeta: primitiveMeta30,
	}
	options302 = renamedRelease(options300, "3.0.2", optionRenames302)
)

// renamedRelease is base with the options of renames (new name to old)
// read under their new names, and the old names read as deprecated
// aliases.
func renamedRelease(base *releaseOptions, release string, renames map[string]string) *releaseOptions {
	r := &releaseOptions{release: release, cluster: maps.Clone(base.cluster), fencing: base.fencing,
		refused: base.refused, legacy: maps.Clone(base.legacy), primitiveMeta: base.primitiveMeta}
	for now, old := range renames {
		spec := r.cluster[old]
		delete(r.cluster, old)
		r.cluster[now] = spec
		r.legacy[old] = now
	}
	r.names = sortedKeys(r.cluster)
	return r
}

// optionTableFor is the cluster options of the release t compiles for.
func optionTableFor(t pcmk.Target) *releaseOptions {
	switch {
	case t.Since(pcmk.V3_0_2):
		return options302
	case t.Since(pcmk.V3_0_0):
		return options300
	}
	return options215
}
