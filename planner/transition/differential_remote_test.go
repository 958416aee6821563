package transition_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"pcl/emit/dot"
	"pcl/emit/plantext"
	"pcl/importer"
	"pcl/internal/synth"
	"pcl/internal/testenv"
	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner"
	"pcl/planner/scenario"
)

var remoteSeeds = flag.Int64("remote-seeds", 80, "number of generated remote-node configurations TestDifferentialRemote compares")

// TestDifferentialRemote compares pcl's transition graph and summary with
// crm_simulate 2.1.5's on synth.RemoteCIB's clusters (remote, guest and
// bundle nodes, tickets), as they are and in two what-ifs each: a cluster
// node down (crm_simulate -d) and a remote connection lost (its monitor
// failing, -i). A case that differs where pcl reports an Unknown is
// "declared unknown" and passes; the cases that agree or are declared
// unknown are ratcheted in testdata/ratchet/2.1.5/differential-remote-transition.txt.
func TestDifferentialRemote(t *testing.T) {
	runRemoteDifferential(t, pcmk.Target{}, "2.1.5/differential-remote-transition", remoteGen, oracle215(t))
}

// oracle215 runs crm_simulate 2.1.5 for runRemoteDifferential.
func oracle215(t *testing.T) func(path, dotPath string, flags []string) ([]byte, []byte, error) {
	sim := testenv.Tool(t, "crm_simulate")
	return func(path, dotPath string, flags []string) ([]byte, []byte, error) {
		cmd := exec.Command(sim, append([]string{"-x", path, "-D", dotPath}, flags...)...)
		var errb bytes.Buffer
		cmd.Stderr = &errb
		out, err := cmd.Output()
		return out, errb.Bytes(), err
	}
}

// TestDifferentialRemote30 is TestDifferentialRemote planning for 3.0.0,
// with 3.0.0's crm_simulate (scripts/oracle-3.0) as the oracle.
func TestDifferentialRemote30(t *testing.T) {
	runRemoteDifferential(t, pcmk.NewTarget(pcmk.V3_0_0, pcmk.FromFlag), "3.0/differential-remote-transition", remoteGen, oracle30(t))
}

// oracle30 runs crm_simulate 3.0.0 (scripts/oracle-3.0) for
// runRemoteDifferential.
func oracle30(t *testing.T) func(path, dotPath string, flags []string) ([]byte, []byte, error) {
	oracle := testenv.Tool30(t)
	return func(path, dotPath string, flags []string) ([]byte, []byte, error) {
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, nil, err
		}
		// The graph is written inside the chroot and copied out.
		dir, err := os.MkdirTemp(filepath.Join(oracle.Root, "tmp"), "pcl-dot-")
		if err != nil {
			return nil, nil, err
		}
		defer os.RemoveAll(dir)
		args := append([]string{"-x", "CIB", "-D", "/tmp/" + filepath.Base(dir) + "/out.dot"}, flags...)
		stdout, stderr, err := oracle.Run(t, src, "crm_simulate", args...)
		if d, rerr := os.ReadFile(filepath.Join(dir, "out.dot")); rerr == nil {
			_ = os.WriteFile(dotPath, d, 0o644)
		}
		return stdout, stderr, err
	}
}

// differentialGen is a generator runRemoteDifferential compares: its
// clusters' names, how many seeds, and the cases of each.
type differentialGen struct {
	prefix string
	seeds  int64
	gen    func(seed uint64) string
	cases  func(name string, cib *ir.CIB) []remoteCase
}

var remoteGen = differentialGen{prefix: "remote", seeds: 0, gen: synth.RemoteCIB, cases: remoteCases}

// remoteCase is one generated cluster, as it is or in a what-if.
type remoteCase struct {
	name  string
	sc    scenario.Scenario
	flags []string // crm_simulate's flags for sc
}

// remoteCases are the cases of one generated cluster: as it is, the
// first cluster node that is up going down, and the first remote
// connection the history has running losing its connection (its 10 s
// monitor failing where it runs).
func remoteCases(name string, cib *ir.CIB) []remoteCase {
	out := []remoteCase{{name: name}}
	var up, conn, connHost string
	for _, ns := range cib.Status.Nodes {
		if up == "" && ns.InCCM == "true" && ns.Crmd == "online" {
			up = ns.Uname
		}
		for _, r := range ns.Resources {
			if conn != "" || r.Type != "remote" || !strings.HasPrefix(r.ID, "remote") {
				continue
			}
			for _, op := range r.Ops {
				if op.Operation == pcmk.TaskMonitor && op.IntervalMs == 10000 && op.RCCode == pcmk.RCOK && op.ID == op.OperationKey {
					conn, connHost = r.ID, ns.Uname
				}
			}
		}
	}
	if up != "" {
		out = append(out, remoteCase{name: name + "-down-" + up,
			sc:    scenario.Scenario{Injections: []ir.Injection{{Kind: ir.InjectNodeDown, Node: up}}},
			flags: []string{"-d", up}})
	}
	if conn != "" {
		out = append(out, remoteCase{name: name + "-lost-" + conn,
			sc: scenario.Scenario{Injections: []ir.Injection{{Kind: ir.InjectOp, Node: connHost, Resource: conn,
				Operation: "monitor", IntervalMs: 10000, RC: int(pcmk.RCErrGeneric)}}},
			flags: []string{"-i", fmt.Sprintf("%s_monitor_10000@%s=1", conn, connHost)}})
	}
	return out
}

