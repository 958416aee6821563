package plantext

import (
	"bytes"
	"fmt"
	"strings"

	"pcl/planner/transition"
)

// SummaryLines gives the transition summary's list items as crm_simulate
// prints them after "Transition Summary:" (without the leading "  * ").
func SummaryLines(t *transition.Transition) []string {
	var lines []string
	for _, a := range t.NodeActions() {
		lines = append(lines, a)
	}
	rscWidth, detailWidth := 5, 5
	type row struct {
		c       transition.Change
		details string
		reason  string
	}
	var rows []row
	for _, c := range t.Changes {
		if len(c.Resource) > rscWidth {
			rscWidth = len(c.Resource) + 2
		}
		d := details(t, c)
		if len(d) > detailWidth {
			detailWidth = len(d)
		}
		reason := ""
		switch {
		case c.Reason != "" && c.Blocked:
			reason = "due to " + c.Reason + " (blocked)"
		case c.Reason != "":
			reason = "due to " + c.Reason
		case c.Blocked:
			reason = "blocked"
		}
		rows = append(rows, row{c, d, reason})
	}
	for _, r := range rows {
		line := fmt.Sprintf("%-8s   %-*s   ( %*s )", r.c.Verb, rscWidth, r.c.Resource, detailWidth, r.details)
		if r.reason != "" {
			line += "  " + r.reason
		}
		lines = append(lines, line)
	}
	return lines
}

func details(t *transition.Transition, c transition.Change) string {
	origin, dest := t.NodeName(c.From), t.NodeName(c.To)
	sameHost := c.From != transition.NoNode && c.From == c.To
	sameRole := c.Role == c.NextRole
	switch {
	case c.NeedRole && c.From == transition.NoNode:
		return fmt.Sprintf("%s -> %s %s", c.Role, c.NextRole, dest)
	case c.From == transition.NoNode:
		return dest
	case c.NeedRole && c.To == transition.NoNode:
		return fmt.Sprintf("%s %s", c.Role, origin)
	case c.To == transition.NoNode:
		return origin
	case c.NeedRole && sameRole && sameHost:
		return fmt.Sprintf("%s %s", c.Role, origin)
	case sameRole && sameHost:
		return origin
	case c.NeedRole && sameRole:
		return fmt.Sprintf("%s -> %s %s", origin, dest, c.Role)
	case sameRole:
		return origin + " -> " + dest
	case sameHost:
		return fmt.Sprintf("%s -> %s %s", c.Role, c.NextRole, origin)
	}
	return fmt.Sprintf("%s %s -> %s %s", c.Role, origin, c.NextRole, dest)
}

// CRMSimulate writes the "Transition Summary:" section as crm_simulate -s
// does.
func CRMSimulate(t *transition.Transition) []byte {
	var b bytes.Buffer
	b.WriteString("Transition Summary:\n")
	for _, l := range SummaryLines(t) {
		b.WriteString("  * " + strings.TrimRight(l, " ") + "\n")
	}
	return b.Bytes()
}
