package synth_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"pcl/importer"
	"pcl/internal/synth"
	"pcl/internal/testenv"
)

// heavyGenerators are the generators of clone-heavy and promotable-group
// clusters, by name.
var heavyGenerators = []struct {
	name string
	gen  func(seed uint64) string
}{
	{"heavy", func(seed uint64) string { return synth.CloneHeavyCIB(seed, false) }},
	{"heavy-history", func(seed uint64) string { return synth.CloneHeavyCIB(seed, true) }},
	{"promgroup", synth.PromotableGroupCIB},
}

// TestHeavyCIBs checks that the clone-heavy and promotable-group CIBs are
// deterministic and import.
func TestHeavyCIBs(t *testing.T) {
	for _, g := range heavyGenerators {
		if g.gen(7) != g.gen(7) {
			t.Fatalf("%s is not deterministic", g.name)
		}
		for seed := uint64(1); seed <= 10; seed++ {
			if _, diags := importer.Read(g.name+".xml", []byte(g.gen(seed))); diags.HasErrors() {
				t.Fatalf("%s seed %d: the CIB does not import: %v", g.name, seed, diags)
			}
		}
	}
}

// TestHeavyCIBsVerify runs crm_verify -x on the clone-heavy and
// promotable-group CIBs: 10 seeds each, or PCL_VERIFY_N (200 were checked
// when the generators were written).
func TestHeavyCIBsVerify(t *testing.T) {
	verify := testenv.Tool(t, "crm_verify")
	n := uint64(10)
	if v := os.Getenv("PCL_VERIFY_N"); v != "" {
		n, _ = strconv.ParseUint(v, 10, 64)
	}
	dir := t.TempDir()
	for _, g := range heavyGenerators {
		for seed := uint64(1); seed <= n; seed++ {
			path := filepath.Join(dir, fmt.Sprintf("%s-%d.xml", g.name, seed))
			if err := os.WriteFile(path, []byte(g.gen(seed)), 0o644); err != nil {
				t.Fatal(err)
			}
			if out, err := exec.Command(verify, "-x", path).CombinedOutput(); err != nil {
				t.Errorf("%s seed %d: crm_verify rejects the CIB: %v\n%s", g.name, seed, err, out)
			}
		}
	}
}
