package dsl

import "github.com/hashicorp/hcl/v2"

// Schema says what a block type accepts. All attributes are optional at this
// level; which ones a construct requires, and which combinations are legal,
// is checked by the compiler, which can explain it in the construct's terms.
type Schema struct {
	Labels []string // label names, for "missing label" messages
	Attrs  []string
	Blocks []string
	// AnyAttrs accepts any attribute name and no blocks (locals).
	AnyAttrs bool
}

// SetKinds are the names of attribute sets written either as an object
// attribute (short form) or as blocks (block form).
var SetKinds = []string{"params", "meta", "utilization", "attributes"}

// TopLevel lists the block types a policy file may contain, in the order
// docs/language.md describes them.
var TopLevel = []string{
	"locals", "variable", "cib", "properties", "rsc_defaults", "op_defaults",
	"node", "primitive", "template", "group", "clone", "master", "bundle",
	"location", "order", "colocation", "ticket", "tag", "alert", "fencing_level",
	"acl_role", "acl_target", "acl_group", "scenario", "assert",
}

// expansion is accepted by every named top-level block and nested primitive.
var expansion = []string{"for_each", "name"}

var setBody = &Schema{
	Attrs:  []string{"id", "score", "rule", "values", "ids", "refs", "ref"},
	Blocks: []string{"rule"},
}

