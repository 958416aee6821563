package main

import (
	"bytes"
	"encoding/json"
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

	"pcl/internal/testenv"
)

// End-to-end tests of `pcl plan`'s what-ifs: declared scenarios and
// --batch reports on examples/failover, generated scenarios on corpus
// CIBs, injection flags checked against crm_simulate, the --state dry run,
// and bad input.

const (
	failoverExample = "../../examples/failover"
	failoverLive    = "../../examples/failover/live-cib.xml"
)

// failoverScenarios are the scenarios examples/failover declares, in
// source order (files in name order, for_each keys sorted).
var failoverScenarios = []string{"rack-a-down", "rack-b-down", "n1-fails", "web-monitor-fails", "n3-maintenance",
	"db-moved-to-n4", "db-move-cleared", "website-disabled"}

func TestPlanBatchExampleText(t *testing.T) {
	code, stdout, stderr := runPCL(t, "plan", failoverExample, "--batch")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if stderr != "" {
		t.Errorf("unexpected diagnostics or progress on stderr:\n%s", stderr)
	}
	for _, want := range append([]string{"Failover matrix: 8 scenarios", "baseline", "Single points of failure"}, failoverScenarios...) {
		if !strings.Contains(stdout, want) {
			t.Errorf("the text report lacks %q:\n%s", want, stdout)
		}
	}
	// A failing monitor three times against migration-threshold=3 moves
	// web off n1, and the group's vip with it.
	if !regexp.MustCompile(`(?m)^\s*recover web n1 -> n\d`).MatchString(stdout) {
		t.Errorf("web-monitor-fails does not recover web away from n1:\n%s", stdout)
	}
	// Same input, same bytes, whatever order the workers finished in.
	_, again, _ := runPCL(t, "plan", failoverExample, "--batch")
	if again != stdout {
		t.Error("two runs of the same batch gave different reports")
	}
}

func TestPlanBatchExampleMarkdown(t *testing.T) {
	code, stdout, stderr := runPCL(t, "plan", failoverExample, "--batch", "--format", "markdown")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	header := regexp.MustCompile(`(?m)^\| *resource *\|.*\|$`)
	if !header.MatchString(stdout) {
		t.Errorf("no markdown table with a resource column:\n%s", stdout)
	}
	if !strings.Contains(stdout, "|---") && !strings.Contains(stdout, "| ---") && !strings.Contains(stdout, "|:--") {
		t.Errorf("no markdown table separator row:\n%s", stdout)
	}
	for _, name := range failoverScenarios {
		if !strings.Contains(stdout, name) {
			t.Errorf("the markdown report lacks scenario %q", name)
		}
	}
}

// batchJSON is the documented shape of a --batch --format json report.
type batchJSON struct {
	Scenarios []struct {
		Name      string             `json:"name"`
		Placement map[string]*string `json:"placement"`
		Actions   []struct {
			Action   string `json:"action"`
			Resource string `json:"resource"`
			Node     string `json:"node"`
			Blocked  bool   `json:"blocked"`
		} `json:"actions"`
	} `json:"scenarios"`
}

