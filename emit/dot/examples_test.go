package dot_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/txtar"

	"pcl/compiler"
	"pcl/emit/dot"
	"pcl/internal/testenv"
)

// TestExamplesGolden draws the constraint graph of every policy under
// examples/ and compares it with testdata/examples/NAME.txtar (its
// graph.dot section); -update rewrites them.
func TestExamplesGolden(t *testing.T) {
	dirs, _ := filepath.Glob(filepath.Join(testenv.ModuleRoot(), "examples", "*"))
	if len(dirs) == 0 {
		t.Skip("no examples")
	}
	for _, dir := range dirs {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			continue
		}
		name := filepath.Base(dir)
		t.Run(name, func(t *testing.T) {
			cib, _, diags := compiler.Compile([]string{dir}, compiler.Options{})
			if diags.HasErrors() || cib == nil {
				t.Skipf("example does not compile: %v", diags)
			}
			got := dot.Constraints(cib.Config, dot.ConstraintOptions{Locations: true})
			golden := filepath.Join("testdata", "examples", name+".txtar")
			if testenv.Update() {
				ar := &txtar.Archive{
					Comment: []byte("Constraint graph (with locations) of examples/" + name + ".\n"),
					Files:   []txtar.File{{Name: "graph.dot", Data: got}},
				}
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			ar, err := txtar.ParseFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if len(ar.Files) == 0 || !bytes.Equal(ar.Files[0].Data, got) {
				t.Errorf("graph of examples/%s differs from %s; run with -update to accept\n%s", name, golden, got)
			}
			checkParses(t, got)
		})
	}
}
