package batch_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pcl/importer"
	"pcl/internal/testenv"
	"pcl/pcmk"
	"pcl/planner"
	"pcl/planner/batch"
)

var settleRoundsStep = flag.Int("settle-rounds-step", 12, "TestSettleRoundsMatchCRMSimulate checks one in N corpus tests whose executed actions match, chosen by a hash of the name (1: all)")

// settleRounds is the bound the batch runs the baseline's transitions to,
// as pcl plan --batch does.
const settleRounds = 10

// TestSettleRoundsMatchCRMSimulate is how a batch's baseline settles: the
// scheduler runs again after each transition until one changes nothing
// (crm_simulate -S -O, again on what it wrote, until a transition leaves
// every resource where and in the role it was). The number of transitions and the cluster the last
// leaves are the batch's (1 + len(Outcome.Later), Outcome.After).
func TestSettleRoundsMatchCRMSimulate(t *testing.T) {
	sim := simulator{path: testenv.Tool(t, "crm_simulate")}
	if testing.Short() {
		t.Skip("slow: runs crm_simulate until each cluster settles")
	}
	settleRoundsMatch(t, sim, testenv.CorpusOf(t, "2.1.5"), filepath.Join("2.1.5", "executed.txt"), t.TempDir())
}

// TestSettleRoundsMatchCRMSimulate30 is the same for 3.0 against 3.0.0's
// crm_simulate on the 3.0.1 corpus.
func TestSettleRoundsMatchCRMSimulate30(t *testing.T) {
	oracle := testenv.Tool30(t)
	if testing.Short() {
		t.Skip("slow: runs crm_simulate until each cluster settles")
	}
	work := oracle.TempDir(t, "pcl-settle-")
	sim := simulator{oracle: oracle, target: pcmk.NewTarget(pcmk.V3_0_0, pcmk.FromFlag)}
	settleRoundsMatch(t, sim, testenv.CorpusOf(t, "3.0"), filepath.Join("3.0", "executed.txt"), work)
}

func settleRoundsMatch(t *testing.T, sim simulator, corpus *testenv.Corpus, executedList, work string) {
	listed, err := os.ReadFile(filepath.Join(testenv.ModuleRoot(), "testdata", "ratchet", executedList))
	if err != nil {
		t.Fatal(err)
	}
	// Every cluster with a bundle or a guest node, where settling takes
	// more than one transition most often, and a sample of the rest; and
	// a bundle promoted once its guest node is up (testdata).
	files := map[string]string{"bundle-promotes-later": filepath.Join("testdata", "bundle-promotes-later.xml")}
	names := []string{"bundle-promotes-later"}
	for _, name := range strings.Fields(string(listed)) {
		if sampled(name, *settleRoundsStep) || strings.HasPrefix(name, "bundle-") || strings.HasPrefix(name, "whitebox-") {
			files[name] = filepath.Join(corpus.Dir, "xml", name+".xml")
			names = append(names, name)
		}
	}
	checked, multi, agree := 0, 0, 0
	for _, name := range names {
		data, err := os.ReadFile(files[name])
		if err != nil {
			t.Fatal(err)
		}
		cib, diags := importer.Read(name+".xml", data)
		if diags.HasErrors() {
			t.Fatalf("%s: %v", name, diags)
		}
		if cib.Status == nil || len(cib.Status.Nodes) == 0 {
			continue
		}
		if _, unknown := planOf(cib, sim.target).PlanUnknown(); unknown {
			continue
		}
		// crm_simulate, transition after transition, until one leaves
		// every resource where it was.
		path := filepath.Join(work, name+".xml")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		rounds, stable, ok := 0, false, true
		var prev []string
		for rounds < settleRounds && !stable {
			next := filepath.Join(work, fmt.Sprintf("%s-%d.xml", name, rounds+1))
			if _, ok = simulate(t, sim, "-x", path, "-S", "-Q", "-O", next); !ok {
				break
			}
			now := simulatedRunning(t, sim, next)
			if stable = rounds > 0 && slices.Equal(now, prev); !stable {
				path, prev = next, now
				rounds++
			}
		}
		if !ok {
			continue
		}
		checked++
		res := batch.Run(cib, nil, batch.Options{Planner: planner.Options{Target: sim.target, NoTrail: true}, SettleRounds: settleRounds})
		base := res.Baseline
		if base.Err != nil {
			t.Errorf("%s: %v", name, base.Err)
			continue
		}
		got := 1 + len(base.Later)
		if got > 1 || rounds > 1 {
			multi++
		}
		if declared := declaredUnknown(base.Result); declared != "" {
			t.Logf("%s: not compared: pcl reports %s unknown", name, declared)
			continue
		}
		if got != rounds || base.Unsettled != !stable {
			t.Errorf("%s: pcl settles in %d transitions (unsettled %v), crm_simulate in %d (unsettled %v)", name, got, base.Unsettled, rounds, !stable)
			continue
		}
		want, have := simulatedRunning(t, sim, path), runningLines(base.After)
		if strings.Join(want, "\n") != strings.Join(have, "\n") {
			if why, known := knownSettledDifferences[name+", settled"]; known {
				t.Logf("%s: known difference in the settled cluster: %s", name, why)
				continue
			}
			t.Errorf("%s: the settled cluster differs from crm_simulate's after %d transitions", name, rounds)
			testenv.LogLineDiff(t, have, want)
			continue
		}
		agree++
	}
	t.Logf("%d of %d corpus clusters settle as crm_simulate settles them (%d take more than one transition)", agree, checked, multi)
}
