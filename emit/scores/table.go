package scores

import (
	"bytes"
	"text/tabwriter"

	"pcl/planner"
)

// Table renders resources as rows and nodes as columns; the chosen node's
// cell is marked with "*", and "-" marks a node the resource does not
// consider at all. Group members are indented under their group. A
// resource the planner cannot compute (Result.Unknown) has "?" in every
// cell and "unknown" for its node, and the lines under the table say
// why, one for each entry of Result.Unknown. With the utilization report
// (planner.Options.Utilization), UtilizationTable follows.
func Table(res *planner.Result) []byte {
	var b bytes.Buffer
	b.WriteString(res.Target.Describe() + "\n")
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	final := finalLines(res)
	row := []byte("RESOURCE")
	for _, n := range res.Nodes {
		row = append(append(row, '\t'), n.Uname...)
	}
	row = append(row, "\tPLACED\n"...)
	w.Write(row)
	for _, r := range rows(res) {
		row = row[:0]
		for range depth(r) {
			row = append(row, "  "...)
		}
		row = append(row, r.ID...)
		if _, unknown := res.IsUnknown(r.ID); unknown {
			// Its scores leave out what the planner does not model:
			// they are not Pacemaker's, and neither is its node.
			for range res.Nodes {
				row = append(row, "\t?"...)
			}
			row = append(row, "\tunknown\n"...)
			w.Write(row)
			continue
		}
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
	if len(res.Unknown) > 0 {
		b.WriteString("\n")
		for _, u := range res.Unknown {
			b.WriteString(unknownLine(u) + "\n")
		}
	}
	b.Write(UtilizationTable(res))
	return b.Bytes()
}
