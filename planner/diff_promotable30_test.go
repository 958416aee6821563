package planner

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"pcl/internal/testenv"
)

// TestDifferentialPromotion30 checks the promotion score lines planned for
// Pacemaker 3.0 against 3.0's crm_simulate on genPromotableCIB
// configurations: wherever every allocation score line agrees (instances
// placed alike), every promotion score line must agree too. Seeds whose
// allocation lines differ are counted, not judged here (instance
// assignment is TestCorpusAllScores's matter). PCL_DIFF_N (default 40) and
// PCL_DIFF_SEED work as for TestDifferential.
func TestDifferentialPromotion30(t *testing.T) {
	o := testenv.Tool30(t)
	target := testenv.CorpusOf(t, "3.0").Target
	n, base := 40, int64(1)
	if v := os.Getenv("PCL_DIFF_N"); v != "" {
		n, _ = strconv.Atoi(v)
	}
	if v := os.Getenv("PCL_DIFF_SEED"); v != "" {
		base, _ = strconv.ParseInt(v, 10, 64)
	}
	dir := t.TempDir()
	judged, placedOtherwise := 0, 0
	var failed []string
	for i := 0; i < n; i++ {
		seed := base + int64(i)
		src := genPromotableCIB(seed)
		out, _, err := o.Run(t, []byte(src), "crm_simulate", "-x", "CIB", "-sQ")
		if err != nil {
			continue
		}
		wantAlloc, wantPromo := splitScoreLines(strings.Split(string(out), "\n"))
		path := filepath.Join(dir, fmt.Sprintf("promotable30-%d.xml", seed))
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		p, _ := compute(readCIB(t, path), Options{Target: target})
		gotAlloc, gotPromo := splitScoreLines(allScoreLines(p))
		if missing, extra := diffMultiset(wantAlloc, gotAlloc); len(missing)+len(extra) > 0 {
			placedOtherwise++
			continue
		}
		judged++
		if missing, extra := diffMultiset(wantPromo, gotPromo); len(missing)+len(extra) > 0 {
			failed = append(failed, strconv.FormatInt(seed, 10))
			t.Logf("seed %d: promotion lines disagree:\n  - %s\n  + %s", seed, strings.Join(missing, "\n  - "), strings.Join(extra, "\n  + "))
		}
	}
	t.Logf("promotion (3.0): %d configurations placed alike and judged, %d placed otherwise", judged, placedOtherwise)
	if len(failed) > 0 {
		t.Errorf("seeds whose promotion lines disagree (reproduce with PCL_DIFF_SEED=SEED PCL_DIFF_N=1): %s", strings.Join(failed, " "))
	}
}

// splitScoreLines separates allocation score lines from promotion score
// lines, dropping the rest.
func splitScoreLines(lines []string) (alloc, promo []string) {
	for _, l := range lines {
		switch {
		case strings.Contains(l, " allocation score on "):
			alloc = append(alloc, l)
		case strings.Contains(l, " promotion score"):
			promo = append(promo, l)
		}
	}
	return alloc, promo
}
