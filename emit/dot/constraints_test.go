package dot_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"golang.org/x/tools/txtar"

	"pcl/emit/dot"
	"pcl/importer"
	"pcl/internal/testenv"
)

// TestConstraintsGolden draws the constraint graph of each
// testdata/constraints/*.txtar input (input.xml, optional "locations" file)
// and compares it with graph.dot.
func TestConstraintsGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/constraints/*.txtar")
	if len(files) == 0 {
		t.Fatal("no golden files")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			ar, err := txtar.ParseFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var input []byte
			opts := dot.ConstraintOptions{}
			wantIdx := -1
			for i, file := range ar.Files {
				switch file.Name {
				case "input.xml":
					input = file.Data
				case "locations":
					opts.Locations = true
				case "graph.dot":
					wantIdx = i
				}
			}
			cib, diags := importer.Read("input.xml", input)
			if diags.HasErrors() {
				t.Fatalf("input: %v", diags)
			}
			got := dot.Constraints(cib.Config, opts)
			if testenv.Update() {
				if wantIdx < 0 {
					ar.Files = append(ar.Files, txtar.File{Name: "graph.dot"})
					wantIdx = len(ar.Files) - 1
				}
				ar.Files[wantIdx].Data = got
				if err := os.WriteFile(f, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if wantIdx < 0 {
				t.Fatal("no graph.dot section; run with -update")
			}
			if !bytes.Equal(got, ar.Files[wantIdx].Data) {
				t.Errorf("graph differs from golden; run with -update to accept\n--- got ---\n%s", got)
			}
			checkParses(t, got)
		})
	}
}

// checkParses runs graphviz on a graph when it is installed.
func checkParses(t *testing.T, graph []byte) {
	t.Helper()
	prog := testenv.Tool(t, "dot")
	cmd := exec.Command(prog, "-Tsvg", "-o", os.DevNull)
	cmd.Stdin = bytes.NewReader(graph)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("dot rejected the graph: %v\n%s", err, out)
	}
}

func TestConstraintsDeterministic(t *testing.T) {
	data, err := os.ReadFile("testdata/constraints/policy50.txtar")
	if err != nil {
		t.Skip(err)
	}
	ar := txtar.Parse(data)
	cib, diags := importer.Read("input.xml", ar.Files[0].Data)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	a := dot.Constraints(cib.Config, dot.ConstraintOptions{Locations: true})
	b := dot.Constraints(cib.Config, dot.ConstraintOptions{Locations: true})
	if !bytes.Equal(a, b) {
		t.Fatal("two runs differ")
	}
	checkParses(t, a)
}
