package synth_test

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"pcl/compiler"
	"pcl/emit/cibxml"
	"pcl/emit/pclgen"
	"pcl/importer"
	"pcl/internal/synth"
	"pcl/internal/testenv"
	"pcl/ir"
)

// defaultDigests are the SHA-256 digests of cluster.xml and cluster.pcl
// that pcl-gen writes for -r 100 -n 8 --seed 1, before clones existed. The
// benchmarks and the figures of docs/performance.md are comparable only as
// long as they hold; change them only together with those figures.
var defaultDigests = [2]string{
	"8a9f90f8a97053dca8ad2bb79414b7e50b4b431e9dc5ec2e95a96054e2c40c34",
	"75153aa59630e844751c68a594a206c77ff3cefffb8bd434a0ff020e40c03038",
}

// render writes cib as CIB XML and its configuration as a policy, as
// cmd/pcl-gen does.
func render(t *testing.T, cib *ir.CIB) (xml, pcl []byte) {
	t.Helper()
	var buf bytes.Buffer
	if err := cibxml.Write(&buf, cib); err != nil {
		t.Fatal(err)
	}
	policy := *cib
	policy.Status = nil
	src, err := pclgen.Write(&policy)
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), src
}

// TestDefaultClusterUnchanged checks that without clones the generator
// writes the very clusters it wrote before clones were added.
func TestDefaultClusterUnchanged(t *testing.T) {
	xml, pcl := render(t, synth.Generate(synth.Params{Resources: 100, Nodes: 8, Seed: 1}))
	got := [2]string{fmt.Sprintf("%x", sha256.Sum256(xml)), fmt.Sprintf("%x", sha256.Sum256(pcl))}
	if got != defaultDigests {
		t.Errorf("the default cluster changed: digests %q, want %q", got, defaultDigests)
	}
}

// cloneParams is a small cluster with many clones.
func cloneParams(seed uint64) synth.Params {
	return synth.Params{Resources: 60, Nodes: 5, Seed: seed, CloneFraction: 0.4}
}

// TestClones checks that clusters with clones have every kind of clone
// the generator makes, that their history names instances as Pacemaker
// does, and that the policy compiles back to the same configuration.
func TestClones(t *testing.T) {
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 4; seed++ {
		cib := synth.Generate(cloneParams(seed))
		xml, src := render(t, cib)
		if _, diags := importer.Read("cluster.xml", xml); diags.HasErrors() {
			t.Fatalf("seed %d: the CIB does not import: %v", seed, diags)
		}
		path := filepath.Join(t.TempDir(), "cluster.pcl")
		if err := os.WriteFile(path, src, 0o644); err != nil {
			t.Fatal(err)
		}
		compiled, _, diags := compiler.Compile([]string{path}, compiler.Options{})
		if diags.HasErrors() {
			t.Fatalf("seed %d: the policy does not compile: %v", seed, diags)
		}
		var back bytes.Buffer
		if err := cibxml.Write(&back, compiled); err != nil {
			t.Fatal(err)
		}
		if a, b := configuration(xml), configuration(back.Bytes()); a != b {
			t.Errorf("seed %d: the compiled policy's configuration differs from the generated one", seed)
		}
		for _, r := range cib.Config.Resources {
			c, ok := r.(*ir.Clone)
			if !ok {
				continue
			}
			seen["clone"] = true
			if _, ok := c.Child.(*ir.Group); ok {
				seen["cloned group"] = true
			}
			for _, s := range c.Sets {
				for _, p := range s.Pairs {
					seen[p.Name+"="+*p.Value] = true
				}
			}
		}
		for _, ns := range cib.Status.Nodes {
			for _, h := range ns.Resources {
				if strings.Contains(h.ID, ":") {
					seen["numbered history"] = true
				}
			}
		}
		for _, c := range cib.Config.Constraints {
			if col, ok := c.(*ir.Colocation); ok && strings.HasSuffix(col.Dependent, "-clone") && strings.HasSuffix(col.Primary, "-clone") {
				seen["clone with clone"] = true
			}
		}
	}
	for _, want := range []string{"clone", "cloned group", "globally-unique=true", "clone-node-max=2",
		"interleave=true", "numbered history", "clone with clone"} {
		if !seen[want] {
			t.Errorf("no %s in the generated clusters", want)
		}
	}
}

// configuration is the <configuration> element of a CIB's XML.
func configuration(xml []byte) string {
	s := string(xml)
	i, j := strings.Index(s, "<configuration>"), strings.Index(s, "</configuration>")
	if i < 0 || j < i {
		return ""
	}
	return s[i:j]
}

// TestClonesVerify runs crm_verify -x on clusters with clones.
func TestClonesVerify(t *testing.T) {
	verify := testenv.Tool(t, "crm_verify")
	for seed := uint64(1); seed <= 4; seed++ {
		xml, _ := render(t, synth.Generate(cloneParams(seed)))
		path := filepath.Join(t.TempDir(), "cluster.xml")
		if err := os.WriteFile(path, xml, 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(verify, "-x", path).CombinedOutput(); err != nil {
			t.Errorf("seed %d: crm_verify rejects the CIB: %v\n%s", seed, err, out)
		}
	}
}
