package pcmk

// OCFRC is the exit code of a resource agent's action (enum ocf_exitcode),
// as the history's rc-code records it. Codes of other agent classes are
// mapped onto these by the executor before the scheduler sees them.
type OCFRC int

const (
	// RCOK is success; for a monitor, the resource is running.
	RCOK OCFRC = 0
	// RCErrGeneric is a generic, recoverable error (OCF_ERR_GENERIC).
	RCErrGeneric OCFRC = 1
	// RCErrArgs means the configuration is invalid for this node
	// (OCF_ERR_ARGS).
	RCErrArgs OCFRC = 2
	// RCUnimplemented means the agent does not support the action
	// (OCF_ERR_UNIMPLEMENTED).
	RCUnimplemented OCFRC = 3
	// RCErrPerm means the agent lacked the privileges it needs
	// (OCF_ERR_PERM).
	RCErrPerm OCFRC = 4
	// RCNotInstalled means the software the agent manages is missing on
	// this node (OCF_ERR_INSTALLED).
	RCNotInstalled OCFRC = 5
	// RCNotConfigured means the configuration is invalid everywhere
	// (OCF_ERR_CONFIGURED).
	RCNotConfigured OCFRC = 6
	// RCNotRunning means the resource is cleanly stopped
	// (OCF_NOT_RUNNING).
	RCNotRunning OCFRC = 7
	// RCRunningPromoted means the resource is running in the promoted
	// role (OCF_RUNNING_PROMOTED).
	RCRunningPromoted OCFRC = 8
	// RCFailedPromoted means the resource failed in the promoted role
	// (OCF_FAILED_PROMOTED).
	RCFailedPromoted OCFRC = 9
	// RCDegraded means the resource runs, with reduced service
	// (OCF_DEGRADED).
	RCDegraded OCFRC = 190
	// RCDegradedPromoted means the resource runs promoted, with reduced
	// service (OCF_DEGRADED_PROMOTED).
	RCDegradedPromoted OCFRC = 191
	// RCUnknown is the result Pacemaker records for an operation still
	// pending (PCMK_OCF_UNKNOWN): no agent returns it.
	RCUnknown OCFRC = 193
)

// String gives the code as Pacemaker 2.1.5 describes it
// (services_ocf_exitcode_str), "unknown" for codes it does not name.
func (rc OCFRC) String() string {
	switch rc {
	case RCOK:
		return "ok"
	case RCErrGeneric:
		return "error"
	case RCErrArgs:
		return "invalid parameter"
	case RCUnimplemented:
		return "unimplemented feature"
	case RCErrPerm:
		return "insufficient privileges"
	case RCNotInstalled:
		return "not installed"
	case RCNotConfigured:
		return "not configured"
	case RCNotRunning:
		return "not running"
	case RCRunningPromoted:
		return "promoted"
	case RCFailedPromoted:
		return "promoted (failed)"
	case RCDegraded:
		return "OCF_DEGRADED"
	case RCDegradedPromoted:
		return "promoted (degraded)"
	}
	return "unknown"
}
