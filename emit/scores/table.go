package scores

import (
	"bytes"
	"fmt"
	"strings"
	"text/tabwriter"

	"pcl/planner"
)

// Table renders resources as rows and nodes as columns; the chosen node's
// cell is marked with "*", and "-" marks a node the resource does not
// consider at all. Group members are indented under their group.
func Table(res *planner.Result) []byte {
	var b bytes.Buffer
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	final := finalLines(res)
	row := []byte("RESOURCE")
	for _, n := range res.Nodes {
		row = append(append(row, '\t'), n.Uname...)
	}
	row = append(row, "\tPLACED\n"...)
	w.Write(row)
	for _, r := range res.Resources {
		row = row[:0]
		if r.Parent != nil {
			row = append(row, "  "...)
		}
		row = append(row, r.ID...)
		chosen := displayNode(res, r)
		lines := final[r.ID]
		for i, n := range res.Nodes {
			row = append(row, '\t')
			if n.Uname == chosen {
				row = append(row, '*')
			}
			if lines != nil && lines[i] != nil {
				row, _ = lines[i].Score.AppendText(row)
			} else {
				row = append(row, '-')
			}
		}
		placed := chosen
		if placed == "" {
			placed = "(stopped)"
		}
		row = append(append(append(row, '\t'), placed...), '\n')
		w.Write(row)
	}
	w.Flush()
	if unsupported := notPlaced(res); len(unsupported) > 0 {
		fmt.Fprintf(&b, "\nnot placed (clones and bundles are not supported yet): %s\n", strings.Join(unsupported, ", "))
	}
	return b.Bytes()
}
