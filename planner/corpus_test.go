package planner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pcl/importer"
	"pcl/internal/testenv"
	"pcl/ir"
	"pcl/pcmk"
)

// readCIB reads a CIB file with the importer.
func readCIB(t testing.TB, path string) *ir.CIB {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cib, diags := importer.Read(path, src)
	if diags.HasErrors() || cib == nil {
		t.Fatalf("%s: %v", path, diags)
	}
	return cib
}

func scoreLines(p *plan) []string {
	var out []string
	for _, l := range p.Scores.All() {
		out = append(out, l.String())
	}
	return out
}

func expectedLines(t testing.TB, dir, name string) []string {
	data, err := os.ReadFile(filepath.Join(dir, "scores", name+".scores"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}

func corpusNow(t testing.TB) map[string]string {
	now := map[string]string{}
	for _, ct := range testenv.CorpusTests(t) {
		now[ct.Name] = ct.Now
	}
	return now
}

func computeCorpus(t testing.TB, dir, name, now string) *plan {
	return computeCorpusFor(t, pcmk.Target{}, dir, name, now)
}

// computeCorpusFor plans one corpus test for target.
func computeCorpusFor(t testing.TB, target pcmk.Target, dir, name, now string) *plan {
	cib := readCIB(t, filepath.Join(dir, "xml", name+".xml"))
	opts := Options{Target: target}
	if now != "" {
		tm, ok := ParseISOTime(now)
		if !ok {
			t.Fatalf("%s: bad -t %q", name, now)
		}
		opts.Now = tm
	}
	p, _ := compute(cib, opts)
	return p
}

// TestCorpusScores compares the score lines of every tier 0 and 1 corpus
// test with crm_simulate's, as multisets of non-blank lines.
func TestCorpusScores(t *testing.T) {
	corpusScoresRatchet(t, "scores", testenv.Tier(t, 0, 1), scoreLines)
}

// corpusScoresRatchet compares, for each corpus test named, crm_simulate's
// score lines with those lines makes of the plan, as multisets of
// non-blank lines, and ratchets the passing tests. PCL_SCORES_VERBOSE
// logs the differences.
func corpusScoresRatchet(t *testing.T, ratchet string, names []string, lines func(*plan) []string) {
	dir := testenv.CorpusDir(t)
	now := corpusNow(t)
	results := map[string]bool{}
	verbose := os.Getenv("PCL_SCORES_VERBOSE") != ""
	for _, name := range names {
		var p *plan
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: panic: %v", name, r)
				}
			}()
			p = computeCorpus(t, dir, name, now[name])
		}()
		if p == nil {
			results[name] = false
			continue
		}
		missing, extra := testenv.MultisetDiff(expectedLines(t, dir, name), lines(p))
		results[name] = len(missing) == 0 && len(extra) == 0
		if verbose && !results[name] {
			t.Logf("%s: %d missing, %d extra\n  - %s\n  + %s", name, len(missing), len(extra),
				strings.Join(first(missing, 6), "\n  - "), strings.Join(first(extra, 6), "\n  + "))
		}
	}
	testenv.Ratchet(t, ratchet, results)
}

func first(s []string, n int) []string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// TestCorpusAllScores compares every score line, allocation and promotion
// alike, of every corpus test of tiers 0 to 4 with crm_simulate's, for
// each release's corpus planned for that release: one ratchet per release
// (testdata/ratchet/RELEASE/scores.txt).
func TestCorpusAllScores(t *testing.T) {
	for _, release := range testenv.Corpora {
		t.Run(release, func(t *testing.T) {
			c := testenv.CorpusOf(t, release)
			now := map[string]string{}
			for _, ct := range c.Tests(t) {
				now[ct.Name] = ct.Now
			}
			results := map[string]bool{}
			verbose := os.Getenv("PCL_SCORES_VERBOSE") != ""
			for _, name := range c.Tier(t, 0, 1, 2, 3, 4) {
				var p *plan
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Errorf("%s: panic: %v", name, r)
						}
					}()
					p = computeCorpusFor(t, c.Target, c.Dir, name, now[name])
				}()
				if p == nil {
					results[name] = false
					continue
				}
				missing, extra := testenv.MultisetDiff(expectedLines(t, c.Dir, name), allScoreLines(p))
				results[name] = len(missing) == 0 && len(extra) == 0
				if verbose && !results[name] {
					t.Logf("%s: %d missing, %d extra\n  - %s\n  + %s", name, len(missing), len(extra),
						strings.Join(first(missing, 6), "\n  - "), strings.Join(first(extra, 6), "\n  + "))
				}
			}
			testenv.Ratchet(t, release+"/scores", results)
		})
	}
}

