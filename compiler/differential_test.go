package compiler

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pcl/emit/cibxml"
	"pcl/internal/testenv"
	"pcl/pcmk"
)

// The differential test of the compile invariant: whatever pcl compile
// accepts, crm_verify accepts. It compiles random policies, whose values
// are drawn from pools of good and bad ones, and mutations of the
// examples, and runs crm_verify -x on every CIB that compiles.
// PCL_DIFF_COUNT sets how many random policies (and mutations of each
// example) it tries; the default keeps it to a few seconds.

// Value pools: what Pacemaker takes (good) and what it refuses or reads
// otherwise (bad); a random policy draws a bad value one time in twenty.
type pool struct{ good, bad []string }

var (
	diffNames     = pool{[]string{"a", "b", "web", "db", "_p", "A", "a.b"}, []string{"x y", "1st", "ü", "a:b", "-x"}}
	diffBools     = pool{[]string{"true", "false", `"yes"`, `"1"`, `"TRUE"`, `"on"`, `"#default"`}, []string{`"yess"`, `"maybe"`, `" off"`}}
	diffDurations = pool{[]string{`"10s"`, `"5min"`, `"P1D"`, `"PT30S"`, "30", `"0"`}, []string{`"10 sec"`, `"abc"`, `"-1"`, `"1.5s"`, `"10sx"`, `"P10S"`, `""`}}
	diffScores    = pool{[]string{"10", "-10", "inf", "-inf", `"INFINITY"`, `"+INFINITY"`, "0", `"-INFINITY"`}, []string{"5000000", `"ten"`, "null", `"10.5"`, "1.5", `" 5"`}}
	diffRoles     = pool{[]string{`"Started"`, `"Promoted"`, `"Master"`, `"Unpromoted"`, `"Slave"`, `"Stopped"`}, []string{`"Leader"`, `"started"`, `""`}}
	diffActions   = pool{[]string{`"start"`, `"stop"`, `"promote"`, `"demote"`}, []string{`"started"`, `"monitor"`, `"Start"`}}
	diffAgents    = pool{[]string{`"ocf:heartbeat:Dummy"`, `"ocf:pacemaker:Stateful"`, `"lsb:foo"`, `"systemd:sshd"`, `"service:x"`, `"ocf:heartbeat:IPaddr2"`}, []string{`"ocf:heartbeat"`, `"ocf::Dummy"`, "null", `"stonith:fence_dummy"`}}
	diffValues    = pool{[]string{`"x"`, `"10"`, "10", `"yes"`, `"INFINITY"`, `"a b"`, `"#default"`, `"ignore"`, `"80%"`, "true"}, []string{`"abc"`, `"10abc"`, `"-1"`, `"\u0007"`, `"Stop"`, `"1.5"`}}
	diffOptions   = pool{[]string{"stonith-timeout", "no-quorum-policy", "symmetric-cluster", "batch-limit", "migration-limit",
		"cluster-delay", "placement-strategy", "node-health-strategy", "stonith-action", "load-threshold", "dc-deadtime",
		"shutdown-lock-limit", "have-watchdog", "maintenance-mode", "node-health-red", "priority-fencing-delay",
		"pe-error-series-max", "enable-acl", "cluster-name"}, []string{"stonith-timout", "default-resource-stickiness", "no_quorum_policy", "cluster-infrastructure"}}
	diffMeta = pool{[]string{"is-managed", "target-role", "requires", "multiple-active", "priority", "migration-threshold",
		"resource-stickiness", "failure-timeout", "allow-migrate", "critical", "clone-max", "notify", "interleave", "promotable"}, []string{"is-manged", "clone-node-max"}}
	diffOps   = pool{[]string{`"monitor"`, `"start"`, `"stop"`, `"promote"`, `"demote"`, `"migrate_to"`, `"notify"`}, []string{`"x y"`}}
	diffRules = pool{[]string{"#uname eq n1", "date spec hours=9-17", "integer:ram gt 5", "date gt 2020-01-01", "defined pingd",
		"date in start=2020-01-01 end=2021-01-01", "x eq 1 and y eq 2", "not defined x", "version:v gte 1.2", "number:load lt 0.5",
		"(a eq 1 or b eq 2) and not c eq 3", "date in start=2020-01-01 days=3"}, []string{"date spec hours=25-30", "date spec hours=7-1",
		"float:ram gt 5", "integer:ram gt lots", "date lt 2020-13-45", "date spec weekdays=1-5 months=13"}}
	diffOnFail = pool{[]string{`"ignore"`, `"block"`, `"stop"`, `"restart"`, `"standby"`, `"fence"`, `"demote"`}, []string{`"reboot"`, `"Restart"`}}
	diffKinds  = pool{[]string{`"Mandatory"`, `"Optional"`, `"Serialize"`}, []string{`"Maybe"`, `"mandatory"`}}
	diffEpochs = pool{[]string{"3", `"7"`}, []string{`"garbage"`, "-1", "null"}}
	diffParams = pool{[]string{"ip", "state", "fake"}, []string{"a b"}}
	diffOpDefs = pool{[]string{"timeout", "record-pending", "on-fail", "interval"}, []string{"timout"}}
)

