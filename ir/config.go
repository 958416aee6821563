package ir

import (
	"github.com/hashicorp/hcl/v2"

	"pcl/pcmk"
)

// CIB is a whole cluster information base: configuration and, when read from
// a live or simulated cluster, status.
type CIB struct {
	// Attrs are the <cib> element's own attributes (validate-with, epoch,
	// have-quorum, dc-uuid, ...) in document order.
	Attrs  []Attr
	Config *Config
	Status *Status // nil when the input had no <status>

	// Scenarios are the what-if scenarios a .pcl policy declares
	// (scenario blocks), in source order. They are pcl's own and are not
	// part of the CIB XML: writers ignore them and the importer never
	// sets them.
	Scenarios []*Scenario
	// Assertions are the policy's assertions about the healthy cluster
	// (assert blocks outside any scenario), pcl's own like Scenarios.
	Assertions []*Assertion

	// Pacemaker is the release a .pcl policy names in its cib block
	// (pacemaker = "3.0.1"), zero when it names none, and PacemakerRange
	// where it is written. pcl's own, like Scenarios: writers ignore it
	// and the importer never sets it (pclgen writes it from dc-version).
	Pacemaker      pcmk.Version
	PacemakerRange hcl.Range
	// Target is the release the compiler compiled for: the caller's
	// Options.Target when it names one, else the policy's Pacemaker,
	// else pcmk.DefaultTarget. Zero for a CIB read from XML.
	Target pcmk.Target
}

// Attr is an XML attribute kept verbatim.
type Attr struct {
	Name, Value string
}

// Config is the <configuration> section.
type Config struct {
	Properties    []*NVSet // <crm_config>: cluster_property_set elements
	Nodes         []*Node
	Resources     []Resource   // primitives, groups, clones, bundles and templates
	Constraints   []Constraint // locations, orders, colocations, tickets
	RscDefaults   []*NVSet
	OpDefaults    []*NVSet
	FencingLevels []*FencingLevel
	Alerts        []*Alert
	ACLs          []ACLEntry
	Tags          []*Tag

	// Sections lists the optional sections present in the source, in their
	// document order, by element name ("rsc_defaults", "op_defaults",
	// "fencing-topology", "alerts", "acls", "tags"); writers emit exactly
	// these (an empty <tags/> is not the same CIB as none).
	//
	// Sections may also name the required sections ("crm_config", "nodes",
	// "resources", "constraints") to record that the source placed them
	// elsewhere than first and in that order (some CIBs have rsc_defaults
	// before resources). Required sections not named are written first, in
	// schema order.
	Sections []string
}

// NVSetKind says what an attribute set holds.
type NVSetKind int

const (
	InstanceAttributes NVSetKind = iota // <instance_attributes>: agent parameters, node attributes
	MetaAttributes                      // <meta_attributes>: resource and operation options
	Utilization                         // <utilization>
	ClusterProperties                   // <cluster_property_set>
)

// Element returns the CIB element name of the set kind.
func (k NVSetKind) Element() string {
	switch k {
	case InstanceAttributes:
		return "instance_attributes"
	case MetaAttributes:
		return "meta_attributes"
	case Utilization:
		return "utilization"
	case ClusterProperties:
		return "cluster_property_set"
	}
	panic("ir: unknown NVSetKind")
}

// NVSet is a set of name/value pairs, optionally scored and governed by
// rules. When several sets of one kind apply, the highest score wins per name.
type NVSet struct {
	Kind  NVSetKind
	ID    string
	IDRef string // id-ref: this set is a reference to another set
	Score *ScoreValue
	Rules []*Rule // all must pass for the set to apply
	Pairs []*NVPair
	// ChildAt is the number of Pairs written before the Rules (0: rules
	// first, the usual form).
	ChildAt int

	DeclRange hcl.Range
}

// NVPair is one name/value pair. Value is nil when the pair has no value
// attribute (it unsets the name).
type NVPair struct {
	ID    string
	IDRef string
	Name  string
	Value *string

	DeclRange hcl.Range
}

// Node is a cluster node (<node>).
type Node struct {
	ID          string
	Uname       string
	Type        string // member (default), remote, ping; "" when not written
	Description string
	Score       *ScoreValue
	Sets        []*NVSet // node attributes (InstanceAttributes) and Utilization

	DeclRange hcl.Range
}

// Tag groups resources (or other ids) under one name (<tag>).
type Tag struct {
	ID   string
	Refs []string // obj_ref ids, in order

	DeclRange hcl.Range
}

// FencingLevel is one <fencing-level> of the fencing topology.
type FencingLevel struct {
	ID              string
	Index           string // kept as text: "1", "2", ...
	Devices         string // comma-separated device ids
	Target          string
	TargetPattern   string
	TargetAttribute string
	TargetValue     string

	DeclRange hcl.Range
}

// Alert is an <alert> agent with its recipients.
type Alert struct {
	ID          string
	Path        string
	Description string
	Sets        []*NVSet // instance and meta attributes
	Select      *AlertSelect
	Recipients  []*AlertRecipient

	DeclRange hcl.Range
}

// AlertSelect is an alert's <select> filter; nil means every kind.
type AlertSelect struct {
	Nodes, Fencing, Resources, Attributes bool
	AttributeNames                        []AlertAttribute // select_attributes children
}

// AlertAttribute names one node attribute an alert fires for.
type AlertAttribute struct {
	ID, Name string
}

// AlertRecipient is an alert's <recipient>.
type AlertRecipient struct {
	ID          string
	Value       string
	Description string
	Sets        []*NVSet

	DeclRange hcl.Range
}

// ACLEntry is one child of <acls>: *ACLTarget, *ACLGroup or *ACLRole.
type ACLEntry interface{ aclEntry() }

// ACLTarget grants roles to a user (<acl_target>, legacy <acl_user>).
type ACLTarget struct {
	ID     string
	Name   string // optional name attribute (when the id is not the user name)
	Legacy bool   // written as <acl_user>
	Roles  []string
	// Permissions holds permissions written directly under a legacy
	// <acl_user> instead of in a role.
	Permissions []*ACLPermission

	DeclRange hcl.Range
}

// ACLGroup grants roles to a group (<acl_group>).
type ACLGroup struct {
	ID    string
	Name  string
	Roles []string

	DeclRange hcl.Range
}

// ACLRole is a named list of permissions (<acl_role>).
type ACLRole struct {
	ID          string
	Description string
	Permissions []*ACLPermission

	DeclRange hcl.Range
}

// ACLPermission is one <acl_permission> (or legacy read/write/deny element).
type ACLPermission struct {
	ID          string
	Kind        string // read, write, deny
	XPath       string
	Reference   string
	ObjectType  string
	Attribute   string
	Description string
	// Element is the legacy element name ("read", "write", "deny") when
	// the permission was not written as <acl_permission>.
	Element string
}

func (*ACLTarget) aclEntry() {}
func (*ACLGroup) aclEntry()  {}
func (*ACLRole) aclEntry()   {}
