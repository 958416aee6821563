package pcmk

import "strings"

// Role is a resource role, ordered as Pacemaker orders them (enum rsc_role_e):
// a later role is "more active".
type Role int8

const (
	// RoleUnknown is no role: one not given, or not understood.
	RoleUnknown Role = iota
	// RoleStopped is a resource that is not running.
	RoleStopped
	// RoleStarted is a running resource, in neither promotable role.
	RoleStarted
	// RoleUnpromoted is a running instance of a promotable clone that is
	// not promoted (Slave before Pacemaker 2.1).
	RoleUnpromoted
	// RolePromoted is a promoted instance of a promotable clone (Master
	// before Pacemaker 2.1).
	RolePromoted
)

// String gives the role as Pacemaker 2.1 prints it.
func (r Role) String() string {
	switch r {
	case RoleStopped:
		return "Stopped"
	case RoleStarted:
		return "Started"
	case RoleUnpromoted:
		return "Unpromoted"
	case RolePromoted:
		return "Promoted"
	}
	return "Unknown"
}

// ParseRole reads a role as the CIB spells it, including the legacy
// Slave/Master names, case-insensitively; anything else is RoleUnknown.
func ParseRole(s string) Role {
	switch strings.ToLower(s) {
	case "stopped":
		return RoleStopped
	case "started":
		return RoleStarted
	case "unpromoted", "slave":
		return RoleUnpromoted
	case "promoted", "master":
		return RolePromoted
	}
	return RoleUnknown
}

// RoleNames are the role names the CIB schema enumerates, case and all:
// the current ones, then the legacy ones Pacemaker 3.0 dropped.
var RoleNames = []string{"Stopped", "Started", "Unpromoted", "Promoted", "Slave", "Master"}

// LegacyRole is the role a legacy name (Master, Slave, spelled as the
// schema spells it) stands for, and whether name is one.
func LegacyRole(name string) (Role, bool) {
	switch name {
	case "Master":
		return RolePromoted, true
	case "Slave":
		return RoleUnpromoted, true
	}
	return RoleUnknown, false
}
