package planner

import (
	"pcl/ir"
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

// targetRC decodes the expected result from the transition key.
func targetRC(op *ir.OpRecord) int {
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
	return v
}

func isProbe(op *ir.OpRecord) bool { return op.Operation == "monitor" && op.IntervalMs == 0 }

func maskProbeFailure(op *ir.OpRecord) bool {
	return isProbe(op) && (op.RCCode == ocfNotInstalled || op.RCCode == ocfInvalidParam || op.OpStatus == execNotInstalled)
}