// runRemoteDifferential plans every case of gen's clusters (seeds 1 to
// gen.seeds, -remote-seeds when 0) for target and compares the graph and the
// summary with what simulate (crm_simulate with the case's flags)
// writes. The cases pcl gets wrong without reporting an Unknown are
// listed: they are bugs.
func runRemoteDifferential(t *testing.T, target pcmk.Target, ratchet string, gen differentialGen, simulate func(path, dotPath string, flags []string) ([]byte, []byte, error)) {
	if testing.Short() {
		t.Skip("slow: runs crm_simulate three times per generated configuration")
	}
	dir := t.TempDir()
	results := map[string]bool{}
	var agree, unknown, wrong []string
	seeds := gen.seeds
	if seeds == 0 {
		seeds = *remoteSeeds
	}
	for seed := int64(1); seed <= seeds; seed++ {
		name := fmt.Sprintf("%s-%03d", gen.prefix, seed)
		src := gen.gen(uint64(seed))
		path := filepath.Join(dir, name+".xml")
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		base, diags := importer.Read(name+".xml", []byte(src))
		if diags.HasErrors() {
			t.Fatalf("%s: %v", name, diags)
		}
		for _, c := range gen.cases(name, base) {
			dotPath := filepath.Join(dir, c.name+".dot")
			out, stderr, err := simulate(path, dotPath, c.flags)
			if err != nil {
				t.Logf("%s: crm_simulate: %v\n%s", c.name, err, stderr)
				continue
			}
			wantDot, err := os.ReadFile(dotPath)
			if err != nil {
				t.Fatal(err)
			}
			ok, declared, detail := compareRemoteCase(t, target, base, c, wantDot, out)
			results[c.name] = ok || declared
			switch {
			case ok:
				agree = append(agree, c.name)
			case declared:
				unknown = append(unknown, c.name)
			default:
				wrong = append(wrong, c.name)
				if testing.Verbose() {
					t.Logf("%s: pcl is confident and wrong:\n%s", c.name, detail)
				}
			}
			if *keepDiff != "" && !ok {
				_ = os.WriteFile(filepath.Join(*keepDiff, name+".xml"), []byte(src), 0o644)
				_ = os.WriteFile(filepath.Join(*keepDiff, c.name+".dot"), wantDot, 0o644)
			}
		}
	}
	t.Logf("%s: %d cases agree, %d differ where pcl declares an Unknown, %d confident and wrong", ratchet, len(agree), len(unknown), len(wrong))
	if len(unknown) > 0 {
		t.Logf("declared unknown: %s", strings.Join(unknown, " "))
	}
	if len(wrong) > 0 {
		t.Logf("confident and wrong: %s", strings.Join(wrong, " "))
	}
	testenv.Ratchet(t, ratchet, results)
}

// compareRemoteCase plans one case and compares it with crm_simulate's
// graph and output: ok when both agree, declared when they do not and pcl
// reports an Unknown (or panics, which it reports as one), detail the
// differences.
func compareRemoteCase(t *testing.T, target pcmk.Target, base *ir.CIB, c remoteCase, wantDot, out []byte) (ok, declared bool, detail string) {
	defer func() {
		if r := recover(); r != nil {
			ok, declared, detail = false, false, fmt.Sprintf("planner panic: %v", r)
		}
	}()
	cib := base
	if len(c.sc.Injections) > 0 {
		var err error
		if cib, err = scenario.Apply(base, c.sc); err != nil {
			return false, false, "scenario: " + err.Error()
		}
	}
	res, _ := planner.Schedule(cib, planner.Options{Target: target, NoTrail: true, Transition: true})
	gotDot, gotSum := dotBody(string(dot.Transition(res.Transition))), summaryLines(string(plantext.CRMSimulate(res.Transition)))
	wantD, wantSum := dotBody(string(wantDot)), summaryLines(string(out))
	if strings.Join(gotDot, "\n") == strings.Join(wantD, "\n") && strings.Join(gotSum, "\n") == strings.Join(wantSum, "\n") {
		return true, false, ""
	}
	var b strings.Builder
	lineDiff(&b, "summary", gotSum, wantSum)
	lineDiff(&b, "dot", gotDot, wantD)
	return false, len(res.Unknown) > 0, b.String()
}

// lineDiff writes the lines only want has (-) and only got has (+), the
// first few of each.
func lineDiff(b *strings.Builder, what string, got, want []string) {
	in := func(xs []string) map[string]bool {
		m := map[string]bool{}
		for _, x := range xs {
			m[x] = true
		}
		return m
	}
	g, w := in(got), in(want)
	var lines []string
	for _, l := range want {
		if !g[l] {
			lines = append(lines, "  - "+l)
		}
	}
	for _, l := range got {
		if !w[l] {
			lines = append(lines, "  + "+l)
		}
	}
	if len(lines) > 8 {
		lines = append(lines[:8], "  ...")
	}
	if len(lines) > 0 {
		fmt.Fprintf(b, "%s:\n%s\n", what, strings.Join(lines, "\n"))
	}
}
