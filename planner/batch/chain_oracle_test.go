package batch_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pcl/emit/cibxml"
	"pcl/emit/plantext"
	"pcl/importer"
	"pcl/internal/synth"
	"pcl/internal/testenv"
	"pcl/ir"
	"pcl/planner"
	"pcl/planner/batch"
	"pcl/planner/scenario"
)

// TestChainedMoveClear: a move, then the clear, as an operator does them
// one after the other on a running cluster, planned as a chain (the
// clear's scenario follows the move's) and by Pacemaker 2.1.5's tools:
// crm_simulate -S -O settles the cluster, crm_resource --move writes the
// constraint into the settled CIB, crm_simulate -S -O settles the move,
// crm_resource --clear removes it, and crm_simulate -S runs the last
// transition. Each step runs the actions crm_simulate runs, so whether
// the resource moves back is what Pacemaker would do.
func TestChainedMoveClear(t *testing.T) {
	t.Parallel()
	simulate := testenv.Tool(t, "crm_simulate")
	if testing.Short() {
		t.Skip("runs crm_resource and crm_simulate per step")
	}
	bin := filepath.Dir(simulate)
	o := operatorOracle{target: pcmk215(), dir: t.TempDir(), corpus: chainCorpus, command: hostCommand(bin)}
	o.runChains(t, testenv.CorpusDir(t), 8)
}

// TestChainedMoveClear30 is TestChainedMoveClear with Pacemaker 3.0's
// tools (the Debian 13 chroot, scripts/oracle-3.0), on the 3.0.1
// corpus.
func TestChainedMoveClear30(t *testing.T) {
	t.Parallel()
	oracle := testenv.Tool30(t)
	if testing.Short() {
		t.Skip("runs crm_resource and crm_simulate per step")
	}
	dir := oracle.TempDir(t, "pcl-chain-")
	o := operatorOracle{target: pcmk300(), dir: dir,
		corpus:  []string{"group5", "colocation-vs-stickiness", "10-a-then-bm-b-move-a-clone", "asymmetrical-order-move"},
		command: chrootCommand(oracle)}
	o.runChains(t, testenv.CorpusOf(t, "3.0").Dir, 4)
}

// chainCorpus are operatorCorpus but failcount-block, whose status gives
// every fail count one nvpair id: crm_simulate's settling rewrites the
// first of them, which no cluster's status would make it do.
var chainCorpus = []string{
	"simple7", "group5", "colocation-vs-stickiness", "clone-no-shuffle", "10-a-then-bm-b-move-a-clone",
	"bug-5025-1", "asymmetrical-order-move",
}

type chainInput struct {
	name string
	xml  []byte
}

// chainInputs are the corpus CIBs named, then seeds clusters of the
// benchmarks' generator (primitives and groups running here and there,
// with locations, colocations, orders and stickiness), held out from
// the chains' development.
func chainInputs(t *testing.T, dir string, corpus []string, seeds int) []chainInput {
	var out []chainInput
	for _, name := range corpus {
		src, err := os.ReadFile(filepath.Join(dir, "xml", name+".xml"))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, chainInput{name, src})
	}
	for seed := 1; seed <= seeds; seed++ {
		cib := synth.Generate(synth.Params{Resources: 6 + seed%10, Nodes: 2 + seed%3, Seed: uint64(100 + seed)})
		var b bytes.Buffer
		if err := cibxml.Write(&b, cib); err != nil {
			t.Fatal(err)
		}
		out = append(out, chainInput{fmt.Sprintf("held-out-%03d", 100+seed), b.Bytes()})
	}
	return out
}

// runChains runs the chain on each corpus CIB whose baseline pcl plans
// exactly and settles as crm_simulate does: its first resource (not a
// fencing device) that runs on one node, moved to another node, then
// cleared.
func (o operatorOracle) runChains(t *testing.T, corpusDir string, seeds int) {
	chains, back := 0, 0
	defer func() { t.Logf("%d move-then-clear chains agree with crm_simulate (%d move back)", chains, back) }()
	for _, in := range chainInputs(t, corpusDir, o.corpus, seeds) {
		c, ok := o.chainStart(t, in.name, in.xml)
		if !ok {
			continue
		}
		name, cib, opts, settled0, id, from, to := c.name, c.cib, c.opts, c.settled0, c.id, c.from, c.to
		move := scenario.Scenario{Name: "move", Injections: []ir.Injection{{Kind: ir.InjectMove, Resource: id, Node: to}}}
		clear := scenario.Scenario{Name: "clear", After: "move", Injections: []ir.Injection{{Kind: ir.InjectClear, Resource: id}}}
		res := batch.Run(cib, []scenario.Scenario{clear, move}, opts)
		label := fmt.Sprintf("%s: move %s %s -> %s, then clear", name, id, from, to)
		settled1 := filepath.Join(o.dir, name+"-1.xml")
		if !o.runSteps(t, label, []chainStep{
			{res.Scenarios[1], []string{"--move", "-r", id, "-N", to}, settled0, settled1, time.Time{}},
			{res.Scenarios[0], []string{"--clear", "-r", id}, settled1, filepath.Join(o.dir, name+"-2.xml"), time.Time{}},
		}) {
			continue
		}
		chains++
		now, _ := batch.Locate(res.Scenarios[0].After)(id)
		if len(now) == 1 && now[0] == from {
			back++
		}
		t.Logf("%s: ends on %v", label, now)
	}
	if chains == 0 {
		t.Error("no chain was compared")
	}
}