// all is every value of the pools, good and bad, for mutations.
func (p pool) all() []string { return append(append([]string(nil), p.good...), p.bad...) }

type policyGen struct {
	r *rand.Rand
	b strings.Builder
	// options are the cluster options of the release the policy is for,
	// optionPool the names a policy draws from.
	options    map[string]optionSpec
	optionPool pool
}

func (g *policyGen) pick(p pool) string {
	from := p.good
	if len(p.bad) > 0 && g.chance(0.05) {
		from = p.bad
	}
	return from[g.r.IntN(len(from))]
}

// name picks one of names, or one that is not declared now and then.
func (g *policyGen) name(names []string) string {
	if g.chance(0.03) {
		return "nope"
	}
	return names[g.r.IntN(len(names))]
}

func (g *policyGen) either(a, b pool) string {
	if g.chance(0.5) {
		return g.pick(a)
	}
	return g.pick(b)
}
func (g *policyGen) chance(p float64) bool { return g.r.Float64() < p }
func (g *policyGen) line(format string, args ...any) {
	fmt.Fprintf(&g.b, format+"\n", args...)
}

// randomPolicy writes a random policy of a few nodes, primitives, a group
// or clone and constraints between them.
func randomPolicy(seed uint64) string {
	return randomPolicyFor(seed, clusterOptions, diffOptions)
}

// randomPolicyFor is randomPolicy for the release whose cluster options
// are options, drawing option names from names.
func randomPolicyFor(seed uint64, options map[string]optionSpec, names pool) string {
	g := &policyGen{r: rand.New(rand.NewPCG(seed, 15)), options: options, optionPool: names}
	nodes := 1 + g.r.IntN(3)
	for i := 1; i <= nodes; i++ {
		g.line("node %q {}", "n"+strconv.Itoa(i))
	}
	g.line("properties {\n  values = {")
	if g.chance(0.8) {
		g.line("    stonith-enabled = false")
	} else {
		g.line("    stonith-enabled = %s", g.pick(diffBools))
	}
	for i := g.r.IntN(3); i > 0; i-- {
		name := g.pick(g.optionPool)
		g.line("    %s = %s", name, g.optionValue(name))
	}
	g.line("  }\n}")
	if g.chance(0.2) {
		g.line("cib {\n  attributes = { epoch = %s }\n}", g.pick(diffEpochs))
	}
	var rscs []string
	for i := 0; i < 1+g.r.IntN(4); i++ {
		name := g.pick(diffNames)
		if g.chance(0.7) {
			name = fmt.Sprintf("r%d", i)
		}
		rscs = append(rscs, name)
		g.primitive(name, "")
	}
	if g.chance(0.3) {
		g.line("primitive \"fence\" {\n  agent = \"stonith:fence_dummy\"\n}")
	}
	if g.chance(0.4) {
		name := fmt.Sprintf("g%d", g.r.IntN(2))
		g.line("group %q {", name)
		g.line("  members = [%q]", g.name(rscs))
		if g.chance(0.5) {
			meta := g.pick(diffMeta)
			g.line("  meta = { %s = %s }", meta, g.metaValue(meta))
		}
		g.line("}")
	}
	if g.chance(0.4) {
		g.line("clone \"c\" {")
		meta := g.pick(diffMeta)
		g.line("  meta = { %s = %s }", meta, g.metaValue(meta))
		g.primitive("c-child", "  ")
		g.line("}")
		rscs = append(rscs, "c")
	}
	for i := g.r.IntN(4); i > 0; i-- {
		g.constraint(i, rscs, nodes)
	}
	if g.chance(0.2) {
		meta := g.pick(diffMeta)
		g.line("rsc_defaults {\n  values = { %s = %s }\n}", meta, g.metaValue(meta))
	}
	if g.chance(0.2) {
		g.line("op_defaults {\n  values = { %s = %s }\n}", g.pick(diffOpDefs), g.either(diffDurations, diffBools))
	}
	return g.b.String()
}

