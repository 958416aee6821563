package synth_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"pcl/importer"
	"pcl/internal/synth"
	"pcl/internal/testenv"
)

// TestFailureCIB checks that the failure and migration CIBs are
// deterministic and import.
func TestFailureCIB(t *testing.T) {
	if synth.FailureCIB(7) != synth.FailureCIB(7) {
		t.Fatal("FailureCIB is not deterministic")
	}
	for seed := uint64(1); seed <= 20; seed++ {
		if _, diags := importer.Read("failures.xml", []byte(synth.FailureCIB(seed))); diags.HasErrors() {
			t.Fatalf("seed %d: the CIB does not import: %v", seed, diags)
		}
	}
}

// TestFailureCIBVerify runs crm_verify -x on the failure and migration
// CIBs: 20 seeds, or PCL_VERIFY_N. The failures are the point, and
// crm_verify warns about what they make (a node fenced for a failed stop,
// a resource active on two nodes) with exit status 78: only its errors
// ("Errors found during check", a schema it rejects) fail the test.
func TestFailureCIBVerify(t *testing.T) {
	verify := testenv.Tool(t, "crm_verify")
	n := uint64(20)
	if v := os.Getenv("PCL_VERIFY_N"); v != "" {
		n, _ = strconv.ParseUint(v, 10, 64)
	}
	dir := t.TempDir()
	for seed := uint64(1); seed <= n; seed++ {
		path := filepath.Join(dir, fmt.Sprintf("failures-%d.xml", seed))
		if err := os.WriteFile(path, []byte(synth.FailureCIB(seed)), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(verify, "-x", path).CombinedOutput()
		if err != nil && !strings.Contains(string(out), "Warnings found during check") {
			t.Errorf("seed %d: crm_verify rejects the CIB: %v\n%s", seed, err, out)
		}
	}
}
