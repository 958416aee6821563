package dsl

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// FuzzReparse checks that parsing an edited source again, chunks taken
// from the parse before the edit, gives what parsing it whole gives: body
// (every position) and diagnostics. Seeds: every .pcl of the repository,
// with edits at the start, in the middle and at the end.
func FuzzReparse(f *testing.F) {
	for _, pattern := range []string{"../examples/*/*.pcl", "../compiler/testdata/*/*.pcl", "../docs/*.pcl", "testdata/policy/*.pcl"} {
		seeds, _ := filepath.Glob(pattern)
		for _, p := range seeds {
			if src, err := os.ReadFile(p); err == nil {
				f.Add(src, uint(0), uint(0), "# edit\n")
				f.Add(src, uint(len(src)/2), uint(3), "x")
				f.Add(src, uint(len(src)), uint(0), "\nprimitive \"zz\" {\n  agent = \"ocf:heartbeat:Dummy\"\n}\n")
			}
		}
	}
	f.Add([]byte("a = 1\nb {\n}\nx = <<EOT\nc {\n}\nEOT\nd {\n  e = [for v in x : v]\n  f = x[*].y\n}\n"), uint(2), uint(0), "\n")
	f.Add([]byte("a = 1\n/*\nb {\n}\n*/\nc = 2\nd = 3\n"), uint(6), uint(2), "")
	f.Add([]byte("a = 1\nb = 2\nc = 3\n"), uint(12), uint(5), "a = 4\n")
	defer func(min, max int, mask uint32) { chunkMin, chunkMax, chunkMask = min, max, mask }(chunkMin, chunkMax, chunkMask)
	chunkMin, chunkMax, chunkMask = 1, 64, 1
	f.Fuzz(func(t *testing.T, src []byte, at, cut uint, insert string) {
		at = min(at, uint(len(src)))
		cut = min(cut, uint(len(src))-at)
		edited := append(append(append([]byte{}, src[:at]...), insert...), src[at+cut:]...)
		_, index, _ := reparse(src, "f.pcl", nil)
		got, _, gotDiags := reparse(edited, "f.pcl", index)
		want, wantDiags := hclsyntax.ParseConfig(edited, "f.pcl", hcl.InitialPos)
		if !reflect.DeepEqual(gotDiags, wantDiags) {
			t.Fatalf("diagnostics %v, want %v", gotDiags, wantDiags)
		}
		if !reflect.DeepEqual(got.Body, want.Body) {
			t.Fatalf("the bodies differ (chunks at %v)", chunkBounds(edited))
		}
		if string(got.Bytes) != string(edited) {
			t.Fatal("the file does not hold the whole source")
		}
	})
}

// largeSource is a policy of n primitives, each with a location, laid
// out as pcl fmt lays it out.
func largeSource(n int) []byte {
	var b []byte
	b = append(b, "pacemaker = \"3.0\"\n\n"...)
	for i := range n {
		b = fmt.Appendf(b, "primitive \"r%d\" {\n  agent = \"ocf:heartbeat:IPaddr2\"\n  params = {\n    ip = \"10.0.%d.%d\"\n  }\n  op \"monitor\" {\n    interval = \"10s\"\n  }\n}\n\n", i, i/250, i%250)
		b = fmt.Appendf(b, "location \"l%d\" {\n  resource = primitive.r%d\n  node     = \"node%d\"\n  score    = %d\n}\n\n", i, i, i%16, i%100)
	}
	return b
}

// BenchmarkReparseAfterEdit measures parsing a 1,000-resource policy
// again after a line is inserted at its top (every chunk moves), against
// BenchmarkParseWhole.
func BenchmarkReparseAfterEdit(b *testing.B) {
	src := largeSource(1000)
	_, index, _ := reparse(src, "f.pcl", nil)
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		edited := append(fmt.Appendf(nil, "# edit %d\n", i), src...)
		if _, _, diags := reparse(edited, "f.pcl", index); diags.HasErrors() {
			b.Fatal(diags)
		}
	}
}

func BenchmarkParseWhole(b *testing.B) {
	src := largeSource(1000)
	b.SetBytes(int64(len(src)))
	for i := 0; i < b.N; i++ {
		if _, diags := parseConfig(src, "f.pcl"); diags.HasErrors() {
			b.Fatal(diags)
		}
	}
}

// TestReparseLarge checks a reparse of a large policy against the whole
// parse, for edits that move every chunk, one, or none.
func TestReparseLarge(t *testing.T) {
	src := largeSource(1000)
	_, index, diags := reparse(src, "f.pcl", nil)
	if diags.HasErrors() || len(index) < 10 {
		t.Fatalf("%d chunks, %v", len(index), diags)
	}
	mid := len(src) / 2
	for _, edited := range [][]byte{
		append([]byte("# edit\n"), src...),
		append(append(append([]byte{}, src[:mid]...), " "...), src[mid:]...),
		append(append([]byte{}, src...), "location \"z\" {\n  resource = primitive.r1\n  node = \"n\"\n  score = 1\n}\n"...),
	} {
		got, _, gotDiags := reparse(edited, "f.pcl", index)
		want, wantDiags := hclsyntax.ParseConfig(edited, "f.pcl", hcl.InitialPos)
		if !reflect.DeepEqual(gotDiags, wantDiags) || !reflect.DeepEqual(got.Body, want.Body) {
			t.Fatalf("the reparse differs from the whole parse: %v / %v", gotDiags, wantDiags)
		}
	}
}
