package testenv

import "testing"

// LogLineDiff logs the lines of want missing from got and the lines of got
// not in want, as a failing comparison of line sets explains itself.
func LogLineDiff(t testing.TB, got, want []string) {
	t.Helper()
	g, w := map[string]bool{}, map[string]bool{}
	for _, l := range got {
		g[l] = true
	}
	for _, l := range want {
		w[l] = true
	}
	for _, l := range want {
		if !g[l] {
			t.Logf("  missing: %s", l)
		}
	}
	for _, l := range got {
		if !w[l] {
			t.Logf("  extra:   %s", l)
		}
	}
}
