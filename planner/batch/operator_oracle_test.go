package batch_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"pcl/emit/cibxml"
	"pcl/emit/plantext"
	"pcl/importer"
	"pcl/internal/testenv"
	"pcl/internal/xmlcompare"
	"pcl/ir"
	"pcl/planner"
	"pcl/planner/batch"
	"pcl/planner/scenario"
)

// operatorCorpus are corpus CIBs of primitives, groups and clones with
// resources running, stopped and failed, and with cli-* constraints left
// by earlier moves.
var operatorCorpus = []string{
	"simple7", "rec-rsc-1", "placement-stickiness", "group5", "order3", "colocation-vs-stickiness",
	"clone-no-shuffle", "1-a-then-bm-move-b", "10-a-then-bm-b-move-a-clone", "bug-5025-1", "asymmetrical-order-move",
	"failcount-block", "group-fail",
}

// operatorCase is one operator action on a corpus CIB and the command
// line that does the same.
type operatorCase struct {
	in   ir.Injection
	tool string
	args []string
}

// operatorCases derives actions from a CIB: its first top-level resource
// moved to another node and away, banned, cleared, disabled, enabled,
// unmanaged, cleaned up; its first node in maintenance; the cluster in
// maintenance.
func operatorCases(cib *ir.CIB, res *planner.Result) []operatorCase {
	var nodes []string
	for _, n := range cib.Config.Nodes {
		nodes = append(nodes, n.Uname)
	}
	sort.Strings(nodes)
	var out []operatorCase
	if len(nodes) > 0 {
		out = append(out,
			operatorCase{ir.Injection{Kind: ir.InjectNodeMaintenance, Node: nodes[0]}, "crm_attribute", []string{"-N", nodes[0], "-n", "maintenance", "-v", "on"}},
			operatorCase{ir.Injection{Kind: ir.InjectClusterMaintenance}, "crm_attribute", []string{"-n", "maintenance-mode", "-v", "true"}})
	}
	for _, r := range cib.Config.Resources {
		if _, tmpl := r.(*ir.Template); tmpl {
			continue
		}
		if p, ok := r.(*ir.Primitive); ok && p.Agent.Class == "stonith" {
			continue
		}
		id := r.ResourceID()
		rsc := func(kind ir.InjectionKind, node string) ir.Injection {
			return ir.Injection{Kind: kind, Resource: id, Node: node}
		}
		where, _ := batch.Locate(res)(id)
		var other string
		for _, n := range nodes {
			if len(where) != 1 || where[0] != n {
				other = n
				break
			}
		}
		out = append(out,
			operatorCase{rsc(ir.InjectDisable, ""), "crm_resource", []string{"--meta", "-r", id, "-p", "target-role", "-v", "Stopped"}},
			operatorCase{rsc(ir.InjectEnable, ""), "crm_resource", []string{"--meta", "-r", id, "-d", "target-role"}},
			operatorCase{rsc(ir.InjectUnmanage, ""), "crm_resource", []string{"--meta", "-r", id, "-p", "is-managed", "-v", "false"}},
			operatorCase{rsc(ir.InjectClear, ""), "crm_resource", []string{"--clear", "-r", id}})
		if other != "" {
			out = append(out,
				operatorCase{rsc(ir.InjectMove, other), "crm_resource", []string{"--move", "-r", id, "-N", other}},
				operatorCase{rsc(ir.InjectBan, other), "crm_resource", []string{"--ban", "-r", id, "-N", other}})
		}
		if len(where) == 1 {
			out = append(out, operatorCase{rsc(ir.InjectMove, ""), "crm_resource", []string{"--move", "-r", id}})
		}
		break
	}
	return out
}

