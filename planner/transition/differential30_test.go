package transition_test

import (
	"os"
	"path/filepath"
	"testing"

	"pcl/internal/synth"
	"pcl/internal/testenv"
	"pcl/pcmk"
)

// TestDifferential30 compares pcl's transition graph, summary and
// executed actions, planning for 3.0.0, with 3.0.0's crm_simulate
// (scripts/oracle-3.0) on the primitive, clone, promotable, ticket and
// failure generators and synth.HeavyGenerators.
// The passing seeds are ratcheted per generator
// (testdata/ratchet/3.0/differential-*.txt).
func TestDifferential30(t *testing.T) {
	oracle := testenv.Tool30(t)
	simulate := func(path, dotPath string, execute bool) (stdout, stderr []byte, err error) {
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, nil, err
		}
		// The graph is written inside the chroot, beside the CIB, and
		// copied out.
		dir, err := os.MkdirTemp(filepath.Join(oracle.Root, "tmp"), "pcl-dot-")
		if err != nil {
			return nil, nil, err
		}
		defer os.RemoveAll(dir)
		inside := "/tmp/" + filepath.Base(dir) + "/out.dot"
		args := []string{"-x", "CIB", "-D", inside}
		if execute {
			args = append(args, "-S")
		}
		stdout, stderr, err = oracle.Run(t, src, "crm_simulate", args...)
		if dot, rerr := os.ReadFile(filepath.Join(dir, "out.dot")); rerr == nil {
			_ = os.WriteFile(dotPath, dot, 0o644)
		}
		return stdout, stderr, err
	}
	target := pcmk.NewTarget(pcmk.V3_0_0, pcmk.FromFlag)
	t.Run("gen", func(t *testing.T) {
		runDifferentialFor(t, target, simulate, "3.0/differential-transition-gen", "seed", genCIB, *diffSeeds, true)
	})
	t.Run("clones", func(t *testing.T) {
		runDifferentialFor(t, target, simulate, "3.0/differential-transition-clones", "clones", genCloneCIB, *diffSeeds, true)
	})
	t.Run("promotable", func(t *testing.T) {
		runDifferentialFor(t, target, simulate, "3.0/differential-transition-promotable", "promotable", genPromotableCIB, *diffSeeds, true)
	})
	t.Run("tickets", func(t *testing.T) {
		runDifferentialFor(t, target, simulate, "3.0/differential-transition-tickets", "tickets", genTicketCIB, *diffSeeds, true)
	})
	t.Run("failures", func(t *testing.T) {
		runDifferentialFor(t, target, simulate, "3.0/differential-transition-failures", "failures", genFailureCIB, *diffSeeds, true)
	})
	for _, g := range synth.HeavyGenerators {
		t.Run(g.Name, func(t *testing.T) {
			runDifferentialFor(t, target, simulate, "3.0/differential-transition-"+g.Name, g.Name, g.Gen, *heavySeeds, false)
		})
	}
}
