package plantext

import (
	"bytes"
	"fmt"
	"strings"

	"pcl/pcmk"
	"pcl/planner/transition"
)

// ExecutedLines are the "Executing Cluster Transition:" items of
// crm_simulate -S, one per action the transition engine runs, in order:
// "Resource action: web             start on n1", "Pseudo action:   grp_running_0",
// "Fencing n2 (reboot)", "Cluster action:  do_shutdown on n1".
func ExecutedLines(t *transition.Transition, e *transition.Execution) []string {
	out := make([]string, 0, len(e.Fired))
	for _, st := range e.Fired {
		a := st.Action
		node := t.NodeName(a.Node)
		switch st.Kind() {
		case transition.StepPseudo:
			if a.Task == pcmk.TaskStonith && a.Node != transition.NoNode {
				// A guest's fencing is a pseudo-action, and names its
				// node as every fencing action does.
				out = append(out, "Pseudo action:   "+t.GraphKey(a)+" on "+node)
				continue
			}
			out = append(out, "Pseudo action:   "+t.GraphKey(a))
		case transition.StepFencing:
			out = append(out, fmt.Sprintf("Fencing %s (%s)", node, a.FenceOp))
		case transition.StepCluster:
			if st.Resource != "" {
				out = append(out, fmt.Sprintf("Cluster action:  %s for %s on %s", a.Task, st.HistoryName, node))
			} else {
				out = append(out, fmt.Sprintf("Cluster action:  %s on %s", a.Task, node))
			}
		default:
			if !st.Recorded() && a.Task != pcmk.TaskDelete && a.Task != pcmk.TaskMetaData {
				continue // probe_again: run, but neither shown nor recorded
			}
			task := a.Task
			if a.IntervalMs != 0 {
				out = append(out, fmt.Sprintf("Resource action: %-15s %s=%d on %s", st.Resource, task, a.IntervalMs, node))
			} else {
				out = append(out, fmt.Sprintf("Resource action: %-15s %s on %s", st.Resource, task, node))
			}
		}
	}
	return out
}

// CRMSimulateExecuted writes the "Executing Cluster Transition:" section
// as crm_simulate -S does, and, when the engine stalls, the error lines it
// prints.
func CRMSimulateExecuted(t *transition.Transition, e *transition.Execution) []byte {
	var b bytes.Buffer
	b.WriteString("Executing Cluster Transition:\n")
	for _, l := range ExecutedLines(t, e) {
		b.WriteString("  * " + strings.TrimRight(l, " ") + "\n")
	}
	if !e.Complete() {
		b.WriteString("Transition failed: terminated\nAn invalid transition was produced\n")
	}
	return b.Bytes()
}
