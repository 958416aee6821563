package importer

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// FuzzReadHalves checks that reading a document in two halves builds the
// same tree as reading it whole, or leaves it to the whole read. Seeds: the
// inputs of testdata/diagnostics and a few corpus CIBs when the corpus is
// at hand.
func FuzzReadHalves(f *testing.F) {
	files, _ := filepath.Glob("testdata/diagnostics/*.txtar")
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for _, s := range ar.Files {
			if s.Name == "input.xml" {
				f.Add(s.Data)
			}
		}
	}
	corpus, _ := filepath.Glob("../../shared/pacemaker-cts/xml/*.xml")
	for i, p := range corpus {
		if i%50 != 0 {
			continue
		}
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src)
		}
	}
	f.Add([]byte("<cib>\n  <a x=\"1\">t</a>\n  <b/>\n</cib>\n"))
	f.Add([]byte("<cib>\n<!--\n  <b/>\n-->\n  <c>\n  <d/>\n</c></cib>\n"))
	defer func(old int) { splitMin = old }(splitMin)
	splitMin = 0
	f.Fuzz(func(t *testing.T, src []byte) {
		halves, ok := parseHalves("f.xml", src, newLineIndex(src))
		if !ok {
			return
		}
		whole, diags := parseWhole("f.xml", src, newLineIndex(src))
		if diags.HasErrors() {
			t.Fatalf("read in halves, but the whole read fails: %v", diags)
		}
		if got, want := dumpTree(halves), dumpTree(whole); got != want {
			t.Fatalf("split at %d: trees differ:\n%s\nwant:\n%s", xmlSplitPoint(src), got, want)
		}
	})
}

// dumpTree writes every field of the tree a converter reads.
func dumpTree(e *elem) string {
	var b strings.Builder
	var walk func(e *elem, depth int)
	walk = func(e *elem, depth int) {
		fmt.Fprintf(&b, "%*s<%s %v %v text=%q %v>\n", depth*2, "", e.name, e.attrs, e.rng, e.text.String(), e.textAt)
		for _, c := range e.children {
			walk(c, depth+1)
		}
	}
	walk(e, 0)
	return b.String()
}
