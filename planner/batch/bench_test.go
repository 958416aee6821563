package batch_test

import (
	"testing"

	"pcl/internal/synth"
	"pcl/planner"
	"pcl/planner/batch"
)

// BenchmarkEachNodeDown plans every single-node failure of a 1000-resource,
// 16-node cluster (16 scenarios and the baseline) per iteration.
func BenchmarkEachNodeDown(b *testing.B) {
	base := synth.Generate(synth.Params{Resources: 1000, Nodes: 16, Seed: 1})
	scenarios := batch.EachNodeDown(base)
	if len(scenarios) != 16 {
		b.Fatalf("%d scenarios, want 16", len(scenarios))
	}
	for _, trail := range []bool{false, true} {
		name := "no-trail"
		if trail {
			name = "explained"
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				res := batch.Run(base, scenarios, batch.Options{Planner: planner.Options{NoTrail: !trail}})
				for _, o := range res.Scenarios {
					if o.Err != nil {
						b.Fatal(o.Err)
					}
				}
			}
		})
	}
}

// BenchmarkEachNodePairDown plans every two-node failure of a
// 1000-resource, 16-node cluster (120 scenarios), each from the settled
// baseline, per iteration: the batch benchmark. The CLI's time and
// peak memory for the same batch are in docs/performance.md.
func BenchmarkEachNodePairDown(b *testing.B) {
	base := synth.Generate(synth.Params{Resources: 1000, Nodes: 16, Seed: 1})
	scenarios := batch.EachNodePairDown(base)
	if len(scenarios) != 120 {
		b.Fatalf("%d scenarios, want 120", len(scenarios))
	}
	b.ReportAllocs()
	for b.Loop() {
		res := batch.Run(base, scenarios, batch.Options{Planner: planner.Options{NoTrail: true}})
		for _, o := range res.Scenarios {
			if o.Err != nil {
				b.Fatal(o.Err)
			}
		}
	}
}
