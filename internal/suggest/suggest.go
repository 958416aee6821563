package suggest

import (
	"sort"
	"strings"
)

// Distance is the optimal string alignment distance of a and b without
// regard to case: insertions, deletions, substitutions and transpositions
// of adjacent characters each count one, so "wbe" is one from "web".
func Distance(a, b string) int {
	x, y := []rune(strings.ToLower(a)), []rune(strings.ToLower(b))
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}

// Closest returns the candidate nearest to name, or "" when none is close
// enough to be a likely typo: within 2 edits of a short name (under 6
// characters), 3 of a longer one, and never a rewrite of the whole name.
// Ties go to the candidate first in sorted order.
func Closest(name string, candidates []string) string {
	limit := 3
	if len([]rune(name)) < 6 {
		limit = 2
	}
	limit = min(limit, len([]rune(name))-1)
	sorted := append([]string(nil), candidates...)
	sort.Strings(sorted)
	best, bestDist := "", limit+1
	for _, c := range sorted {
		if d := Distance(name, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}
