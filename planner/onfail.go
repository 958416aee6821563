package planner

import "pcl/pcmk"

// cmpOnFail orders failure responses by severity (cmp_on_fail). The C
// enum's order is not the order of severity: demote, reset-remote and
// restart-container rank apart from the rest.
func cmpOnFail(a, b pcmk.OnFail) int {
	switch a {
	case pcmk.OnFailDemote:
		switch b {
		case pcmk.OnFailIgnore:
			return 1
		case pcmk.OnFailDemote:
			return 0
		}
		return -1
	case pcmk.OnFailResetRemote:
		switch b {
		case pcmk.OnFailIgnore, pcmk.OnFailDemote, pcmk.OnFailRestart:
			return 1
		case pcmk.OnFailResetRemote:
			return 0
		}
		return -1
	case pcmk.OnFailRestartContainer:
		switch b {
		case pcmk.OnFailIgnore, pcmk.OnFailDemote, pcmk.OnFailRestart, pcmk.OnFailResetRemote:
			return 1
		case pcmk.OnFailRestartContainer:
			return 0
		}
		return -1
	}
	switch b {
	case pcmk.OnFailDemote:
		if a == pcmk.OnFailIgnore {
			return -1
		}
		return 1
	case pcmk.OnFailResetRemote:
		switch a {
		case pcmk.OnFailIgnore, pcmk.OnFailDemote, pcmk.OnFailRestart:
			return -1
		}
		return 1
	case pcmk.OnFailRestartContainer:
		switch a {
		case pcmk.OnFailIgnore, pcmk.OnFailDemote, pcmk.OnFailRestart, pcmk.OnFailResetRemote:
			return -1
		}
		return 1
	}
	return severity(a) - severity(b)
}

// severity is the numeric value of the C enum action_fail_response, which
// cmp_on_fail compares for the plain cases.
func severity(f pcmk.OnFail) int {
	switch f {
	case pcmk.OnFailIgnore:
		return 0
	case pcmk.OnFailDemote:
		return 1
	case pcmk.OnFailRestart:
		return 2
	case pcmk.OnFailMigrate:
		return 3
	case pcmk.OnFailBlock:
		return 4
	case pcmk.OnFailStop:
		return 5
	case pcmk.OnFailStandby:
		return 6
	case pcmk.OnFailFence:
		return 7
	case pcmk.OnFailRestartContainer:
		return 8
	}
	return 9
}
