package history_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"pcl/emit/cibxml"
	"pcl/history"
	"pcl/internal/testenv"
	"pcl/ir"
	"pcl/pcmk"
)

// TestChainOracle checks that what the history says the scheduler
// decided from each input of the chain is what Pacemaker's own scheduler
// decides from it: crm_simulate -S's transition summary, line for line,
// and its fencing.
func TestChainOracle(t *testing.T) {
	sim := testenv.Tool(t, "crm_simulate")
	dir := t.TempDir()
	chainOracle(t, pcmk.Target{}, func(name string, src []byte) string {
		path := filepath.Join(dir, name+".xml")
		if err := os.WriteFile(path, src, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(sim, "-x", path, "-S").CombinedOutput()
		if err != nil {
			t.Fatalf("crm_simulate -x %s -S: %v\n%s", name, err, out)
		}
		return string(out)
	})
}

// TestChainOracle30 is TestChainOracle planned for Pacemaker 3.0, against
// 3.0's crm_simulate.
func TestChainOracle30(t *testing.T) {
	o := testenv.Tool30(t)
	chainOracle(t, pcmk.NewTarget(pcmk.V3_0_0, pcmk.FromFlag), func(name string, src []byte) string {
		out, errb, err := o.Run(t, src, "crm_simulate", "-x", "CIB", "-S")
		if err != nil {
			t.Fatalf("crm_simulate 3.0 -x %s -S: %v\n%s", name, err, errb)
		}
		return string(out)
	})
}

// chainOracle compares the history of chain.Failover, planned for target
// (zero: the default), with simulate's crm_simulate -S output for each
// input.
func chainOracle(t *testing.T, target pcmk.Target, simulate func(name string, src []byte) string) {
	files := failoverChain(t, 5)
	opts := history.Options{Write: cibxml.WriteConfig}
	if !target.IsZero() {
		opts.Target = func(*ir.CIB) pcmk.Target { return target }
	}
	rep, err := history.Explain(history.Read(files), opts)
	if err != nil {
		t.Fatal(err)
	}
	compared := 0
	for i, f := range files {
		want := testenv.SimulateSection(simulate(strings.TrimSuffix(f.Name, ".bz2"), f.Source), "Transition Summary:")
		compared += len(want)
		tr := rep.Transitions[i]
		got := append([]string(nil), tr.NodeActions...)
		for _, c := range tr.Changes {
			got = append(got, summaryWords(c))
		}
		var wantWords []string
		for _, l := range want {
			wantWords = append(wantWords, simulateWords(l))
		}
		if strings.Join(got, "\n") != strings.Join(wantWords, "\n") {
			t.Errorf("%s: pcl history says the scheduler decided\n  %s\ncrm_simulate:\n  %s", f.Name, strings.Join(got, "\n  "), strings.Join(wantWords, "\n  "))
		}
	}
	// Fencing, moves, a recovery and a move back: not an empty chain.
	if compared < 8 {
		t.Errorf("crm_simulate's summaries of the chain hold %d lines: the chain does not exercise the history", compared)
	}
}

// summaryWords and simulateWords reduce a change, and a crm_simulate
// summary line, to the same words: verb, resource, nodes, reason.
func summaryWords(c history.Change) string {
	words := []string{c.Change, c.Resource}
	roles := c.Role != "" || c.NextRole != ""
	switch {
	case c.From != "" && c.To != "" && c.From != c.To && roles:
		words = append(words, c.Role, c.From, c.NextRole, c.To) // ( Promoted n1 -> Started n2 )
	case c.From != "" && c.To != "" && c.From != c.To:
		words = append(words, c.From, c.To)
	case roles:
		node := c.From
		if node == "" {
			node = c.To
		}
		words = append(words, c.Role, c.NextRole, node) // ( Unpromoted -> Promoted n1 )
	case c.From != "":
		words = append(words, c.From)
	case c.To != "":
		words = append(words, c.To)
	}
	if c.Reason != "" {
		words = append(words, "due to "+c.Reason)
	}
	if c.Blocked {
		words = append(words, "blocked")
	}
	return strings.Join(words, " ")
}

func simulateWords(line string) string {
	if strings.HasPrefix(line, "Fence") || strings.HasPrefix(line, "Shutdown") {
		return line
	}
	// "(blocked)" ends the line, after the reason when there is one.
	blocked := strings.Contains(line, "(blocked)")
	line = strings.TrimSpace(strings.Replace(line, "(blocked)", "", 1))
	reason := ""
	if i := strings.Index(line, " due to "); i >= 0 {
		line, reason = line[:i], line[i+1:]
	}
	line = strings.NewReplacer("(", " ", ")", " ", "->", " ").Replace(line)
	out := strings.Join(strings.Fields(line), " ")
	if reason != "" {
		out += " " + strings.TrimSpace(reason)
	}
	if blocked {
		out += " blocked"
	}
	return out
}