// TestExplainSums checks that every score line's trail adds up to the
// printed score, for every corpus test in scope.
func TestExplainSums(t *testing.T) {
	dir := testenv.CorpusDir(t)
	now := corpusNow(t)
	for _, name := range testenv.Tier(t, 0, 1) {
		var p *plan
		func() {
			defer func() { _ = recover() }()
			p = computeCorpus(t, dir, name, now[name])
		}()
		if p == nil {
			continue
		}
		for _, l := range p.Scores.All() {
			if got := SumTrail(l.Trail); got != l.Score {
				t.Errorf("%s: %s: trail sums to %s: %v", name, l, got, l.Trail)
				break
			}
		}
	}
}

// TestCorpusNoPanic computes every corpus test, clones and bundles
// included: out-of-scope features must be skipped, never crash.
func TestCorpusNoPanic(t *testing.T) {
	dir := testenv.CorpusDir(t)
	now := corpusNow(t)
	for _, ct := range testenv.CorpusTests(t) {
		name := ct.Name
		if _, err := os.Stat(filepath.Join(dir, "xml", name+".xml")); err != nil {
			continue
		}
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: panic: %v", name, r)
				}
			}()
			computeCorpus(t, dir, name, now[name])
		}()
	}
}

// TestCorpusScoresBeyondTier1 runs the tier 2 to 4 tests that have no
// clones or bundles (tickets, remote nodes, containers), comparing the
// lines of the resources the planner places. It is a ratchet of its own:
// remote and guest nodes are not modelled yet.
func TestCorpusScoresBeyondTier1(t *testing.T) {
	dir := testenv.CorpusDir(t)
	now := corpusNow(t)
	results := map[string]bool{}
	for _, name := range testenv.Tier(t, 2, 3, 4) {
		var p *plan
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: panic: %v", name, r)
				}
			}()
			p = computeCorpus(t, dir, name, now[name])
		}()
		if p == nil || len(p.unknowns(false)) > 0 {
			continue
		}
		placed := map[string]bool{}
		for _, r := range p.Resources {
			placed[r.ID] = true
		}
		var want []string
		for _, l := range expectedLines(t, dir, name) {
			if i := strings.Index(l, ": "); i > 0 {
				rest := l[i+2:]
				if j := strings.Index(rest, " allocation score"); j > 0 && placed[rest[:j]] {
					want = append(want, l)
				}
			}
		}
		missing, extra := testenv.MultisetDiff(want, scoreLines(p))
		results[name] = len(missing)+len(extra) == 0
	}
	testenv.Ratchet(t, "scores-beyond-tier1", results)
}

// TestCorpusScoresTier3 compares every score line of the tier 3 tests
// (promotable clones), the promotion score lines included, with
// crm_simulate's, as multisets: a ratchet of its own.
func TestCorpusScoresTier3(t *testing.T) {
	corpusScoresRatchet(t, "scores-tier3", testenv.Tier(t, 3), allScoreLines)
}

// allScoreLines are the allocation score lines and then the promotion
// score lines, as crm_simulate prints them.
func allScoreLines(p *plan) []string {
	out := scoreLines(p)
	for _, l := range p.Promotions {
		text, _ := l.AppendText(nil)
		out = append(out, string(text))
	}
	return out
}