// Schemas is the table of every block type's body.
var Schemas = map[string]*Schema{
	"file":         {Blocks: TopLevel},
	"locals":       {AnyAttrs: true},
	"variable":     {Labels: []string{"name"}, Attrs: []string{"default", "description"}},
	"cib":          {Attrs: []string{"attributes", "sections", "pacemaker"}},
	"properties":   setBody,
	"rsc_defaults": setBody,
	"op_defaults":  setBody,
	"params":       setBody,
	"meta":         setBody,
	"utilization":  setBody,
	"attributes":   setBody,
	"rule":         {Attrs: []string{"id", "ids", "expr", "score", "score-attribute", "role", "boolean-op", "ref"}},
	"node": {
		Labels: []string{"uname"},
		Attrs:  append([]string{"id", "type", "description", "score", "attributes", "utilization"}, expansion...),
		Blocks: []string{"attributes", "utilization"},
	},
	"primitive": primitiveBody,
	"template":  primitiveBody,
	"op": {
		Labels: []string{"name"},
		Attrs: []string{"id", "interval", "timeout", "on-fail", "role", "enabled", "record-pending",
			"interval-origin", "start-delay", "requires", "description", "params", "meta"},
		Blocks: []string{"params", "meta"},
	},
	"group": {
		Labels: []string{"name"},
		Attrs:  append([]string{"description", "params", "meta", "utilization", "members"}, expansion...),
		Blocks: []string{"params", "meta", "utilization", "primitive"},
	},
	"clone":  cloneBody,
	"master": cloneBody,
	"bundle": {
		Labels: []string{"name"},
		Attrs:  append([]string{"description", "params", "meta", "utilization"}, expansion...),
		Blocks: []string{"docker", "podman", "rkt", "network", "storage", "params", "meta", "utilization", "primitive"},
	},
	"docker": runtimeBody,
	"podman": runtimeBody,
	"rkt":    runtimeBody,
	"network": {
		Attrs:  []string{"ip-range-start", "control-port", "host-interface", "host-netmask", "add-host"},
		Blocks: []string{"port_mapping"},
	},
	"port_mapping": {Attrs: []string{"id", "port", "internal-port", "range"}},
	"storage":      {Blocks: []string{"mapping"}},
	"mapping":      {Attrs: []string{"id", "source-dir", "source-dir-root", "target-dir", "options"}},
	"location": {
		Labels: []string{"id"},
		Attrs: append([]string{"resource", "resources", "pattern", "node", "score", "role",
			"resource-discovery", "rule"}, expansion...),
		Blocks: []string{"set", "rule"},
	},
	"order": {
		Labels: []string{"id"},
		Attrs: append([]string{"first", "then", "first-action", "then-action", "kind", "score",
			"symmetrical", "require-all"}, expansion...),
		Blocks: []string{"set"},
	},
	"colocation": {
		Labels: []string{"id"},
		Attrs: append([]string{"leader", "follower", "leader-role", "follower-role",
			"leader-instance", "follower-instance", "score", "node-attribute", "influence"}, expansion...),
		Blocks: []string{"set"},
	},
	"ticket": {
		Labels: []string{"id"},
		Attrs:  append([]string{"ticket", "resource", "role", "loss-policy"}, expansion...),
		Blocks: []string{"set"},
	},
	"set": {Attrs: []string{"id", "ref", "resources", "sequential", "require-all", "ordering",
		"action", "role", "score", "kind"}},
	"tag": {Labels: []string{"id"}, Attrs: append([]string{"refs"}, expansion...)},
	"alert": {
		Labels: []string{"id"},
		Attrs:  append([]string{"path", "description", "params", "meta"}, expansion...),
		Blocks: []string{"params", "meta", "select", "recipient"},
	},
	"select":    {Attrs: []string{"nodes", "fencing", "resources", "attributes"}, Blocks: []string{"attribute"}},
	"attribute": {Labels: []string{"name"}, Attrs: []string{"id"}},
	"recipient": {
		Labels: []string{"value"},
		Attrs:  []string{"id", "description", "params", "meta"},
		Blocks: []string{"params", "meta"},
	},
	"fencing_level": {Attrs: []string{"id", "index", "devices", "target", "target-pattern",
		"target-attribute", "target-value", "for_each"}},
	"acl_role": {
		Labels: []string{"id"},
		Attrs:  append([]string{"description"}, expansion...),
		Blocks: []string{"permission"},
	},
	"permission": {Attrs: []string{"id", "kind", "xpath", "reference", "object-type", "attribute",
		"description", "legacy"}},
	"acl_target": {
		Labels: []string{"id"},
		Attrs:  append([]string{"name", "roles", "legacy"}, expansion...),
		Blocks: []string{"permission"},
	},
	"acl_group": {Labels: []string{"id"}, Attrs: append([]string{"name", "roles"}, expansion...)},
	// A scenario is pcl's own (never written to the CIB): a what-if for
	// `pcl plan`. op_fail is both a list attribute of crm_simulate-style
	// specs and a block spelling one operation out.
	"scenario": {
		Labels: []string{"name"},
		Attrs: append([]string{"description", "after", "node_down", "node_fail", "node_up", "node_standby",
			"op_fail", "ticket_grant", "ticket_revoke", "ticket_standby", "ticket_activate", "attr", "attr_delete",
			"now", "move", "ban", "lifetime", "promoted", "clear", "disable", "enable", "unmanage", "manage", "cleanup", "node_maintenance",
			"cluster_maintenance"}, expansion...),
		Blocks: []string{"op_fail", "assert"},
	},
	// An assertion is pcl's own too: what must hold of the healthy
	// cluster (top level) or once a scenario's transition has run (in a
	// scenario), checked by `pcl test`.
	"assert": {
		Labels: []string{"name"},
		Attrs: []string{"resource", "runs_on", "not_on", "role", "running", "with", "apart_from",
			"never_stopped", "no_moves", "max_actions", "quorum", "no_single_point_of_failure"},
	},
	"op_fail": {Attrs: []string{"resource", "operation", "interval", "node", "rc", "count"}},
}

var primitiveBody = &Schema{
	Labels: []string{"name"},
	Attrs: append([]string{"agent", "template", "description", "params", "meta", "utilization",
		"operations_id", "operations_ref"}, expansion...),
	Blocks: []string{"params", "meta", "utilization", "op"},
}

var cloneBody = &Schema{
	Labels: []string{"name"},
	Attrs:  append([]string{"description", "params", "meta", "utilization", "resource"}, expansion...),
	Blocks: []string{"params", "meta", "utilization", "primitive", "group"},
}

var runtimeBody = &Schema{Attrs: []string{"image", "replicas", "replicas-per-host", "promoted-max",
	"masters", "run-command", "network", "options"}}

// BodySchema returns the hcl.BodySchema of a block type.
func (s *Schema) BodySchema() *hcl.BodySchema {
	bs := &hcl.BodySchema{}
	for _, a := range s.Attrs {
		bs.Attributes = append(bs.Attributes, hcl.AttributeSchema{Name: a})
	}
	for _, b := range s.Blocks {
		bs.Blocks = append(bs.Blocks, hcl.BlockHeaderSchema{Type: b, LabelNames: Schemas[b].Labels})
	}
	return bs
}
