package matrix

import (
	"fmt"
	"strings"
)

// quorumText says a column's quorum in a few words: "quorate (2 of 3
// votes, 2 needed)", "NO QUORUM (1 of 3 votes, 2 needed)", or, when the
// CIB's have-quorum was kept, "quorate as recorded"; "" when not known.
func (c *Column) quorumText() string {
	q := c.Quorum
	if q == nil || c.Err != "" {
		return ""
	}
	state := "quorate"
	if !q.Quorate {
		state = "NO QUORUM"
	}
	if !q.Recomputed {
		return state + " as recorded (have-quorum)"
	}
	return fmt.Sprintf("%s (%s)", state, q.Describe())
}

// quorumLost names the scenarios planned without quorum, in report
// order: what no-quorum-policy then does to every resource is in their
// cells and changes.
func (r *Report) quorumLost() string {
	var names []string
	for _, c := range r.Columns {
		if c.Quorum != nil && c.Err == "" && !c.Quorum.Quorate {
			names = append(names, fmt.Sprintf("%q", c.Name))
		}
	}
	if len(names) == 0 {
		return ""
	}
	return fmt.Sprintf("No quorum in %d of %d scenarios: %s.", len(names), len(r.Columns), strings.Join(names, ", "))
}

// baselineWithoutQuorum reports whether the baseline was planned without
// quorum: resources it stops then are never "running" to be lost, and a
// report of no single point of failure would be wrong.
func (r *Report) baselineWithoutQuorum() bool {
	b := r.Baseline
	return b != nil && b.Err == "" && b.Quorum != nil && !b.Quorum.Quorate
}

// jsonQuorum is a scenario's quorum in the JSON report.
type jsonQuorum struct {
	Quorate bool `json:"quorate"`
	// Recomputed is false when have-quorum is the CIB's, kept.
	Recomputed bool `json:"recomputed"`
	Votes      int  `json:"votes"`
	Expected   int  `json:"expected_votes"`
	Needed     int  `json:"needed"`
}

func (c *Column) jsonQuorum() *jsonQuorum {
	q := c.Quorum
	if q == nil || c.Err != "" {
		return nil
	}
	return &jsonQuorum{Quorate: q.Quorate, Recomputed: q.Recomputed, Votes: q.Votes, Expected: q.Expected, Needed: q.Needed}
}
