package testenv

import (
	"sort"
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

// MultisetDiff returns the lines only in want and only in got, each as
// often as it is in excess, sorted: how score and report lines, which
// crm_simulate prints in an order of its own, are compared.
func MultisetDiff(want, got []string) (missing, extra []string) {
	count := map[string]int{}
	for _, l := range want {
		count[l]++
	}
	for _, l := range got {
		count[l]--
	}
	for l, c := range count {
		for ; c > 0; c-- {
			missing = append(missing, l)
		}
		for ; c < 0; c++ {
			extra = append(extra, l)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	return missing, extra
}
