package historytext

import (
	"bytes"
	"fmt"
	"strings"

	"pcl/emit/difftext"
	"pcl/history"
)

// Text writes the report for a terminal: one block per scheduler input,
// in order, with what changed since the input before and what the
// scheduler decided, each change of a resource with why.
func Text(r *history.Report) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%d scheduler inputs, in the order the scheduler read them.\n", len(r.Transitions))
	for _, t := range r.Transitions {
		writeTransition(&b, t)
	}
	return b.Bytes()
}

func writeTransition(b *bytes.Buffer, t *history.Transition) {
	fmt.Fprintf(b, "\n== %s", t.Input)
	var about []string
	if t.Date != "" {
		about = append(about, "at "+t.Date)
	}
	if t.Version != "" {
		about = append(about, "version "+t.Version)
	}
	if t.DC != "" {
		about = append(about, "DC "+t.DC)
	}
	if len(about) > 0 {
		fmt.Fprintf(b, " (%s)", strings.Join(about, ", "))
	}
	b.WriteString("\n")
	switch t.Kind {
	case "warn":
		b.WriteString("   The scheduler computed this transition with warnings (pe-warn).\n")
	case "error":
		b.WriteString("   The scheduler computed this transition with errors (pe-error).\n")
	}
	if t.Error != "" {
		fmt.Fprintf(b, "   not read: %s\n", t.Error)
		return
	}
	fmt.Fprintf(b, "   %s\n", t.Pacemaker.Describe())
	writeSince(b, t)
	writeDecided(b, t)
	if len(t.Unknown) > 0 {
		b.WriteString("   UNKNOWN: pcl does not compute exactly, so leaves out of the changes above:\n")
		for _, u := range t.Unknown {
			who := u.Resource
			if who == "" {
				who = "the whole plan"
			}
			fmt.Fprintf(b, "     %s: %s\n", who, u.Detail)
		}
	}
}

func writeSince(b *bytes.Buffer, t *history.Transition) {
	if t.First {
		b.WriteString("   The first input: there is nothing before it to compare with.\n")
		return
	}
	if len(t.Config)+len(t.Nodes)+len(t.Operations)+len(t.Attributes)+len(t.Tickets) == 0 {
		b.WriteString("   Since the input before: nothing changed in the configuration, the nodes, the operations' results, the node attributes or the tickets.\n")
		return
	}
	b.WriteString("   Since the input before:\n")
	if len(t.Config) > 0 {
		b.WriteString("     configuration:\n")
		for _, o := range t.Config {
			for _, line := range difftext.ObjectLines(o) {
				fmt.Fprintf(b, "       %s\n", line)
			}
		}
	}
	if len(t.Nodes) > 0 {
		b.WriteString("     nodes:\n")
		for _, n := range t.Nodes {
			fmt.Fprintf(b, "       %s %s (%s -> %s)\n", n.Node, n.Event, n.Before, n.After)
		}
	}
	if len(t.Operations) > 0 {
		b.WriteString("     operations recorded:\n")
		for _, op := range t.Operations {
			fmt.Fprintf(b, "       %s\n", opLine(op))
		}
	}
	if len(t.Attributes) > 0 {
		b.WriteString("     node attributes:\n")
		for _, a := range t.Attributes {
			fmt.Fprintf(b, "       %s %s: %s -> %s\n", a.Node, a.Name, value(a.Before), value(a.After))
		}
	}
	if len(t.Tickets) > 0 {
		b.WriteString("     tickets:\n")
		for _, tk := range t.Tickets {
			fmt.Fprintf(b, "       %s: %s -> %s\n", tk.Ticket, tk.Before, tk.After)
		}
	}
}

func value(v *string) string {
	if v == nil {
		return "(unset)"
	}
	return *v
}

func opLine(op history.OpEvent) string {
	name := op.Operation
	if op.IntervalMs > 0 {
		name += fmt.Sprintf(" every %dms", op.IntervalMs)
	}
	s := fmt.Sprintf("%s %s on %s: %s (rc %d)", op.Resource, name, op.Node, op.Result, op.RC)
	if op.ExitReason != "" {
		s += fmt.Sprintf(" %q", op.ExitReason)
	}
	if op.Failed {
		s += " FAILED"
	}
	if op.At != "" {
		s += " at " + op.At
	}
	return s
}

func writeDecided(b *bytes.Buffer, t *history.Transition) {
	if len(t.NodeActions)+len(t.Changes) == 0 {
		b.WriteString("   The scheduler decided: nothing to do.\n")
		return
	}
	b.WriteString("   The scheduler decided:\n")
	for _, a := range t.NodeActions {
		fmt.Fprintf(b, "     %s\n", a)
	}
	for _, c := range t.Changes {
		fmt.Fprintf(b, "     %s\n", changeLine(c))
		for _, op := range c.Failed {
			fmt.Fprintf(b, "       after: %s\n", opLine(op))
		}
		for _, o := range c.Configured {
			fmt.Fprintf(b, "       after: %s\n", o)
		}
		writeWhy(b, t, c)
	}
}

// changeLine is a summary line: "Move db: n1 -> n2 (due to ...)".
func changeLine(c history.Change) string {
	var s string
	switch {
	case c.From != "" && c.To != "" && c.From != c.To:
		s = fmt.Sprintf("%s %s: %s -> %s", c.Change, c.Resource, c.From, c.To)
	case c.From != "":
		s = fmt.Sprintf("%s %s on %s", c.Change, c.Resource, c.From)
	case c.To != "":
		s = fmt.Sprintf("%s %s on %s", c.Change, c.Resource, c.To)
	default:
		s = fmt.Sprintf("%s %s", c.Change, c.Resource)
	}
	if c.Role != "" || c.NextRole != "" {
		s += fmt.Sprintf(" (%s -> %s)", c.Role, c.NextRole)
	}
	if c.Reason != "" {
		s += " due to " + c.Reason
	}
	if c.Blocked {
		s += " (blocked)"
	}
	return s
}

func writeWhy(b *bytes.Buffer, t *history.Transition, c history.Change) {
	if len(c.Why) == 0 {
		return
	}
	if t.First {
		b.WriteString("       why (scores now):\n")
	} else {
		b.WriteString("       why (scores now, against the input before):\n")
	}
	for _, n := range c.Why {
		var marks []string
		if n.Was {
			marks = append(marks, "ran here")
		}
		if n.Chosen {
			marks = append(marks, "chosen")
		}
		if n.Unavailable != "" {
			marks = append(marks, "node "+n.Unavailable)
		}
		if n.UnavailableBefore != "" && !t.First {
			marks = append(marks, "node "+n.UnavailableBefore+" before")
		}
		line := fmt.Sprintf("%s: %s", n.Node, n.Score)
		switch {
		case t.First:
		case n.Before == "":
			line += ", no score before"
		case n.Before == n.Score:
			line += ", unchanged"
		default:
			line += ", was " + n.Before
		}
		if len(marks) > 0 {
			line += " (" + strings.Join(marks, ", ") + ")"
		}
		fmt.Fprintf(b, "         %s\n", line)
		sign := "+ "
		if t.First {
			sign = ""
		}
		for _, a := range n.Added {
			fmt.Fprintf(b, "           %s%-10s %s\n", sign, a.Value, a.Cause)
		}
		for _, r := range n.Removed {
			fmt.Fprintf(b, "           - %-10s %s (no longer)\n", r.Value, r.Cause)
		}
	}
}
