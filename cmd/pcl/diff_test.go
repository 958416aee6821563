package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pcl/internal/testenv"
)

func TestDiffExitCodes(t *testing.T) {
	live := filepath.Join("..", "..", "examples", "failover", "live-cib.xml")
	policy := filepath.Join("..", "..", "examples", "failover")
	for _, c := range []struct {
		name string
		args []string
		want int
	}{
		{"same", []string{"diff", live, live, "--exit-code"}, exitOK},
		{"differ", []string{"diff", live, policy, "--exit-code"}, exitDiffers},
		{"differ without --exit-code", []string{"diff", live, policy}, exitOK},
		{"markdown", []string{"diff", live, policy, "--format", "markdown", "--exit-code"}, exitDiffers},
		{"bad format", []string{"diff", live, policy, "--format", "html"}, exitUsage},
		{"one side", []string{"diff", live}, exitUsage},
		{"missing file", []string{"diff", live, "nonexistent.xml"}, exitDiags},
	} {
		t.Run(c.name, func(t *testing.T) {
			if code, out, errOut := runPCL(t, c.args...); code != c.want {
				t.Errorf("pcl %s: exit %d, want %d\n%s%s", strings.Join(c.args, " "), code, c.want, out, errOut)
			}
		})
	}
}

// TestApplyToCIBFile applies a policy to a CIB file (CIB_file), which
// cibadmin and crm_diff treat as a cluster.
func TestApplyToCIBFile(t *testing.T) {
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
	policy := filepath.Join("..", "..", "examples", "failover")
	// Not beside the example: the repository is no state directory.
	saveDir := t.TempDir()

	// Declined: nothing changes.
	var out, errb bytes.Buffer
	code := run([]string{"apply", policy, "--save-dir", saveDir}, &env{stdout: &out, stderr: &errb, stdin: strings.NewReader("no\n")})
	if code != exitDiags || !strings.Contains(errb.String(), "not applied") {
		t.Fatalf("declined apply: exit %d\n%s", code, errb.String())
	}
	if now, _ := os.ReadFile(file); !bytes.Equal(now, src) {
		t.Fatal("a declined apply changed the CIB")
	}

	// A policy with errors is refused before anything is read.
	bad := onePolicy(t, "primitive \"x\" {\n  agent = 42\n}\n")
	if code, _, errOut := runPCL(t, "apply", bad, "--yes"); code != exitDiags || !strings.Contains(errOut, "nothing was applied") {
		t.Fatalf("apply of a policy with errors: exit %d\n%s", code, errOut)
	}

	// Confirmed: the configuration is the policy's, the status is kept,
	// and the version is newer.
	out.Reset()
	errb.Reset()
	code = run([]string{"apply", policy, "--save-dir", saveDir}, &env{stdout: &out, stderr: &errb, stdin: strings.NewReader("yes\n")})
	if code != exitOK || !strings.Contains(out.String(), "Applied") {
		t.Fatalf("apply: exit %d\n%s%s", code, out.String(), errb.String())
	}
	if code, out, errOut := runPCL(t, "diff", "--live", policy, "--exit-code"); code != exitOK {
		t.Errorf("diff --live after apply: exit %d\n%s%s", code, out, errOut)
	}
	now, _ := os.ReadFile(file)
	if !bytes.Contains(now, []byte(`<status>`)) || !bytes.Contains(now, []byte(`id="website-in-rack-a"`)) {
		t.Errorf("after apply the CIB lacks its status or the policy's constraint:\n%s", now)
	}
	if bytes.Contains(now, []byte(`epoch="1"`)) {
		t.Errorf("the version is not newer:\n%.300s", now)
	}
	if code, out, _ := runPCL(t, "apply", policy, "--yes", "--save-dir", saveDir); code != exitOK || !strings.Contains(out, "Nothing to apply") {
		t.Errorf("second apply: exit %d\n%s", code, out)
	}
}
