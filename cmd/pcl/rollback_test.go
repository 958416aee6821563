package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pcl/cibdiff"
	"pcl/emit/cibxml"
	"pcl/importer"
	"pcl/internal/testenv"
	"pcl/ir"
)

// liveConfigOf reads the CIB file CIB_file names.
func liveConfigOf(t *testing.T) *ir.CIB {
	t.Helper()
	cib, _, _, diags := readLive()
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return cib
}

// sameConfig fails unless a and b have the same configuration.
func sameConfig(t *testing.T, what string, a, b *ir.CIB) {
	t.Helper()
	objs, err := cibdiff.Config(a, b, cibxml.WriteConfig)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range objs {
		t.Errorf("%s: %s %s %s", what, o.Kind, o.ID, o.Change)
	}
}

// TestRollbackCIBFile applies two policies to a CIB file (CIB_file, as
// cibadmin treats a cluster) and rolls back twice: each rollback puts
// back what the apply before replaced, through apply's version-checked
// path, showing the diff first.
func TestRollbackCIBFile(t *testing.T) {
	testenv.Tool(t, "cibadmin")
	testenv.Tool(t, "crm_diff")
	src, err := os.ReadFile(filepath.Join("..", "..", "examples", "failover", "live-cib.xml"))
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "cib.xml")
	if err := os.WriteFile(file, src, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("CIB_file", file)
	original, _ := importer.Read("live-cib.xml", src)

	// The policies live in a directory of their own: the state directory
	// is beside them by default.
	dir := t.TempDir()
	first := filepath.Join(dir, "first")
	second := filepath.Join(dir, "second")
	for path, src := range map[string]string{first: emptyPolicy, second: basePolicy} {
		if err := os.MkdirAll(path, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(path, "policy.pcl"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if code, out, errOut := runPCL(t, "apply", first, "--yes"); code != exitOK || !strings.Contains(out, "Saved the configuration it replaced") {
		t.Fatalf("apply first: exit %d\n%s%s", code, out, errOut)
	}
	afterFirst := liveConfigOf(t)
	state := filepath.Join(first, ".pcl-state", "applied")
	saved, err := listSaved(state)
	if err != nil || len(saved) != 1 || saved[0].By != "apply" {
		t.Fatalf("after the first apply, %s holds %v (%v)", state, saved, err)
	}
	// The saved configuration is the one replaced, with its version.
	cib, _, err := readSaved(saved[0].Path)
	if err != nil {
		t.Fatal(err)
	}
	sameConfig(t, "saved", original, cib)
	if !strings.Contains(saved[0].Path, "-apply-"+cibdiff.VersionOf(original).String()+".xml") {
		t.Errorf("the saved file's name does not carry the version replaced: %s", saved[0].Path)
	}

	// The second policy, saved in the same directory (--save-dir).
	if code, out, errOut := runPCL(t, "apply", second, "--yes", "--save-dir", state); code != exitOK {
		t.Fatalf("apply second: exit %d\n%s%s", code, out, errOut)
	}

	// Declined: nothing changes.
	var out, errb strings.Builder
	before, _ := os.ReadFile(file)
	code := run([]string{"rollback", first}, &env{stdout: &out, stderr: &errb, stdin: strings.NewReader("no\n")})
	if code != exitDiags || !strings.Contains(errb.String(), "not applied") || !strings.Contains(out.String(), "Rolling back to") || !strings.Contains(out.String(), "primitive A") {
		t.Fatalf("declined rollback: exit %d\n%s%s", code, out.String(), errb.String())
	}
	if now, _ := os.ReadFile(file); string(now) != string(before) {
		t.Fatal("a declined rollback changed the CIB")
	}

	// Rolled back: the live configuration is the first policy's.
	code, got, errOut := runPCL(t, "rollback", first, "--yes")
	if code != exitOK || !strings.Contains(got, "Applied") {
		t.Fatalf("rollback: exit %d\n%s%s", code, got, errOut)
	}
	sameConfig(t, "after the rollback", afterFirst, liveConfigOf(t))

	// Again: back to the original configuration.
	if code, got, errOut := runPCL(t, "rollback", first, "--yes"); code != exitOK {
		t.Fatalf("second rollback: exit %d\n%s%s", code, got, errOut)
	}
	sameConfig(t, "after the second rollback", original, liveConfigOf(t))

	// Every replaced configuration is kept, rollbacks' too.
	code, list, _ := runPCL(t, "rollback", "--list", "--save-dir", state)
	if code != exitOK || strings.Count(list, "(replaced by apply)") != 2 || strings.Count(list, "(replaced by rollback)") != 2 {
		t.Errorf("rollback --list:\n%s", list)
	}
	// Without a state directory there is nothing to roll back to.
	if code, _, errOut := runPCL(t, "rollback", "--save-dir", filepath.Join(dir, "none")); code != exitDiags || !strings.Contains(errOut, "does not exist") {
		t.Errorf("rollback without a state directory: exit %d: %s", code, errOut)
	}
	if code, _, _ := runPCL(t, "rollback"); code != exitUsage {
		t.Errorf("rollback without POLICY or --save-dir: exit %d", code)
	}
}

// A policy directory that holds its state directory still compiles: the
// state directory is not read as a policy file.
func TestStateDirInsidePolicy(t *testing.T) {
	policy := onePolicy(t, emptyPolicy)
	if _, err := saveReplaced(savedDir("", []string{policy}), &ir.CIB{Config: &ir.Config{}}, "apply", time.Now()); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runPCL(t, "check", policy); code != exitOK {
		t.Errorf("pcl check of a policy directory holding its state directory: exit %d\n%s", code, errOut)
	}
}