// TestOperatorActions: each operator action writes into the CIB what
// crm_resource or crm_attribute writes (CIB_file=copy.xml), so that
// crm_simulate plans both the same, and pcl's plan of the what-if is
// crm_simulate's of the CIB the command leaves.
func TestOperatorActions(t *testing.T) {
	simulate := testenv.Tool(t, "crm_simulate")
	bin := filepath.Dir(simulate)
	if testing.Short() {
		t.Skip("runs crm_resource and crm_simulate per case")
	}
	dir := testenv.CorpusDir(t)
	cases, planned := 0, 0
	defer func() { t.Logf("%d actions compared, %d of them with pcl's own plan", cases, planned) }()
	for _, name := range operatorCorpus {
		src, err := os.ReadFile(filepath.Join(dir, "xml", name+".xml"))
		if err != nil {
			t.Fatal(err)
		}
		cib, diags := importer.Read(name+".xml", src)
		if diags.HasErrors() {
			t.Fatalf("%s: %v", name, diags)
		}
		res, _ := planner.Schedule(cib, planner.Options{StatusOnly: true})
		basePath := filepath.Join(t.TempDir(), "base.xml")
		if err := os.WriteFile(basePath, src, 0o644); err != nil {
			t.Fatal(err)
		}
		// pcl's own plan is compared where it plans the cluster as it is
		// exactly: elsewhere the difference would not be the action's.
		exact := pclActions(cib) == simulateActions(t, simulate, basePath)
		for _, oc := range operatorCases(cib, res) {
			cases++
			label := fmt.Sprintf("%s: %s", name, scenario.Describe(oc.in))
			copyPath := filepath.Join(t.TempDir(), "copy.xml")
			if err := os.WriteFile(copyPath, src, 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(filepath.Join(bin, oc.tool), oc.args...)
			cmd.Env = append(os.Environ(), "CIB_file="+copyPath)
			toolOut, toolErr := cmd.CombinedOutput()
			applied, err := scenario.ApplyAt(cib, scenario.Scenario{Injections: []ir.Injection{oc.in}}, batch.Locate(res))
			if toolErr != nil {
				if err == nil {
					t.Errorf("%s: %s %s fails (%v: %s) but pcl applies it", label, oc.tool, strings.Join(oc.args, " "), toolErr, bytes.TrimSpace(toolOut))
				}
				continue
			}
			if err != nil {
				t.Errorf("%s: %s %s succeeds but pcl fails: %v", label, oc.tool, strings.Join(oc.args, " "), err)
				continue
			}
			var buf bytes.Buffer
			if err := cibxml.Write(&buf, applied); err != nil {
				t.Fatal(err)
			}
			pclPath := filepath.Join(t.TempDir(), "pcl.xml")
			if err := os.WriteFile(pclPath, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			want := simulateActions(t, simulate, copyPath)
			if got := simulateActions(t, simulate, pclPath); got != want {
				t.Errorf("%s: crm_simulate plans pcl's CIB otherwise than %s's:\n--- pcl's CIB\n%s\n--- %s's\n%s", label, oc.tool, got, oc.tool, want)
			}
			if got := pclActions(applied); exact && got != want {
				t.Errorf("%s: pcl plans otherwise than crm_simulate after %s:\n--- pcl\n%s\n--- crm_simulate\n%s", label, oc.tool, got, want)
			} else if exact {
				planned++
			}
			if written, err := os.ReadFile(copyPath); err == nil {
				if ok, diff := xmlcompare.EqualConfig(buf.Bytes(), written); !ok {
					t.Errorf("%s: the configuration differs from what %s writes:\n%s", label, oc.tool, diff)
				}
			}
		}
	}
}

// simulateActions is crm_simulate -S's list of executed actions.
func simulateActions(t *testing.T, bin, path string) string {
	t.Helper()
	out, err := exec.Command(bin, "-x", path, "-S").Output()
	if err != nil {
		t.Fatalf("crm_simulate -x %s: %v", path, err)
	}
	var lines []string
	for _, l := range strings.Split(string(out), "\n") {
		if strings.Contains(l, "action:") {
			lines = append(lines, strings.Join(strings.Fields(l), " "))
		}
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// pclActions is pcl's executed transition for cib, in crm_simulate -S's
// lines.
func pclActions(cib *ir.CIB) string {
	res, _ := planner.Schedule(cib, planner.Options{Transition: true})
	out := plantext.CRMSimulateExecuted(res.Transition, res.Transition.Execute())
	var lines []string
	for _, l := range strings.Split(string(out), "\n") {
		if strings.Contains(l, "action:") {
			lines = append(lines, strings.Join(strings.Fields(l), " "))
		}
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}
