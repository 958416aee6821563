package history_test

import (
	"testing"

	"pcl/emit/cibxml"
	"pcl/history"
	"pcl/internal/chain"
)

func explainChain(t *testing.T) *history.Report {
	t.Helper()
	files := failoverChain(t, len(chain.Failover()))
	rep, err := history.Explain(history.Read(files), history.Options{Write: cibxml.WriteConfig})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// change finds the change of rsc in t, failing the test without one.
func change(t *testing.T, tr *history.Transition, verb, rsc string) history.Change {
	t.Helper()
	for _, c := range tr.Changes {
		if c.Resource == rsc && c.Change == verb {
			return c
		}
	}
	t.Fatalf("%s: no %s of %s in %+v", tr.Input, verb, rsc, tr.Changes)
	return history.Change{}
}

func nodeScore(t *testing.T, c history.Change, node string) history.NodeScore {
	t.Helper()
	for _, n := range c.Why {
		if n.Node == node {
			return n
		}
	}
	t.Fatalf("%s %s: no score on %s in %+v", c.Change, c.Resource, node, c.Why)
	return history.NodeScore{}
}

// TestChainCauses checks, input by input, that each event of the chain
// is reported as the cause of what the scheduler did next.
func TestChainCauses(t *testing.T) {
	rep := explainChain(t)
	if len(rep.Transitions) != 6 {
		t.Fatalf("%d transitions, want 6", len(rep.Transitions))
	}
	tr := rep.Transitions
	for i, want := range []string{"pe-input-40.bz2", "pe-input-41.bz2", "pe-input-42.bz2", "pe-input-43.bz2", "pe-input-44.bz2", "pe-input-45.bz2"} {
		if tr[i].Input != want || tr[i].Error != "" {
			t.Fatalf("transition %d is %s (%s), want %s", i, tr[i].Input, tr[i].Error, want)
		}
	}
	if !tr[0].First || change(t, tr[0], "Start", "db").To != "n1" {
		t.Errorf("first input: %+v", tr[0])
	}
	if len(tr[1].Changes) != 0 {
		t.Errorf("the settled cluster: changes %+v", tr[1].Changes)
	}

	// n1 is lost: it is fenced and db leaves it because it is unclean.
	if len(tr[2].Nodes) != 1 || tr[2].Nodes[0].Node != "n1" || tr[2].Nodes[0].Event != "lost" {
		t.Errorf("n1 fails: node events %+v", tr[2].Nodes)
	}
	if len(tr[2].NodeActions) != 1 || tr[2].NodeActions[0] != "Fence (reboot) n1 'peer is no longer part of the cluster'" {
		t.Errorf("n1 fails: node actions %q", tr[2].NodeActions)
	}
	mv := change(t, tr[2], "Move", "db")
	if n1 := nodeScore(t, mv, "n1"); mv.From != "n1" || !n1.Was || n1.Unavailable != "unclean" || n1.Before != "100" {
		t.Errorf("db leaves n1: %+v", mv)
	}

	// n1 is back: db returns, for its location preference, now that n1
	// is no longer unclean.
	if len(tr[3].Nodes) != 1 || tr[3].Nodes[0].Event != "fenced, then joined" {
		t.Errorf("n1 back: node events %+v", tr[3].Nodes)
	}
	back := change(t, tr[3], "Move", "db")
	if n1 := nodeScore(t, back, "n1"); back.To != "n1" || !n1.Chosen || n1.UnavailableBefore != "unclean" || n1.Score != "100" {
		t.Errorf("db returns to n1: %+v", back)
	}

	// db's monitor fails on n1: it is recovered there, because of it.
	rec := change(t, tr[4], "Recover", "db")
	if len(rec.Failed) != 1 || rec.Failed[0].Operation != "monitor" || rec.Failed[0].RC != 7 || rec.Failed[0].Node != "n1" {
		t.Errorf("db's monitor fails: %+v", rec)
	}
	fails := 0
	for _, a := range tr[4].Attributes {
		if a.Node == "n1" && a.Name == "fail-count-db#monitor_10000" && a.After != nil && *a.After == "1" {
			fails++
		}
	}
	if fails != 1 {
		t.Errorf("db's monitor fails: attributes %+v", tr[4].Attributes)
	}

	// The location moves to n3: db follows, for the constraint.
	if len(tr[5].Config) != 1 || tr[5].Config[0].ID != "db-prefers-n1" || tr[5].Version != "0.6.0" {
		t.Errorf("reconfigured: %+v (version %s)", tr[5].Config, tr[5].Version)
	}
	mv = change(t, tr[5], "Move", "db")
	n3 := nodeScore(t, mv, "n3")
	if mv.To != "n3" || len(n3.Added) != 1 || n3.Added[0].Cause != "db-prefers-n1" || n3.Before != "0" {
		t.Errorf("db follows its location to n3: %+v", mv)
	}
	if n1 := nodeScore(t, mv, "n1"); len(n1.Removed) != 1 || n1.Removed[0].Cause != "db-prefers-n1" {
		t.Errorf("db leaves n1: %+v", n1)
	}

	// Asking about one resource keeps its transitions only.
	about := rep.About("db")
	if len(about.Transitions) != 5 {
		t.Errorf("About(db): %d transitions, want 5", len(about.Transitions))
	}
	for _, tr := range about.Transitions {
		for _, c := range tr.Changes {
			if c.Resource != "db" {
				t.Errorf("About(db) keeps %s in %s", c.Resource, tr.Input)
			}
		}
	}
}

// The inputs are ordered by execution-date, whatever the order given and
// their numbers (a new DC numbers from its own counter), and an input
// given twice is read once.
func TestOrder(t *testing.T) {
	files := failoverChain(t, 3)
	// The DC changed: the last input is numbered lower than the others.
	files[3].Name = "pe-input-2.bz2"
	shuffled := []history.File{files[3], files[1], files[0], files[2], files[1]}
	inputs := history.Read(shuffled)
	var got []string
	for _, in := range inputs {
		got = append(got, in.Name)
	}
	want := []string{"pe-input-40.bz2", "pe-input-41.bz2", "pe-input-42.bz2", "pe-input-2.bz2"}
	if len(got) != len(want) {
		t.Fatalf("order %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("order %q, want %q", got, want)
		}
	}
}
