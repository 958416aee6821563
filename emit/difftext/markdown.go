package difftext

import (
	"bytes"
	"fmt"
	"strings"

	"pcl/cibdiff"
	"pcl/emit/plantext"
)

// Markdown writes d for a review comment: a table of the objects that
// differ, each object's fields as a list, then the placement changes and
// the plan in a code block.
func Markdown(d *cibdiff.Diff, names Names) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "### Configuration: `%s` → `%s`\n\n", names.Old, names.New)
	if !d.Differs() {
		b.WriteString("The configurations are the same.\n")
	} else {
		b.WriteString("| change | kind | id | note |\n|---|---|---|---|\n")
		for _, o := range d.Objects {
			note := o.Leftover
			if o.Parent != "" {
				note = strings.TrimSpace("in " + o.Parent + " " + note)
			}
			fmt.Fprintf(&b, "| %s | %s | `%s` | %s |\n", changeWord(o, names), o.Kind, o.ID, cell(note))
		}
		for _, o := range d.Objects {
			fmt.Fprintf(&b, "\n**%s `%s`** (%s)\n\n", o.Kind, o.ID, changeWord(o, names))
			for _, f := range o.Fields {
				fmt.Fprintf(&b, "- `%s`\n", fieldLine(o, f))
			}
		}
	}
	b.WriteString("\n### What the cluster would do differently\n\n")
	if d.Plan == nil {
		fmt.Fprintf(&b, "Not computed: %s.\n", d.NoPlan)
		return b.Bytes()
	}
	if len(d.Placements) == 0 {
		b.WriteString("No resource is placed differently.\n")
	} else {
		b.WriteString("| resource | now | after | note |\n|---|---|---|---|\n")
		for _, p := range d.Placements {
			note := p.Why
			if p.Unknown != "" {
				note = "**unknown**: " + p.Unknown
			}
			fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", p.Resource, orStopped(p.Old), orStopped(p.New), cell(note))
		}
	}
	fmt.Fprintf(&b, "\nPlan of `%s` over the status of `%s`:\n\n```\n%s```\n", names.New, names.Old, plantext.Text(d.Plan))
	return b.Bytes()
}

func orStopped(n string) string {
	if n == "" {
		return "stopped"
	}
	return n
}

// cell escapes a table cell's pipes.
func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
