package compiler

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"pcl/internal/testenv"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"golang.org/x/tools/txtar"

	"pcl/emit/cibxml"
	"pcl/ir"
)

// TestGolden compiles the .pcl files of each testdata/golden/*.txtar as one
// policy and compares the CIB (and the diagnostics, when there are any)
// with the archive's cib.xml and diagnostics files. -update rewrites them.
func TestGolden(t *testing.T) {
	archives, _ := filepath.Glob("testdata/golden/*.txtar")
	for _, path := range archives {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			var kept []txtar.File
			for _, f := range ar.Files {
				if strings.HasSuffix(f.Name, ".pcl") {
					if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
						t.Fatal(err)
					}
					kept = append(kept, f)
				}
			}
			cib, files, diags := Compile([]string{dir}, Options{})
			var got bytes.Buffer
			if cib != nil {
				if err := cibxml.Write(&got, cib); err != nil {
					t.Fatal(err)
				}
			}
			var diagText bytes.Buffer
			if len(diags) > 0 {
				wr := hcl.NewDiagnosticTextWriter(&diagText, files, 100, false)
				_ = wr.WriteDiagnostics(diags)
			}
			var scenarios []byte
			if cib != nil {
				scenarios = relativize(scenarioText(cib.Scenarios), dir)
			}
			outputs := map[string][]byte{"cib.xml": got.Bytes(), "diagnostics": relativize(diagText.Bytes(), dir), "scenarios": scenarios}
			if testenv.Update() {
				ar.Files = kept
				for _, name := range goldenOutputs {
					if len(outputs[name]) > 0 {
						ar.Files = append(ar.Files, txtar.File{Name: name, Data: outputs[name]})
					}
				}
				if err := os.WriteFile(path, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want := map[string][]byte{}
			for _, f := range ar.Files {
				want[f.Name] = f.Data
			}
			for _, name := range goldenOutputs {
				if !bytes.Equal(want[name], outputs[name]) {
					t.Errorf("%s differs (run go test -update to accept)\nwant:\n%s\ngot:\n%s", name, want[name], outputs[name])
				}
			}
		})
	}
}

// goldenOutputs are the files a golden archive compares; each is left
// out of the archive when empty.
var goldenOutputs = []string{"cib.xml", "scenarios", "diagnostics"}

// scenarioText lists declared scenarios, which the CIB XML does not hold:
// one line per scenario and per injection, in the flag syntax of
// `pcl plan`, with where each was declared.
func scenarioText(list []*ir.Scenario) []byte {
	var b bytes.Buffer
	for _, s := range list {
		fmt.Fprintf(&b, "scenario %q (%s)\n", s.Name, s.DeclRange)
		if s.Description != "" {
			fmt.Fprintf(&b, "  description %q\n", s.Description)
		}
		if s.Now != "" {
			fmt.Fprintf(&b, "  now %s\n", s.Now)
		}
		if s.After != "" {
			fmt.Fprintf(&b, "  after %q (%s)\n", s.After, s.AfterRange)
		}
		for _, in := range s.Injections {
			arg := in.Node
			switch {
			case in.Kind == ir.InjectOp:
				arg = in.OpSpec().String()
			case in.Kind == ir.InjectAttrSet || in.Kind == ir.InjectAttrDelete:
				arg = in.AttrSpec().String()
			case in.Ticket != "":
				arg = in.Ticket
			}
			fmt.Fprintf(&b, "  --%s %s (%s)\n", in.Kind.Flag(), arg, in.DeclRange)
		}
	}
	return b.Bytes()
}

// relativize drops the temporary directory from file names in diagnostics.
func relativize(b []byte, dir string) []byte {
	return bytes.ReplaceAll(b, []byte(dir+string(filepath.Separator)), nil)
}
