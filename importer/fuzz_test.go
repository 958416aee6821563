package importer_test

import (
	"bytes"
	"path/filepath"
	"testing"

	"golang.org/x/tools/txtar"

	"pcl/emit/cibxml"
	"pcl/importer"
)

// FuzzRead checks that Read never panics, returns a CIB exactly when it
// reports no error, and that what it accepts is written as XML it accepts
// again, which then writes byte for byte the same (the writer and reader
// agree on everything the IR holds). Seeds: testdata/fuzz/FuzzRead and the
// inputs of testdata/diagnostics.
func FuzzRead(f *testing.F) {
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
	f.Fuzz(func(t *testing.T, src []byte) {
		cib, diags := importer.Read("fuzz.xml", src)
		if diags.HasErrors() != (cib == nil) {
			t.Fatalf("cib nil: %v, errors: %v", cib == nil, diags.HasErrors())
		}
		for _, d := range diags {
			if d.Subject == nil || d.Subject.Start.Line < 1 || d.Subject.Start.Column < 1 {
				t.Fatalf("diagnostic without a position: %s", d.Error())
			}
		}
		if cib == nil {
			return
		}
		var first bytes.Buffer
		if err := cibxml.Write(&first, cib); err != nil {
			t.Fatalf("write: %v", err)
		}
		again, diags := importer.Read("written.xml", first.Bytes())
		if diags.HasErrors() {
			t.Fatalf("written CIB does not read back: %s\n%s", diags.Error(), first.Bytes())
		}
		var second bytes.Buffer
		if err := cibxml.Write(&second, again); err != nil {
			t.Fatalf("second write: %v", err)
		}
		if !bytes.Equal(first.Bytes(), second.Bytes()) {
			t.Fatalf("writing twice differs:\n%s\n----\n%s", first.Bytes(), second.Bytes())
		}
	})
}
