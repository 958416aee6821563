package testreport

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"pcl/compiler"
	"pcl/importer"
	"pcl/internal/testenv"
	"pcl/ir"
	"pcl/planner"
	"pcl/planner/batch"
	"pcl/planner/scenario"
	"pcl/policytest"
)

// TestGolden compiles the policy of each testdata/*.txtar ("policy.pcl"),
// checks its assertions and compares every format with the archive's
// files "text", "junit" and "markdown"; an archive with "diagnostics"
// expects the policy not to compile, with those diagnostics; one with
// "state.xml" tests the policy against that CIB dump's status, as
// pcl test --state does. Every
// assertion kind has a passing and a failing case here. -update rewrites
// the files.
func TestGolden(t *testing.T) {
	testenv.EachArchive(t, func(t *testing.T, path string, ar *txtar.Archive) {
		dir := t.TempDir()
		for _, f := range ar.Files {
			if strings.HasSuffix(f.Name, ".pcl") {
				if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		cib, _, diags := compiler.Compile([]string{dir}, compiler.Options{})
		if state := stateOf(t, ar); state != nil && !diags.HasErrors() {
			cib = scenario.WithStatus(cib, state)
		}
		var rep *policytest.Report
		if !diags.HasErrors() {
			var rd = diags
			rep, rd = policytest.Run(cib, batch.Options{Planner: planner.Options{Now: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)}, Workers: 1})
			diags = append(diags, rd...)
		}
		clean := func(b []byte) []byte { return bytes.ReplaceAll(b, []byte(dir+string(filepath.Separator)), nil) }
		render := func(name string) []byte {
			switch name {
			case "diagnostics":
				var lines []string
				for _, d := range diags {
					where := ""
					if d.Subject != nil {
						where = fmt.Sprintf("%s:%d:%d: ", filepath.Base(d.Subject.Filename), d.Subject.Start.Line, d.Subject.Start.Column)
					}
					lines = append(lines, fmt.Sprintf("%s%s: %s", where, d.Summary, d.Detail))
				}
				sort.Strings(lines)
				return clean([]byte(strings.Join(lines, "\n") + "\n"))
			}
			if rep == nil {
				t.Fatalf("the policy does not compile: %v", diags)
			}
			switch name {
			case "text":
				return clean(Text(rep))
			case "junit":
				data, err := JUnit(rep)
				if err != nil {
					t.Fatal(err)
				}
				return clean(data)
			case "markdown":
				return clean(Markdown(rep))
			}
			return nil
		}
		changed := false
		for i, f := range ar.Files {
			if strings.HasSuffix(f.Name, ".pcl") || f.Name == "state.xml" {
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

// stateOf reads the archive's "state.xml", nil when it has none.
func stateOf(t *testing.T, ar *txtar.Archive) *ir.CIB {
	for _, f := range ar.Files {
		if f.Name == "state.xml" {
			cib, diags := importer.Read(f.Name, f.Data)
			if diags.HasErrors() {
				t.Fatalf("state.xml: %v", diags)
			}
			return cib
		}
	}
	return nil
}
