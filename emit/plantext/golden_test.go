package plantext_test

import (
	"bytes"
	"os"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"pcl/emit/plantext"
	"pcl/importer"
	"pcl/internal/testenv"
	"pcl/planner"
)

// TestGolden plans the CIB of each testdata/*.txtar archive ("cib.xml")
// and compares the archive's other files with the plan in that format:
// "text", "json", "crm_simulate" and "executed" (what crm_simulate -S
// prints of the actions it runs). -update rewrites them.
func TestGolden(t *testing.T) {
	testenv.EachArchive(t, func(t *testing.T, path string, ar *txtar.Archive) {
		var src []byte
		for _, f := range ar.Files {
			if f.Name == "cib.xml" {
				src = f.Data
			}
		}
		cib, diags := importer.Read("cib.xml", src)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		res, diags := planner.Schedule(cib, planner.Options{Now: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC), Transition: true})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		changed := false
		for i, f := range ar.Files {
			var got []byte
			var err error
			switch f.Name {
			case "cib.xml":
				continue
			case "text":
				got = plantext.Text(res)
				if lean, _ := leanText(cib, planner.Options{Now: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)}); !bytes.Equal(lean, got) {
					t.Errorf("text as pcl plan makes it differs:\n--- got\n%s--- want\n%s", lean, got)
				}
			case "json":
				if got, err = plantext.JSON(res); err != nil {
					t.Fatal(err)
				}
			case "crm_simulate":
				got = plantext.CRMSimulate(res.Transition)
			case "executed":
				got = plantext.CRMSimulateExecuted(res.Transition, res.Transition.Execute())
			default:
				t.Fatalf("%s: not a format", f.Name)
			}
			if bytes.Equal(got, f.Data) {
				continue
			}
			if testenv.Update() {
				ar.Files[i].Data = got
				changed = true
				continue
			}
			t.Errorf("%s differs (run with -update to accept):\n--- got\n%s--- want\n%s", f.Name, got, f.Data)
		}
		if changed {
			if err := os.WriteFile(path, txtar.Format(ar), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	})
}
