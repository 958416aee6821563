package history_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pcl/emit/cibxml"
	"pcl/history"
	"pcl/importer"
	"pcl/internal/chain"
	"pcl/internal/testenv"
	"pcl/ir"
)

// corpusChainDiffers are the corpus tests whose chain pcl plans
// differently from crm_simulate, and where. They are the planner's, not
// the history's: pcl history shows what the planner computes.
var corpusChainDiffers = map[string]string{
	// Settled at the chain's execution-date (2026) and with node1 lost,
	// crm_simulate restarts rsc1 on node2; pcl plans nothing.
	"date-1": "pe-input-2.bz2",
}

// TestCorpusChains builds, from each core corpus test whose transition
// pcl reproduces, a chain of two inputs: the test's CIB, then the cluster
// its transition leaves with its first node lost. What pcl history says
// the scheduler decided from each is compared with crm_simulate -S.
func TestCorpusChains(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: runs crm_simulate twice per core corpus test")
	}
	sim := testenv.Tool(t, "crm_simulate")
	c := testenv.CorpusOf(t, "2.1.5")
	// The tests whose transition summary pcl reproduces (the ratchet).
	list, err := os.ReadFile(filepath.Join(testenv.ModuleRoot(), "testdata", "ratchet", "2.1.5", "summary.txt"))
	if err != nil {
		t.Fatal(err)
	}
	passing := map[string]bool{}
	for _, n := range strings.Fields(string(list)) {
		passing[n] = true
	}
	dir := t.TempDir()
	compared, differ := 0, 0
	for _, name := range testenv.ListFile(t, "tier01_core.txt") {
		if !passing[name] {
			continue
		}
		src, err := os.ReadFile(filepath.Join(c.Dir, "xml", name+".xml"))
		if err != nil {
			t.Fatal(err)
		}
		base, diags := importer.Read(name, src)
		if diags.HasErrors() || base.Config == nil || len(base.Config.Nodes) == 0 {
			continue
		}
		lost := []ir.Injection{{Kind: ir.InjectNodeFail, Node: base.Config.Nodes[0].Uname}}
		built, err := chain.Build(base, []chain.Event{{Inject: lost}}, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), 1)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		var files []history.File
		for _, f := range built {
			files = append(files, history.File{Name: f.Name, Source: f.Source})
		}
		rep, err := history.Explain(history.Read(files), history.Options{Write: cibxml.WriteConfig})
		if err != nil {
			t.Fatal(err)
		}
		for i, f := range files {
			tr := rep.Transitions[i]
			if tr.Error != "" {
				t.Errorf("%s %s: %s", name, f.Name, tr.Error)
				continue
			}
			if len(tr.Unknown) > 0 {
				continue // said to be unknown: nothing to compare
			}
			path := filepath.Join(dir, name+"-"+f.Name+".xml")
			if err := os.WriteFile(path, f.Source, 0o644); err != nil {
				t.Fatal(err)
			}
			// crm_simulate exits 1 when the simulated transition fails
			// (a blocked action), after printing its summary.
			out, err := exec.Command(sim, "-x", path, "-S").CombinedOutput()
			if !strings.Contains(string(out), "Transition Summary:") {
				t.Fatalf("crm_simulate -x %s -S: %v\n%s", path, err, out)
			}
			var want []string
			for _, l := range testenv.SimulateSection(string(out), "Transition Summary:") {
				want = append(want, simulateWords(l))
			}
			got := append([]string(nil), tr.NodeActions...)
			for _, ch := range tr.Changes {
				got = append(got, summaryWords(ch))
			}
			compared++
			same := strings.Join(got, "\n") == strings.Join(want, "\n")
			known := corpusChainDiffers[name] == f.Name
			switch {
			case !same && !known:
				differ++
				t.Errorf("%s %s: pcl history says the scheduler decided\n  %s\ncrm_simulate:\n  %s", name, f.Name, strings.Join(got, "\n  "), strings.Join(want, "\n  "))
			case !same:
				differ++
			case known:
				t.Errorf("%s %s now agrees with crm_simulate: remove it from corpusChainDiffers", name, f.Name)
			}
		}
	}
	t.Logf("%d inputs compared with crm_simulate, %d differ", compared, differ)
}
