package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"pcl/planner"
)

// unknownWarning is the warning that res holds resources, or a whole
// plan, the planner cannot compute (Result.Unknown): one diagnostic naming
// each of them with the construct responsible. Every format of pcl scores,
// pcl plan and pcl graph transition prints it on stderr; for the formats
// whose stdout keeps crm_simulate's lines (crm_simulate, dot) it is the
// only sign that those lines are not the whole story. nil when everything
// is exact.
func unknownWarning(res *planner.Result) hcl.Diagnostics {
	if res == nil || len(res.Unknown) == 0 {
		return nil
	}
	var what, constructs, lines []string
	resources := 0
	for _, u := range res.Unknown {
		name := u.Resource
		if name == "" {
			name = "the whole plan"
			what = append(what, name)
		} else {
			resources++
		}
		if !slices.Contains(constructs, u.Construct) {
			constructs = append(constructs, u.Construct)
		}
		lines = append(lines, fmt.Sprintf("- %s (%s): %s", name, u.Construct, u.Detail))
	}
	if resources == 1 {
		what = append(what, "1 resource")
	} else if resources > 1 {
		what = append(what, fmt.Sprintf("%d resources", resources))
	}
	return hcl.Diagnostics{{
		Severity: hcl.DiagWarning,
		Summary:  fmt.Sprintf("Not computed: %s (%s)", strings.Join(what, " and "), strings.Join(constructs, ", ")),
		Detail: "The planner cannot compute these exactly yet; each line below says what of them is unknown (their placement and scores, or their actions). " +
			"Table, text and JSON output mark them unknown; crm_simulate and dot output keep Pacemaker's format " +
			"and cannot, so what they show of them is not exact.\n" + strings.Join(lines, "\n"),
	}}
}
