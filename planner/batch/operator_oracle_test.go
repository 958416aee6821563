package batch_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"pcl/emit/cibxml"
	"pcl/emit/plantext"
	"pcl/importer"
	"pcl/internal/testenv"
	"pcl/internal/xmlcompare"
	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner"
	"pcl/planner/batch"
	"pcl/planner/scenario"
)

// operatorCorpus are corpus CIBs of primitives, groups and clones with
// resources running, stopped and failed, and with cli-* constraints left
// by earlier moves.
var operatorCorpus = []string{
	"simple7", "group5", "colocation-vs-stickiness", "clone-no-shuffle", "10-a-then-bm-b-move-a-clone",
	"bug-5025-1", "asymmetrical-order-move", "failcount-block",
	// A remote node and a guest node: their maintenance and standby.
	"remote-move", "whitebox-asymmetric",
	// Promotable clones, in a pacemaker-3.7 CIB and in an older one
	// (which names the role Master): --promoted.
	"promoted-move", "bug-5059",
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
	// A remote or guest node has no <node> entry until crm_attribute
	// (crm_standby) adds one for the attribute.
	for _, n := range remoteNodes(cib) {
		out = append(out,
			operatorCase{ir.Injection{Kind: ir.InjectNodeMaintenance, Node: n}, "crm_attribute", []string{"-N", n, "-n", "maintenance", "-v", "on"}},
			operatorCase{ir.Injection{Kind: ir.InjectNodeStandby, Node: n}, "crm_standby", []string{"-N", n, "-v", "on"}})
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
			// crm_resource's options: a lifetime makes the constraint a
			// rule that expires, --promoted limits it to the promoted
			// role (ignored by a move of what is not promotable).
			opts := func(in ir.Injection, lifetime string, promoted bool) ir.Injection {
				in.Lifetime, in.Promoted = lifetime, promoted
				return in
			}
			out = append(out,
				operatorCase{rsc(ir.InjectMove, other), "crm_resource", []string{"--move", "-r", id, "-N", other}},
				operatorCase{rsc(ir.InjectBan, other), "crm_resource", []string{"--ban", "-r", id, "-N", other}},
				operatorCase{opts(rsc(ir.InjectMove, other), "PT1H", false), "crm_resource", []string{"--move", "-r", id, "-N", other, "--lifetime", "PT1H"}},
				operatorCase{opts(rsc(ir.InjectBan, other), "P1D", false), "crm_resource", []string{"--ban", "-r", id, "-N", other, "--lifetime", "P1D"}},
				operatorCase{opts(rsc(ir.InjectMove, other), "", true), "crm_resource", []string{"--move", "-r", id, "-N", other, "--promoted"}},
				operatorCase{opts(rsc(ir.InjectBan, other), "PT10M", true), "crm_resource", []string{"--ban", "-r", id, "-N", other, "--promoted", "--lifetime", "PT10M"}})
		}
		if len(where) == 1 {
			out = append(out, operatorCase{rsc(ir.InjectMove, ""), "crm_resource", []string{"--move", "-r", id}})
		}
		break
	}
	return out
}

// remoteNodes are the remote nodes (ocf:pacemaker:remote connections) and
// guest nodes (remote-node meta attributes) of cib's top-level
// primitives, in configuration order.
func remoteNodes(cib *ir.CIB) []string {
	var out []string
	for _, r := range cib.Config.Resources {
		p, ok := r.(*ir.Primitive)
		if !ok {
			continue
		}
		if p.Agent.Class == "ocf" && p.Agent.Provider == "pacemaker" && p.Agent.Type == "remote" {
			out = append(out, p.ID)
		}
		for _, s := range p.Sets {
			for _, pair := range s.Pairs {
				if s.Kind == ir.MetaAttributes && pair.Name == "remote-node" && pair.Value != nil {
					out = append(out, *pair.Value)
				}
			}
		}
	}
	return out
}

// operatorOracle runs the cluster tools of one Pacemaker release on CIB
// files: tool (crm_resource, crm_attribute) with CIB_file set, and
// crm_simulate -S.
type operatorOracle struct {
	target pcmk.Target
	// dir is where the CIB files go (the chroot's /tmp for 3.0).
	dir string
	// command runs a program on a file under dir, with CIB_file set when
	// cibFile is not "".
	command func(cibFile, program string, args ...string) *exec.Cmd
	// corpus are the CIBs tried.
	corpus []string
}

// TestOperatorActions: each operator action writes into the CIB what
// crm_resource or crm_attribute 2.1.5 writes (CIB_file=copy.xml), so
// that crm_simulate plans both the same, and pcl's plan of the what-if is
// crm_simulate's of the CIB the command leaves.
func TestOperatorActions(t *testing.T) {
	// Its time goes to waiting on the tools: it overlaps the 3.0 one.
	t.Parallel()
	simulate := testenv.Tool(t, "crm_simulate")
	if testing.Short() {
		t.Skip("runs crm_resource and crm_simulate per case")
	}
	o := operatorOracle{target: pcmk215(), dir: t.TempDir(), corpus: operatorCorpus, command: hostCommand(filepath.Dir(simulate))}
	o.run(t)
}

func pcmk215() pcmk.Target { return pcmk.NewTarget(pcmk.V2_1_5, pcmk.FromFlag) }

func pcmk300() pcmk.Target { return pcmk.NewTarget(pcmk.V3_0_0, pcmk.FromFlag) }

// hostCommand runs the host's cluster tools, in bin.
func hostCommand(bin string) func(cibFile, program string, args ...string) *exec.Cmd {
	return func(cibFile, program string, args ...string) *exec.Cmd {
		cmd := exec.Command(filepath.Join(bin, program), args...)
		if cibFile != "" {
			cmd.Env = append(os.Environ(), "CIB_file="+cibFile)
		}
		return cmd
	}
}