// chainBase is where a chain starts: a corpus CIB whose baseline pcl
// plans exactly and runs as crm_simulate runs it (settled0, the cluster
// crm_simulate leaves), and the resource it moves.
type chainBase struct {
	name         string
	cib          *ir.CIB
	opts         batch.Options
	settled0     string
	id, from, to string
}

// chainStart reads the corpus CIB name and returns where its chain
// starts; ok is false when it offers none.
func (o operatorOracle) chainStart(t *testing.T, name string, src []byte) (c chainBase, ok bool) {
	t.Helper()
	cib, diags := importer.Read(name+".xml", src)
	if diags.HasErrors() {
		t.Fatalf("%s: %v", name, diags)
	}
	opts := batch.Options{Planner: planner.Options{Target: o.target, NoTrail: true}, Quorum: scenario.QuorumRule{Keep: true}}
	base := batch.Run(cib, nil, opts)
	if base.Baseline.Err != nil {
		t.Fatalf("%s: %v", name, base.Baseline.Err)
	}
	if _, unknown := base.Baseline.Result.PlanUnknown(); unknown {
		return c, false
	}
	orig := filepath.Join(o.dir, name+".xml")
	if err := os.WriteFile(orig, src, 0o644); err != nil {
		t.Fatal(err)
	}
	c = chainBase{name: name, cib: cib, opts: opts, settled0: filepath.Join(o.dir, name+"-0.xml")}
	out := o.step(t, "", nil, orig, c.settled0)
	if got, want := o.executed(base.Baseline), testenv.SimulateSection(out, "Executing Cluster Transition:"); !sameLines(got, want) {
		t.Logf("%s: the baseline runs other actions than crm_simulate's; no chain planned from it", name)
		return c, false
	}
	if c.id, c.from, c.to = moveCandidate(cib, base.Baseline.After); c.id == "" {
		t.Logf("%s: no resource runs on exactly one node with another node to move it to", name)
		return c, false
	}
	return c, true
}

// chainStep is one step of a chain: pcl's outcome, and the crm_resource
// arguments (none: only time passes) applied to in, simulated (at at,
// unless zero) into out.
type chainStep struct {
	o       *batch.Outcome
	tool    []string
	in, out string
	at      time.Time
}

// runSteps reports whether every step runs the actions crm_simulate runs.
func (o operatorOracle) runSteps(t *testing.T, label string, steps []chainStep) bool {
	t.Helper()
	for _, st := range steps {
		if st.o.Err != nil {
			t.Errorf("%s: %s: %v", label, st.o.Scenario.Name, st.o.Err)
			return false
		}
		tool := ""
		if st.tool != nil {
			tool = "crm_resource"
		}
		var at []time.Time
		if !st.at.IsZero() {
			at = append(at, st.at)
		}
		out := o.step(t, tool, st.tool, st.in, st.out, at...)
		got, want := o.executed(st.o), testenv.SimulateSection(out, "Executing Cluster Transition:")
		if !sameLines(got, want) {
			t.Errorf("%s: the %s step runs other actions than crm_simulate's", label, st.o.Scenario.Name)
			testenv.LogLineDiff(t, sortedLines(got), sortedLines(want))
			return false
		}
	}
	return true
}

// step applies one operator command (none for the baseline) to a copy of
// in, runs crm_simulate -S on it saving the cluster it leaves to out
// (with -t at, unless zero), and returns crm_simulate's output.
func (o operatorOracle) step(t *testing.T, tool string, args []string, in, out string, at ...time.Time) string {
	t.Helper()
	if tool != "" {
		if b, err := o.command(in, tool, args...).CombinedOutput(); err != nil {
			t.Fatalf("%s %s on %s: %v: %s", tool, strings.Join(args, " "), in, err, b)
		}
	}
	sim := []string{"-x", in, "-S", "-O", out}
	if len(at) > 0 {
		sim = append(sim, "-t", at[0].UTC().Format("2006-01-02T15:04:05Z"))
	}
	text, err := o.command("", "crm_simulate", sim...).Output()
	if err != nil {
		t.Fatalf("crm_simulate -x %s -S: %v", in, err)
	}
	return string(text)
}

// executed is the actions an outcome's transition runs, as crm_simulate
// -S lists them.
func (o operatorOracle) executed(out *batch.Outcome) []string {
	return plantext.ExecutedLines(out.Result.Transition, out.Execution)
}

