package scores

import "pcl/planner"

// CRMSimulate renders the score lines exactly as `crm_simulate -sQ` prints
// them, one per line, in the order Pacemaker computes them; with the
// utilization report (planner.Options.Utilization), the lines of
// `crm_simulate -sUQ`.
func CRMSimulate(res *planner.Result) []byte {
	if res.Utilization != nil {
		return crmSimulateWithUtilization(res)
	}
	// A line is some 80 bytes; a large cluster has hundreds of thousands.
	b := make([]byte, 0, 96*(res.Scores.Len()+len(res.Promotions)))
	for _, l := range res.Scores.All() {
		b, _ = l.AppendText(b)
		b = append(b, '\n')
	}
	for _, l := range res.Promotions {
		b, _ = l.AppendText(b)
		b = append(b, '\n')
	}
	return b
}

// finalLines returns, per resource id, the last score line printed for it on
// each node, by the node's index in res.Nodes (nil where none): the scores the
// assignment used.
func finalLines(res *planner.Result) map[string][]*planner.ScoreLine {
	nodeIndex := make(map[string]int, len(res.Nodes))
	for i, n := range res.Nodes {
		nodeIndex[n.Uname] = i
	}
	// Each row holds, by node, 1 + the index of the line (0 for none).
	last := map[string][]int{}
	// Lines of one resource come together: remember the last row.
	lastRsc, lastRow := "", []int(nil)
	for i, l := range res.Scores.All() {
		n, ok := nodeIndex[l.Node]
		if !ok {
			continue
		}
		if l.Resource != lastRsc || lastRow == nil {
			lastRow = last[l.Resource]
			if lastRow == nil {
				lastRow = make([]int, len(res.Nodes))
				last[l.Resource] = lastRow
			}
			lastRsc = l.Resource
		}
		lastRow[n] = i + 1
	}
	out := make(map[string][]*planner.ScoreLine, len(last))
	for rsc, idx := range last {
		lines := make([]planner.ScoreLine, len(idx))
		row := make([]*planner.ScoreLine, len(idx))
		for n, i := range idx {
			if i > 0 {
				lines[n] = res.Scores.At(i - 1)
				row[n] = &lines[n]
			}
		}
		out[rsc] = row
	}
	return out
}

// displayNode is where a resource is placed, as its kind says.
func displayNode(res *planner.Result, r *planner.Resource) string {
	node, _ := res.Placement(r)
	return node
}

// why says why a resource gets no node.
func why(res *planner.Result, r *planner.Resource) string {
	_, why := res.Placement(r)
	return why
}

// availability says why a node cannot run resources, "" when it can.
func availability(n *planner.Node) string {
	switch {
	case n.Unclean && n.Unseen:
		return "unclean (the status has no entry for it, and with fencing enabled an unseen node must be fenced first)"
	case n.Unclean:
		return "unclean (it must be fenced)"
	case !n.Online && n.Unseen:
		return "offline (the status has no entry for it)"
	case !n.Online:
		return "offline"
	case n.Shutdown:
		return "shutting down"
	case n.Maintenance:
		return "in maintenance"
	case n.Pending:
		return "pending (joining the cluster)"
	case n.Standby:
		return "in standby"
	}
	return ""
}
