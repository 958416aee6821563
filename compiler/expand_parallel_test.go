package compiler

import (
	"bytes"
	"path/filepath"
	"testing"

	"pcl/emit/cibxml"
)

// TestExpandAllInParallel compiles every example and error policy with the
// top-level blocks expanded on one processor and split among them: the
// same CIB and the same diagnostics, in the same order.
func TestExpandAllInParallel(t *testing.T) {
	var inputs []string
	for _, pattern := range []string{"../examples/*/*.pcl", "testdata/errors/*.pcl"} {
		m, _ := filepath.Glob(pattern)
		inputs = append(inputs, m...)
	}
	if len(inputs) == 0 {
		t.Fatal("no policies found")
	}
	compile := func(path string, min int) (string, string) {
		defer func(old int) { expandAllMin = old }(expandAllMin)
		expandAllMin = min
		cib, _, diags := Compile([]string{path}, Options{})
		var out bytes.Buffer
		if cib != nil && !diags.HasErrors() {
			if err := cibxml.Write(&out, cib); err != nil {
				t.Fatal(err)
			}
		}
		return out.String(), diags.Error()
	}
	for _, path := range inputs {
		oneXML, oneDiags := compile(path, 1<<30)
		splitXML, splitDiags := compile(path, 0)
		if oneXML != splitXML {
			t.Errorf("%s: the CIB differs when blocks are expanded in parallel", path)
		}
		if oneDiags != splitDiags {
			t.Errorf("%s: diagnostics differ when blocks are expanded in parallel:\n%s\nwant:\n%s", path, splitDiags, oneDiags)
		}
	}
}
