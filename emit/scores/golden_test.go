package scores

import (
	"bytes"
	"os"
	"path/filepath"
	"pcl/internal/testenv"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"pcl/importer"
	"pcl/planner"
)

// TestGolden renders every format for the CIB in each testdata/*.txtar
// ("cib.xml") and compares with the archive's other files: "table",
// "json", "crm_simulate" and "explain RSC" for each resource named so. An
// archive with a file "utilization" is planned with the utilization
// report.
func TestGolden(t *testing.T) {
	testenv.EachArchive(t, func(t *testing.T, path string, ar *txtar.Archive) {
		var src []byte
		utilization := false
		for _, f := range ar.Files {
			switch f.Name {
			case "cib.xml":
				src = f.Data
			case "utilization":
				utilization = true // a marker: plan with the utilization report
			}
		}
		cib, diags := importer.Read("cib.xml", src)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		plan, _ := planner.Schedule(cib, planner.Options{Now: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC), Utilization: utilization})
		render := func(name string) []byte {
			switch {
			case name == "table":
				return Table(plan)
			case name == "crm_simulate":
				return CRMSimulate(plan)
			case name == "json":
				data, err := JSON(plan)
				if err != nil {
					t.Fatal(err)
				}
				return data
			case strings.HasPrefix(name, "explain "):
				data, ok := Explain(plan, strings.TrimPrefix(name, "explain "))
				if !ok {
					t.Fatalf("%s: no such resource", name)
				}
				return data
			}
			return nil
		}
		changed := false
		for i, f := range ar.Files {
			if f.Name == "cib.xml" || f.Name == "utilization" {
				continue
			}
			got := render(f.Name)
			if testenv.Update() {
				if !bytes.Equal(got, f.Data) {
					ar.Files[i].Data = got
					changed = true
				}
				continue
			}
			if !bytes.Equal(got, f.Data) {
				t.Errorf("%s differs:\n--- got\n%s--- want\n%s", f.Name, got, f.Data)
			}
		}
		if changed {
			if err := os.WriteFile(path, txtar.Format(ar), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// TestExplainSumsToScore checks the explanation of every line of a golden
// plan adds up to its score.
func TestExplainSumsToScore(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.txtar")
	for _, path := range files {
		ar, err := txtar.ParseFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			if f.Name != "cib.xml" {
				continue
			}
			cib, diags := importer.Read("cib.xml", f.Data)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			plan, _ := planner.Schedule(cib, planner.Options{})
			for _, l := range plan.Scores.All() {
				if planner.SumTrail(l.Trail) != l.Score {
					t.Errorf("%s: %s: explanation sums to %s", path, l, planner.SumTrail(l.Trail))
				}
			}
			for _, l := range plan.Promotions {
				if got := planner.SumPromotionTrail(l.Trail); got != l.Score {
					t.Errorf("%s: %s promotion score on %s: explanation sums to %s, not %s", path, l.Resource, l.Node, got, l.Score)
				}
			}
		}
	}
}
