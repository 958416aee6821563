package pcmk

import (
	"slices"
	"testing"
)

func TestCompareNodeNames(t *testing.T) {
	names := []string{"node10", "Node2", "node1", "node02", "alpha", "node2a"}
	slices.SortStableFunc(names, CompareNodeNames)
	// At the digit runs 2 and 02 compare equal in value and the shorter sorts
	// first, before the rest of the name is looked at.
	want := []string{"alpha", "node1", "Node2", "node2a", "node02", "node10"}
	if !slices.Equal(names, want) {
		t.Fatalf("natural order = %v, want %v", names, want)
	}
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"", "a", -1}, {"a", "", 1},
		{"NODE1", "node1", 0}, {"node-1", "node_1", -1},
		{"n9", "n10", -1}, {"n007", "n7", 1},
		{"n99999999999999999999", "n99999999999999999998", 0}, // both saturate, same length
		{"rack2-n10", "rack2-n9", 1},
	} {
		if got := CompareNodeNames(tc.a, tc.b); got != tc.want {
			t.Errorf("CompareNodeNames(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := CompareNodeNames(tc.b, tc.a); got != -tc.want {
			t.Errorf("CompareNodeNames(%q, %q) = %d, want %d", tc.b, tc.a, got, -tc.want)
		}
	}
}
