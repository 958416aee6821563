package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pcl/emit/cibxml"
	"pcl/ir"
)

// TestReloadPlanInput: the input read again for an explanation the
// placement did not foresee is the CIB planned, what-if flags applied,
// and a file changed since is refused rather than explained.
func TestReloadPlanInput(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "examples", "database", "cluster.pcl"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "cluster.pcl")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{path}
	o := planRun{whatIf: &batchFlags{whatIfFlags: &whatIfFlags{NodeDown: []string{"db1"}}}}
	cib, target, files, diags := loadPlanInput(args, o.vars, o.state, o.version)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	o.whatIf.target = target
	planned, _, err := o.whatIf.apply(cib)
	if err != nil {
		t.Fatal(err)
	}
	again, err := reloadPlanInput(args, o, files)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := cibXML(t, planned), cibXML(t, again); a != b {
		t.Errorf("the input read again differs from the one planned:\n%s\n---\n%s", a, b)
	}
	if !strings.Contains(cibXML(t, again), `uname="db1" in_ccm="false"`) {
		t.Errorf("--node-down db1 was not applied to the input read again")
	}

	if err := os.WriteFile(path, append(src, "\n# edited\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := reloadPlanInput(args, o, files); err == nil || !strings.Contains(err.Error(), "changed while it was planned") {
		t.Errorf("an input edited since it was planned: err = %v, want it refused", err)
	}
}

func cibXML(t *testing.T, cib *ir.CIB) string {
	t.Helper()
	var b bytes.Buffer
	if err := cibxml.Write(&b, cib); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
