package ir

import "pcl/pcmk"

// Status is the <status> section: what the cluster knows about each node
// and what each resource has done there. Fields are typed where the planner
// reads them; Attrs keeps every attribute verbatim so nothing is lost.
//
// Status holds recorded facts only. What they mean (is a node online or
// unclean, what role a resource has, is a failure expired) depends on
// cluster options and the time, and is worked out by the planner.
//
// Where a record has Attrs, writers write Attrs verbatim and ignore the
// typed fields (which the importer fills from them); records built without
// Attrs are written from their typed fields.
type Status struct {
	Nodes   []*NodeState
	Tickets []*TicketState
	// TicketsAt is the number of Nodes written before <tickets> (0: tickets
	// first, the usual form). <tickets> is written when Tickets is not empty.
	TicketsAt int
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

	// Sections lists the children present, in document order, by element
	// name ("transient_attributes", "lrm"). When nil, writers emit
	// <transient_attributes> then <lrm>, each when it has an id or content.
	Sections []string
	// LRMAttrs is every attribute of <lrm> (id, rarely uname), in order;
	// when set it wins over LRMID.
	LRMAttrs []Attr
	// LRMResourcesID is the optional id of <lrm_resources>.
	LRMResourcesID string
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

	// ShutdownLock is shutdown-lock: when (seconds since the epoch) the
	// resource was locked to this node by a clean shutdown; 0 when none.
	ShutdownLock int64
}

// OpRecord is an <lrm_rsc_op>: one recorded operation result.
type OpRecord struct {
	ID           string
	Operation    pcmk.Task // start, stop, monitor, promote, demote, migrate_to, migrate_from, notify
	OperationKey string    // rsc_op_interval
	IntervalMs   int64
	CallID       int
	RCCode       pcmk.OCFRC      // rc-code: the agent's exit code
	OpStatus     pcmk.ExecStatus // op-status: how the execution went
	LastRCChange int64           // seconds since the epoch; 0 when not recorded
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

	// Digests and feature set as recorded; what they are compared with
	// (the resource's current parameters) is the planner's business.
	OpRestartDigest string // op-restart-digest
	OpForceRestart  string // op-force-restart: parameters whose change forces a restart
	OpSecureDigest  string // op-secure-digest
	OpSecureParams  string // op-secure-params
	CRMFeatureSet   string // crm_feature_set of the node that recorded it

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
