package pcmk

import "strings"

// OnFail is how Pacemaker responds to a failed operation (enum
// action_fail_response), as an operation's on-fail meta-attribute
// chooses it. The constants are declared in the order of the C enum, but
// that order is not the order of severity: ranking responses
// (cmp_on_fail) is the planner's business.
type OnFail int8

const (
	// OnFailIgnore carries on as if the operation had succeeded
	// (on-fail=ignore, or its alias nothing).
	OnFailIgnore OnFail = iota
	// OnFailDemote demotes the resource and leaves it running
	// (on-fail=demote).
	OnFailDemote
	// OnFailRestart stops the resource and starts it again, possibly
	// elsewhere (on-fail=restart, the default for most operations;
	// action_fail_recover).
	OnFailRestart
	// OnFailMigrate moves the resource off the node without waiting for
	// migration-threshold (on-fail=migrate).
	OnFailMigrate
	// OnFailBlock leaves the resource as it is and stops managing it
	// (on-fail=block).
	OnFailBlock
	// OnFailStop stops the resource and keeps it stopped (on-fail=stop).
	OnFailStop
	// OnFailStandby moves every resource off the node (on-fail=standby).
	OnFailStandby
	// OnFailFence fences the node the operation failed on
	// (on-fail=fence).
	OnFailFence
	// OnFailRestartContainer restarts the container a resource runs in
	// (on-fail=restart-container, for resources with a container).
	OnFailRestartContainer
	// OnFailResetRemote fences a remote node, or recovers its connection
	// when fencing is disabled. Pacemaker uses it internally for remote
	// connection resources; no configuration can ask for it.
	OnFailResetRemote
)

// String gives the on-fail value as the CIB spells it; OnFailResetRemote,
// which the CIB has no spelling for, is "reset-remote".
func (f OnFail) String() string {
	switch f {
	case OnFailIgnore:
		return "ignore"
	case OnFailDemote:
		return "demote"
	case OnFailRestart:
		return "restart"
	case OnFailMigrate:
		return "migrate"
	case OnFailBlock:
		return "block"
	case OnFailStop:
		return "stop"
	case OnFailStandby:
		return "standby"
	case OnFailFence:
		return "fence"
	case OnFailRestartContainer:
		return "restart-container"
	case OnFailResetRemote:
		return "reset-remote"
	}
	return "unknown"
}

// ParseOnFail reads an on-fail value as the CIB spells it, ignoring case,
// the way unpack_operation does: "nothing" is "ignore". It reports
// ok=false for anything else, including "reset-remote", which Pacemaker
// does not accept from a configuration.
func ParseOnFail(s string) (f OnFail, ok bool) {
	switch strings.ToLower(s) {
	case "ignore", "nothing":
		return OnFailIgnore, true
	case "demote":
		return OnFailDemote, true
	case "restart":
		return OnFailRestart, true
	case "migrate":
		return OnFailMigrate, true
	case "block":
		return OnFailBlock, true
	case "stop":
		return OnFailStop, true
	case "standby":
		return OnFailStandby, true
	case "fence":
		return OnFailFence, true
	case "restart-container":
		return OnFailRestartContainer, true
	}
	return OnFailIgnore, false
}
