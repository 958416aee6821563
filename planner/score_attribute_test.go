package planner

import (
	"strings"
	"testing"

	"pcl/internal/testenv"
	"pcl/pcmk"
)

// TestScoreAttributeUnset: a location rule's score-attribute that a node
// does not have (n2), or whose value is no score (n3: "lots"). 2.1.5
// bans n2 (-INFINITY) and reads "lots" as 0; since 3.0.0 the rule leaves
// both nodes out (score_from_attr), so n2 is not banned. Lines checked
// against 2.1.5's and 3.0.0's crm_simulate -sQ.
func TestScoreAttributeUnset(t *testing.T) {
	cib := readCIB(t, "testdata/score-attribute-unset.xml")
	for _, tc := range []struct {
		target pcmk.Target
		want   []string
	}{
		{pcmk.NewTarget(pcmk.V2_1_5, pcmk.FromFlag), []string{
			"pcmk__primitive_assign: web allocation score on n1: 50",
			"pcmk__primitive_assign: web allocation score on n2: -INFINITY",
			"pcmk__primitive_assign: web allocation score on n3: 0"}},
		{pcmk.NewTarget(pcmk.V3_0_0, pcmk.FromFlag), []string{
			"pcmk__primitive_assign: web allocation score on n1: 50",
			"pcmk__primitive_assign: web allocation score on n2: 0",
			"pcmk__primitive_assign: web allocation score on n3: 0"}},
	} {
		p, _ := compute(cib, Options{Target: tc.target})
		missing, extra := testenv.MultisetDiff(tc.want, scoreLines(p))
		if len(missing)+len(extra) > 0 {
			t.Errorf("%s: missing %q, extra %q", tc.target, missing, extra)
		}
		if !tc.target.Since(pcmk.V3_0_0) {
			continue
		}
		// The explanation says why the rule does nothing on n2 and n3.
		for _, l := range p.Scores.All() {
			if l.Node == "n1" {
				continue
			}
			var said bool
			for _, c := range l.Trail {
				said = said || strings.Contains(c.Why.Text, "rule web-by-weight-rule of web-by-weight ignored here")
			}
			if !said {
				t.Errorf("%s on %s: the explanation does not say the rule is ignored there: %v", l.Resource, l.Node, l.Trail)
			}
		}
	}
}
