package dot

import (
	"bytes"
	"fmt"

	"pcl/planner/transition"
)

// Transition writes the transition graph in crm_simulate's dot format:
// actions in the graph in bold green, required but unrunnable ones dashed
// red, pseudo-actions with an orange label; orderings that are graph
// inputs bold, others between drawn actions dashed.
func Transition(t *transition.Transition) []byte {
	var b bytes.Buffer
	b.WriteString(" digraph \"g\" {\n")
	drawn := make([]bool, len(t.Actions))
	for i := len(t.Actions) - 1; i >= 0; i-- {
		a := t.Actions[i]
		style, font, color := "dashed", "black", "black"
		if a.Is(transition.Pseudo) {
			font = "orange"
		}
		switch {
		case a.Is(transition.Dumped):
			style, color = "bold", "green"
		case !a.Managed():
			continue
		case a.Is(transition.Optional):
			continue
		default:
			color = "red"
		}
		drawn[i] = true
		fmt.Fprintf(&b, "\"%s\" [ style=%s color=\"%s\" fontcolor=\"%s\"]\n", t.ActionName(a), style, color, font)
	}
	for i := len(t.Actions) - 1; i >= 0; i-- {
		a := t.Actions[i]
		for j := len(a.Before) - 1; j >= 0; j-- {
			in := a.Before[j]
			style := "dashed"
			switch {
			case in.Dumped:
				style = "bold"
			case in.Type == transition.OrderNone:
				continue
			case drawn[in.Action] && drawn[i] && in.Type != transition.OrderLoad:
			default:
				continue
			}
			fmt.Fprintf(&b, "\"%s\" -> \"%s\" [ style = %s]\n", t.ActionName(t.Actions[in.Action]), t.ActionName(a), style)
		}
	}
	b.WriteString("}\n")
	return b.Bytes()
}
