package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"pcl/internal/testenv"
)

// End-to-end tests of the state a what-if plans against: quorum
// recomputed per scenario, transient node attributes (--attr, scenario
// attr), and a promotion preference set per scenario. Each starts from a
// finding of the what-if issue and checks the result against
// crm_simulate.

// writePolicy writes a .pcl policy into a new directory and returns it.
func writePolicy(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// quorumPolicy: no-quorum-policy=stop and, as every policy, no
// have-quorum.
const quorumPolicy = `properties {
  values = {
    stonith-enabled  = false
    no-quorum-policy = "stop"
  }
}
node "n1" {}
node "n2" {}
node "n3" {}
primitive "web" {
  agent = "ocf:pacemaker:Dummy"
}
primitive "db" {
  agent = "ocf:pacemaker:Dummy"
}
`

// Finding: "With no-quorum-policy=stop and no have-quorum in the policy,
// every resource was BLOCKED 'due to no quorum' while the report said
// 'Single points of failure: none'". The baseline of a policy is quorate
// with every node up; a scenario keeps quorum while a majority is up.
func TestPlanBatchQuorumFromPolicy(t *testing.T) {
	dir := writePolicy(t, map[string]string{"policy.pcl": quorumPolicy})
	code, out, errs := runPCL(t, "plan", dir, "--each-node-down", "--each-node-pair-down")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	for _, re := range []string{
		`(?m)^web +n1 +n2 +n1 +n1 +STOPPED +STOPPED +STOPPED$`,
		`(?m)^Baseline \(the cluster as it is\), quorate \(3 of 3 votes, 2 needed\):$`,
		`(?m)^Scenario "n1 down", quorate \(2 of 3 votes, 2 needed\):$`,
		`(?m)^Scenario "n1\+n2 down" \(n1 down, n2 down\), NO QUORUM \(1 of 3 votes, 2 needed\):$`,
		`(?m)^Single points of failure: 2 resources stop in some scenario$`,
		`(?m)^    n1\+n2 down: its start cannot run \(due to no quorum\)$`,
		`(?m)^No quorum in 3 of 6 scenarios: "n1\+n2 down", "n1\+n3 down", "n2\+n3 down"\.$`,
	} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("the report does not match %s:\n%s", re, out)
		}
	}
	if strings.Contains(out, "Single points of failure: none") {
		t.Errorf("the report finds no single point of failure:\n%s", out)
	}

	// The JSON says each scenario's quorum.
	_, out, _ = runPCL(t, "plan", dir, "--each-node-pair-down", "--format", "json")
	var doc struct {
		Scenarios []struct {
			Name   string `json:"name"`
			Quorum struct {
				Quorate    bool `json:"quorate"`
				Recomputed bool `json:"recomputed"`
				Votes      int  `json:"votes"`
				Expected   int  `json:"expected_votes"`
				Needed     int  `json:"needed"`
			} `json:"quorum"`
		} `json:"scenarios"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range doc.Scenarios {
		q := s.Quorum
		got = append(got, fmt.Sprintf("%s %v %v %d/%d/%d", s.Name, q.Quorate, q.Recomputed, q.Votes, q.Expected, q.Needed))
	}
	want := []string{"baseline true true 3/3/2", "n1+n2 down false true 1/3/2", "n1+n3 down false true 1/3/2", "n2+n3 down false true 1/3/2"}
	if !equalLines(got, want) {
		t.Errorf("JSON quorum:\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}

	// The options: two of three nodes down keep quorum with 2 expected
	// votes... and --keep-quorum keeps the policy's (absent, so none):
	// then the report must not call the baseline's blocked resources
	// safe.
	_, _, errs = runPCL(t, "plan", dir, "--each-node-down", "--two-node")
	if !strings.Contains(errs, "--two-node has no effect") || !strings.Contains(errs, "this cluster expects 3: quorum needs 2 votes") {
		t.Errorf("--two-node on three nodes: no warning:\n%s", errs)
	}
	_, out, _ = runPCL(t, "plan", dir, "--each-node-pair-down", "--expected-votes", "1")
	if strings.Contains(out, "NO QUORUM") || strings.Contains(out, "BLOCKED") {
		t.Errorf("--expected-votes 1 leaves a scenario without quorum:\n%s", out)
	}
	_, out, _ = runPCL(t, "plan", dir, "--each-node-down", "--keep-quorum")
	for _, want := range []string{"NO QUORUM as recorded", "Single points of failure: not assessed: the baseline has no quorum"} {
		if !strings.Contains(out, want) {
			t.Errorf("--keep-quorum: the report lacks %q:\n%s", want, out)
		}
	}
}

// TestPlanTwoNodeQuorum: corosync's two_node keeps a two-node cluster
// quorate with one node; without it, one of two is no majority.
func TestPlanTwoNodeQuorum(t *testing.T) {
	policy := strings.Replace(quorumPolicy, `node "n3" {}`, "", 1)
	dir := writePolicy(t, map[string]string{"policy.pcl": policy})
	_, out, _ := runPCL(t, "plan", dir, "--each-node-down")
	if !strings.Contains(out, `Scenario "n1 down", NO QUORUM (1 of 2 votes, 2 needed)`) {
		t.Errorf("one of two nodes has quorum:\n%s", out)
	}
	_, out, _ = runPCL(t, "plan", dir, "--each-node-down", "--two-node")
	if !strings.Contains(out, `Scenario "n1 down", quorate (1 of 2 votes, 1 needed)`) || strings.Contains(out, "BLOCKED") {
		t.Errorf("--two-node: one of two nodes has no quorum:\n%s", out)
	}
}

// pingPolicy runs web only where the ping attribute says the node is
// connected, preferring the best connected node.
const pingPolicy = `properties {
  values = { stonith-enabled = false }
}
node "n1" {}
node "n2" {}
node "n3" {}
primitive "web" {
  agent = "ocf:pacemaker:Dummy"
}
location "web-needs-connectivity" {
  resource = "web"
  rule {
    score = -inf
    expr  = "not_defined pingd or pingd lte 0"
  }
}
location "web-prefers-connectivity" {
  resource = "web"
  rule {
    score-attribute = "pingd"
    expr            = "defined pingd"
  }
}
scenario "n2-loses-uplink" {
  attr = ["n2:pingd=0"]
}
scenario "n2-unmeasured" {
  attr_delete = ["n2:pingd"]
}
`

// statusCIB writes the compiled policy in dir with a status section of
// its own, every node up and with the given transient attributes (node ->
// name=value), as pacemaker-attrd records them (crm_attribute -l reboot):
// written here by hand, independently of pcl's injections, for
// crm_simulate.
func statusCIB(t *testing.T, dir string, attrs map[string][]string) string {
	t.Helper()
	code, compiled, stderr := runPCL(t, "compile", dir)
	if code != exitOK {
		t.Fatalf("compile: exit %d\n%s", code, stderr)
	}
	var status strings.Builder
	status.WriteString("<status>\n")
	for _, m := range regexp.MustCompile(`<node id="([^"]+)" uname="([^"]+)"`).FindAllStringSubmatch(compiled, -1) {
		id, uname := m[1], m[2]
		fmt.Fprintf(&status, `<node_state id="%s" uname="%s" in_ccm="true" crmd="online" join="member" expected="member">`, id, uname)
		if pairs := attrs[uname]; len(pairs) > 0 {
			fmt.Fprintf(&status, `<transient_attributes id="%s"><instance_attributes id="status-%s">`, id, id)
			for _, p := range pairs {
				name, value, _ := strings.Cut(p, "=")
				fmt.Fprintf(&status, `<nvpair id="status-%s-%s" name="%s" value="%s"/>`, id, name, name, value)
			}
			status.WriteString("</instance_attributes></transient_attributes>")
		}
		status.WriteString("</node_state>\n")
	}
	status.WriteString("</status>")
	cib := strings.Replace(compiled, "</configuration>", "</configuration>\n"+status.String(), 1)
	cib = strings.Replace(cib, "<cib ", `<cib have-quorum="1" `, 1)
	p := filepath.Join(t.TempDir(), "cib.xml")
	if err := os.WriteFile(p, []byte(cib), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// upFlags are --node-up flags for every node of a three-node policy, for
// a single plan of it running.
var upFlags = []string{"--node-up", "n1", "--node-up", "n2", "--node-up", "n3"}

// Finding: "Ping-based policies cannot be planned from a .pcl: nothing
// can set the pingd attribute". --attr sets it in the cluster the batch
// starts from, scenario attr and attr_delete per scenario; each plan is
// crm_simulate's on a CIB whose status records the same attributes.
func TestPlanPingAttributes(t *testing.T) {
	dir := writePolicy(t, map[string]string{"policy.pcl": pingPolicy})
	base := []string{"n1:pingd=100", "n2:pingd=200", "n3:pingd=100"}
	var attrFlags []string
	for _, a := range base {
		attrFlags = append(attrFlags, "--attr", a)
	}

	// Without the attribute, web can run nowhere: the finding.
	_, out, _ := runPCL(t, "plan", dir, "--batch")
	if !regexp.MustCompile(`(?m)^web +STOPPED +STOPPED +STOPPED$`).MatchString(out) {
		t.Errorf("web runs without pingd:\n%s", out)
	}

	code, out, errs := runPCL(t, append([]string{"plan", dir, "--batch", "--format", "json"}, attrFlags...)...)
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	var doc batchJSON
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	placed := map[string]string{}
	for _, s := range doc.Scenarios {
		placed[s.Name] = "STOPPED"
		if p := s.Placement["web"]; p != nil {
			placed[s.Name] = *p
		}
	}
	if placed["baseline"] != "n2" || placed["n2-loses-uplink"] == "n2" || placed["n2-loses-uplink"] == "STOPPED" ||
		placed["n2-unmeasured"] == "n2" || placed["n2-unmeasured"] == "STOPPED" {
		t.Errorf("web's placement %v: want n2 in the baseline, elsewhere when n2 loses pingd", placed)
	}

	testenv.Tool(t, "crm_simulate")
	for _, c := range []struct {
		name  string
		flags []string
		attrs map[string][]string
	}{
		{"baseline", nil, map[string][]string{"n1": {base[0][3:]}, "n2": {base[1][3:]}, "n3": {base[2][3:]}}},
		{"n2-loses-uplink", []string{"--attr", "n2:pingd=0"}, map[string][]string{"n1": {"pingd=100"}, "n2": {"pingd=0"}, "n3": {"pingd=100"}}},
		{"n2-unmeasured", []string{"--attr-delete", "n2:pingd"}, map[string][]string{"n1": {"pingd=100"}, "n3": {"pingd=100"}}},
	} {
		got := planMatchesStatus(t, c.name, dir, slices.Concat(upFlags, attrFlags, c.flags), c.attrs)
		if !hasAction(got, "web start") {
			t.Errorf("%s: web does not start: %v", c.name, got)
		}
	}
}

// planMatchesStatus plans the policy in dir with the what-if flags and
// checks its actions against crm_simulate's on the CIB statusCIB writes
// with attrs; it returns pcl's actions.
func planMatchesStatus(t *testing.T, name, dir string, flags []string, attrs map[string][]string) []string {
	t.Helper()
	code, out, errs := runPCL(t, append([]string{"plan", dir, "--format", "json"}, flags...)...)
	if code != exitOK {
		t.Fatalf("%s: exit %d\n%s", name, code, errs)
	}
	got := pclActions(t, out)
	want := simulateActions(t, statusCIB(t, dir, attrs))
	if !equalLines(got, want) {
		t.Errorf("%s: actions differ from crm_simulate's with the attributes in the status\npcl:\n  %s\ncrm_simulate:\n  %s",
			name, strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
	return got
}

func hasAction(list []string, prefix string) bool {
	for _, a := range list {
		if strings.HasPrefix(a, prefix) {
			return true
		}
	}
	return false
}

// Issue 13, what-if: a scenario setting or clearing a node's promotion
// preference (the master-<rsc> transient attribute, which the agent sets
// in a running cluster) moves the primary, and the matrix shows the
// Promoted role where it moves. Each is crm_simulate's plan on a CIB
// whose status records the same attributes.
func TestPlanPromotionPreferenceScenario(t *testing.T) {
	example, err := os.ReadFile("../../examples/database/cluster.pcl")
	if err != nil {
		t.Fatal(err)
	}
	dir := writePolicy(t, map[string]string{"cluster.pcl": string(example), "scenarios.pcl": `
scenario "prefer-db2" {
  attr = ["db2:master-db=1000"]
}
scenario "db1-down-prefer-db3" {
  node_down = ["db1"]
  attr      = ["db3:master-db=10"]
}
scenario "clear-db2" {
  attr_delete = ["db2:master-db"]
}
`})
	code, out, errs := runPCL(t, "plan", dir, "--batch", "--attr", "db2:master-db=5")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	for _, re := range []string{
		`(?m)^baseline +3/3 db1 db2 db3 \(Promoted db1\) +db1$`,
		`(?m)^prefer-db2 +3/3 db1 db2 db3 \(Promoted db2\) +db2$`,
		`(?m)^db1-down-prefer-db3 +2/3 db2 db3 \(Promoted db3\) +db3$`,
		`(?m)^clear-db2 +3/3 db1 db2 db3 \(Promoted db1\) +db1$`,
	} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("the matrix does not match %s:\n%s", re, out)
		}
	}

	testenv.Tool(t, "crm_simulate")
	up := []string{"--node-up", "db1", "--node-up", "db2", "--node-up", "db3"}
	for _, c := range []struct {
		name     string
		flags    []string
		attrs    map[string][]string
		promoted string
	}{
		{"prefer-db2", []string{"--attr", "db2:master-db=1000"}, map[string][]string{"db2": {"master-db=1000"}}, "db2"},
		{"prefer-db3", []string{"--attr", "db2:master-db=5", "--attr", "db3:master-db=500"}, map[string][]string{"db2": {"master-db=5"}, "db3": {"master-db=500"}}, "db3"},
		{"cleared", []string{"--attr-delete", "db2:master-db"}, nil, "db1"},
	} {
		got := planMatchesStatus(t, c.name, dir, slices.Concat(up, c.flags), c.attrs)
		var promotes []string
		for _, a := range got {
			if f := strings.Fields(a); len(f) == 4 && f[1] == "promote" {
				promotes = append(promotes, f[2])
			}
		}
		sort.Strings(promotes)
		if strings.Join(promotes, " ") != c.promoted {
			t.Errorf("%s: promoted on %v, want %s", c.name, promotes, c.promoted)
		}
	}
}
