package dsl

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse parses arbitrary source and decodes every top-level block:
// bad input gives diagnostics, never a panic. Seeds: testdata/fuzz/FuzzParse
// and the policies under examples/.
func FuzzParse(f *testing.F) {
	seeds, _ := filepath.Glob("../examples/*/*.pcl")
	for _, p := range seeds {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src)
		}
	}
	f.Add([]byte("primitive \"a\" {\n  agent = \"ocf:pacemaker:Dummy\"\n  op \"monitor\" {\n    interval = \"10s\"\n  }\n}\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		file, _ := Parse(src, "fuzz.pcl")
		if file == nil {
			t.Fatal("Parse returned no file")
		}
		for _, b := range file.Blocks {
			Expansion(b)
			decodeAll(b)
		}
	})
}

// decodeAll decodes b and, as the compiler does, its deferred children.
func decodeAll(b *Block) {
	_ = Decode(b)
	for _, it := range b.Items() {
		_ = it.Name()
		_ = it.Range()
	}
	for _, c := range b.Blocks {
		if Deferred[c.Type] {
			decodeAll(c)
		}
	}
}
