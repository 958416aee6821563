package compiler

import (
	"sort"

	"pcl/pcmk"
)

// OptionDoc is what a release's metadata says of a cluster option or a
// resource meta attribute, for editors (pcl lsp's hover and completion).
type OptionDoc struct {
	Name string
	// Release names the release whose tables answered: "2.1.5", "3.0.2".
	Release string
	// Daemon is the daemon whose metadata lists the option ("" for meta
	// attributes no daemon lists).
	Daemon  string
	Type    string
	Default string
	Values  []string // the accepted values of an enumerated option
	// Desc and Long are the metadata's short and long descriptions
	// (English; "" where it has none).
	Desc, Long string
	// RenamedTo is the name the release reads a legacy name under.
	RenamedTo string
}

// ClusterOptionDoc describes the cluster option name as target's metadata
// lists it; ok is false for a name the release does not read.
func ClusterOptionDoc(target pcmk.Target, name string) (OptionDoc, bool) {
	t := optionTableFor(target)
	if now, ok := t.legacy[name]; ok {
		d, _ := ClusterOptionDoc(target, now)
		d.Name, d.RenamedTo = name, now
		return d, true
	}
	spec, ok := t.cluster[name]
	if !ok {
		return OptionDoc{}, false
	}
	return docOf(name, t.release, spec), true
}

func docOf(name, release string, spec optionSpec) OptionDoc {
	return OptionDoc{Name: name, Release: release, Daemon: spec.Daemon, Type: spec.Type, Default: spec.Default,
		Values: spec.Values, Desc: spec.Desc, Long: spec.Long}
}

// ClusterOptionNames are the cluster options target reads, sorted.
func ClusterOptionNames(target pcmk.Target) []string {
	return optionTableFor(target).names
}

// MetaDoc describes the resource meta attribute name: from the release's
// own metadata where it prints one (3.0), else from what pcl knows of the
// attributes Pacemaker reads (kind and accepted values).
func MetaDoc(target pcmk.Target, name string) (OptionDoc, bool) {
	t := optionTableFor(target)
	if spec, ok := t.primitiveMeta[name]; ok {
		d := docOf(name, t.release, spec)
		d.Daemon = "" // "primitive-meta": no daemon
		return d, true
	}
	if !knownMeta[name] {
		return OptionDoc{}, false
	}
	d := OptionDoc{Name: name, Release: t.release}
	switch {
	case metaEnums[name] != nil:
		d.Type, d.Values = "select", metaEnums[name]
	case metaBooleans[name] != "":
		d.Type = "boolean"
	case metaNumbers[name]:
		d.Type = "integer"
	}
	return d, true
}

// MetaNames are the resource meta attributes target reads, sorted.
func MetaNames(target pcmk.Target) []string {
	seen := map[string]bool{}
	for n := range knownMeta {
		seen[n] = true
	}
	for n := range optionTableFor(target).primitiveMeta {
		seen[n] = true
	}
	names := make([]string, 0, len(seen))
	for n := range seen {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// OperationAttributeNames are the operation attributes that may also be
// written as an op's meta attributes or in op_defaults.
func OperationAttributeNames() []string {
	names := append([]string(nil), opMetaNames...)
	sort.Strings(names)
	return names
}
