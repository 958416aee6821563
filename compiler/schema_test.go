package compiler

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"pcl/dsl"
)

// TestAttributeNamesInSchemas guards the untyped access to decoded blocks:
// every attribute name the compiler reads with Attr("...") must be one
// some block schema accepts, so that a misspelling in the compiler cannot
// silently ignore what a policy says.
func TestAttributeNamesInSchemas(t *testing.T) {
	known := map[string]bool{}
	for _, s := range dsl.Schemas {
		for _, a := range s.Attrs {
			known[a] = true
		}
	}
	call := regexp.MustCompile(`\.Attr\("([^"]+)"\)`)
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range call.FindAllStringSubmatch(string(src), -1) {
			if !known[m[1]] {
				t.Errorf("%s reads attribute %q, which no schema declares", f, m[1])
			}
		}
	}
}
