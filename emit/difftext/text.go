package difftext

import (
	"bytes"
	"fmt"

	"pcl/cibdiff"
	"pcl/emit/plantext"
)

// Names are what the two sides are called in a report ("policy/",
// "live cluster", "cib.xml").
type Names struct {
	Old, New string
	// Live is set when OLD is the running cluster's CIB.
	Live bool
}

// Text writes d for a terminal: each object that differs with its fields,
// then the placement changes and the plan of NEW over OLD's status.
func Text(d *cibdiff.Diff, names Names) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "--- %s\n+++ %s\n", names.Old, names.New)
	if !d.Differs() {
		b.WriteString("\nThe configurations are the same.\n")
	}
	for _, o := range d.Objects {
		fmt.Fprintf(&b, "\n%s\n", heading(o, names))
		for _, f := range o.Fields {
			fmt.Fprintf(&b, "    %s\n", fieldLine(o, f))
		}
	}
	b.WriteString("\nWhat the cluster would do differently:\n")
	if d.Plan == nil {
		fmt.Fprintf(&b, "  not computed: %s.\n", d.NoPlan)
		return b.Bytes()
	}
	if len(d.Placements) == 0 {
		b.WriteString("  placement: no resource is placed differently.\n")
	} else {
		b.WriteString("  placement:\n")
		for _, p := range d.Placements {
			fmt.Fprintf(&b, "    %s\n", placementLine(p))
		}
	}
	fmt.Fprintf(&b, "  plan of %s over the status of %s:\n", names.New, names.Old)
	for _, line := range bytes.Split(bytes.TrimRight(plantext.Text(d.Plan), "\n"), []byte("\n")) {
		fmt.Fprintf(&b, "    %s\n", line)
	}
	return b.Bytes()
}
