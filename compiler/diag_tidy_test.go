package compiler

import (
	"strings"
	"testing"
)

// TestTypoInForEachOnce: a misspelt local in a block stamped out three
// times is reported once, with the name meant (issue 21, item 16).
func TestTypoInForEachOnce(t *testing.T) {
	_, _, diags := Compile([]string{"testdata/errors/for_each_typo.pcl"}, Options{})
	if len(diags) != 1 || !strings.Contains(diags[0].Detail, "Did you mean local.port?") {
		t.Errorf("want one diagnostic with a suggestion, got %d: %v", len(diags), diags)
	}
}
