package difftext_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"pcl/cibdiff"
	"pcl/compiler"
	"pcl/emit/cibxml"
	"pcl/emit/difftext"
	"pcl/importer"
	"pcl/internal/testenv"
	"pcl/ir"
	"pcl/planner"
)

// TestGolden diffs the two sides of each testdata/*.txtar archive (each
// "old.xml"/"new.xml", a CIB, or "old.pcl"/"new.pcl", a policy) and
// compares the archive's "text", "markdown" and "json" files with the
// diff in that format. -update rewrites them.
func TestGolden(t *testing.T) {
	testenv.EachArchive(t, func(t *testing.T, path string, ar *txtar.Archive) {
		sides := map[string]*ir.CIB{}
		for _, f := range ar.Files {
			switch f.Name {
			case "old.xml", "new.xml":
				cib, diags := importer.Read(f.Name, f.Data)
				if diags.HasErrors() {
					t.Fatal(diags)
				}
				sides[f.Name[:3]] = cib
			case "old.pcl", "new.pcl":
				src := filepath.Join(t.TempDir(), f.Name)
				if err := os.WriteFile(src, f.Data, 0o644); err != nil {
					t.Fatal(err)
				}
				cib, _, diags := compiler.Compile([]string{src}, compiler.Options{})
				if diags.HasErrors() {
					t.Fatal(diags)
				}
				sides[f.Name[:3]] = cib
			}
		}
		d, diags, err := cibdiff.Compute(sides["old"], sides["new"], planner.Options{Now: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)}, cibxml.WriteConfig)
		if err != nil || diags.HasErrors() {
			t.Fatal(err, diags)
		}
		names := difftext.Names{Old: "old", New: "new"}
		out := &txtar.Archive{Comment: ar.Comment}
		for _, f := range ar.Files {
			var got []byte
			switch f.Name {
			case "text":
				got = difftext.Text(d, names)
			case "markdown":
				got = difftext.Markdown(d, names)
			case "json":
				if got, err = difftext.JSON(d, names); err != nil {
					t.Fatal(err)
				}
			default:
				got = f.Data
			}
			out.Files = append(out.Files, txtar.File{Name: f.Name, Data: got})
		}
		testenv.CheckArchive(t, path, out)
	})
}
