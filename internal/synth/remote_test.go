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

// TestRemoteCIB checks that the remote-node CIBs are deterministic and
// import.
func TestRemoteCIB(t *testing.T) {
	if synth.RemoteCIB(7) != synth.RemoteCIB(7) {
		t.Fatal("RemoteCIB is not deterministic")
	}
	for seed := uint64(1); seed <= 20; seed++ {
		if _, diags := importer.Read("remote.xml", []byte(synth.RemoteCIB(seed))); diags.HasErrors() {
			t.Fatalf("seed %d: the CIB does not import: %v", seed, diags)
		}
	}
}

// TestRemoteCIBVerify runs crm_verify -x on the remote-node CIBs: 20
// seeds, or PCL_VERIFY_N; PCL_VERIFY_KEEP=DIR keeps them. Warnings are
// expected (failed operations, fencing of remote nodes), errors are not.
func TestRemoteCIBVerify(t *testing.T) {
	verify := testenv.Tool(t, "crm_verify")
	n := uint64(20)
	if v := os.Getenv("PCL_VERIFY_N"); v != "" {
		n, _ = strconv.ParseUint(v, 10, 64)
	}
	dir := t.TempDir()
	if keep := os.Getenv("PCL_VERIFY_KEEP"); keep != "" {
		dir = keep
	}
	for seed := uint64(1); seed <= n; seed++ {
		path := filepath.Join(dir, fmt.Sprintf("remote-%d.xml", seed))
		if err := os.WriteFile(path, []byte(synth.RemoteCIB(seed)), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, _ := exec.Command(verify, "-x", path).CombinedOutput(); strings.Contains(string(out), "rror") {
			t.Errorf("seed %d: crm_verify:\n%s", seed, out)
		}
	}
}
