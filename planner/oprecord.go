package planner

import (
	"pcl/ir"
	"pcl/pcmk"
	"strconv"
	"strings"
)

func opAttr(op *ir.OpRecord, name string) (string, bool) {
	for _, a := range op.Attrs {
		if a.Name == name {
			return a.Value, true
		}
	}
	return "", false
}

func opKey(op *ir.OpRecord) string {
	if op.OperationKey != "" {
		return op.OperationKey
	}
	return op.ID
}

// targetRC decodes the expected result from the transition key; it is
// negative when the key is missing or malformed.
func targetRC(op *ir.OpRecord) pcmk.OCFRC {
	k := op.TransitionKey
	if k == "" {
		return -1
	}
	parts := strings.SplitN(k, ":", 4)
	if len(parts) < 4 {
		return -1
	}
	v, err := strconv.Atoi(parts[2])
	if err != nil {
		return -1
	}
	return pcmk.OCFRC(v)
}

func isProbe(op *ir.OpRecord) bool { return op.Operation == pcmk.TaskMonitor && op.IntervalMs == 0 }

func maskProbeFailure(op *ir.OpRecord) bool {
	return isProbe(op) && (op.RCCode == pcmk.RCNotInstalled || op.RCCode == pcmk.RCErrArgs || op.OpStatus == pcmk.ExecNotInstalled)
}
