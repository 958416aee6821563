package planner

import (
	"testing"

	"pcl/internal/testenv"
)

// TestPromotionExplainSums checks, over corpus tier 3 (and the promotable
// tests of the other tiers), that every promotion score line's
// explanation adds up to its score, that every instance priority in it
// adds up to its value, that every line says why its instance is or is
// not promoted, and, where crm_simulate prints the same line, that the
// explanation adds up to crm_simulate's score: for each release's corpus
// planned for that release.
func TestPromotionExplainSums(t *testing.T) {
	for _, release := range testenv.Corpora {
		t.Run(release, func(t *testing.T) { promotionExplainSums(t, testenv.CorpusOf(t, release)) })
	}
}

func promotionExplainSums(t *testing.T, c *testenv.Corpus) {
	dir := c.Dir
	now := map[string]string{}
	for _, ct := range c.Tests(t) {
		now[ct.Name] = ct.Now
	}
	lines, agreeing := 0, 0
	for _, name := range c.Tier(t, 0, 1, 2, 3, 4) {
		var p *plan
		func() {
			defer func() { _ = recover() }()
			p = computeCorpusFor(t, c.Target, dir, name, now[name])
		}()
		if p == nil || len(p.Promotions) == 0 {
			continue
		}
		want := map[string]bool{}
		for _, l := range expectedLines(t, dir, name) {
			want[l] = true
		}
		for _, l := range p.Promotions {
			text, _ := l.AppendText(nil)
			if l.Trail == nil {
				t.Errorf("%s: %s: no explanation", name, text)
				continue
			}
			lines++
			if got := SumPromotionTrail(l.Trail); got != l.Score {
				t.Errorf("%s: %s: explanation sums to %s: %+v", name, text, got, l.Trail)
			}
			for _, term := range l.Trail {
				if term.Parts != nil && SumTrail(term.Parts) != term.Value {
					t.Errorf("%s: %s: %s sums to %s, not %s", name, text, term.Why.Text, SumTrail(term.Parts), term.Value)
				}
			}
			if l.Why == "" {
				t.Errorf("%s: %s: no reason for promoted=%v", name, text, l.Promoted)
			}
			if want[string(text)] {
				agreeing++
			}
		}
	}
	t.Logf("%d promotion lines explained, %d of them equal to crm_simulate's", lines, agreeing)
}
