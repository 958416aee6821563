package transition

import (
	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
)

// Role is Pacemaker's resource role.
type Role = pcmk.Role

const (
	RoleUnknown    = pcmk.RoleUnknown
	RoleStopped    = pcmk.RoleStopped
	RoleStarted    = pcmk.RoleStarted
	RoleUnpromoted = pcmk.RoleUnpromoted
	RolePromoted   = pcmk.RolePromoted
)

// RoleOf maps an IR role to a Role; "" is RoleUnknown.
func RoleOf(r ir.Role) Role {
	switch r.Normalize() {
	case ir.RoleStopped:
		return RoleStopped
	case ir.RoleStarted:
		return RoleStarted
	case ir.RoleUnpromoted:
		return RoleUnpromoted
	case ir.RolePromoted:
		return RolePromoted
	}
	return RoleUnknown
}

// NoNode is the node index meaning "no node".
const NoNode = model.NoNode

// The transition works on the planner's model; these names keep its code
// short.
type (
	Input            = model.Cluster
	Node             = model.Node
	Resource         = model.Resource
	Op               = model.Op
	ActiveOp         = model.ActiveOp
	UnpackAction     = model.UnpackAction
	ConfigChange     = model.ConfigChange
	ConfigChangeKind = model.ConfigChangeKind
)

const (
	ChangeNone              = model.ChangeNone
	ChangeCancelOrphan      = model.ChangeCancelOrphan
	ChangeCancelMaintenance = model.ChangeCancelMaintenance
	ChangeRestart           = model.ChangeRestart
	ChangeReload            = model.ChangeReload
	ChangeReschedule        = model.ChangeReschedule
	ChangeClearFailcount    = model.ChangeClearFailcount
	ChangeCleanup           = model.ChangeCleanup
	ChangeAgentRestart      = model.ChangeAgentRestart
	ChangeDigestAll         = model.ChangeDigestAll
	ChangeDigestUnknown     = model.ChangeDigestUnknown
)
