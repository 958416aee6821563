package compiler

import (
	"fmt"
	"maps"

	"pcl/ir"
	"pcl/pcmk"
)

// The CIB schemas and <cib> attributes of each release pcl compiles for.

// schemas30 are the values of validate-with Pacemaker 3.0 takes: the
// schemas it installs (/usr/share/pacemaker/pacemaker-*.rng, built from
// xml/ at Pacemaker-3.0.1). 3.0.0 refuses pacemaker-next and unknown
// schemas, and warns that "none" is deprecated, which makes crm_verify
// fail.
var schemas30 = map[string]bool{
	"pacemaker-1.0": true, "pacemaker-1.2": true, "pacemaker-1.3": true,
	"pacemaker-2.0": true, "pacemaker-2.1": true, "pacemaker-2.2": true, "pacemaker-2.3": true, "pacemaker-2.4": true,
	"pacemaker-2.5": true, "pacemaker-2.6": true, "pacemaker-2.7": true, "pacemaker-2.8": true, "pacemaker-2.9": true, "pacemaker-2.10": true,
	"pacemaker-3.0": true, "pacemaker-3.1": true, "pacemaker-3.2": true, "pacemaker-3.3": true, "pacemaker-3.4": true,
	"pacemaker-3.5": true, "pacemaker-3.6": true, "pacemaker-3.7": true, "pacemaker-3.8": true, "pacemaker-3.9": true, "pacemaker-3.10": true,
	"pacemaker-4.0": true,
}

// schemas218 are 2.1.8's and 2.1.9's: 2.1.5's and pacemaker-3.10.
var schemas218 = func() map[string]bool {
	m := maps.Clone(knownSchemas)
	m["pacemaker-3.10"] = true
	return m
}()

// schemasFor are the values of validate-with the release t compiles for
// takes.
func schemasFor(t pcmk.Target) map[string]bool {
	switch {
	case t.Since(pcmk.V3_0_0):
		return schemas30
	case t.Since(pcmk.V2_1_8):
		return schemas218
	}
	return knownSchemas
}

// defaultCIBAttrs are the <cib> attributes of a policy compiled for t:
// for 3.0 the schema pacemaker-4.0 and the feature set 3.0.0 writes
// (cibadmin --empty), which every 3.0 release loads; before, 2.1.5's
// (ir.DefaultCIBAttrs), which every release from 2.1.5 loads.
func defaultCIBAttrs(t pcmk.Target) []ir.Attr {
	attrs := append([]ir.Attr(nil), ir.DefaultCIBAttrs...)
	if !t.Since(pcmk.V3_0_0) {
		return attrs
	}
	for i := range attrs {
		switch attrs[i].Name {
		case "crm_feature_set":
			attrs[i].Value = ir.FeatureSet30
		case "validate-with":
			attrs[i].Value = ir.Schema30
		}
	}
	return attrs
}

// schemaRefusal says why the release compiled for refuses validate-with
// = schema, "" when it takes it.
func (l *lowerer) schemaRefusal(schema string) string {
	known := schemasFor(l.target)
	if known[schema] {
		return ""
	}
	def := attrValue(defaultCIBAttrs(l.target), "validate-with")
	if since, ok := ir.SchemaSince[schema]; ok && !l.target.Since(since) {
		return fmt.Sprintf("validate-with = %q is a schema of Pacemaker %s and later; %s does not have it and would refuse the CIB. Compile for a later release (pacemaker = %q in the cib block, or --pacemaker), or leave validate-with out for %s.",
			schema, since, l.target, since.String(), def)
	}
	if l.target.Since(pcmk.V3_0_0) && (schema == "none" || schema == "pacemaker-next") {
		return fmt.Sprintf("%s no longer takes validate-with = %q (3.0.0 requires a released schema, and crm_verify refuses the CIB). Leave validate-with out for %s.", l.target, schema, def)
	}
	return fmt.Sprintf("validate-with = %q names no schema %s has%s; it would refuse the CIB. Leave validate-with out for %s.", schema, l.target, suggestion(schema, sortedKeys(known)), def)
}

// attrValue is the value of the attribute name in attrs, "" when absent.
func attrValue(attrs []ir.Attr, name string) string {
	for _, a := range attrs {
		if a.Name == name {
			return a.Value
		}
	}
	return ""
}
