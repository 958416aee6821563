package compiler

import (
	"strings"
	"testing"
)

// TestTypoInForEachOnce: a mistake in a block stamped out three times is
// reported once: a misspelt local with the name meant, and a misnamed
// argument with the incomplete colocation it causes (issue 21, item 16).
func TestTypoInForEachOnce(t *testing.T) {
	_, _, diags := Compile([]string{"testdata/errors/for_each_typo.pcl"}, Options{})
	count := map[string]int{}
	for _, d := range diags {
		count[d.Summary]++
	}
	if count["Unsupported attribute"] != 1 || count["Unsupported argument"] != 1 || count["Incomplete colocation"] != 1 || len(diags) != 3 {
		t.Errorf("want each mistake once, got %d: %v", len(diags), diags)
	}
	if !strings.Contains(diags[0].Detail, "Did you mean local.port?") {
		t.Errorf("the misspelt local has no suggestion: %v", diags[0])
	}
}
