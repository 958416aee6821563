package planner

import (
	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
	"strconv"
	"strings"
)

type nodeHistory struct {
	node int
	ops  []*ir.OpRecord
}

// historyKey names one resource history entry: a node and the id the
// entry is recorded under.
type historyKey struct {
	node int
	id   string
}

// historyOwner is the resource a node's history entry belongs to, as the
// status unpack matched it (clone instances are matched by more than
// their id); an entry the unpack did not read is matched by id. nil means
// an orphan.
func (p *plan) historyOwner(node int, id string) *model.Resource {
	if r, ok := p.owners[historyKey{node, id}]; ok {
		return r
	}
	if r := p.byID[id]; r != nil && r.Kind == model.KindPrimitive {
		return r
	}
	return nil
}

// recordOwner records r as the owner of the history entry id on node, as
// historyOwner and isOrphanHistory read it. The entry of a primitive under
// its own id, which is what an entry the unpack did not read is matched
// to, is not recorded but forgotten (the last reading wins): a settled
// cluster's status has one per resource per node, and filling the map
// with them took about a twentieth of a batch's CPU. byID only grows
// (register keeps the first of an id), so the match by id stays the same.
func (p *plan) recordOwner(node int, id string, r *model.Resource) {
	if r != nil && r.Kind == model.KindPrimitive && p.byID[id] == r {
		if len(p.owners) > 0 {
			delete(p.owners, historyKey{node, id})
		}
		return
	}
	p.owners[historyKey{node, id}] = r
}

// isOrphanHistory reports whether a history entry the unpack did not match
// belongs to no configured resource: not a configured id, and not an
// instance of an anonymous clone (whose entries always find an instance).
func (p *plan) isOrphanHistory(node int, id string) bool {
	// The history of a resource that is no longer a primitive (a clone's
	// or group's id) is an orphan's too.
	if r, ok := p.owners[historyKey{node, id}]; ok {
		return r == nil && (p.byID[id] == nil || p.byID[id].Kind != model.KindPrimitive)
	}
	if r := p.byID[id]; r != nil {
		return r.Kind != model.KindPrimitive
	}
	zero := p.byID[cloneZero(id)]
	return zero == nil || zero.Unique
}

// histories gathers each resource's operation history per node, for nodes
// of the configuration, in status order; orphaned entries are gathered by
// id.
func (p *plan) histories() (owned map[*model.Resource][]nodeHistory, orphaned map[string][]nodeHistory) {
	return p.gatherHistories(true)
}

// orphanedHistories is histories' orphaned entries alone, for a read of
// the status that places nothing (Options.StatusOnly).
func (p *plan) orphanedHistories() map[string][]nodeHistory {
	_, orphaned := p.gatherHistories(false)
	return orphaned
}

// gatherHistories is histories; withOwned false leaves owned empty.
func (p *plan) gatherHistories(withOwned bool) (owned map[*model.Resource][]nodeHistory, orphaned map[string][]nodeHistory) {
	owned, orphaned = map[*model.Resource][]nodeHistory{}, map[string][]nodeHistory{}
	if p.status() == nil {
		return owned, orphaned
	}
	// Each resource's list is cut, at its length, out of one array for
	// all: a settled cluster's status has a history per resource per
	// node, a large one hundreds of thousands.
	type ownedHistory struct {
		r *model.Resource
		h nodeHistory
	}
	var found []ownedHistory
	for _, ns := range p.status().Nodes {
		i := p.findNodeAny(ns.ID, ns.Uname)
		if i < 0 || (p.Nodes[i].Remote() && !p.Nodes[i].Unpacked) {
			continue
		}
		for _, h := range ns.Resources {
			r := p.historyOwner(i, h.ID)
			if r == nil {
				orphaned[h.ID] = append(orphaned[h.ID], nodeHistory{node: i, ops: h.Ops})
				continue
			}
			if withOwned {
				found = append(found, ownedHistory{r, nodeHistory{node: i, ops: h.Ops}})
			}
		}
	}
	count := map[*model.Resource]int{}
	for _, f := range found {
		count[f.r]++
	}
	all := make([]nodeHistory, len(found))
	for _, f := range found {
		list, ok := owned[f.r]
		if !ok {
			n := count[f.r]
			list, all = all[:0:n], all[n:]
		}
		owned[f.r] = append(list, f.h)
	}
	return owned, orphaned
}

