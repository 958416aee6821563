package transition

import (
	"sort"

	"pcl/ir"
)

// SortedOps orders one resource's operation history on one node as
// Pacemaker does: by call id (pending operations, call id -1, last), then
// by last-rc-change.
func SortedOps(ops []*ir.OpRecord) []*ir.OpRecord {
	out := make([]*ir.OpRecord, len(ops))
	// Pacemaker builds the list by prepending, so equal entries keep
	// reverse document order.
	for i, op := range ops {
		out[len(ops)-1-i] = op
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		switch {
		case a.CallID == -1 && b.CallID == -1:
			return false
		case a.CallID == -1:
			return false
		case b.CallID == -1:
			return true
		case a.CallID != b.CallID:
			return a.CallID < b.CallID
		}
		return a.LastRCChange < b.LastRCChange
	})
	return out
}

// ActiveRange finds the last successful stop and the last start in a
// sorted history (calculate_active_ops); -1 when none.
func ActiveRange(sorted []*ir.OpRecord) (start, stop int) {
	start, stop = -1, -1
	impliedMonitor, impliedClone := -1, -1
	for i, op := range sorted {
		switch {
		case op.Operation == "stop" && op.OpStatus == 0:
			stop = i
		case op.Operation == "start" || op.Operation == "migrate_from":
			start = i
		case impliedMonitor <= stop && op.Operation == "monitor":
			if op.RCCode == 0 || op.RCCode == 8 {
				impliedMonitor = i
			}
		case op.Operation == "promote" || op.Operation == "demote":
			impliedClone = i
		}
	}
	if start == -1 {
		if impliedClone != -1 {
			start = impliedClone
		} else if impliedMonitor != -1 {
			start = impliedMonitor
		}
	}
	return start, stop
}

// RecurringActive lists the recurring operations a sorted history shows as
// active (process_recurring): those after the last start, or after the
// last stop when the resource stopped, skipping pending ones.
func RecurringActive(sorted []*ir.OpRecord, node int) []ActiveOp {
	start, stop := ActiveRange(sorted)
	var out []ActiveOp
	for i, op := range sorted {
		if start < stop && i <= stop {
			continue
		}
		if i < start {
			continue
		}
		if op.IntervalMs == 0 || op.OpStatus == -1 {
			continue
		}
		out = append(out, ActiveOp{Node: node, Name: op.Operation, IntervalMs: op.IntervalMs, CallID: op.CallID})
	}
	return out
}
