package scenario_test

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"pcl/emit/cibxml"
	"pcl/importer"
	"pcl/internal/synth"
	"pcl/internal/testenv"
	"pcl/internal/xmlcompare"
	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner"
	"pcl/planner/scenario"
	"pcl/planner/transition"
)

// oracleCorpus are corpus CIBs of primitives and groups with varied
// state: failures, stickiness, orders, colocations, tickets, offline and
// standby nodes.
var oracleCorpus = []string{
	"rec-rsc-1", "simple7", "group1", "group5", "rec-node-1", "rec-node-4", "order3", "rsc_dep1",
	"standby", "placement-stickiness", "monitor-onfail-restart", "utilization", "group-fail",
	"colocation-vs-stickiness", "unmanaged-stop-1", "stopped-monitor-01", "ticket-primitive-1",
	"ticket-group-2", "migrate-1", "order-sets", "attrs1", "failcount-block", "date-1", "date-2", "origin",
}

// oracleCase is one corpus CIB with one scenario and the crm_simulate
// flags that inject the same.
type oracleCase struct {
	name  string
	test  testenv.CorpusTest
	src   []byte
	cib   *ir.CIB
	sc    scenario.Scenario
	flags []string
}

func oracleCases(t *testing.T) []oracleCase {
	dir := testenv.CorpusDir(t)
	tests := map[string]testenv.CorpusTest{}
	for _, ct := range testenv.CorpusTests(t) {
		tests[ct.Name] = ct
	}
	var out []oracleCase
	for _, name := range oracleCorpus {
		src, err := os.ReadFile(filepath.Join(dir, "xml", name+".xml"))
		if err != nil {
			t.Fatal(err)
		}
		cib, diags := importer.Read(name+".xml", src)
		if diags.HasErrors() {
			t.Fatalf("%s: %v", name, diags)
		}
		ct := tests[name]
		for i, sc := range scenariosFor(cib) {
			if ct.Now != "" {
				now, err := pcmk.ParseEffectiveTime(ct.Now, nil)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				sc.Now = now
			}
			out = append(out, oracleCase{name: fmt.Sprintf("%s/%d", name, i), test: ct, src: src, cib: cib, sc: sc, flags: simulateFlags(sc.Injections)})
		}
	}
	// Generated clusters: groups, rules, colocations, orders, failures.
	for seed := uint64(1); seed <= 2; seed++ {
		cib := synth.Generate(synth.Params{Resources: 30, Nodes: 4, Seed: seed})
		var buf bytes.Buffer
		if err := cibxml.Write(&buf, cib); err != nil {
			t.Fatal(err)
		}
		for i, sc := range scenariosFor(cib) {
			out = append(out, oracleCase{name: fmt.Sprintf("synth-%d/%d", seed, i), src: buf.Bytes(), cib: cib, sc: sc, flags: simulateFlags(sc.Injections)})
		}
	}
	return out
}

// scenariosFor derives a few scenarios from a CIB: its first node down,
// its last node failing, two nodes down, an offline node up, failures of
// the first primitive, and its tickets granted and revoked.
func scenariosFor(cib *ir.CIB) []scenario.Scenario {
	var nodes []string
	for _, n := range cib.Config.Nodes {
		nodes = append(nodes, n.Uname)
	}
	sort.Strings(nodes)
	var out []scenario.Scenario
	add := func(in ...ir.Injection) { out = append(out, scenario.Scenario{Injections: in}) }
	if len(nodes) > 0 {
		add(ir.Injection{Kind: ir.InjectNodeDown, Node: nodes[0]})
		add(ir.Injection{Kind: ir.InjectNodeFail, Node: nodes[len(nodes)-1]})
	}
	if len(nodes) > 2 {
		add(ir.Injection{Kind: ir.InjectNodeDown, Node: nodes[0]}, ir.Injection{Kind: ir.InjectNodeDown, Node: nodes[1]})
	}
	if cib.Status != nil {
		for _, ns := range cib.Status.Nodes {
			if ns.Crmd == "offline" || ns.InCCM == "false" {
				add(ir.Injection{Kind: ir.InjectNodeUp, Node: ns.Uname})
				break
			}
		}
	}
	if p, monitor := firstPrimitive(cib); p != "" && len(nodes) > 0 {
		node := nodes[0]
		if monitor > 0 {
			add(ir.Injection{Kind: ir.InjectOp, Resource: p, Operation: "monitor", IntervalMs: monitor, Node: node, RC: 7})
		}
		add(ir.Injection{Kind: ir.InjectOp, Resource: p, Operation: "start", Node: node, RC: 1, Count: 2})
		add(ir.Injection{Kind: ir.InjectOp, Resource: p, Operation: "start", Node: node, RC: 0})
	}
	for _, c := range cib.Config.Constraints {
		if tk, ok := c.(*ir.Ticket); ok {
			add(ir.Injection{Kind: ir.InjectTicketGrant, Ticket: tk.Ticket})
			add(ir.Injection{Kind: ir.InjectTicketRevoke, Ticket: tk.Ticket})
			break
		}
	}
	return out
}

