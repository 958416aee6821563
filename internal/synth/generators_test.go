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

// verdict says whether crm_verify's output and error accept a generated
// CIB.
type verdict func(out string, err error) bool

// clean: crm_verify exits 0.
func clean(out string, err error) bool { return err == nil }

// silent: crm_verify exits 0 and says nothing.
func silent(out string, err error) bool { return err == nil && out == "" }

// warned: warnings are the point (failed operations, fencing), errors are
// not: crm_verify exits 0 or only warns.
func warned(out string, err error) bool {
	return (err == nil || strings.Contains(out, "Warnings found during check")) && !strings.Contains(out, "rror")
}

// generators are the differential tests' CIB generators, with the
// number of seeds checked here (more were checked when each was written)
// and what crm_verify must say of them.
var generators = []struct {
	name   string
	gen    func(seed uint64) string
	seeds  uint64
	verify verdict
}{
	{"clones", synth.CloneCIB, 20, clean},
	{"promotable", synth.PromotableCIB, 20, silent},
	{"heavy", func(seed uint64) string { return synth.CloneHeavyCIB(seed, false) }, 10, clean},
	{"heavy-history", func(seed uint64) string { return synth.CloneHeavyCIB(seed, true) }, 10, clean},
	{"promgroup", synth.PromotableGroupCIB, 10, clean},
	{"failures", synth.FailureCIB, 20, warned},
	{"remote", synth.RemoteCIB, 20, warned},
	{"bundle", synth.BundleCIB, 20, warned},
}

// TestGenerators checks that every generator is deterministic and that
// its CIBs import.
func TestGenerators(t *testing.T) {
	for _, g := range generators {
		if g.gen(7) != g.gen(7) {
			t.Fatalf("%s is not deterministic", g.name)
		}
		for seed := uint64(1); seed <= g.seeds; seed++ {
			if _, diags := importer.Read(g.name+".xml", []byte(g.gen(seed))); diags.HasErrors() {
				t.Fatalf("%s seed %d: the CIB does not import: %v", g.name, seed, diags)
			}
		}
	}
}

// TestGeneratorsVerify runs crm_verify -x on every generator's CIBs:
// each its number of seeds, or PCL_VERIFY_N; PCL_VERIFY_KEEP=DIR keeps
// the files.
func TestGeneratorsVerify(t *testing.T) {
	verify := testenv.Tool(t, "crm_verify")
	var n uint64
	if v := os.Getenv("PCL_VERIFY_N"); v != "" {
		n, _ = strconv.ParseUint(v, 10, 64)
	}
	dir := t.TempDir()
	if keep := os.Getenv("PCL_VERIFY_KEEP"); keep != "" {
		dir = keep
	}
	for _, g := range generators {
		seeds := g.seeds
		if n > 0 {
			seeds = n
		}
		for seed := uint64(1); seed <= seeds; seed++ {
			path := filepath.Join(dir, fmt.Sprintf("%s-%d.xml", g.name, seed))
			if err := os.WriteFile(path, []byte(g.gen(seed)), 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command(verify, "-x", path).CombinedOutput()
			if !g.verify(string(out), err) {
				t.Errorf("%s seed %d: crm_verify rejects the CIB: %v\n%s", g.name, seed, err, out)
			}
		}
	}
}