// optionValue is a value of the cluster option's type (its metadata's),
// or now and then any value.
func (g *policyGen) optionValue(name string) string {
	spec, known := g.options[name]
	if !known || g.chance(0.05) {
		return g.either(diffValues, diffDurations)
	}
	switch spec.Type {
	case "boolean":
		return g.pick(diffBools)
	case "integer":
		return g.pick(pool{good: []string{"0", "10", `"-1"`, `"INFINITY"`}})
	case "time":
		return g.pick(diffDurations)
	case "select":
		return strconv.Quote(spec.Values[g.r.IntN(len(spec.Values))])
	case "percentage":
		return `"80%"`
	}
	return g.pick(diffValues)
}

// metaValue is a value of the meta attribute's kind, or now and then any
// value.
func (g *policyGen) metaValue(name string) string {
	switch {
	case g.chance(0.05):
		return g.either(diffValues, diffBools)
	case metaEnums[name] != nil:
		vals := metaEnums[name]
		return strconv.Quote(vals[g.r.IntN(len(vals))])
	case metaBooleans[name] != "":
		return g.pick(diffBools)
	case metaNumbers[name]:
		return g.pick(pool{good: []string{"0", "1", "100", `"INFINITY"`, `"-INFINITY"`}})
	case name == "failure-timeout":
		return g.pick(diffDurations)
	}
	return g.pick(diffValues)
}

func (g *policyGen) primitive(name, indent string) {
	g.line("%sprimitive %q {", indent, name)
	g.line("%s  agent = %s", indent, g.pick(diffAgents))
	if g.chance(0.5) {
		g.line("%s  params = { %q = %s }", indent, g.pick(diffParams), g.pick(diffValues))
	}
	if g.chance(0.5) {
		meta := g.pick(diffMeta)
		g.line("%s  meta = { %s = %s }", indent, meta, g.metaValue(meta))
	}
	for i := g.r.IntN(3); i > 0; i-- {
		g.line("%s  op %s {", indent, g.pick(diffOps))
		g.line("%s    interval = %s", indent, g.pick(diffDurations))
		if g.chance(0.4) {
			g.line("%s    timeout = %s", indent, g.pick(diffDurations))
		}
		if g.chance(0.3) {
			g.line("%s    on-fail = %s", indent, g.pick(diffOnFail))
		}
		if g.chance(0.2) {
			g.line("%s    role = %s", indent, g.pick(diffRoles))
		}
		if g.chance(0.2) {
			g.line("%s    id = %q", indent, g.pick(diffNames))
		}
		g.line("%s  }", indent)
	}
	g.line("%s}", indent)
}

