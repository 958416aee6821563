package batch_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"pcl/emit/plantext"
	"pcl/importer"
	"pcl/internal/synth"
	"pcl/internal/testenv"
	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner"
	"pcl/planner/batch"
	"pcl/planner/scenario"
)

// TestEachRemoteLostMatchesCRMSimulate plans every scenario
// batch.EachRemoteLost makes of synth.RemoteCIB's clusters (seeds 1 to 30:
// remote connections and guest containers failing where they run) and
// compares the transition summary with crm_simulate 2.1.5's with the same
// injection (-i). A scenario that differs where pcl reports an Unknown is
// declared unknown and passes; the scenarios that pass are ratcheted in
// testdata/ratchet/2.1.5/batch-remote-lost.txt.
func TestEachRemoteLostMatchesCRMSimulate(t *testing.T) {
	sim := testenv.Tool(t, "crm_simulate")
	remoteLostMatches(t, pcmk.Target{}, "2.1.5/batch-remote-lost", func(src []byte, flags []string) ([]byte, error) {
		path := filepath.Join(t.TempDir(), "cib.xml")
		if err := os.WriteFile(path, src, 0o644); err != nil {
			t.Fatal(err)
		}
		return exec.Command(sim, append([]string{"-x", path, "-R"}, flags...)...).Output()
	})
}

// TestEachRemoteLostMatchesCRMSimulate30 is the same planned for 3.0.0
// against 3.0.0's crm_simulate (testdata/ratchet/3.0/batch-remote-lost.txt).
func TestEachRemoteLostMatchesCRMSimulate30(t *testing.T) {
	oracle := testenv.Tool30(t)
	remoteLostMatches(t, pcmk.NewTarget(pcmk.V3_0_0, pcmk.FromFlag), "3.0/batch-remote-lost", func(src []byte, flags []string) ([]byte, error) {
		out, _, err := oracle.Run(t, src, "crm_simulate", append([]string{"-x", "CIB", "-R"}, flags...)...)
		return out, err
	})
}

func remoteLostMatches(t *testing.T, target pcmk.Target, ratchet string, simulate func(src []byte, flags []string) ([]byte, error)) {
	if testing.Short() {
		t.Skip("slow: runs crm_simulate once per remote node of each cluster")
	}
	results := map[string]bool{}
	var wrong, unknown []string
	for seed := uint64(1); seed <= 30; seed++ {
		src := []byte(synth.RemoteCIB(seed))
		cib, diags := importer.Read("remote.xml", src)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		for _, sc := range batch.EachRemoteLost(cib) {
			name := fmt.Sprintf("remote-%03d/%s", seed, strings.Fields(sc.Name)[0])
			var flags []string
			for _, in := range sc.Injections {
				if in.Kind != ir.InjectOp {
					t.Fatalf("%s: injection %v is not an operation", name, in.Kind)
				}
				flags = append(flags, "-i", fmt.Sprintf("%s_%s_%d@%s=%d", in.Resource, in.Operation, in.IntervalMs, in.Node, in.RC))
			}
			out, err := simulate(src, flags)
			if err != nil {
				t.Logf("%s: crm_simulate: %v", name, err)
				continue
			}
			after, err := scenario.Apply(cib, sc)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			res, _ := planner.Schedule(after, planner.Options{Target: target, NoTrail: true, Transition: true})
			got := testenv.SimulateSection(string(plantext.CRMSimulate(res.Transition)), "Transition Summary:")
			want := testenv.SimulateSection(string(out), "Transition Summary:")
			ok := strings.Join(got, "\n") == strings.Join(want, "\n")
			results[name] = ok || len(res.Unknown) > 0
			switch {
			case ok:
			case len(res.Unknown) > 0:
				unknown = append(unknown, name)
			default:
				wrong = append(wrong, name)
				if testing.Verbose() {
					t.Logf("%s differs:", name)
					testenv.LogLineDiff(t, got, want)
				}
			}
		}
	}
	t.Logf("%d scenarios, %d declared unknown, %d confident and wrong: %s", len(results), len(unknown), len(wrong), strings.Join(wrong, " "))
	testenv.Ratchet(t, ratchet, results)
}
