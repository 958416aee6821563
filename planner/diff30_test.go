package planner

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"testing"

	"pcl/internal/synth"
	"pcl/internal/testenv"
	"pcl/pcmk"
)

// scoreBullets matches the list marker 3.0's crm_simulate -s puts before
// each score line (2.1.5 prints the lines bare, as -sQ does in both).
var scoreBullets = regexp.MustCompile(`(?m)^  \* (\S.* (?:allocation|promotion) score.*)$`)

// target30 is the release of the 3.0 oracle, Debian 13's 3.0.0.
var target30 = pcmk.NewTarget(pcmk.V3_0_0, pcmk.FromFlag)

// TestDifferential30 compares the planner planning for 3.0.0 with 3.0.0's
// crm_simulate (scripts/oracle-3.0) on the generators of the 2.1.5
// differentials: primitives and groups (scores and placement), clones and
// promotable clones (every score line), tickets, failures and migrations
// (allocation scores). Until the 3.0 planner agrees on
// every seed, the seeds that agree are a ratchet per generator
// (testdata/ratchet/3.0/differential-*.txt); PCL_DIFF_N and PCL_DIFF_SEED
// choose the seeds as for TestDifferential.
func TestDifferential30(t *testing.T) {
	oracle := testenv.Tool30(t)
	simulate := func(path string) ([]byte, error) {
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		out, _, err := oracle.Run(t, src, "crm_simulate", "-x", "CIB", "-s")
		return scoreBullets.ReplaceAll(out, []byte("$1")), err
	}
	gens := []struct {
		name    string
		gen     func(int64) string
		compare func(t *testing.T, path string, want []string, out string) (missing, extra []string)
	}{
		{"gen", genCIB, func(t *testing.T, path string, want []string, out string) (missing, extra []string) {
			defer recoverAsDifference(&extra)
			p, _ := compute(readCIB(t, path), Options{Target: target30})
			missing, extra = testenv.MultisetDiff(want, scoreLines(p))
			if bad := placementDiff(p, out); bad != "" {
				extra = append(extra, "placement: "+bad)
			}
			return missing, extra
		}},
		{"clones", genCloneCIB, func(t *testing.T, path string, want []string, out string) (missing, extra []string) {
			defer recoverAsDifference(&extra)
			p, _ := compute(readCIB(t, path), Options{Target: target30})
			return testenv.MultisetDiff(want, scoreLines(p))
		}},
		{"promotable", genPromotableCIB, func(t *testing.T, path string, want []string, out string) (missing, extra []string) {
			defer recoverAsDifference(&extra)
			p, _ := compute(readCIB(t, path), Options{Target: target30})
			return testenv.MultisetDiff(append(want, promotionLines(out)...), allScoreLines(p))
		}},
		{"tickets", genTicketCIB, func(t *testing.T, path string, want []string, out string) (missing, extra []string) {
			defer recoverAsDifference(&extra)
			p, _ := compute(readCIB(t, path), Options{Target: target30})
			return testenv.MultisetDiff(append(want, promotionLines(out)...), allScoreLines(p))
		}},
	}
	allScores := func(t *testing.T, path string, want []string, out string) (missing, extra []string) {
		defer recoverAsDifference(&extra)
		p, _ := compute(readCIB(t, path), Options{Target: target30})
		missing, extra = testenv.MultisetDiff(append(want, promotionLines(out)...), allScoreLines(p))
		if u := p.unknowns(false); len(missing)+len(extra) > 0 && len(u) > 0 {
			return nil, []string{reportsUnknown + u[0].Detail}
		}
		return missing, extra
	}
	gens = append(gens, struct {
		name    string
		gen     func(int64) string
		compare func(t *testing.T, path string, want []string, out string) (missing, extra []string)
	}{"failures", genFailureCIB, failureScoreDiff(target30)})
	for _, g := range gens {
		t.Run(g.name, func(t *testing.T) {
			n, base := differentialRange()
			ratchetSeeds(t, "3.0/differential-"+g.name, n, base, func() []string {
				return differentialSeeds(t, n, base, g.name+"-30", g.gen, simulate, g.compare)
			})
		})
	}
	for _, g := range synth.HeavyGenerators {
		t.Run(g.Name, func(t *testing.T) {
			n, base := heavyRange()
			ratchetSeeds(t, "3.0/differential-"+g.Name, n, base, func() []string {
				return differentialSeeds(t, n, base, g.Name+"-30", g.Gen, simulate, allScores)
			})
		})
	}
}

// differentialRange is the number of seeds and the first one, from
// PCL_DIFF_N and PCL_DIFF_SEED.
func differentialRange() (n int, base int64) {
	n, base = 40, 1
	if v := os.Getenv("PCL_DIFF_N"); v != "" {
		n, _ = strconv.Atoi(v)
	}
	if v := os.Getenv("PCL_DIFF_SEED"); v != "" {
		base, _ = strconv.ParseInt(v, 10, 64)
	}
	return n, base
}

// recoverAsDifference turns a planner panic into a difference, so that
// one seed does not stop the run.
func recoverAsDifference(extra *[]string) {
	if r := recover(); r != nil {
		*extra = []string{fmt.Sprintf("planner panic: %v", r)}
	}
}
