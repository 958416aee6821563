package transition_test

import (
	"bytes"
	"testing"

	"pcl/emit/dot"
	"pcl/internal/synth"
	"pcl/internal/testenv"
	"pcl/pcmk"
	"pcl/planner"
	"pcl/planner/transition"
)

// TestGraphPassesInParallel checks that the graph passes give the same
// graph split among processors as run in one: on a generated cluster large
// enough to have every kind of input, and on the corpus tests of tiers 0
// and 1 (far below the size that splits them otherwise).
func TestGraphPassesInParallel(t *testing.T) {
	graphs := func(min int) map[string][]byte {
		defer transition.SetParallelMin(transition.SetParallelMin(min))
		out := map[string][]byte{}
		cib := synth.Generate(synth.Params{Resources: 300, Nodes: 8, Seed: 3})
		res, diags := planner.Schedule(cib, planner.Options{Transition: true})
		if diags.HasErrors() {
			t.Fatal(diags.Error())
		}
		out["synth"] = dot.Transition(res.Transition)
		if testing.Short() {
			return out
		}
		c := testenv.CorpusOf(t, "2.1.5")
		dir, tests := c.Dir, corpusTests(t, c, testenv.Tier(t, 0, 1))
		for _, ct := range tests {
			if tr, ok := computeCorpus(t, pcmk.Target{}, dir, ct); ok {
				out[ct.Name] = dot.Transition(tr)
			}
		}
		return out
	}
	one, split := graphs(1<<30), graphs(0)
	if len(one) != len(split) {
		t.Fatalf("%d graphs in one pass, %d split", len(one), len(split))
	}
	for name, g := range one {
		if !bytes.Equal(g, split[name]) {
			t.Errorf("%s: the graph differs when its passes are split among processors", name)
		}
	}
}