// knownFrom reports whether a node's history tells the resource's state
// there: some operation that is neither a pending monitor nor an expired
// failure (Pacemaker's known_on, set when the history yields a role).
func (p *plan) knownFrom(r *model.Resource, ops []*ir.OpRecord) bool {
	for _, op := range ops {
		if op.OpStatus == pcmk.ExecPending && op.Operation != pcmk.TaskStart && op.Operation != pcmk.TaskPromote {
			continue
		}
		target := targetRC(op)
		failed := op.OpStatus != pcmk.ExecDone && op.OpStatus != pcmk.ExecPending || (target >= 0 && op.RCCode != target && !(isProbe(op) && op.RCCode == pcmk.RCNotRunning))
		if failed && r.FailureTimeout > 0 && op.LastRCChange != 0 && p.Now.Unix() >= op.LastRCChange+r.FailureTimeout && !p.waitForRemoteFencing(r, op) &&
			!(isProbe(op) && (op.RCCode == pcmk.RCOK || op.RCCode == pcmk.RCNotRunning || op.RCCode == pcmk.RCRunningPromoted)) {
			continue
		}
		return true
	}
	return false
}

// activeIn reports whether a sorted history leaves the resource running:
// started after its last stop, and not found stopped since.
func activeIn(sorted []*ir.OpRecord) bool {
	start, stop := activeRange(sorted)
	if start < 0 || start < stop {
		return false
	}
	last := sorted[len(sorted)-1]
	if last.Operation == pcmk.TaskMonitor && last.RCCode == pcmk.RCNotRunning && last.OpStatus == pcmk.ExecDone {
		return false
	}
	return true
}

// The functions in this file interpret the operation history against the
// configuration, as Pacemaker's pcmk__handle_rsc_config_changes does:
// orphaned and maintenance-mode recurring operations are cancelled, and an
// operation whose parameters changed (its recorded digest no longer
// matches) restarts, reloads or reschedules.

// sortOps orders a resource's history entries oldest first as
// unpack_lrm_resource does: the entries are taken in reverse document order
// and sorted with pe__is_newer_op by GLib's g_list_sort. The comparison is
// not transitive when a pending operation (call-id -1) is compared by
// transition with some entries and by call id with others, so only the
// same algorithm gives the same order.
func (p *plan) sortOps(ops []*ir.OpRecord) []*ir.OpRecord {
	if len(ops) < 2 {
		// Nothing to sort, and every caller only reads the list: the
		// status's own, capped so that an append cannot write into it.
		return ops[:len(ops):len(ops)]
	}
	// One allocation for the list and the merge's scratch (a settled
	// cluster's status has a history per resource per node, each sorted
	// by several passes).
	buf := make([]*ir.OpRecord, 2*len(ops))
	out, scratch := buf[:len(ops):len(ops)], buf[len(ops):]
	for i, op := range ops {
		out[len(ops)-1-i] = op
	}
	cmp := cmpOps
	if p.target.Since(pcmk.V3_0_0) {
		cmp = cmpOps30
	}
	return glibMergeSort(out, scratch, cmp)
}

// glibMergeSort is g_list_sort: split after the first half (rounded down),
// sort both halves, merge taking from the first while it compares less
// or equal. scratch is as long as list.
func glibMergeSort(list, scratch []*ir.OpRecord, cmp func(a, b *ir.OpRecord) int) []*ir.OpRecord {
	if len(list) < 2 {
		return list
	}
	half := len(list) / 2
	l1 := glibMergeSort(list[:half], scratch[:half], cmp)
	l2 := glibMergeSort(list[half:], scratch[half:], cmp)
	merged := scratch[:0]
	i, j := 0, 0
	for i < len(l1) && j < len(l2) {
		if cmp(l1[i], l2[j]) <= 0 {
			merged = append(merged, l1[i])
			i++
		} else {
			merged = append(merged, l2[j])
			j++
		}
	}
	merged = append(merged, l1[i:]...)
	merged = append(merged, l2[j:]...)
	copy(list, merged)
	return list
}

func callID(op *ir.OpRecord) int {
	if v, ok := opAttr(op, "call-id"); ok {
		if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
			return n
		}
		return -1
	}
	if len(op.Attrs) == 0 {
		return op.CallID
	}
	return -1
}

