package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"pcl/internal/testenv"
)

// TestCatalogue checks the held-out catalogue of bad inputs
// (testdata/catalogue.txtar): each policy either fails to compile, every
// diagnostic with a position and a full sentence, or compiles into a CIB
// crm_verify accepts.
func TestCatalogue(t *testing.T) {
	verify := testenv.Tool(t, "crm_verify")
	ar, err := txtar.ParseFile("testdata/catalogue.txtar")
	if err != nil {
		t.Fatal(err)
	}
	refused := 0
	for _, f := range ar.Files {
		name := strings.TrimSuffix(f.Name, ".pcl")
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
			_, _, diags := Compile([]string{dir}, Options{ForCluster: true})
			for _, d := range diags {
				detail := strings.TrimSpace(d.Detail)
				if !strings.HasSuffix(detail, ".") && !strings.HasSuffix(detail, "?") {
					t.Errorf("%s: the detail is not a full sentence: %q", d.Summary, d.Detail)
				}
			}
			if diags.HasErrors() {
				refused++
			}
			verifyCompiled(t, verify, dir, name)
		})
	}
	t.Logf("%d bad inputs, %d refused, the rest accepted by crm_verify", len(ar.Files), refused)
}
