package model

import "pcl/pcmk"

// Op is a configured operation as the transition needs it.
type Op struct {
	Name       pcmk.Task
	IntervalMs int64
	Role       pcmk.Role // RoleUnknown when not given
	Enabled    bool
	OnFail     string
}

// ActiveOp is a recurring operation the history shows active on a node.
type ActiveOp struct {
	Node       int
	Name       pcmk.Task
	IntervalMs int64
	CallID     int
}

// ConfigChangeKind says what a change in the history asks for.
type ConfigChangeKind int8

const (
	ChangeNone ConfigChangeKind = iota
	ChangeCancelOrphan
	ChangeCancelMaintenance
	ChangeRestart
	ChangeReload
	ChangeReschedule
	ChangeClearFailcount // the definition changed: failures no longer count
	ChangeCleanup        // the history is deleted (orphans, changed agents)
	ChangeAgentRestart   // the agent changed where the resource is active
	ChangeDigestAll      // intermediate: parameters changed
	ChangeDigestUnknown  // intermediate: no digest recorded
)

// ConfigChange is one consequence of the history for an active resource.
type ConfigChange struct {
	Node       int
	Kind       ConfigChangeKind
	Task       pcmk.Task
	IntervalMs int64
}