func (g *policyGen) constraint(i int, rscs []string, nodes int) {
	node := fmt.Sprintf("n%d", 1+g.r.IntN(nodes+1))
	switch g.r.IntN(3) {
	case 0:
		g.line("location \"l%d\" {", i)
		g.line("  resource = %q", g.name(rscs))
		if g.chance(0.5) {
			g.line("  rule = %q", g.pick(diffRules))
		} else {
			g.line("  node = %q", node)
		}
		g.line("  score = %s", g.pick(diffScores))
		if g.chance(0.2) {
			g.line("  role = %s", g.pick(diffRoles))
		}
	case 1:
		g.line("colocation \"c%d\" {", i)
		g.line("  leader = %q", g.name(rscs))
		g.line("  follower = %q", g.name(rscs))
		g.line("  score = %s", g.pick(diffScores))
	default:
		g.line("order \"o%d\" {", i)
		first, then := g.name(rscs), g.name(rscs)
		if first == then && g.chance(0.9) {
			then = rscs[(slices.Index(rscs, first)+1)%len(rscs)]
		}
		g.line("  first = %q", first)
		g.line("  then = %q", then)
		if g.chance(0.3) {
			g.line("  first-action = %s", g.pick(diffActions))
		}
		if g.chance(0.3) {
			g.line("  kind = %s", g.pick(diffKinds))
		}
	}
	g.line("}")
}

// stringLiteral finds quoted strings and numbers after "=" in a policy,
// the values a mutation replaces.
var stringLiteral = regexp.MustCompile(`= ("[^"\n]*"|-?[0-9]+)`)

// mutate replaces one value of src with a value from the pools.
func mutate(src []byte, r *rand.Rand) []byte {
	locs := stringLiteral.FindAllSubmatchIndex(src, -1)
	if len(locs) == 0 {
		return src
	}
	loc := locs[r.IntN(len(locs))]
	pools := []pool{diffValues, diffBools, diffDurations, diffScores, diffRoles, diffAgents}
	pool := pools[r.IntN(len(pools))].all()
	out := append([]byte(nil), src[:loc[2]]...)
	out = append(out, pool[r.IntN(len(pool))]...)
	return append(out, src[loc[3]:]...)
}

func diffCount(t *testing.T, dflt int) int {
	if v := os.Getenv("PCL_DIFF_COUNT"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			t.Fatalf("PCL_DIFF_COUNT=%q: %v", v, err)
		}
		return n
	}
	return dflt
}

// verifyCompiled compiles the policy in dir; when it compiles, crm_verify
// must accept it. It reports whether the policy compiled.
func verifyCompiled(t *testing.T, verify, dir, what string) bool {
	t.Helper()
	return verifyCompiledWith(t, dir, what, Options{ForCluster: true}, func(path string, _ []byte) (error, []byte) {
		if _, err := exec.Command(verify, "-x", path).CombinedOutput(); err != nil {
			// Configuration warnings fail crm_verify too; -VVV shows them.
			msg, _ := exec.Command(verify, "-VVV", "-x", path).CombinedOutput()
			return err, msg
		}
		return nil, nil
	})
}

// verifyCompiled30 is verifyCompiled for Pacemaker 3.0.0, judged by the
// 3.0 oracle's crm_verify.
func verifyCompiled30(t *testing.T, oracle *testenv.Oracle30, dir, what string) bool {
	t.Helper()
	opts := Options{ForCluster: true, Target: pcmk.NewTarget(pcmk.V3_0_0, pcmk.FromFlag)}
	return verifyCompiledWith(t, dir, what, opts, func(_ string, xml []byte) (error, []byte) {
		if _, _, err := oracle.Run(t, xml, "crm_verify", "-x", "CIB"); err != nil {
			out, errb, _ := oracle.Run(t, xml, "crm_verify", "-VVV", "-x", "CIB")
			return err, append(out, errb...)
		}
		return nil, nil
	})
}

