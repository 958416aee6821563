package dsl

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// FuzzParseHalves checks that parsing in two halves gives what parsing
// the whole gives, body and diagnostics, wherever the source splits.
// Seeds: every .pcl of the repository.
func FuzzParseHalves(f *testing.F) {
	for _, pattern := range []string{"../examples/*/*.pcl", "../compiler/testdata/*/*.pcl", "../docs/*.pcl", "testdata/policy/*.pcl"} {
		seeds, _ := filepath.Glob(pattern)
		for _, p := range seeds {
			if src, err := os.ReadFile(p); err == nil {
				f.Add(src)
			}
		}
	}
	f.Add([]byte("a = 1\nb {\n}\nx = <<EOT\nc {\n}\nEOT\n"))
	f.Add([]byte("a = 1\n/*\nb {\n}\n*/\nc = 2\n"))
	f.Add([]byte("a = 1\nb = 2\na = 3\n"))
	defer func(old int) { splitMin = old }(splitMin)
	splitMin = 0
	f.Fuzz(func(t *testing.T, src []byte) {
		want, wantDiags := hclsyntax.ParseConfig(src, "f.pcl", hcl.InitialPos)
		got, gotDiags := parseConfig(src, "f.pcl")
		if !reflect.DeepEqual(gotDiags, wantDiags) {
			t.Fatalf("split at %d: diagnostics %v, want %v", splitPoint(src), gotDiags, wantDiags)
		}
		if !reflect.DeepEqual(got.Body, want.Body) {
			t.Fatalf("split at %d: the bodies differ", splitPoint(src))
		}
		if string(got.Bytes) != string(src) {
			t.Fatal("the file does not hold the whole source")
		}
	})
}
