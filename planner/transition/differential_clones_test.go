package transition_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"pcl/emit/dot"
	"pcl/emit/plantext"
	"pcl/importer"
	"pcl/internal/synth"
	"pcl/internal/testenv"
	"pcl/planner"
)

// genCloneCIB builds a random CIB built around clones, with status (see
// synth.CloneCIB, which the planner's TestDifferentialClones shares):
// anonymous and unique clones of primitives and groups with their meta
// attributes, constraints on them in both directions, and instance
// histories recorded as "rsc" and "rsc:N".
func genCloneCIB(seed int64) string { return synth.CloneCIB(uint64(seed)) }

// TestDifferentialClones compares pcl's transition graph and summary with
// crm_simulate's on genCloneCIB configurations, as TestDifferential does
// for primitives and groups. It runs only with PCL_DIFF_CLONES=1, until
// the planner computes clones' transitions. PCL_DIFF_N (default 40) and
// PCL_DIFF_SEED (first seed, default 1) choose the seeds, -keep-diff DIR
// keeps the inputs and crm_simulate's graphs, and -v logs the differences.
func TestDifferentialClones(t *testing.T) {
	if os.Getenv("PCL_DIFF_CLONES") != "1" {
		t.Skip("the planner does not compute clones' transitions yet; PCL_DIFF_CLONES=1 runs it")
	}
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
	accepted, agree := 0, 0
	var failed []string
	for i := 0; i < n; i++ {
		seed := base + int64(i)
		name := fmt.Sprintf("clones-%03d", seed)
		src := genCloneCIB(seed)
		path := filepath.Join(dir, name+".xml")
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		dotPath := filepath.Join(dir, name+".dot")
		out, err := exec.Command(sim, "-x", path, "-D", dotPath).CombinedOutput()
		if err != nil {
			t.Logf("%s: crm_simulate failed: %v\n%s", name, err, out)
			continue
		}
		accepted++
		wantDot, err := os.ReadFile(dotPath)
		if err != nil {
			t.Fatal(err)
		}
		if *keepDiff != "" {
			_ = os.WriteFile(filepath.Join(*keepDiff, name+".xml"), []byte(src), 0o644)
			_ = os.WriteFile(filepath.Join(*keepDiff, name+".dot"), wantDot, 0o644)
		}
		gotDot, gotSum, perr := cloneTransition(name, src)
		wantSum := summaryLines(string(out))
		dotOK := perr == "" && strings.Join(dotBody(gotDot), "\n") == strings.Join(dotBody(string(wantDot)), "\n")
		sumOK := perr == "" && strings.Join(gotSum, "\n") == strings.Join(wantSum, "\n")
		if dotOK && sumOK {
			agree++
			continue
		}
		failed = append(failed, strconv.FormatInt(seed, 10))
		if testing.Verbose() && len(failed) <= 3 {
			t.Logf("%s differs (dot %v, summary %v)%s", name, dotOK, sumOK, perr)
			testenv.LogLineDiff(t, dotBody(gotDot), dotBody(string(wantDot)))
			testenv.LogLineDiff(t, gotSum, wantSum)
		}
	}
	t.Logf("differential transitions (clones): crm_simulate accepts %d of %d generated configurations; %d agree", accepted, n, agree)
	if len(failed) > 0 {
		t.Errorf("seeds that differ (reproduce with PCL_DIFF_CLONES=1 PCL_DIFF_SEED=SEED PCL_DIFF_N=1 -v): %s", strings.Join(failed, " "))
	}
}

// cloneTransition plans src and returns its transition as dot and as
// summary lines; a planner panic comes back as a message, so that one seed
// does not stop the run.
func cloneTransition(name, src string) (gotDot string, gotSum []string, panicked string) {
	defer func() {
		if r := recover(); r != nil {
			panicked = fmt.Sprintf(": planner panic: %v", r)
		}
	}()
	cib, diags := importer.Read(name+".xml", []byte(src))
	if diags.HasErrors() {
		return "", nil, ": " + diags.Error()
	}
	res, _ := planner.Schedule(cib, planner.Options{NoTrail: true, Transition: true})
	return string(dot.Transition(res.Transition)), summaryLines(string(plantext.CRMSimulate(res.Transition))), ""
}
