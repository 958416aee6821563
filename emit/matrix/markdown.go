package matrix

import (
	"fmt"
	"strconv"
	"strings"
)

// Markdown writes the report as a markdown document: the matrix as a
// table (resources whose placement is not the same everywhere), the
// single points of failure and each scenario's changes as lists.
func Markdown(r *Report) []byte {
	var b strings.Builder
	b.WriteString("# Failover matrix\n\n")
	b.WriteString(r.Target.Describe() + "\n\n")
	fmt.Fprintf(&b, "%s, %s.", plural(len(r.Columns), "scenario", "scenarios"), plural(len(r.Resources), "resource", "resources"))
	rowsIdx := r.varying()
	if omitted := len(r.Resources) - len(rowsIdx); omitted > 0 && len(rowsIdx) > 0 {
		fmt.Fprintf(&b, " %s that keep their node in every scenario are not shown.", plural(omitted, "resource", "resources"))
	}
	b.WriteString("\n\n")
	if len(rowsIdx) == 0 {
		b.WriteString("Every resource keeps its node in every scenario.\n")
	} else {
		g := r.grid(rowsIdx)
		row := func(label string, cells []string) {
			b.WriteString("| " + mdCell(label))
			for _, c := range cells {
				b.WriteString(" | " + mdCell(c))
			}
			b.WriteString(" |\n")
		}
		row(g.corner, g.headers)
		b.WriteString("|---" + strings.Repeat("|---", len(g.headers)) + "|\n")
		for i, label := range g.labels {
			row(label, g.cells[i])
		}
		if legend := r.legend(rowsIdx); legend != "" {
			b.WriteString("\n" + strings.ReplaceAll(mdCell(legend), "\n", "\n\n") + "\n")
		}
	}
	if len(r.Unknown) > 0 {
		b.WriteString("\n" + mdCell(r.unknownHeader()) + "\n\n")
		for _, item := range r.unknownItems() {
			b.WriteString("- " + mdCell(item) + "\n")
		}
	}

	b.WriteString("\n## Single points of failure\n\n")
	unassessed := r.unassessed()
	switch {
	case len(r.SPOFs) == 0 && r.baselineWithoutQuorum():
		b.WriteString("Not assessed: the baseline has no quorum, so what no-quorum-policy stops there is lost in every scenario.\n")
	case len(r.SPOFs) == 0 && unassessed == "":
		b.WriteString("None: every running resource keeps a node in every scenario.\n")
	case len(r.SPOFs) == 0 && r.planUnknown():
		b.WriteString(mdCell(upperFirst(unassessed)) + ".\n")
	case len(r.SPOFs) == 0:
		b.WriteString("None among the resources planned; " + mdCell(unassessed) + ".\n")
	}
	for _, s := range r.SPOFs {
		fmt.Fprintf(&b, "- `%s` is stopped or blocked in %d of %d scenarios:\n", s.Resource, len(s.Scenarios), len(r.Columns))
		for i, name := range s.Scenarios {
			fmt.Fprintf(&b, "  - %s: %s\n", mdCell(name), mdCell(s.Why[i]))
		}
	}
	if len(r.SPOFs) > 0 && unassessed != "" {
		b.WriteString("\n" + mdCell(upperFirst(unassessed)) + ".\n")
	}

	if lost := r.quorumLost(); lost != "" {
		b.WriteString("\n" + mdCell(lost) + "\n")
	}

	b.WriteString("\n## Scenarios\n")
	for _, c := range r.all() {
		title := c.Name
		if c == r.Baseline {
			title = "Baseline (the cluster as it is)"
		}
		fmt.Fprintf(&b, "\n### %s\n\n", mdCell(title))
		if c.Follows != "" {
			fmt.Fprintf(&b, "After %s.\n\n", mdCell(strconv.Quote(c.Follows)))
		}
		if c.Description != "" && c.Description != c.Name {
			fmt.Fprintf(&b, "%s.\n\n", mdCell(c.Description))
		}
		if q := c.quorumText(); q != "" {
			fmt.Fprintf(&b, "Quorum: %s.\n\n", mdCell(q))
		}
		switch {
		case c.Err != "":
			fmt.Fprintf(&b, "Could not be planned: %s\n", mdCell(c.Err))
		case len(c.Changes) == 0 && len(c.Returns) == 0:
			b.WriteString("No changes.\n")
		default:
			for _, ch := range c.Changes {
				fmt.Fprintf(&b, "- %s\n", mdCell(ch))
			}
			if len(c.Changes) == 0 {
				b.WriteString("No changes.\n")
			}
			if len(c.Returns) > 0 {
				fmt.Fprintf(&b, "\nWhat %s moved:\n\n", mdCell(strconv.Quote(c.Follows)))
			}
			for _, ret := range c.Returns {
				fmt.Fprintf(&b, "- %s\n", mdCell(ret.String()))
			}
		}
	}
	return []byte(b.String())
}

// mdCell escapes what would break a table cell or start markup.
func mdCell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ", "*", `\*`, "_", `\_`).Replace(s)
}

// upperFirst capitalises the first letter of a sentence.
func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
