package matrix

import (
	"fmt"
	"strconv"
	"strings"
)

// Text writes the report for a terminal of the given width (columns; 80
// when not positive): the failover matrix of the resources whose
// placement is not the same everywhere, split into pages of columns that
// fit (or transposed, scenarios as rows, when that needs fewer pages),
// then the single points of failure, then each scenario's changes.
func Text(r *Report, width int) []byte {
	if width <= 0 {
		width = 80
	}
	var b strings.Builder
	cols := r.all()
	rowsIdx := r.varying()
	fmt.Fprintf(&b, "Failover matrix: %s, %s", plural(len(r.Columns), "scenario", "scenarios"), plural(len(r.Resources), "resource", "resources"))
	b.WriteString("\n" + r.Target.Describe() + "\n")
	if omitted := len(r.Resources) - len(rowsIdx); omitted > 0 && len(rowsIdx) > 0 {
		fmt.Fprintf(&b, "%s that keep their node in every scenario are not shown.\n", plural(omitted, "resource", "resources"))
	}
	b.WriteString("\n")
	switch {
	case len(cols) == 0:
		b.WriteString("No scenarios.\n")
	case len(rowsIdx) == 0:
		b.WriteString("Every resource keeps its node in every scenario.\n")
	default:
		g := r.grid(rowsIdx)
		if t := g.transpose(); len(t.pages(width)) < len(g.pages(width)) {
			g = t
		}
		g.render(&b, width)
		if legend := r.legend(rowsIdx); legend != "" {
			b.WriteString("\n" + legend + "\n")
		}
	}
	if len(r.Unknown) > 0 {
		b.WriteString("\n" + r.unknownHeader() + "\n")
		for _, item := range r.unknownItems() {
			b.WriteString("  " + item + "\n")
		}
	}

	b.WriteString("\n")
	unassessed := r.unassessed()
	switch {
	case len(r.SPOFs) == 0 && r.baselineWithoutQuorum():
		b.WriteString("Single points of failure: not assessed: the baseline has no quorum, so what no-quorum-policy stops there is lost in every scenario.\n")
	case len(r.SPOFs) == 0 && unassessed == "":
		b.WriteString("Single points of failure: none; every running resource keeps a node in every scenario.\n")
	case len(r.SPOFs) == 0 && r.planUnknown():
		fmt.Fprintf(&b, "Single points of failure: %s.\n", unassessed)
	case len(r.SPOFs) == 0:
		fmt.Fprintf(&b, "Single points of failure: none among the resources planned; %s.\n", unassessed)
	default:
		fmt.Fprintf(&b, "Single points of failure: %s in some scenario\n", plural(len(r.SPOFs), "resource stops", "resources stop"))
		for _, s := range r.SPOFs {
			fmt.Fprintf(&b, "  %s is stopped or blocked in %d of %d scenarios:\n", s.Resource, len(s.Scenarios), len(r.Columns))
			for i, name := range s.Scenarios {
				fmt.Fprintf(&b, "    %s: %s\n", name, s.Why[i])
			}
		}
		if unassessed != "" {
			fmt.Fprintf(&b, "  %s.\n", unassessed)
		}
	}

	if lost := r.quorumLost(); lost != "" {
		b.WriteString("\n" + lost + "\n")
	}

	for _, c := range r.all() {
		b.WriteString("\n")
		title := "Scenario " + strconv.Quote(c.Name)
		if c == r.Baseline {
			title = "Baseline (the cluster as it is)"
		}
		if d := c.describe(); d != "" {
			title += " (" + d + ")"
		}
		if q := c.quorumText(); q != "" {
			title += ", " + q
		}
		switch {
		case c.Err != "":
			fmt.Fprintf(&b, "%s: could not be planned: %s\n", title, c.Err)
		case len(c.Changes) == 0 && len(c.Returns) == 0:
			fmt.Fprintf(&b, "%s: no changes\n", title)
		default:
			fmt.Fprintf(&b, "%s:\n", title)
			for _, ch := range c.Changes {
				fmt.Fprintf(&b, "  %s\n", ch)
			}
			if len(c.Changes) == 0 {
				b.WriteString("  no changes\n")
			}
			for _, ret := range c.Returns {
				fmt.Fprintf(&b, "  => %s\n", ret)
			}
		}
	}
	return []byte(b.String())
}

func itoa(n int) string { return strconv.Itoa(n) }

// plural writes a count with the singular or plural words.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return itoa(n) + " " + many
}

// describe is what a scenario's title says after its name: what it
// changes, and the scenario it follows.
func (c *Column) describe() string {
	var parts []string
	if c.Follows != "" {
		parts = append(parts, "after "+strconv.Quote(c.Follows))
	}
	if c.Description != "" && c.Description != c.Name {
		parts = append(parts, c.Description)
	}
	return strings.Join(parts, ": ")
}