// chrootCommand runs the 3.0 oracle's tools on files under its root.
func chrootCommand(oracle *testenv.Oracle30) func(cibFile, program string, args ...string) *exec.Cmd {
	return func(cibFile, program string, args ...string) *exec.Cmd {
		cmd := oracle.Command(program, args...)
		if cibFile != "" {
			cmd.Env = append(cmd.Env, "CIB_file="+strings.TrimPrefix(cibFile, oracle.Root))
		}
		return cmd
	}
}

// TestOperatorActions30 is TestOperatorActions with Pacemaker 3.0's
// tools (the Debian 13 chroot, scripts/oracle-3.0).
func TestOperatorActions30(t *testing.T) {
	t.Parallel()
	oracle := testenv.Tool30(t)
	if testing.Short() {
		t.Skip("runs crm_resource and crm_simulate per case")
	}
	dir := oracle.TempDir(t, "pcl-operator-")
	// The chroot's tools are slow: a group, a clone, and earlier cli-*
	// constraints are enough to see a release's writes.
	o := operatorOracle{target: pcmk300(), dir: dir,
		corpus:  []string{"group5", "10-a-then-bm-b-move-a-clone", "bug-5025-1", "remote-move", "promoted-move", "bug-5059"},
		command: chrootCommand(oracle)}
	o.run(t)
}

func (o operatorOracle) run(t *testing.T) {
	dir := testenv.CorpusDir(t)
	cases, planned, n := 0, 0, 0
	defer func() { t.Logf("%d actions compared, %d of them with pcl's own plan", cases, planned) }()
	file := func(data []byte) string {
		n++
		path := filepath.Join(o.dir, fmt.Sprintf("cib-%d.xml", n))
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	for _, name := range o.corpus {
		src, err := os.ReadFile(filepath.Join(dir, "xml", name+".xml"))
		if err != nil {
			t.Fatal(err)
		}
		cib, diags := importer.Read(name+".xml", src)
		if diags.HasErrors() {
			t.Fatalf("%s: %v", name, diags)
		}
		res, _ := planner.Schedule(cib, planner.Options{Target: o.target, StatusOnly: true})
		// pcl's own plan is compared where it plans the cluster as it is
		// exactly: elsewhere the difference would not be the action's.
		exact := o.pclActions(cib) == o.simulateActions(t, file(src))
		for _, oc := range operatorCases(cib, res) {
			cases++
			label := fmt.Sprintf("%s: %s", name, scenario.Describe(oc.in))
			copyPath := file(src)
			toolOut, toolErr := o.command(copyPath, oc.tool, oc.args...).CombinedOutput()
			applied, err := scenario.ApplyAt(cib, scenario.Scenario{Injections: []ir.Injection{oc.in}, Target: o.target}, batch.Locate(res))
			if toolErr != nil {
				// 3.0's crm_resource refuses to delete a meta attribute
				// that is not set (2.1.5 does nothing): either way the
				// configuration stays as it was, as pcl leaves it.
				if err == nil && (oc.in.Kind == ir.InjectEnable || oc.in.Kind == ir.InjectManage) && sameConfig(t, cib, applied) {
					continue
				}
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
			want := o.simulateActions(t, copyPath)
			written, err := os.ReadFile(copyPath)
			if err != nil {
				t.Fatal(err)
			}
			// The actions leave the status alone: the same configuration
			// is the same CIB for crm_simulate, which then need not run
			// on pcl's.
			// A lifetime ends at the tool's clock, pcl's at the CIB's
			// execution-date: the end is compared as present, not its
			// time (both are in the future of the plan).
			if ok, diff := xmlcompare.EqualConfig(lifetimeEnds.ReplaceAll(buf.Bytes(), []byte(`end="END"`)), lifetimeEnds.ReplaceAll(written, []byte(`end="END"`))); !ok {
				t.Errorf("%s: the configuration differs from what %s writes:\n%s", label, oc.tool, diff)
				if got := o.simulateActions(t, file(buf.Bytes())); got != want {
					t.Errorf("%s: crm_simulate plans pcl's CIB otherwise than %s's:\n--- pcl's CIB\n%s\n--- %s's\n%s", label, oc.tool, got, oc.tool, want)
				}
			}
			if got := o.pclActions(applied); exact && got != want {
				t.Errorf("%s: pcl plans otherwise than crm_simulate after %s:\n--- pcl\n%s\n--- crm_simulate\n%s", label, oc.tool, got, want)
			} else if exact {
				planned++
			}
		}
	}
}

// lifetimeEnds are the ends of the date expressions a --lifetime writes.
var lifetimeEnds = regexp.MustCompile(`end="[^"]*"`)

// simulateActions is crm_simulate -S's list of executed actions.
func (o operatorOracle) simulateActions(t *testing.T, path string) string {
	t.Helper()
	out, err := o.command("", "crm_simulate", "-x", path, "-S").Output()
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
func (o operatorOracle) pclActions(cib *ir.CIB) string {
	res, _ := planner.Schedule(cib, planner.Options{Target: o.target, Transition: true})
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

// sameConfig reports whether two CIBs have the same configuration.
func sameConfig(t *testing.T, a, b *ir.CIB) bool {
	var x, y bytes.Buffer
	if err := cibxml.Write(&x, a); err != nil {
		t.Fatal(err)
	}
	if err := cibxml.Write(&y, b); err != nil {
		t.Fatal(err)
	}
	ok, _ := xmlcompare.EqualConfig(x.Bytes(), y.Bytes())
	return ok
}