func lastChange(op *ir.OpRecord) int64 {
	if v, ok := opAttr(op, "last-rc-change"); ok {
		if n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64); err == nil {
			return n
		}
		return -1
	}
	if len(op.Attrs) == 0 && op.LastRCChange != 0 {
		return op.LastRCChange
	}
	return -1
}

// decodeMagic reads the transition id and uuid of transition-magic
// ("status:rc;action:transition:target:uuid").
func decodeMagic(magic string) (uuid string, transition int, ok bool) {
	_, _, key, ok := pcmk.DecodeTransitionMagic(magic)
	if !ok {
		return "", 0, false
	}
	_, transition, _, uuid, _ = pcmk.DecodeTransitionKey(key)
	return uuid, transition, true
}

// cmpOps is pe__is_newer_op with same_node_default true.
func cmpOps(a, b *ir.OpRecord) int {
	sameNode := true
	if a.OnNode != "" && b.OnNode != "" {
		sameNode = strings.EqualFold(a.OnNode, b.OnNode)
	}
	return cmpOpsOn(a, b, sameNode)
}

// cmpOps30 is pe__is_newer_op as 3.0.0 has it: two entries are of the
// same node when their on_node are equal, both missing included, and not
// when only one names its node (as crm_simulate 3.0 records a result).
func cmpOps30(a, b *ir.OpRecord) int {
	return cmpOpsOn(a, b, strings.EqualFold(a.OnNode, b.OnNode))
}

// cmpOpsOn is pe__is_newer_op given whether a and b were recorded on the
// same node (call ids compare only there).
func cmpOpsOn(a, b *ir.OpRecord, sameNode bool) int {
	if sameNode && a.ID == b.ID {
		return 0
	}
	ac, bc := callID(a), callID(b)
	switch {
	case ac == -1 && bc == -1:
		return 0
	case sameNode && ac >= 0 && ac < bc:
		return -1
	case sameNode && bc >= 0 && ac > bc:
		return 1
	case ac >= 0 && bc >= 0 && (!sameNode || ac == bc):
		la, lb := lastChange(a), lastChange(b)
		if la >= 0 && la < lb {
			return -1
		}
		if lb >= 0 && la > lb {
			return 1
		}
		return 0
	}
	au, aid, ok1 := decodeMagic(a.TransitionMagic)
	bu, bid, ok2 := decodeMagic(b.TransitionMagic)
	if !ok1 || !ok2 {
		return 0
	}
	if !strings.EqualFold(au, bu) || aid == bid {
		if bc == -1 {
			return -1
		}
		if ac == -1 {
			return 1
		}
	} else if (aid >= 0 && aid < bid) || bid == -1 {
		return -1
	} else if (bid >= 0 && aid > bid) || aid == -1 {
		return 1
	}
	return 0
}

// activeRange finds the last successful stop and the last start in a
// sorted history (calculate_active_ops); -1 when none.
func activeRange(sorted []*ir.OpRecord) (start, stop int) {
	start, stop = -1, -1
	impliedMonitor, impliedClone := -1, -1
	for i, op := range sorted {
		switch {
		case op.Operation == pcmk.TaskStop && op.OpStatus == pcmk.ExecDone:
			stop = i
		case op.Operation == pcmk.TaskStart || op.Operation == pcmk.TaskMigrateFrom:
			start = i
		case impliedMonitor <= stop && op.Operation == pcmk.TaskMonitor:
			if op.RCCode == pcmk.RCOK || op.RCCode == pcmk.RCRunningPromoted {
				impliedMonitor = i
			}
		case op.Operation == pcmk.TaskPromote || op.Operation == pcmk.TaskDemote:
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

// recurringActive lists the recurring operations a sorted history shows as
// active (process_recurring): those after the last start, or after the
// last stop when the resource stopped, skipping pending ones.
func recurringActive(sorted []*ir.OpRecord, node int) []model.ActiveOp {
	start, stop := activeRange(sorted)
	var out []model.ActiveOp
	for i, op := range sorted {
		if start < stop && i <= stop {
			continue
		}
		if i < start {
			continue
		}
		if op.IntervalMs == 0 || op.OpStatus == pcmk.ExecPending {
			continue
		}
		out = append(out, model.ActiveOp{Node: node, Name: op.Operation, IntervalMs: op.IntervalMs, CallID: op.CallID})
	}
	return out
}
