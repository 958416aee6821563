package planner

// onFail is Pacemaker's enum action_fail_response, in its order.
type onFail int8

const (
	failIgnore onFail = iota
	failDemote
	failRecover
	failMigrate
	failBlock
	failStop
	failStandby
	failFence
	failRestartContainer
	failResetRemote
)

// cmpOnFail orders failure responses by severity (cmp_on_fail).
func cmpOnFail(a, b onFail) int {
	switch a {
	case failDemote:
		switch b {
		case failIgnore:
			return 1
		case failDemote:
			return 0
		}
		return -1
	case failResetRemote:
		switch b {
		case failIgnore, failDemote, failRecover:
			return 1
		case failResetRemote:
			return 0
		}
		return -1
	case failRestartContainer:
		switch b {
		case failIgnore, failDemote, failRecover, failResetRemote:
			return 1
		case failRestartContainer:
			return 0
		}
		return -1
	}
	switch b {
	case failDemote:
		if a == failIgnore {
			return -1
		}
		return 1
	case failResetRemote:
		switch a {
		case failIgnore, failDemote, failRecover:
			return -1
		}
		return 1
	case failRestartContainer:
		switch a {
		case failIgnore, failDemote, failRecover, failResetRemote:
			return -1
		}
		return 1
	}
	return int(severity(a)) - int(severity(b))
}

// severity is the numeric value of the C enum for the plain cases.
func severity(f onFail) int {
	switch f {
	case failIgnore:
		return 0
	case failDemote:
		return 1
	case failRecover:
		return 2
	case failMigrate:
		return 3
	case failBlock:
		return 4
	case failStop:
		return 5
	case failStandby:
		return 6
	case failFence:
		return 7
	case failRestartContainer:
		return 8
	}
	return 9
}
