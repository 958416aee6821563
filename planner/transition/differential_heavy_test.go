package transition_test

import (
	"testing"

	"pcl/internal/synth"
	"pcl/pcmk"
)

// TestDifferentialHeavy compares pcl's transition graph and summary with
// crm_simulate 2.1.5's on synth.HeavyGenerators'
// clusters (seeds 1 to -heavy-seeds), the passing seeds ratcheted in
// testdata/ratchet/2.1.5/differential-transition-NAME.txt.
func TestDifferentialHeavy(t *testing.T) {
	for _, g := range synth.HeavyGenerators {
		t.Run(g.Name, func(t *testing.T) {
			runDifferentialFor(t, pcmk.Target{}, simulate215(t), "2.1.5/differential-transition-"+g.Name, g.Name, g.Gen, *heavySeeds, false)
		})
	}
}
