package planner

import (
	"pcl/ir"
	"pcl/pcmk"
	"strconv"
)

func opAttr(op *ir.OpRecord, name string) (string, bool) {
	for _, a := range op.Attrs {
		if a.Name == name {
			return a.Value, true
		}
	}
	return "", false
}

// hasOpAttr reports whether op records the attribute name.
func hasOpAttr(op *ir.OpRecord, name string) bool {
	_, ok := opAttr(op, name)
	return ok
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
	// The third of at least four colon-separated fields, read in place
	// (a settled cluster's history has a key per resource per node).
	field := 0
	start := 0
	for i := 0; i < len(k); i++ {
		if k[i] != ':' {
			continue
		}
		field++
		switch field {
		case 2:
			start = i + 1
		case 3:
			v, err := strconv.Atoi(k[start:i])
			if err != nil {
				return -1
			}
			return pcmk.OCFRC(v)
		}
	}
	return -1
}

func isProbe(op *ir.OpRecord) bool { return op.Operation == pcmk.TaskMonitor && op.IntervalMs == 0 }

func maskProbeFailure(op *ir.OpRecord) bool {
	return isProbe(op) && (op.RCCode == pcmk.RCNotInstalled || op.RCCode == pcmk.RCErrArgs || op.OpStatus == pcmk.ExecNotInstalled)
}