// firstPrimitive is the first primitive (in a group or not) and the
// interval of its first recurring monitor.
func firstPrimitive(cib *ir.CIB) (string, int64) {
	for _, r := range cib.Config.Resources {
		var p *ir.Primitive
		switch r := r.(type) {
		case *ir.Primitive:
			p = r
		case *ir.Group:
			if len(r.Members) > 0 {
				p = r.Members[0]
			}
		}
		if p == nil || p.Agent.Class == "stonith" {
			continue
		}
		var monitor int64
		if p.Operations != nil {
			for _, op := range p.Operations.Ops {
				if op.Name == "monitor" && op.Interval.Ms > 0 {
					monitor = op.Interval.Ms
					break
				}
			}
		}
		return p.ID, monitor
	}
	return "", 0
}

// simulateFlags are the crm_simulate flags for the injections.
func simulateFlags(list []ir.Injection) []string {
	var out []string
	for _, in := range list {
		switch in.Kind {
		case ir.InjectNodeUp:
			out = append(out, "-u", in.Node)
		case ir.InjectNodeDown:
			out = append(out, "-d", in.Node)
		case ir.InjectNodeFail:
			out = append(out, "-f", in.Node)
		case ir.InjectTicketGrant:
			out = append(out, "-g", in.Ticket)
		case ir.InjectTicketRevoke:
			out = append(out, "-r", in.Ticket)
		case ir.InjectOp:
			n := in.Count
			if n < 1 {
				n = 1
			}
			for ; n > 0; n-- {
				out = append(out, "-i", fmt.Sprintf("%s_%s_%d@%s=%d", in.Resource, in.Operation, in.IntervalMs, in.Node, in.RC))
			}
		}
	}
	return out
}

