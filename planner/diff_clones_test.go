package planner

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"pcl/internal/synth"
	"pcl/internal/testenv"
)

// genCloneCIB writes a random CIB built around clones, with status:
// anonymous and globally-unique clones of primitives and groups with
// clone-max, clone-node-max, clone-min, interleave, ordered, notify,
// stickiness, target-role, is-managed and migration-threshold; locations,
// colocations (both directions, clone with clone) and orders on them; and
// instance histories recorded as "rsc" and "rsc:N", some failed. See
// synth.CloneCIB, which the transition's differential test shares.
func genCloneCIB(seed int64) string { return synth.CloneCIB(uint64(seed)) }

// TestDifferentialClones compares the planner's allocation scores with
// crm_simulate's on genCloneCIB configurations, as TestDifferential does
// for primitives and groups. Placement is not compared here: the
// transition may still unassign an interleaved instance without a partner,
// and package transition's TestDifferentialClones compares the Transition
// Summary. PCL_DIFF_N (default 40), PCL_DIFF_SEED (first seed, default 1)
// and PCL_DIFF_KEEP=DIR (keep the CIBs that disagree) work as for
// TestDifferential.
func TestDifferentialClones(t *testing.T) {
	sim := testenv.Tool(t, "crm_simulate")
	n := 40
	if v := os.Getenv("PCL_DIFF_N"); v != "" {
		n, _ = strconv.Atoi(v)
	}
	base := int64(1)
	if v := os.Getenv("PCL_DIFF_SEED"); v != "" {
		base, _ = strconv.ParseInt(v, 10, 64)
	}
	dir := t.TempDir()
	agree, accepted := 0, 0
	var failed []string
	for i := 0; i < n; i++ {
		seed := base + int64(i)
		src := genCloneCIB(seed)
		path := filepath.Join(dir, fmt.Sprintf("clones-%d.xml", seed))
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(sim, "-x", path, "-s").Output()
		if err != nil {
			t.Logf("seed %d: crm_simulate failed: %v", seed, err)
			continue
		}
		accepted++
		var want []string
		for _, l := range strings.Split(string(out), "\n") {
			if strings.Contains(l, " allocation score on ") {
				want = append(want, l)
			}
		}
		missing, extra := cloneScoreDiff(t, path, want)
		if len(missing) == 0 && len(extra) == 0 {
			agree++
			continue
		}
		failed = append(failed, strconv.FormatInt(seed, 10))
		if keep := os.Getenv("PCL_DIFF_KEEP"); keep != "" {
			_ = os.WriteFile(filepath.Join(keep, filepath.Base(path)), []byte(src), 0o644)
		}
		if len(failed) <= 3 {
			t.Logf("seed %d disagrees:\n  - %s\n  + %s", seed, strings.Join(first(missing, 5), "\n  - "), strings.Join(first(extra, 5), "\n  + "))
		}
	}
	t.Logf("differential (clones): crm_simulate accepts %d of %d generated configurations; %d agree", accepted, n, agree)
	if len(failed) > 0 {
		t.Errorf("seeds that disagree (reproduce with PCL_DIFF_SEED=SEED PCL_DIFF_N=1): %s", strings.Join(failed, " "))
	}
}

// cloneScoreDiff plans the CIB at path and returns the score lines only
// crm_simulate has (missing) and only the planner has (extra); a planner
// panic is reported as a difference, so that one seed does not stop the
// run.
func cloneScoreDiff(t *testing.T, path string, want []string) (missing, extra []string) {
	defer func() {
		if r := recover(); r != nil {
			missing, extra = nil, []string{fmt.Sprintf("planner panic: %v", r)}
		}
	}()
	p, _ := compute(readCIB(t, path), Options{})
	return diffMultiset(want, scoreLines(p))
}
