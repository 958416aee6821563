package testenv

import (
	"strings"
	"testing"
)

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

// SimulateSection returns the items of one section of crm_simulate's text
// output ("Transition Summary:", "Executing Cluster Transition:"): the
// "  * " lines after the title, without the marker and with white space
// collapsed, up to the first line that is not one.
func SimulateSection(text, title string) []string {
	var out []string
	in := false
	for _, l := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(l, title):
			in = true
		case in && strings.HasPrefix(l, "  * "):
			out = append(out, strings.Join(strings.Fields(strings.TrimPrefix(l, "  * ")), " "))
		case in:
			return out
		}
	}
	return out
}