func simulate(t *testing.T, args ...string) []byte {
	t.Helper()
	out, err := trySimulate(t, args...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// trySimulate runs crm_simulate; it fails (exit 70, an assertion) on some
// injections it cannot make, such as failing a node that has no state.
func trySimulate(t *testing.T, args ...string) ([]byte, error) {
	t.Helper()
	bin := testenv.Tool(t, "crm_simulate")
	cmd := exec.Command(bin, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("crm_simulate %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return out, nil
}

func writeApplied(t *testing.T, oc oracleCase) (string, *ir.CIB) {
	t.Helper()
	modified, err := scenario.Apply(oc.cib, oc.sc)
	if err != nil {
		t.Fatalf("%s: Apply: %v", oc.name, err)
	}
	var buf bytes.Buffer
	if err := cibxml.Write(&buf, modified); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "modified.xml")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, modified
}

func originalArgs(t *testing.T, oc oracleCase) []string {
	path := filepath.Join(t.TempDir(), "original.xml")
	if err := os.WriteFile(path, oc.src, 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"-x", path}
	if oc.test.Now != "" {
		args = append(args, "-t", oc.test.Now)
	}
	return append(args, oc.flags...)
}

func sortedLines(b []byte) []string {
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	sort.Strings(out)
	return out
}

// TestInjectionScores: crm_simulate on Apply's CIB prints the same scores
// as crm_simulate injecting the same into the original.
func TestInjectionScores(t *testing.T) {
	testenv.Tool(t, "crm_simulate")
	if testing.Short() {
		t.Skip("runs crm_simulate twice per case")
	}
	for _, oc := range oracleCases(t) {
		orig, err := trySimulate(t, append(originalArgs(t, oc), "-sQ")...)
		if mangledBySimulator(oc) {
			continue
		}
		if err != nil {
			t.Logf("%s: skipped: %v", oc.name, err)
			continue
		}
		modified, _ := writeApplied(t, oc)
		want := sortedLines(orig)
		got := sortedLines(simulate(t, "-x", modified, "-sQ"))
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s (%s): scores differ from crm_simulate %s", oc.name, oc.sc, strings.Join(oc.flags, " "))
			testenv.LogLineDiff(t, got, want)
		}
	}
}

// simAction is one resource action crm_simulate executes.
type simAction struct {
	Resource string `xml:"resource,attr"`
	Op       string `xml:"op,attr"`
	Node     string `xml:"node,attr"`
	Interval string `xml:"interval,attr"`
}

func (a simAction) String() string {
	s := a.Resource + " " + a.Op + " " + a.Node
	if a.Interval != "" && a.Interval != "0" {
		s += " " + a.Interval
	}
	return s
}

// simCluster is a cluster action (clear_failcount, do_shutdown) or a
// fencing action crm_simulate executes.
type simCluster struct {
	Task     string `xml:"task,attr"`
	Node     string `xml:"node,attr"`
	Resource string `xml:"id,attr"`
	Target   string `xml:"target,attr"`
	Op       string `xml:"op,attr"`
}

func clusterString(task, node, rsc string) string {
	return strings.TrimSpace("cluster " + task + " " + node + " " + rsc)
}

func fenceString(target, op string) string { return "fence " + target + " " + op }

// simulatedActions runs crm_simulate -S and lists the actions of its
// transition (pseudo-actions aside); ok is false when crm_simulate fails.
func simulatedActions(t *testing.T, args ...string) ([]string, bool) {
	out, err := trySimulate(t, append(args, "-S", "-Q", "--output-as=xml")...)
	if err != nil {
		t.Logf("skipped: %v", err)
		return nil, false
	}
	var doc struct {
		Transition struct {
			Actions []simAction  `xml:"rsc_action"`
			Cluster []simCluster `xml:"cluster_action"`
			Fencing []simCluster `xml:"fencing_action"`
		} `xml:"transition"`
	}
	if err := xml.Unmarshal(out, &doc); err != nil {
		t.Fatalf("crm_simulate output: %v", err)
	}
	var list []string
	for _, a := range doc.Transition.Actions {
		list = append(list, a.String())
	}
	for _, a := range doc.Transition.Cluster {
		list = append(list, clusterString(a.Task, a.Node, a.Resource))
	}
	for _, a := range doc.Transition.Fencing {
		list = append(list, fenceString(a.Target, a.Op))
	}
	sort.Strings(list)
	return list, true
}

// TestInjectionActions: the transition crm_simulate executes for Apply's
// CIB is the one it executes after injecting the same into the original.
// It also compares pcl's own transition for each scenario with
// crm_simulate's, as a ratchet (scenario-actions): the planner grows.
func TestInjectionActions(t *testing.T) {
	testenv.Tool(t, "crm_simulate")
	if testing.Short() {
		t.Skip("runs crm_simulate twice per case")
	}
	results := map[string]bool{}
	for _, oc := range oracleCases(t) {
		want, ok := simulatedActions(t, originalArgs(t, oc)...)
		if !ok {
			continue
		}
		pcl, err := pclActions(oc)
		pass := err == nil && strings.Join(pcl, "\n") == strings.Join(want, "\n")
		results[oc.name] = pass
		if !pass && testing.Verbose() {
			t.Logf("%s (%s): pcl's actions differ (%v)", oc.name, oc.sc, err)
			testenv.LogLineDiff(t, pcl, want)
		}
		if mangledBySimulator(oc) {
			continue
		}
		modified, _ := writeApplied(t, oc)
		got, _ := simulatedActions(t, "-x", modified)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s (%s): actions differ from crm_simulate %s", oc.name, oc.sc, strings.Join(oc.flags, " "))
			testenv.LogLineDiff(t, got, want)
		}
	}
	testenv.Ratchet(t, "scenario-actions", results)
}

func pclActions(oc oracleCase) (list []string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	modified, err := scenario.Apply(oc.cib, oc.sc)
	if err != nil {
		return nil, err
	}
	return scheduledActions(modified, oc.sc.Now), nil
}

// scheduledActions are the actions pcl's transition for cib executes, in
// the form simulatedActions lists crm_simulate's.
func scheduledActions(cib *ir.CIB, now time.Time) (list []string) {
	res, _ := planner.Schedule(cib, planner.Options{Now: now, NoTrail: true, Transition: true})
	tr := res.Transition
	for _, a := range tr.Listed() {
		if !a.Is(transition.Dumped) || a.Is(transition.Pseudo) {
			continue
		}
		switch a.Task {
		case "stonith":
			list = append(list, fenceString(tr.NodeName(a.Node), string(a.FenceOp)))
		case "clear_failcount", "do_shutdown":
			list = append(list, clusterString(string(a.Task), tr.NodeName(a.Node), a.Resource()))
		default:
			s := simAction{Resource: a.Resource(), Op: string(a.Task), Node: tr.NodeName(a.Node), Interval: a.Interval()}
			list = append(list, s.String())
		}
	}
	sort.Strings(list)
	return list
}

var (
	simulatorNoise = regexp.MustCompile(` (uname|rsc-id)="[^"]*"`)
	clockAttrs     = regexp.MustCompile(`(last-rc-change|last-run)="\d+"`)
	clockPairs     = regexp.MustCompile(`(name="last-failure-[^"]*" value=)"\d+"`)
)

// TestApplyMatchesSaveInput: Apply writes the status crm_simulate writes
// (its -I file), apart from wall-clock times and attributes its file
// backend adds to history queries.
func TestApplyMatchesSaveInput(t *testing.T) {
	testenv.Tool(t, "crm_simulate")
	if testing.Short() {
		t.Skip("runs crm_simulate once per case")
	}
	for _, oc := range oracleCases(t) {
		if !oc.sc.Now.IsZero() {
			continue // execution-date is ours; crm_simulate keeps -t out of the CIB
		}
		if mangledBySimulator(oc) {
			continue
		}
		saved := filepath.Join(t.TempDir(), "saved.xml")
		if _, err := trySimulate(t, append(originalArgs(t, oc), "-Q", "-I", saved)...); err != nil {
			t.Logf("%s: skipped: %v", oc.name, err)
			continue
		}
		modified, _ := writeApplied(t, oc)
		want, err := os.ReadFile(saved)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(modified)
		if err != nil {
			t.Fatal(err)
		}
		norm := func(b []byte) []byte {
			b = simulatorNoise.ReplaceAll(b, nil)
			b = clockAttrs.ReplaceAll(b, []byte(`$1="T"`))
			return clockPairs.ReplaceAll(b, []byte(`$1"T"`))
		}
		if ok, diff := xmlcompare.EqualStatus(norm(got), norm(want)); !ok {
			t.Errorf("%s (%s): status differs from crm_simulate -I:\n%s", oc.name, oc.sc, diff)
		}
	}
}

// mangledBySimulator marks cases whose input crm_simulate changes while
// injecting: failcount-block's status repeats nvpair ids (five pairs
// with id status-101-failcount), and crm_simulate's CIB merge folds
// pairs with one id together when it writes a node's state back, so its
// injected CIB loses fail counts that Apply keeps.
func mangledBySimulator(oc oracleCase) bool {
	if !strings.HasPrefix(oc.name, "failcount-block/") {
		return false
	}
	for _, in := range oc.sc.Injections {
		if in.Kind == ir.InjectOp || in.Kind == ir.InjectNodeUp || in.Kind == ir.InjectNodeFail {
			return true
		}
	}
	return false
}