// verifyCompiledWith compiles the policy in dir with opts; when it
// compiles, verify (given the CIB's path and text) must accept it.
func verifyCompiledWith(t *testing.T, dir, what string, opts Options, verify func(path string, xml []byte) (error, []byte)) bool {
	t.Helper()
	cib, _, diags := Compile([]string{dir}, opts)
	for _, d := range diags {
		if d.Subject == nil {
			t.Errorf("%s: diagnostic without a position: %s", what, d.Summary)
		}
	}
	if diags.HasErrors() {
		return false
	}
	var buf bytes.Buffer
	if err := cibxml.Write(&buf, cib); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	out := filepath.Join(dir, "cib.xml")
	if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err, msg := verify(out, buf.Bytes()); err != nil {
		var lines []string
		for _, line := range strings.Split(string(msg), "\n") {
			if strings.Contains(line, "error:") || strings.Contains(line, "warning:") || strings.Contains(line, "validity") {
				lines = append(lines, line)
			}
		}
		msg = []byte(strings.Join(lines, "\n"))
		src := ""
		files, _ := filepath.Glob(filepath.Join(dir, "*.pcl"))
		for _, f := range files {
			b, _ := os.ReadFile(f)
			src += "-- " + filepath.Base(f) + " --\n" + string(b)
		}
		t.Errorf("%s compiles but crm_verify refuses it: %v\n%s\npolicy:\n%s", what, err, msg, src)
	}
	return true
}

// TestDifferentialRandomPolicies: random policies that compile pass
// crm_verify.
func TestDifferentialRandomPolicies(t *testing.T) {
	verify := testenv.Tool(t, "crm_verify")
	n := diffCount(t, 200)
	compiled := 0
	for seed := uint64(0); seed < uint64(n); seed++ {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "p.pcl"), []byte(randomPolicy(seed)), 0o644); err != nil {
			t.Fatal(err)
		}
		if verifyCompiled(t, verify, dir, fmt.Sprintf("random policy %d", seed)) {
			compiled++
		}
	}
	t.Logf("%d random policies, %d compiled and crm_verify accepted them", n, compiled)
}

// diffOptions30 are diffOptions and options whose handling changed in
// 3.0: new ones, renamed ones (3.0.2's fencing-* names, which 3.0.0 does
// not read) and removed ones.
var diffOptions30 = pool{append(append([]string(nil), diffOptions.good...), "node-pending-timeout", "concurrent-fencing", "fence-reaction"),
	append(append([]string(nil), diffOptions.bad...), "fencing-timeout", "crmd-transition-delay", "remove-after-stop")}

// TestDifferentialRandomPolicies30: random policies compiled for
// Pacemaker 3.0.0 pass 3.0.0's crm_verify (the chroot of scripts/oracle-3.0).
func TestDifferentialRandomPolicies30(t *testing.T) {
	oracle := testenv.Tool30(t)
	n := diffCount(t, 200) / 2
	compiled := 0
	for seed := uint64(0); seed < uint64(n); seed++ {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "p.pcl"), []byte(randomPolicyFor(seed, clusterOptions30, diffOptions30)), 0o644); err != nil {
			t.Fatal(err)
		}
		if verifyCompiled30(t, oracle, dir, fmt.Sprintf("random policy %d for 3.0", seed)) {
			compiled++
		}
	}
	t.Logf("%d random policies for Pacemaker 3.0, %d compiled and 3.0's crm_verify accepted them", n, compiled)
}

// TestDifferentialMutatedExamples: each example with one value replaced
// either fails to compile or passes crm_verify.
func TestDifferentialMutatedExamples(t *testing.T) {
	verify := testenv.Tool(t, "crm_verify")
	n := diffCount(t, 200) / 10
	examples, _ := filepath.Glob("../examples/*")
	total, compiled := 0, 0
	for ei, ex := range examples {
		files, _ := filepath.Glob(filepath.Join(ex, "*.pcl"))
		if len(files) == 0 {
			continue
		}
		r := rand.New(rand.NewPCG(uint64(ei), 7))
		for i := 0; i < n; i++ {
			dir := t.TempDir()
			target := r.IntN(len(files))
			for fi, f := range files {
				src, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				if fi == target {
					src = mutate(src, r)
				}
				if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), src, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			total++
			if verifyCompiled(t, verify, dir, fmt.Sprintf("%s mutation %d", filepath.Base(ex), i)) {
				compiled++
			}
		}
	}
	t.Logf("%d mutations of the examples, %d compiled and crm_verify accepted them", total, compiled)
}
