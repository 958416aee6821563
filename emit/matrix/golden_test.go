package matrix_test

import (
	"bytes"
	"os"
	"path/filepath"
	"pcl/internal/testenv"
	"strings"
	"testing"

	"github.com/spf13/pflag"
	"golang.org/x/tools/txtar"

	"pcl/importer"
	"pcl/planner"
	"pcl/planner/batch"
)

// TestGolden plans each testdata/*.txtar archive's cib.xml with the batch
// flags of its "args" file and compares the reports with its text,
// markdown and json files.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			get := func(name string) []byte {
				for _, f := range ar.Files {
					if f.Name == name {
						return f.Data
					}
				}
				return nil
			}
			src := get("cib.xml")
			cib, diags := importer.Read("cib.xml", src)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			fs := pflag.NewFlagSet("plan", pflag.ContinueOnError)
			flags := batch.RegisterFlags(fs)
			if err := fs.Parse(strings.Fields(string(get("args")))); err != nil {
				t.Fatal(err)
			}
			res, diags := flags.Run(cib, planner.Options{}, nil)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			res.Elapsed = 0
			changed := false
			for _, format := range []string{"text", "markdown", "json"} {
				got, err := batch.Render(res, format, 80)
				if err != nil {
					t.Fatal(err)
				}
				want := get(format)
				if bytes.Equal(got, want) {
					continue
				}
				if testenv.Update() {
					setFile(ar, format, got)
					changed = true
					continue
				}
				t.Errorf("%s output differs (run with -update to accept):\n%s", format, got)
			}
			if changed {
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

func setFile(ar *txtar.Archive, name string, data []byte) {
	for i := range ar.Files {
		if ar.Files[i].Name == name {
			ar.Files[i].Data = data
			return
		}
	}
	ar.Files = append(ar.Files, txtar.File{Name: name, Data: data})
}
