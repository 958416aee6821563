package pcmk

// ExecStatus is how far the executor got with an operation (enum
// pcmk_exec_status), as the history's op-status records it. It is
// separate from the agent's exit code: an operation that timed out has no
// meaningful OCFRC.
type ExecStatus int

const (
	// ExecPending means the operation is in flight; the history records
	// it for operations with record-pending.
	ExecPending ExecStatus = -1
	// ExecDone means the operation completed and its exit code counts.
	ExecDone ExecStatus = 0
	// ExecCancelled means the operation was cancelled before it completed.
	ExecCancelled ExecStatus = 1
	// ExecTimeout means the operation did not complete in its timeout.
	ExecTimeout ExecStatus = 2
	// ExecNotSupported means the agent does not support the action.
	ExecNotSupported ExecStatus = 3
	// ExecError is a failure to run the operation, worth retrying.
	ExecError ExecStatus = 4
	// ExecErrorHard is a failure to run the operation that will recur on
	// this node.
	ExecErrorHard ExecStatus = 5
	// ExecErrorFatal is a failure to run the operation that will recur
	// on every node.
	ExecErrorFatal ExecStatus = 6
	// ExecNotInstalled means the agent or what it needs is not installed.
	ExecNotInstalled ExecStatus = 7
	// ExecNotConnected means the executor lost its connection (to a
	// remote node, say) before the operation completed.
	ExecNotConnected ExecStatus = 8
	// ExecInvalid means the operation cannot run now, for example on a
	// node that is shutting down.
	ExecInvalid ExecStatus = 9
	// ExecNoFenceDevice means no fence device can fence the target.
	ExecNoFenceDevice ExecStatus = 10
	// ExecNoSecrets means the CIB secrets the operation needs are
	// unavailable.
	ExecNoSecrets ExecStatus = 11
)

// String gives the status as Pacemaker 2.1.5 describes it
// (pcmk_exec_status_str), "UNKNOWN!" for values it does not name.
func (s ExecStatus) String() string {
	switch s {
	case ExecPending:
		return "pending"
	case ExecDone:
		return "complete"
	case ExecCancelled:
		return "Cancelled"
	case ExecTimeout:
		return "Timed Out"
	case ExecNotSupported:
		return "NOT SUPPORTED"
	case ExecError:
		return "Error"
	case ExecErrorHard:
		return "Hard error"
	case ExecErrorFatal:
		return "Fatal error"
	case ExecNotInstalled:
		return "Not installed"
	case ExecNotConnected:
		return "Internal communication failure"
	case ExecInvalid:
		return "Cannot execute now"
	case ExecNoFenceDevice:
		return "No fence device"
	case ExecNoSecrets:
		return "CIB secrets unavailable"
	}
	return "UNKNOWN!"
}
