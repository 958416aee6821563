package dsl

import (
	"path/filepath"
	"strings"
	"testing"
)

// An open buffer wins over the file on the disk, a buffer not yet saved
// joins its directory's files, and diagnostics name the paths.
func TestLoadOverlay(t *testing.T) {
	dir := "testdata/policy"
	overlay := map[string][]byte{
		filepath.Join(dir, "a.pcl"): []byte("primitive \"edited\" {\n  agent = \"ocf:heartbeat:Dummy\"\n}\n"),
		filepath.Join(dir, "c.pcl"): []byte("primitive \"third\" {\n  agent = \"ocf:heartbeat:Dummy\"\n  bogus = 1\n}\n"),
	}
	pol, files, diags := LoadOverlay([]string{dir}, overlay, nil)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if len(pol.Files) != 3 || len(files) != 3 {
		t.Fatalf("want three files, got %d", len(pol.Files))
	}
	var labels []string
	for _, f := range pol.Files {
		for _, b := range f.Blocks {
			labels = append(labels, b.Label())
		}
	}
	if got := strings.Join(labels, ","); got != "edited,second,third" {
		t.Errorf("blocks %s", got)
	}
	third := pol.Files[2].Blocks[0]
	d := Decode(third)
	if !d.HasErrors() || d[0].Subject.Filename != filepath.Join(dir, "c.pcl") {
		t.Errorf("diagnostics of an unsaved buffer: %v", d)
	}
}

// A cached parse is reused while the source is the same, and not after.
func TestParseCache(t *testing.T) {
	var c ParseCache
	src := []byte("primitive \"a\" {\n  agent = \"ocf:heartbeat:Dummy\"\n}\n")
	f1, _ := c.parse(src, "a.pcl")
	f2, _ := c.parse(append([]byte(nil), src...), "a.pcl")
	if f1 != f2 {
		t.Error("the same source was parsed again")
	}
	f3, _ := c.parse(append(src, '\n'), "a.pcl")
	if f3 == f1 {
		t.Error("an edited source was not parsed again")
	}
	_, diags := c.parse([]byte("primitive {"), "a.pcl")
	if !diags.HasErrors() {
		t.Fatal("want a syntax error")
	}
	if _, again := c.parse([]byte("primitive {"), "a.pcl"); !again.HasErrors() {
		t.Error("a parse with errors lost its diagnostics")
	}
}
