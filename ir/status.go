package ir

// Status is the <status> section: what the cluster knows about each node
// and what each resource has done there. Fields are typed where the planner
// reads them; Attrs keeps every attribute verbatim so nothing is lost.
//
// Status holds recorded facts only. What they mean (is a node online or
// unclean, what role a resource has, is a failure expired) depends on
// cluster options and the time, and is worked out by the planner.
type Status struct {
	Nodes   []*NodeState
	Tickets []*TicketState
}

// NodeState is a <node_state>.
type NodeState struct {
	ID    string
	Uname string

	// Membership as recorded: in_ccm ("true"/"false", or a timestamp in
	// newer CIBs), crmd ("online"/"offline", or a timestamp), join
	// ("member", "down", "pending", "banned"), expected.
	InCCM    string
	Crmd     string
	Join     string
	Expected string

	RemoteNode        bool // remote_node="true"
	Shutdown          string
	NodeFenced        string
	NodeInMaintenance string

	Attrs []Attr // every attribute of <node_state>, in order

	TransientID string   // <transient_attributes id>
	Transient   []*NVSet // node attributes set at run time: fail counts, last-failure, standby, ...
	LRMID       string   // <lrm id>
	Resources   []*ResourceHistory
}

// ResourceHistory is an <lrm_resource>: the operations one resource has
// run on one node.
type ResourceHistory struct {
	ID        string
	Class     string
	Provider  string
	Type      string
	Container string
	Attrs     []Attr
	Ops       []*OpRecord
}

// OpRecord is an <lrm_rsc_op>: one recorded operation result.
type OpRecord struct {
	ID           string
	Operation    string // start, stop, monitor, promote, demote, migrate_to, migrate_from, notify
	OperationKey string // rsc_op_interval
	IntervalMs   int64
	CallID       int
	RCCode       int
	OpStatus     int
	LastRCChange int64 // seconds since the epoch; 0 when not recorded
	LastRun      int64
	ExecTime     int64
	QueueTime    int64
	ExitReason   string

	TransitionKey   string
	TransitionMagic string
	OnNode          string
	MigrateSource   string
	MigrateTarget   string
	OpDigest        string

	Attrs []Attr // every attribute, in order
}

// TicketState is a <ticket_state>.
type TicketState struct {
	ID          string
	Granted     bool
	Standby     bool
	LastGranted int64
	Attrs       []Attr
}
