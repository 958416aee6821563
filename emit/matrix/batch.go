package matrix

import "pcl/planner/batch"

// FromBatch makes the report of a planned batch: its baseline (when it
// was planned) and its scenarios, in the batch's order.
func FromBatch(res *batch.Result) *Report {
	runs := make([]*Run, len(res.Scenarios))
	for i, o := range res.Scenarios {
		runs[i] = fromOutcome(o)
	}
	return Build(fromOutcome(res.Baseline), runs)
}

// fromOutcome is one planned scenario as a report column's input. A
// scenario that changes nothing describes itself as "no change", which
// says nothing the column's name and cells do not: it gets no
// description.
func fromOutcome(o *batch.Outcome) *Run {
	if o == nil {
		return nil
	}
	desc := o.Scenario.String()
	if desc == "no change" {
		desc = ""
	}
	q := o.Quorum
	run := &Run{Name: o.Scenario.Name, Description: desc, Err: o.Err, Result: o.Result, Execution: o.Execution, After: o.After, Quorum: &q, Follows: o.Scenario.After, Unsettled: o.Unsettled}
	for _, l := range o.Later {
		run.Later = append(run.Later, &Run{Name: l.Scenario.Name, Err: l.Err, Result: l.Result, Execution: l.Execution, After: l.After})
	}
	return run
}
