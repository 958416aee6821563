package planner

import (
	"reflect"
	"testing"

	"pcl/internal/testenv"
	"pcl/pcmk"
	"pcl/planner/model"
	"pcl/planner/transition"
)

// inputState is what of its input the transition could change and the
// result's views read: every node as it is, and each resource's state.
type inputState struct {
	nodes     []model.Node
	resources []resourceState
}

type resourceState struct {
	failed, stopFailed, startPending, blocked, managed bool
	role, nextRole                                     pcmk.Role
	assignedTo                                         int
}

func stateOf(in *model.Cluster) inputState {
	var s inputState
	for _, n := range in.Nodes {
		s.nodes = append(s.nodes, *n)
	}
	for _, r := range in.Resources {
		s.resources = append(s.resources, resourceState{r.Failed, r.StopFailed, r.StartPending, r.Blocked, r.Managed, r.Role, r.NextRole, r.AssignedTo})
	}
	return s
}

// TestTransitionWritesNothingOfItsInput: the planner builds the result's
// views of resources and nodes while the transition is made, from the
// same model, so the transition must change nothing of it (a guest it
// fences fails its container and makes the node unclean in its own copy,
// not in the model). Every corpus test of both releases.
func TestTransitionWritesNothingOfItsInput(t *testing.T) {
	for _, release := range testenv.Corpora {
		t.Run(release, func(t *testing.T) {
			c := testenv.CorpusOf(t, release)
			done := 0
			defer func() { t.Logf("%d compared", done) }()
			for _, ct := range c.Tests(t) {
				func() {
					defer func() {
						// A panic is TestCorpusNoPanic's to report.
						_ = recover()
					}()
					p := computeCorpusFor(t, c.Target, c.Dir, ct.Name, ct.Now)
					in := p.forTransition()
					before := stateOf(in)
					transition.Compute(in)
					done++
					if after := stateOf(in); !reflect.DeepEqual(before, after) {
						t.Errorf("%s: the transition changed its input's nodes or resources", ct.Name)
					}
				}()
			}
		})
	}
}
