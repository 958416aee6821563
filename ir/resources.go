package ir

import "github.com/hashicorp/hcl/v2"

// Resource is an entry of <resources>: *Primitive, *Group, *Clone, *Bundle
// or *Template.
type Resource interface {
	// ResourceID is the resource's id, unique among all CIB ids.
	ResourceID() string
	resource()
}

// Agent is a resource agent: class, provider (ocf only) and type.
type Agent struct {
	Class    string
	Provider string
	Type     string
}

// String gives the agent as class:provider:type (class:type without provider).
func (a Agent) String() string {
	if a.Provider == "" {
		return a.Class + ":" + a.Type
	}
	return a.Class + ":" + a.Provider + ":" + a.Type
}

// Primitive is a single resource (<primitive>).
type Primitive struct {
	ID          string
	Description string
	Agent       Agent  // empty fields where a Template supplies them
	Template    string // id of the template this primitive is based on

	// Sets holds instance_attributes, meta_attributes and utilization in
	// document order.
	Sets       []*NVSet
	Operations *Operations // nil when there is no <operations>
	ChildAt    int         // number of Sets before <operations>

	DeclRange hcl.Range
}

// Template is a primitive's template (<template>): same shape, not a
// resource that runs.
type Template struct {
	Primitive
}

// Operations is the <operations> element of a primitive or template.
type Operations struct {
	ID    string // optional
	IDRef string // optional: the operations of another resource
	Ops   []*Op
}

// Op is one resource operation (<op>).
type Op struct {
	ID          string
	Name        string // monitor, start, stop, promote, demote, notify, migrate_to, ...
	Interval    Duration
	Description string

	// Optional properties; nil or "" when not written.
	Timeout        *Duration
	StartDelay     *Duration
	IntervalOrigin string
	OnFail         string // ignore, block, demote, stop, restart, standby, fence
	Role           Role
	Enabled        *Bool
	RecordPending  *Bool
	Requires       string

	Sets []*NVSet // per-op instance_attributes (OCF_CHECK_LEVEL) and meta_attributes

	DeclRange hcl.Range
}

// Group is an ordered, colocated list of primitives (<group>).
type Group struct {
	ID          string
	Description string
	Sets        []*NVSet // meta_attributes (and, rarely, instance_attributes)
	Members     []*Primitive
	ChildAt     int // number of Sets before the members
	// SetsAt, when not nil, overrides ChildAt for sources that interleave
	// sets with members: SetsAt[i] is the number of Members written
	// before Sets[i] (non-decreasing).
	SetsAt []int

	DeclRange hcl.Range
}

// Clone runs copies of a primitive or group on several nodes (<clone>, and
// the legacy <master> which Pacemaker reads as a promotable clone).
type Clone struct {
	ID          string
	Description string
	// Master is set when the source used the legacy <master> element;
	// Pacemaker treats it as a clone with promotable=true.
	Master  bool
	Sets    []*NVSet
	Child   Resource // *Primitive or *Group
	ChildAt int      // number of Sets before the child

	DeclRange hcl.Range
}

// Bundle is a containerised resource (<bundle>).
type Bundle struct {
	ID          string
	Description string
	Runtime     *BundleRuntime
	Network     *BundleNetwork
	Storage     *BundleStorage // nil when there is no <storage>
	Sets        []*NVSet
	Child       *Primitive // optional
	ChildAt     int        // number of Sets before the runtime element

	DeclRange hcl.Range
}

// BundleRuntime is a bundle's container runtime element: <docker>,
// <podman> or <rkt>. Attrs holds its attributes (image, replicas,
// replicas-per-host, promoted-max, run-command, network, options, ...)
// in document order.
type BundleRuntime struct {
	Kind  string
	Attrs []Attr
}

// BundleNetwork is a bundle's <network>.
type BundleNetwork struct {
	Attrs []Attr // ip-range-start, control-port, host-interface, host-netmask, add-host
	Ports []*PortMapping
}

// PortMapping is a <port-mapping>.
type PortMapping struct {
	ID           string
	Port         string
	InternalPort string
	Range        string
}

// BundleStorage is a bundle's <storage>.
type BundleStorage struct {
	Mappings []*StorageMapping
}

// StorageMapping is a <storage-mapping>.
type StorageMapping struct {
	ID            string
	SourceDir     string
	SourceDirRoot string
	TargetDir     string
	Options       string
}

func (r *Primitive) ResourceID() string { return r.ID }
func (r *Template) ResourceID() string  { return r.ID }
func (r *Group) ResourceID() string     { return r.ID }
func (r *Clone) ResourceID() string     { return r.ID }
func (r *Bundle) ResourceID() string    { return r.ID }

func (*Primitive) resource() {}
func (*Template) resource()  {}
func (*Group) resource()     {}
func (*Clone) resource()     {}
func (*Bundle) resource()    {}
