package plantext_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"pcl/emit/plantext"
	"pcl/importer"
	"pcl/internal/testenv"
	"pcl/ir"
	"pcl/planner"
)

// leanText is the text plan as `pcl plan` makes it: scheduled without
// score lines or trails, explaining the changes the placement shows
// beside the transition (Options.ExplainChanges), and by planner.Explain
// for the lines Explained names when those do not cover them. foreseen
// reports whether they did.
func leanText(cib *ir.CIB, opts planner.Options) (text []byte, foreseen bool) {
	opts.Transition, opts.NoScores, opts.NoTrail, opts.ExplainChanges = true, true, true, true
	res, _ := planner.Schedule(cib, opts)
	foreseen = true
	if !plantext.HoldsExplanations(res) {
		foreseen = false
		res = planner.Explain(cib, opts, res, plantext.Explained(res))
	}
	return plantext.Text(res), foreseen
}

// explainedText is the text plan explained by planner.Explain alone, for
// the lines Explained names.
func explainedText(cib *ir.CIB, opts planner.Options) []byte {
	opts.Transition, opts.NoScores, opts.NoTrail = true, true, true
	res, _ := planner.Schedule(cib, opts)
	if lines := plantext.Explained(res); lines != nil {
		res = planner.Explain(cib, opts, res, lines)
	}
	return plantext.Text(res)
}

// TestExplainedTextIsFullText checks, on every corpus test of both
// releases, that the text plan explained from the changed resources' lines
// alone, recorded after the transition or beside it, is byte for byte the
// one made from every score line with its trail, and that the lines
// recorded beside it cover every change.
func TestExplainedTextIsFullText(t *testing.T) {
	for _, release := range []string{"2.1.5", "3.0"} {
		t.Run(release, func(t *testing.T) {
			c := testenv.CorpusOf(t, release)
			for _, ct := range c.Tests(t) {
				t.Run(ct.Name, func(t *testing.T) {
					src, err := os.ReadFile(filepath.Join(c.Dir, "xml", ct.Name+".xml"))
					if err != nil {
						t.Skip(err)
					}
					cib, diags := importer.Read(ct.Name+".xml", src)
					if diags.HasErrors() {
						t.Skip(diags)
					}
					opts := planner.Options{Target: c.Target, Transition: true}
					if ct.Now != "" {
						tm, ok := planner.ParseISOTime(ct.Now)
						if !ok {
							t.Skipf("-t %q", ct.Now)
						}
						opts.Now = tm
					} else {
						// One time for both plans: without an
						// execution-date the clock would be read twice.
						opts.Now = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
					}
					full, _ := planner.Schedule(cib, opts)
					want := plantext.Text(full)
					if got := explainedText(cib, opts); !bytes.Equal(got, want) {
						t.Errorf("explained text differs from the full plan's:\n--- got\n%s--- want\n%s", got, want)
					}
					got, foreseen := leanText(cib, opts)
					if !bytes.Equal(got, want) {
						t.Errorf("text explained beside the transition differs from the full plan's:\n--- got\n%s--- want\n%s", got, want)
					}
					if !foreseen {
						t.Errorf("the lines recorded beside the transition miss some the text explains by")
					}
				})
			}
		})
	}
}