func TestPlanBatchExampleJSON(t *testing.T) {
	code, stdout, stderr := runPCL(t, "plan", failoverExample, "--batch", "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	// The shape, key by key: no key missing, none unexpected.
	var raw struct {
		Scenarios []map[string]json.RawMessage `json:"scenarios"`
	}
	dec := json.NewDecoder(strings.NewReader(stdout))
	if err := dec.Decode(&raw); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout)
	}
	for _, s := range raw.Scenarios {
		// A chained scenario also says which it follows and what of its
		// moves go back.
		want := "actions,changes,name,placement,quorum"
		if _, chained := s["after"]; chained {
			want = "actions,after,changes,name,placement,quorum,returns"
		}
		if got := sortedKeysOf(s); strings.Join(got, ",") != want {
			t.Errorf("scenario keys are %v, want %s", got, want)
		}
		var actions []map[string]json.RawMessage
		if err := json.Unmarshal(s["actions"], &actions); err != nil {
			t.Fatalf("actions: %v", err)
		}
		for _, a := range actions {
			for _, k := range []string{"action", "resource", "node", "blocked"} {
				if _, ok := a[k]; !ok {
					t.Errorf("an action lacks %q: %v", k, a)
				}
			}
		}
	}

	var doc batchJSON
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	var names []string
	byName := map[string]int{}
	for i, s := range doc.Scenarios {
		names = append(names, s.Name)
		byName[s.Name] = i
	}
	if want := append([]string{"baseline"}, failoverScenarios...); strings.Join(names, ",") != strings.Join(want, ",") {
		t.Fatalf("scenarios %v, want %v", names, want)
	}
	placed := func(scenario, rsc string) string {
		p := doc.Scenarios[byName[scenario]].Placement[rsc]
		if p == nil {
			return "STOPPED"
		}
		return *p
	}
	// The policy: the web site prefers rack a (n1, n2), the database n3.
	for _, c := range []struct{ scenario, rsc, not string }{
		{"rack-a-down", "vip", "n1"}, {"rack-a-down", "vip", "n2"}, {"rack-a-down", "web", "n1"},
		{"rack-b-down", "db", "n3"}, {"rack-b-down", "db", "n4"},
		{"n1-fails", "vip", "n1"}, {"n3-maintenance", "db", "n3"},
	} {
		if got := placed(c.scenario, c.rsc); got == c.not || got == "STOPPED" {
			t.Errorf("%s: %s is placed on %s", c.scenario, c.rsc, got)
		}
	}
	if got := placed("baseline", "vip"); got != "n1" && got != "n2" {
		t.Errorf("baseline: vip on %s, not in rack a", got)
	}
	fenced := false
	for _, a := range doc.Scenarios[byName["n1-fails"]].Actions {
		if strings.HasPrefix(a.Action, "fence") && a.Node == "n1" {
			fenced = true
		}
	}
	if !fenced {
		t.Error("n1-fails does not fence n1")
	}
}

// TestPlanBatchExampleMatchesCrmSimulate: the batch's baseline is
// crm_simulate -S on the compiled policy with every node brought up (-u,
// as the batch does for a policy without status), and each declared
// scenario is crm_simulate -S with the scenario's injections on the CIB
// that run leaves (-O): the scenarios start from the settled cluster.
// n3-maintenance is left out: crm_simulate has no standby injection.
func TestPlanBatchExampleMatchesCrmSimulate(t *testing.T) {
	testBatchExampleMatchesCrmSimulate(t, false)
}

// TestPlanBatchAsRecordedMatchesCrmSimulate: with --as-recorded each
// scenario is crm_simulate on the compiled policy itself (every node
// brought up, then the scenario's injections).
func TestPlanBatchAsRecordedMatchesCrmSimulate(t *testing.T) {
	testBatchExampleMatchesCrmSimulate(t, true)
}

func testBatchExampleMatchesCrmSimulate(t *testing.T, asRecorded bool) {
	testenv.Tool(t, "crm_simulate")
	args := []string{"plan", failoverExample, "--batch", "--format", "json"}
	if asRecorded {
		args = append(args, "--as-recorded")
	}
	_, stdout, stderr := runPCL(t, args...)
	var doc batchJSON
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	up := []string{"-u", "n1", "-u", "n2", "-u", "n3", "-u", "n4"}
	flags := map[string][]string{
		"baseline":          nil,
		"rack-a-down":       {"-d", "n1", "-d", "n2"},
		"rack-b-down":       {"-d", "n3", "-d", "n4"},
		"n1-fails":          {"-f", "n1"},
		"web-monitor-fails": {"-i", "web_monitor_10000@n1=7", "-i", "web_monitor_10000@n1=7", "-i", "web_monitor_10000@n1=7"},
	}
	cib := compiledWithStatus(t)
	settled := filepath.Join(t.TempDir(), "settled.xml")
	simulateActions(t, cib, append([]string{"-O", settled}, up...)...)
	compared := 0
	for _, s := range doc.Scenarios {
		extra, ok := flags[s.Name]
		if !ok {
			continue
		}
		input, flags := settled, extra
		if asRecorded || s.Name == "baseline" {
			input, flags = cib, append(append([]string(nil), up...), extra...)
		}
		var got []string
		for _, a := range s.Actions {
			if a.Blocked {
				continue
			}
			got = append(got, batchAction(t, a.Action, a.Resource, a.Node))
		}
		sort.Strings(got)
		want := simulateActions(t, input, flags...)
		compared++
		if !equalLines(got, want) {
			t.Errorf("%s: the batch's actions differ from crm_simulate %s\npcl:\n  %s\ncrm_simulate:\n  %s",
				s.Name, strings.Join(extra, " "), strings.Join(got, "\n  "), strings.Join(want, "\n  "))
		}
	}
	if compared != len(flags) {
		t.Errorf("compared %d scenarios with crm_simulate, want %d", compared, len(flags))
	}
}

