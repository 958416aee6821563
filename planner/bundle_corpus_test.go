package planner

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pcl/internal/testenv"
)

// bundleTests are the corpus tests whose CIB configures a bundle.
func bundleTests(t *testing.T, c *testenv.Corpus) []string {
	var out []string
	for _, name := range c.Tier(t, 0, 1, 2, 3, 4) {
		data, err := os.ReadFile(filepath.Join(c.Dir, "xml", name+".xml"))
		if err == nil && bytes.Contains(data, []byte("<bundle")) {
			out = append(out, name)
		}
	}
	return out
}

// TestCorpusBundleScores measures the bundle tests' score lines per
// release (the ratchet is TestCorpusAllScores'): it logs how many pass,
// and with PCL_SCORES_VERBOSE what differs. PCL_BUNDLE_RUN narrows the
// tests to names holding it.
func TestCorpusBundleScores(t *testing.T) {
	for _, release := range testenv.Corpora {
		t.Run(release, func(t *testing.T) {
			c := testenv.CorpusOf(t, release)
			now := map[string]string{}
			for _, ct := range c.Tests(t) {
				now[ct.Name] = ct.Now
			}
			verbose := os.Getenv("PCL_SCORES_VERBOSE") != ""
			only := os.Getenv("PCL_BUNDLE_RUN")
			pass, total := 0, 0
			for _, name := range bundleTests(t, c) {
				if only != "" && !strings.Contains(name, only) {
					continue
				}
				total++
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
					continue
				}
				missing, extra := testenv.MultisetDiff(expectedLines(t, c.Dir, name), allScoreLines(p))
				if len(missing)+len(extra) == 0 {
					pass++
					continue
				}
				if verbose {
					t.Logf("%s: %d missing, %d extra\n  - %s\n  + %s", name, len(missing), len(extra),
						strings.Join(first(missing, 12), "\n  - "), strings.Join(first(extra, 12), "\n  + "))
				}
			}
			t.Logf("bundle tests, scores: %d of %d pass", pass, total)
		})
	}
}
