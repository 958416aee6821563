package scc

import (
	"slices"
	"testing"
)

func TestComponents(t *testing.T) {
	// 0 -> 1 -> 2 -> 0, 2 -> 3, 3 -> 4 -> 3, 5 alone, 6 -> 6.
	succ := [][]int{{1}, {2}, {0, 3}, {4}, {3}, nil, {6}}
	got := Components(len(succ), func(int) bool { return true }, func(v int) []int { return succ[v] })
	var sorted [][]int
	for _, c := range got {
		c = slices.Clone(c)
		slices.Sort(c)
		sorted = append(sorted, c)
	}
	slices.SortFunc(sorted, func(a, b []int) int { return a[0] - b[0] })
	want := [][]int{{0, 1, 2}, {3, 4}, {5}, {6}}
	if len(sorted) != len(want) {
		t.Fatalf("components %v, want %v", sorted, want)
	}
	for i := range want {
		if !slices.Equal(sorted[i], want[i]) {
			t.Fatalf("components %v, want %v", sorted, want)
		}
	}
}

// A chain a million long: no recursion, so no stack to grow.
func TestComponentsDeep(t *testing.T) {
	const n = 1 << 20
	got := Components(n, func(v int) bool { return v == 0 }, func(v int) []int {
		if v+1 < n {
			return []int{v + 1}
		}
		return []int{0}
	})
	if len(got) != 1 || len(got[0]) != n {
		t.Fatalf("%d components, the first of %d", len(got), len(got[0]))
	}
}