// batchAction writes a batch report's action ("probe", "monitor 10s",
// "fence reboot", ...) as pclActions does.
func batchAction(t *testing.T, action, rsc, node string) string {
	t.Helper()
	verb, arg, _ := strings.Cut(action, " ")
	switch verb {
	case "fence":
		return "fence " + node
	case "clear_failcount", "do_shutdown":
		return strings.TrimSpace(fmt.Sprintf("cluster %s %s %s", verb, node, rsc))
	case "probe":
		return fmt.Sprintf("%s monitor %s 0", rsc, node)
	}
	var ms int64
	if arg != "" {
		d, err := time.ParseDuration(arg)
		if err != nil {
			t.Fatalf("action %q: %v", action, err)
		}
		ms = d.Milliseconds()
	}
	return fmt.Sprintf("%s %s %s %d", rsc, verb, node, ms)
}

// compiledWithStatus compiles examples/failover into a CIB crm_simulate
// can inject into: it needs a <status> to add node states to.
func compiledWithStatus(t *testing.T) string {
	t.Helper()
	code, compiled, stderr := runPCL(t, "compile", failoverExample)
	if code != exitOK {
		t.Fatalf("compile: exit %d\n%s", code, stderr)
	}
	compiled = strings.Replace(compiled, "</configuration>", "</configuration>\n  <status></status>", 1)
	p := filepath.Join(t.TempDir(), "cib.xml")
	if err := os.WriteFile(p, []byte(compiled), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func sortedKeysOf[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// corpusXML is a corpus input, skipping the test when there is no corpus.
func corpusXML(t *testing.T, name string) string {
	t.Helper()
	p := filepath.Join(testenv.CorpusDir(t), "xml", name+".xml")
	if _, err := os.Stat(p); err != nil {
		t.Skipf("corpus input %s: %v", name, err)
	}
	return p
}

func TestPlanEachNodeDownCorpus(t *testing.T) {
	input := corpusXML(t, "1-a-then-bm-move-b")
	code, stdout, stderr := runPCL(t, "plan", input, "--each-node-down", "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	var doc batchJSON
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range doc.Scenarios {
		names = append(names, s.Name)
	}
	want := "baseline,18node1 down,18node2 down,18node3 down"
	if strings.Join(names, ",") != want {
		t.Fatalf("scenarios %q, want %q", strings.Join(names, ","), want)
	}
	// Each generated scenario is crm_simulate -d NODE.
	if _, err := exec.LookPath("crm_simulate"); err != nil && !testenv.Required() {
		return
	}
	for _, s := range doc.Scenarios[1:] {
		node := strings.TrimSuffix(s.Name, " down")
		_, single, _ := runPCL(t, "plan", input, "--node-down", node, "--format", "json")
		want := simulateActions(t, input, "-d", node)
		if got := pclActions(t, single); !equalLines(got, want) {
			t.Errorf("%s: pcl plan --node-down differs from crm_simulate -d\npcl:\n  %s\ncrm_simulate:\n  %s",
				node, strings.Join(got, "\n  "), strings.Join(want, "\n  "))
		}
	}
}

// whatIfCase is one injection, written as pcl plan flags and as
// crm_simulate flags.
type whatIfCase struct {
	input string // corpus name, or a path
	pcl   []string
	sim   []string
}

func TestPlanInjectionsMatchCrmSimulate(t *testing.T) {
	testenv.Tool(t, "crm_simulate")
	corpus := testenv.CorpusDir(t)
	in := func(name string) string { return filepath.Join(corpus, "xml", name+".xml") }
	cases := []whatIfCase{
		{failoverLive, []string{"--node-down", "n3"}, []string{"-d", "n3"}},
		{failoverLive, []string{"--node-fail", "n3"}, []string{"-f", "n3"}},
		{failoverLive, []string{"--node-down", "n3", "--node-down", "n4"}, []string{"-d", "n3", "-d", "n4"}},
		{failoverLive, []string{"--op-fail", "web_monitor_10000@n3=7"}, []string{"-i", "web_monitor_10000@n3=7"}},
		{failoverLive, []string{"--op-fail", "db_monitor_30000@n3=1x3"}, []string{"-i", "db_monitor_30000@n3=1", "-i", "db_monitor_30000@n3=1", "-i", "db_monitor_30000@n3=1"}},
		{in("rec-node-11"), []string{"--node-down", "node2"}, []string{"-d", "node2"}},
		{in("order1"), []string{"--node-fail", "node1"}, []string{"-f", "node1"}},
		{in("rec-rsc-5"), []string{"--node-up", "node3"}, []string{"-u", "node3"}},
		{in("utilization"), []string{"--node-down", "host1"}, []string{"-d", "host1"}},
	}
	for _, c := range cases {
		name := filepath.Base(c.input) + " " + strings.Join(c.pcl, " ")
		t.Run(name, func(t *testing.T) {
			t.Helper()
			if _, err := os.Stat(c.input); err != nil {
				t.Skipf("no input: %v", err)
			}
			code, stdout, stderr := runPCL(t, append([]string{"plan", c.input, "--format", "json"}, c.pcl...)...)
			if code != exitOK {
				t.Fatalf("exit %d\n%s", code, stderr)
			}
			got := pclActions(t, stdout)
			want := simulateActions(t, c.input, c.sim...)
			if len(want) == 0 {
				t.Errorf("crm_simulate %s does nothing: a case that checks nothing", strings.Join(c.sim, " "))
			}
			if !equalLines(got, want) {
				t.Errorf("actions differ from crm_simulate %s\npcl:\n  %s\ncrm_simulate:\n  %s",
					strings.Join(c.sim, " "), strings.Join(got, "\n  "), strings.Join(want, "\n  "))
			}
		})
	}
}

func TestPlanStateDryRun(t *testing.T) {
	code, stdout, stderr := runPCL(t, "plan", failoverExample, "--state", failoverLive)
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	// The live cluster runs the web site in rack b (n3); the policy wants
	// it in rack a: it moves, and the database stays.
	for _, want := range []string{"vip: move n3 -> n1", "web: move n3 -> n1"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the dry run lacks %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "db:") {
		t.Errorf("the dry run changes db:\n%s", stdout)
	}
	code, summary, stderr := runPCL(t, "plan", failoverExample, "--state", failoverLive, "--format", "crm_simulate")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if !regexp.MustCompile(`Move\s+vip\s+\(\s*n3 -> n1\s*\)`).MatchString(summary) {
		t.Errorf("no move of vip in the transition summary:\n%s", summary)
	}

	// The same as crm_simulate on the live CIB with the policy's
	// configuration put in.
	if _, err := exec.LookPath("crm_simulate"); err != nil && !testenv.Required() {
		return
	}
	_, js, _ := runPCL(t, "plan", failoverExample, "--state", failoverLive, "--format", "json")
	merged := mergedCIB(t, failoverLive)
	if got, want := pclActions(t, js), simulateActions(t, merged); !equalLines(got, want) {
		t.Errorf("the dry run's actions differ from crm_simulate's\npcl:\n  %s\ncrm_simulate:\n  %s",
			strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}

	// The batch on the live state: its baseline is the dry run.
	code, stdout, stderr = runPCL(t, "plan", failoverExample, "--state", failoverLive, "--batch")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if !strings.Contains(stdout, "move vip n3 -> n1") {
		t.Errorf("the batch's baseline on the live state lacks the move of vip:\n%s", stdout)
	}

	// A scenario on top of the dry run: the new policy, then rack a lost.
	code, stdout, stderr = runPCL(t, "plan", failoverExample, "--state", failoverLive, "--node-down", "n1", "--node-down", "n2")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if strings.Contains(stdout, "vip: move") {
		t.Errorf("with rack a down the web site should stay in rack b:\n%s", stdout)
	}
}

// mergedCIB writes the live CIB with examples/failover's configuration in
// place of its own: what the cluster would hold after the policy is
// loaded.
func mergedCIB(t *testing.T, live string) string {
	t.Helper()
	code, compiled, stderr := runPCL(t, "compile", failoverExample)
	if code != exitOK {
		t.Fatalf("compile: exit %d\n%s", code, stderr)
	}
	liveXML, err := os.ReadFile(live)
	if err != nil {
		t.Fatal(err)
	}
	section := regexp.MustCompile(`(?s)<configuration>.*</configuration>`)
	cfg := section.FindString(compiled)
	if cfg == "" {
		t.Fatal("no <configuration> in the compiled policy")
	}
	out := section.ReplaceAllLiteral(liveXML, []byte(cfg))
	p := filepath.Join(t.TempDir(), "merged.xml")
	if err := os.WriteFile(p, out, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestPlanWhatIfBadInput(t *testing.T) {
	dir := t.TempDir()
	unknownInScenario := filepath.Join(dir, "bad.pcl")
	os.WriteFile(unknownInScenario, []byte(`node "n1" {}
primitive "web" {
  agent = "ocf:heartbeat:apache"
}
scenario "oops" {
  node_down = ["n2"]
}
`), 0o644)
	for i, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{failoverLive, "--node-down", "n9"}, exitUsage, `unknown node "n9"`},
		{[]string{failoverLive, "--node-fail", "n 1"}, exitUsage, "white space"},
		{[]string{failoverLive, "--op-fail", "web_monitor_10000@n1"}, exitUsage, "no =RC"},
		{[]string{failoverLive, "--op-fail", "web_monitor_10s@n1=7"}, exitUsage, "milliseconds"},
		{[]string{failoverLive, "--op-fail", "nosuch_start_0@n1=1"}, exitUsage, `unknown resource "nosuch"`},
		{[]string{failoverLive, "--op-fail", "website_start_0@n1=1"}, exitUsage, "not a primitive"},
		{[]string{failoverLive, "--batch", "--node-down", "n9"}, exitDiags, `unknown node "n9"`},
		{[]string{failoverLive, "--batch", "--op-fail", "bad"}, exitDiags, "no @NODE"},
		{[]string{failoverLive, "--batch"}, exitDiags, "No scenarios"},
		{[]string{failoverExample, "--batch", "--format", "crm_simulate"}, exitUsage, "text, markdown or json"},
		{[]string{failoverExample, "--format", "markdown"}, exitUsage, "markdown is for --batch"},
		{[]string{failoverExample, "--state", filepath.Join(dir, "missing.xml")}, exitDiags, "missing.xml"},
		{[]string{unknownInScenario, "--batch"}, exitDiags, `names node "n2"`},
		{[]string{failoverLive, "--attr", "n1:pingd"}, exitUsage, "no =VALUE"},
		{[]string{failoverLive, "--attr", "n1:pingd="}, exitUsage, "--attr-delete"},
		{[]string{failoverLive, "--attr", "pingd=1"}, exitUsage, "no NODE:"},
		{[]string{failoverLive, "--attr-delete", "n1:pingd=0"}, exitUsage, "takes no value"},
		{[]string{failoverLive, "--attr", "n9:pingd=1"}, exitUsage, `unknown node "n9"`},
		{[]string{failoverLive, "--batch", "--each-node-down", "--attr", "n9:pingd=1"}, exitDiags, `unknown node "n9"`},
		{[]string{failoverLive, "--node-down", "n1", "--keep-quorum", "--two-node"}, exitUsage, "give one or the other"},
		{[]string{failoverLive, "--each-node-down", "--expected-votes", "-2"}, exitDiags, "must be positive"},
	} {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			code, stdout, stderr := runPCLNoPanic(t, append([]string{"plan"}, c.args...)...)
			if code != c.code {
				t.Errorf("pcl plan %s: exit %d, want %d\n%s", strings.Join(c.args, " "), code, c.code, stderr)
			}
			if !strings.Contains(stderr, c.want) {
				t.Errorf("pcl plan %s: stderr lacks %q:\n%s", strings.Join(c.args, " "), c.want, stderr)
			}
			if stdout != "" {
				t.Errorf("output despite the error:\n%s", stdout)
			}
		})
	}
}

// runPCLNoPanic is runPCL reporting a panic as a test failure with its
// arguments.
func runPCLNoPanic(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("pcl %s panicked: %v", strings.Join(args, " "), r)
		}
	}()
	return runPCL(t, args...)
}

// pclActions lists the actions a `pcl plan --format json` transition
// executes, in crm_simulate's terms: pseudo-actions and blocked actions
// left out, probes as monitors of interval 0, fencing by target.
func pclActions(t *testing.T, out string) []string {
	t.Helper()
	var doc struct {
		Actions []struct {
			Action   string `json:"action"`
			Resource string `json:"resource"`
			Node     string `json:"node"`
			Interval int64  `json:"interval_ms"`
			Pseudo   bool   `json:"pseudo"`
			Blocked  bool   `json:"blocked"`
		} `json:"actions"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("pcl plan --format json: %v\n%s", err, out)
	}
	var list []string
	for _, a := range doc.Actions {
		if a.Pseudo || a.Blocked {
			continue
		}
		switch {
		case a.Action == "stonith" || strings.HasPrefix(a.Action, "fence"):
			list = append(list, "fence "+a.Node)
		case a.Action == "clear_failcount" || a.Action == "do_shutdown":
			list = append(list, strings.TrimSpace(fmt.Sprintf("cluster %s %s %s", a.Action, a.Node, a.Resource)))
		case a.Action == "probe":
			list = append(list, fmt.Sprintf("%s monitor %s 0", a.Resource, a.Node))
		default:
			op, _, _ := strings.Cut(a.Action, " ") // "cancel monitor"
			list = append(list, fmt.Sprintf("%s %s %s %d", a.Resource, op, a.Node, a.Interval))
		}
	}
	sort.Strings(list)
	return list
}

// simulateActions runs crm_simulate -S on input with flags and lists the
// actions of its transition (its <rsc_action>, <cluster_action> and
// <fencing_action> elements) as pclActions does.
func simulateActions(t *testing.T, input string, flags ...string) []string {
	t.Helper()
	bin := testenv.Tool(t, "crm_simulate")
	args := append([]string{"-x", input, "-S", "-Q", "--output-as=xml"}, flags...)
	cmd := exec.Command(bin, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("crm_simulate %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	var doc struct {
		Transition struct {
			Actions []struct {
				Resource string `xml:"resource,attr"`
				Op       string `xml:"op,attr"`
				Node     string `xml:"node,attr"`
				Interval string `xml:"interval,attr"`
			} `xml:"rsc_action"`
			Cluster []struct {
				Task     string `xml:"task,attr"`
				Node     string `xml:"node,attr"`
				Resource string `xml:"id,attr"`
			} `xml:"cluster_action"`
			Fencing []struct {
				Target string `xml:"target,attr"`
			} `xml:"fencing_action"`
		} `xml:"transition"`
	}
	if err := xml.Unmarshal(out, &doc); err != nil {
		t.Fatalf("crm_simulate output: %v", err)
	}
	var list []string
	for _, a := range doc.Transition.Actions {
		ivl := a.Interval
		if ivl == "" {
			ivl = "0"
		}
		list = append(list, fmt.Sprintf("%s %s %s %s", a.Resource, a.Op, a.Node, ivl))
	}
	for _, a := range doc.Transition.Cluster {
		list = append(list, strings.TrimSpace(fmt.Sprintf("cluster %s %s %s", a.Task, a.Node, a.Resource)))
	}
	for _, a := range doc.Transition.Fencing {
		list = append(list, "fence "+a.Target)
	}
	sort.Strings(list)
	return list
}

func equalLines(a, b []string) bool { return strings.Join(a, "\n") == strings.Join(b, "\n") }

// TestFencedNotificationsMatchCrmSimulate: the notifications a fencing
// implies for the instances on the fenced node are named after the
// operation they notify about (drbd-r0_post_notify_stop_0), in pcl plan
// --format crm_simulate as in crm_simulate -S (issue 21, item 3).
func TestFencedNotificationsMatchCrmSimulate(t *testing.T) {
	sim := testenv.Tool(t, "crm_simulate")
	input := filepath.Join(testenv.CorpusDir(t), "xml", "bug-cl-5168.xml")
	_, out, errs := runPCL(t, "plan", input, "--node-fail", "hex-2", "--keep-quorum", "--format", "crm_simulate")
	raw, err := exec.Command(sim, "-x", input, "-f", "hex-2", "-S").Output()
	if err != nil {
		t.Fatalf("crm_simulate: %v", err)
	}
	got := testenv.SimulateSection(out, "Executing Cluster Transition:")
	want := testenv.SimulateSection(string(raw), "Executing Cluster Transition:")
	sort.Strings(got)
	sort.Strings(want)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("actions run differ from crm_simulate -f hex-2 -S (stderr %q):\npcl:\n  %s\ncrm_simulate:\n  %s", errs,
			strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
	if !strings.Contains(out, "drbd-r0_post_notify_stop_0") {
		t.Errorf("no drbd-r0_post_notify_stop_0:\n%s", out)
	}
}