// moveCandidate is the first top-level resource (not a fencing device)
// active on exactly one node of after, that node and the first other
// node of the configuration (sorted) to move it to.
func moveCandidate(cib *ir.CIB, after *planner.Result) (id, from, to string) {
	locate := batch.Locate(after)
	for _, r := range cib.Config.Resources {
		if _, tmpl := r.(*ir.Template); tmpl {
			continue
		}
		if p, ok := r.(*ir.Primitive); ok && p.Agent.Class == "stonith" {
			continue
		}
		where, _ := locate(r.ResourceID())
		if len(where) != 1 {
			continue
		}
		for _, n := range sortedNodes(cib) {
			if n != where[0] {
				return r.ResourceID(), where[0], n
			}
		}
	}
	return "", "", ""
}

// sortedNodes are the configuration's node names, sorted.
func sortedNodes(cib *ir.CIB) []string {
	var out []string
	for _, n := range cib.Config.Nodes {
		out = append(out, n.Uname)
	}
	return sortedLines(out)
}

// sameLines reports whether two lists of lines are the same, sorted and
// with white space collapsed.
func sameLines(a, b []string) bool {
	return strings.Join(sortedLines(a), "\n") == strings.Join(sortedLines(b), "\n")
}

// TestLifetimeExpires: a move with a lifetime (crm_resource --move
// --lifetime PT1H, at the clock's time) plans as a move, half an hour
// later nothing changes, and two hours later the constraint has expired:
// each step, planned as a chain of scenarios with their times, runs the
// actions crm_simulate -t runs on the cluster the step before left.
func TestLifetimeExpires(t *testing.T) {
	t.Parallel()
	simulate := testenv.Tool(t, "crm_simulate")
	if testing.Short() {
		t.Skip("runs crm_resource and crm_simulate per step")
	}
	o := operatorOracle{target: pcmk215(), dir: t.TempDir(), corpus: []string{"group5", "colocation-vs-stickiness"}, command: hostCommand(filepath.Dir(simulate))}
	o.runExpiry(t, testenv.CorpusDir(t), 4)
}

// TestLifetimeExpires30 is TestLifetimeExpires with Pacemaker 3.0's
// tools, on the 3.0.1 corpus.
func TestLifetimeExpires30(t *testing.T) {
	t.Parallel()
	oracle := testenv.Tool30(t)
	if testing.Short() {
		t.Skip("runs crm_resource and crm_simulate per step")
	}
	dir := oracle.TempDir(t, "pcl-expiry-")
	o := operatorOracle{target: pcmk300(), dir: dir, corpus: []string{"group5", "colocation-vs-stickiness"}, command: chrootCommand(oracle)}
	o.runExpiry(t, testenv.CorpusOf(t, "3.0").Dir, 2)
}

func (o operatorOracle) runExpiry(t *testing.T, corpusDir string, seeds int) {
	chains, expired := 0, 0
	defer func() {
		t.Logf("%d move-with-lifetime chains agree with crm_simulate (%d move back once expired)", chains, expired)
	}()
	for _, in := range chainInputs(t, corpusDir, o.corpus, seeds) {
		c, ok := o.chainStart(t, in.name, in.xml)
		if !ok {
			continue
		}
		name, cib, opts, settled0, id, from, to := c.name, c.cib, c.opts, c.settled0, c.id, c.from, c.to
		// crm_resource counts the lifetime from its clock: the move's
		// scenario is planned at the same second.
		now := time.Now().UTC().Truncate(time.Second)
		move := scenario.Scenario{Name: "move", Now: now, Injections: []ir.Injection{{Kind: ir.InjectMove, Resource: id, Node: to, Lifetime: "PT1H"}}}
		later := scenario.Scenario{Name: "later", After: "move", Now: now.Add(30 * time.Minute)}
		expiry := scenario.Scenario{Name: "expired", After: "later", Now: now.Add(2 * time.Hour)}
		res := batch.Run(cib, []scenario.Scenario{move, later, expiry}, opts)
		label := fmt.Sprintf("%s: move %s %s -> %s for an hour", name, id, from, to)
		settled1, settled2 := filepath.Join(o.dir, name+"-1.xml"), filepath.Join(o.dir, name+"-2.xml")
		if !o.runSteps(t, label, []chainStep{
			{res.Scenarios[0], []string{"--move", "-r", id, "-N", to, "--lifetime", "PT1H"}, settled0, settled1, move.Now},
			{res.Scenarios[1], nil, settled1, settled2, later.Now},
			{res.Scenarios[2], nil, settled2, filepath.Join(o.dir, name+"-3.xml"), expiry.Now},
		}) {
			continue
		}
		chains++
		if now, _ := batch.Locate(res.Scenarios[2].After)(id); len(now) == 1 && now[0] == from {
			expired++
		}
	}
	if chains == 0 {
		t.Error("no chain was compared")
	}
}
