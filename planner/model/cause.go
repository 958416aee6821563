package model

// CauseKind says what kind of thing contributed to a score, so that a
// reader can group or filter explanations without parsing their text.
type CauseKind int8

const (
	// CauseNode is the node's own weight (its score attribute, health).
	CauseNode CauseKind = iota
	// CauseDefault is the 0 a symmetric cluster gives every node.
	CauseDefault
	// CauseLocation is a location constraint; Constraint is its id.
	CauseLocation
	// CauseRule is a rule of a location constraint; Constraint is the
	// constraint's id.
	CauseRule
	// CauseColocation is a colocation; Constraint is its id.
	CauseColocation
	// CauseStickiness is resource-stickiness where the resource runs.
	CauseStickiness
	// CauseFailure is a ban after failures: migration-threshold reached,
	// hard or fatal errors, failed stops, on-fail policies.
	CauseFailure
	// CauseTargetRole is target-role=Stopped.
	CauseTargetRole
	// CauseTicket is a ticket constraint; Constraint is its id.
	CauseTicket
	// CauseUtilization is a node without the capacity the resource needs.
	CauseUtilization
	// CauseDiscovery is resource-discovery=exclusive on other nodes.
	CauseDiscovery
	// CauseShutdownLock is a resource locked to a node shutting down.
	CauseShutdownLock
	// CauseUnmanaged keeps an unmanaged resource where it is active.
	CauseUnmanaged
	// CauseMultipleActive is multiple-active=stop_only.
	CauseMultipleActive
	// CauseClone is a clone's limit on its instances: the clone's own
	// score on a node, clone-node-max, clone-max; Constraint is the
	// clone's id.
	CauseClone
	// CausePromotion is a promotion score or priority of a promotable
	// clone's instance.
	CausePromotion
	// CauseRemote is a restriction of Pacemaker Remote: connections,
	// fence devices and guests' containers never run on remote or guest
	// nodes.
	CauseRemote
)

var causeNames = [...]string{
	CauseNode:           "node",
	CauseDefault:        "default",
	CauseLocation:       "location",
	CauseRule:           "rule",
	CauseColocation:     "colocation",
	CauseStickiness:     "stickiness",
	CauseFailure:        "failure",
	CauseTargetRole:     "target-role",
	CauseTicket:         "ticket",
	CauseUtilization:    "utilization",
	CauseDiscovery:      "discovery",
	CauseShutdownLock:   "shutdown-lock",
	CauseUnmanaged:      "unmanaged",
	CauseMultipleActive: "multiple-active",
	CauseClone:          "clone",
	CausePromotion:      "promotion",
	CauseRemote:         "remote",
}

// String names the kind as JSON writes it.
func (k CauseKind) String() string {
	if int(k) < len(causeNames) {
		return causeNames[k]
	}
	return "unknown"
}

// MarshalText writes the kind's name.
func (k CauseKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Cause is what made a score change: its kind, the constraint behind it
// when there is one, and a phrase for people.
type Cause struct {
	Kind       CauseKind `json:"kind"`
	Constraint string    `json:"constraint,omitempty"`
	Text       string    `json:"cause"`
}
