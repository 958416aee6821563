package scores

import (
	"bytes"
	"text/tabwriter"

	"pcl/planner"
)

// appendCapacity appends a node's capacities as crm_simulate prints them:
// "Original: node1 capacity: cpu=1 memory=512".
func appendCapacity(b []byte, desc string, c planner.NodeCapacity) []byte {
	b = append(append(append(b, desc...), ": "...), c.Node...)
	b = append(b, " capacity:"...)
	return appendValues(b, c.Values)
}

// appendAssignment appends one assignment's line: "pcmk__assign_resource:
// rsc2 utilization on node2: cpu=1 memory=1024".
func appendAssignment(b []byte, fn string, a planner.UtilizationAssignment) []byte {
	b = append(append(append(b, fn...), ": "...), a.Resource...)
	b = append(append(append(b, " utilization on "...), a.Node...), ':')
	return appendValues(b, a.Values)
}

func appendValues(b []byte, values []planner.UtilizationValue) []byte {
	for _, v := range values {
		b = append(append(append(append(b, ' '), v.Name...), '='), v.Value...)
	}
	return b
}

// crmSimulateWithUtilization renders the lines of crm_simulate -sUQ: the
// nodes' original capacities, the score lines with each assignment's
// utilization after the lines printed before it, the promotion lines,
// then the remaining capacities. Pacemaker prints a promotable clone's
// promotion lines as it assigns the clone; here they come after every
// allocation line, so the lines are the same but not always in its order.
func crmSimulateWithUtilization(res *planner.Result) []byte {
	u := res.Utilization
	b := make([]byte, 0, 96*(res.Scores.Len()+len(res.Promotions)+len(u.Assignments)+2*len(u.Original)))
	line := func(b []byte) []byte { return append(b, '\n') }
	for _, c := range u.Original {
		b = line(appendCapacity(b, "Original", c))
	}
	next := 0
	for i := range res.Scores.Len() {
		for next < len(u.Assignments) && u.Assignments[next].AfterScores <= i {
			b = line(appendAssignment(b, u.Func, u.Assignments[next]))
			next++
		}
		b, _ = res.Scores.At(i).AppendText(b)
		b = line(b)
	}
	for ; next < len(u.Assignments); next++ {
		b = line(appendAssignment(b, u.Func, u.Assignments[next]))
	}
	for _, l := range res.Promotions {
		b, _ = l.AppendText(b)
		b = line(b)
	}
	for _, c := range u.Remaining {
		b = line(appendCapacity(b, "Remaining", c))
	}
	return b
}

// UtilizationTable renders the utilization report for people: each node's
// capacities before and after assignment, side by side, then what each
// assigned resource takes where, in the order Pacemaker assigns them. It
// is empty when the Result has no report.
func UtilizationTable(res *planner.Result) []byte {
	u := res.Utilization
	if u == nil {
		return nil
	}
	var b bytes.Buffer
	b.WriteString("\nUtilization (as crm_simulate --show-utilization):\n")
	if len(res.Unknown) > 0 {
		// What is left on a node depends on every resource placed there.
		b.WriteString("Not exact: the resources marked unknown above may take capacity from any node.\n")
	}
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	w.Write([]byte("NODE\tORIGINAL\tREMAINING\n"))
	for i, c := range u.Original {
		row := append([]byte(c.Node), '\t')
		row = valuesOrDash(row, c.Values)
		row = append(row, '\t')
		if i < len(u.Remaining) {
			row = valuesOrDash(row, u.Remaining[i].Values)
		}
		w.Write(append(row, '\n'))
	}
	w.Flush()
	var assigned []planner.UtilizationAssignment
	for _, a := range u.Assignments {
		if len(a.Values) > 0 {
			assigned = append(assigned, a)
		}
	}
	if len(assigned) > 0 {
		b.WriteString("\n")
		w = tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		w.Write([]byte("RESOURCE\tNODE\tTAKES\n"))
		for _, a := range assigned {
			row := append(append(append([]byte(a.Resource), '\t'), a.Node...), '\t')
			w.Write(append(valuesOrDash(row, a.Values), '\n'))
		}
		w.Flush()
	}
	return b.Bytes()
}

func valuesOrDash(b []byte, values []planner.UtilizationValue) []byte {
	if len(values) == 0 {
		return append(b, '-')
	}
	// appendValues starts each value with a space: drop the first.
	return append(b, appendValues(nil, values)[1:]...)
}
