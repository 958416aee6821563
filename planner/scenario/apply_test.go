package scenario_test

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/hcl/v2"

	"pcl/emit/cibxml"
	"pcl/importer"
	"pcl/internal/synth"
	"pcl/ir"
	"pcl/planner"
	"pcl/planner/scenario"
)

const smallCIB = `<cib validate-with="pacemaker-3.0" epoch="1" num_updates="0" admin_epoch="0" execution-date="1700000000">
  <configuration>
    <crm_config/>
    <nodes>
      <node id="1" uname="n1"/>
      <node id="2" uname="n2">
        <instance_attributes id="n2-attrs">
          <nvpair id="n2-standby" name="standby" value="off"/>
        </instance_attributes>
      </node>
    </nodes>
    <resources>
      <template id="tpl" class="ocf" provider="heartbeat" type="Dummy"/>
      <primitive id="web" template="tpl"/>
      <group id="g"><primitive id="ip" class="ocf" provider="heartbeat" type="IPaddr2"/></group>
    </resources>
    <constraints/>
  </configuration>
  <status>
    <node_state id="1" uname="n1" in_ccm="true" crmd="online" join="member" expected="member">
      <transient_attributes id="1">
        <instance_attributes id="status-1">
          <nvpair id="status-1-fail-count-web.start_0" name="fail-count-web#start_0" value="2"/>
        </instance_attributes>
      </transient_attributes>
      <lrm id="1">
        <lrm_resources>
          <lrm_resource id="web" class="ocf" provider="heartbeat" type="Dummy">
            <lrm_rsc_op id="web_last_0" operation_key="web_start_0" operation="start" call-id="4" rc-code="0" op-status="0" interval="0" op-digest="abc"/>
          </lrm_resource>
        </lrm_resources>
      </lrm>
    </node_state>
  </status>
</cib>`

func readCIB(t *testing.T, src string) *ir.CIB {
	t.Helper()
	cib, diags := importer.Read("small.xml", []byte(src))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return cib
}

func write(t *testing.T, cib *ir.CIB) string {
	t.Helper()
	var b bytes.Buffer
	if err := cibxml.Write(&b, cib); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func mustApply(t *testing.T, cib *ir.CIB, in ...ir.Injection) string {
	t.Helper()
	before := write(t, cib)
	out, err := scenario.Apply(cib, scenario.Scenario{Injections: in})
	if err != nil {
		t.Fatal(err)
	}
	if after := write(t, cib); after != before {
		t.Fatalf("Apply modified its input")
	}
	return write(t, out)
}

func TestApplyNodeStates(t *testing.T) {
	cib := readCIB(t, smallCIB)
	down := mustApply(t, cib, ir.Injection{Kind: ir.InjectNodeDown, Node: "n1"})
	for _, want := range []string{`in_ccm="false" crmd="offline" join="down" expected="down" crm-debug-origin="crm_simulate"`} {
		if !strings.Contains(down, want) {
			t.Errorf("node down: missing %s in\n%s", want, down)
		}
	}
	if strings.Contains(down, "lrm_resource") || strings.Contains(down, "transient_attributes") {
		t.Errorf("node down keeps history:\n%s", down)
	}
	fail := mustApply(t, cib, ir.Injection{Kind: ir.InjectNodeFail, Node: "n1"})
	if !strings.Contains(fail, `in_ccm="false" crmd="online" join="member" expected="member"`) || !strings.Contains(fail, "web_last_0") {
		t.Errorf("node fail:\n%s", fail)
	}
	up := mustApply(t, cib, ir.Injection{Kind: ir.InjectNodeUp, Node: "n2"})
	if !strings.Contains(up, `<node_state id="2" uname="n2" in_ccm="true" crmd="online" join="member" expected="member" crm-debug-origin="crm_simulate"`) {
		t.Errorf("node up:\n%s", up)
	}
	added := mustApply(t, cib, ir.Injection{Kind: ir.InjectNodeUp, Node: "n9"})
	if !strings.Contains(added, `<node id="n9" uname="n9"`) || !strings.Contains(added, `<node_state id="n9" uname="n9"`) {
		t.Errorf("node up of a new node:\n%s", added)
	}
}

func TestApplyStandby(t *testing.T) {
	cib := readCIB(t, smallCIB)
	out := mustApply(t, cib, ir.Injection{Kind: ir.InjectNodeStandby, Node: "n1"}, ir.Injection{Kind: ir.InjectNodeStandby, Node: "N2"})
	if !strings.Contains(out, `<instance_attributes id="nodes-1"><nvpair id="nodes-1-standby" name="standby" value="on"/>`) &&
		!strings.Contains(out, `id="nodes-1-standby" name="standby" value="on"`) {
		t.Errorf("standby of n1:\n%s", out)
	}
	if !strings.Contains(out, `id="n2-standby" name="standby" value="on"`) {
		t.Errorf("standby of n2 (existing pair, name in another case):\n%s", out)
	}
	p, _ := planner.Schedule(mustCIB(t, cib, ir.Injection{Kind: ir.InjectNodeStandby, Node: "n1"}), planner.Options{NoTrail: true})
	for _, n := range p.Nodes {
		if n.Uname == "n1" && !n.Standby {
			t.Errorf("the planner does not see n1 in standby")
		}
	}
}

func mustCIB(t *testing.T, cib *ir.CIB, in ...ir.Injection) *ir.CIB {
	t.Helper()
	out, err := scenario.Apply(cib, scenario.Scenario{Injections: in})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestApplyOp(t *testing.T) {
	cib := readCIB(t, smallCIB)
	out := mustApply(t, cib, ir.Injection{Kind: ir.InjectOp, Resource: "web", Operation: "start", Node: "n1", RC: 1, Count: 2})
	for _, want := range []string{
		`name="fail-count-web#start_0" value="4"`, // 2 + 2 injections
		`id="status-1-last-failure-web.start_0" name="last-failure-web#start_0" value="1700000000"`,
		`<lrm_rsc_op id="web_last_0" operation_key="web_start_0" operation="start" call-id="6" rc-code="1" op-status="0" interval="0" op-digest="abc" crm-debug-origin="crm_simulate"`,
		`<lrm_rsc_op id="web_last_failure_0" operation_key="web_start_0" operation="start" crm-debug-origin="crm_simulate" crm_feature_set="3.16.1" transition-key="6:-1:0:xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx" transition-magic="0:1;6:-1:0:xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx" exit-reason="Simulated action result" call-id="6"`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %s in\n%s", want, out)
		}
	}
	// A primitive from a template, on a node without history, in a group.
	out = mustApply(t, cib, ir.Injection{Kind: ir.InjectOp, Resource: "ip", Operation: "monitor", IntervalMs: 10000, Node: "n2", RC: 0})
	for _, want := range []string{
		`<node_state id="2" uname="n2"><lrm id="2"><lrm_resources><lrm_resource id="ip" class="ocf" provider="heartbeat" type="IPaddr2"><lrm_rsc_op id="ip_monitor_10000"`,
	} {
		if !strings.Contains(strings.Join(strings.Fields(out), ""), strings.Join(strings.Fields(want), "")) {
			t.Errorf("missing %s in\n%s", want, out)
		}
	}
	if strings.Contains(out, "fail-count-ip") {
		t.Errorf("a successful result counts as a failure:\n%s", out)
	}
}

func TestApplyTickets(t *testing.T) {
	cib := readCIB(t, smallCIB)
	out := mustApply(t, cib, ir.Injection{Kind: ir.InjectTicketRevoke, Ticket: "T"}, ir.Injection{Kind: ir.InjectTicketGrant, Ticket: "T"},
		ir.Injection{Kind: ir.InjectTicketStandby, Ticket: "U"})
	// Grants are applied before revocations, whatever the order given.
	if !strings.Contains(out, `<ticket_state id="T" granted="false">`) || !strings.Contains(out, `<ticket_state id="U" standby="true">`) {
		t.Errorf("tickets:\n%s", out)
	}
	if strings.Index(out, "<tickets>") < strings.Index(out, "</node_state>") {
		t.Errorf("new tickets must follow the node states, as crm_simulate appends them:\n%s", out)
	}
}

func TestApplyErrors(t *testing.T) {
	cib := readCIB(t, smallCIB)
	_, err := scenario.Apply(cib, scenario.Scenario{Injections: []ir.Injection{
		{Kind: ir.InjectNodeDown, Node: "n7"},
		{Kind: ir.InjectOp, Resource: "nope", Operation: "start", Node: "n1", RC: 1},
		{Kind: ir.InjectOp, Resource: "g", Operation: "start", Node: "n1", RC: 1},
		{Kind: ir.InjectNodeFail, Node: ""},
	}})
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{`unknown node "n7" (known nodes: n1, n2)`, `unknown resource "nope"`, `"g" is a group, not a primitive`, "node name is empty"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
}

func TestApplyTime(t *testing.T) {
	cib := readCIB(t, smallCIB)
	now := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	out, err := scenario.Apply(cib, scenario.Scenario{Now: now, Injections: []ir.Injection{{Kind: ir.InjectOp, Resource: "web", Operation: "monitor", IntervalMs: 5000, Node: "n1", RC: 7}}})
	if err != nil {
		t.Fatal(err)
	}
	text := write(t, out)
	if !strings.Contains(text, `execution-date="1714564800"`) || !strings.Contains(text, `last-rc-change="1714564800"`) {
		t.Errorf("time:\n%s", text)
	}
}

func TestFromIR(t *testing.T) {
	rng := hcl.Range{Filename: "policy.pcl", Start: hcl.Pos{Line: 3, Column: 1}}
	s, diags := scenario.FromIR(&ir.Scenario{Name: "rack-a", Now: "2024-05-01", DeclRange: rng,
		Injections: []*ir.Injection{{Kind: ir.InjectNodeDown, Node: "n1"}, {Kind: ir.InjectNodeFail}}})
	if len(diags) != 1 || diags[0].Subject.Filename != "policy.pcl" || !strings.Contains(diags[0].Detail, `In scenario "rack-a": the node name is empty.`) {
		t.Errorf("diagnostics: %v", diags)
	}
	if s.Name != "rack-a" || len(s.Injections) != 1 || s.Now.IsZero() {
		t.Errorf("scenario: %+v", s)
	}
	if _, diags := scenario.FromIR(&ir.Scenario{Name: "x", Now: "soon"}); !diags.HasErrors() {
		t.Errorf("a bad time is not an error")
	}
}

// TestApplyConcurrent applies scenarios to one base from many goroutines
// while planning them (run with -race).
func TestApplyConcurrent(t *testing.T) {
	base := synth.Generate(synth.Params{Resources: 60, Nodes: 6, Seed: 2})
	before := write(t, base)
	var wg sync.WaitGroup
	for _, n := range base.Config.Nodes {
		wg.Add(1)
		go func(node string) {
			defer wg.Done()
			out, err := scenario.Apply(base, scenario.Scenario{Injections: []ir.Injection{
				{Kind: ir.InjectNodeFail, Node: node}, {Kind: ir.InjectNodeStandby, Node: node},
				{Kind: ir.InjectOp, Resource: "rsc00001", Operation: "start", Node: node, RC: 1},
			}})
			if err != nil {
				t.Error(err)
				return
			}
			planner.Schedule(out, planner.Options{})
		}(n.Uname)
	}
	wg.Wait()
	if write(t, base) != before {
		t.Errorf("the base CIB changed")
	}
}

func TestWithStatus(t *testing.T) {
	live := readCIB(t, smallCIB)
	policy := &ir.CIB{Config: &ir.Config{Nodes: live.Config.Nodes}, Scenarios: []*ir.Scenario{{Name: "x"}}}
	got := scenario.WithStatus(policy, live)
	if got.Config != policy.Config || got.Status != live.Status || len(got.Scenarios) != 1 || len(got.Attrs) != len(live.Attrs) {
		t.Errorf("WithStatus: %+v", got)
	}
	p, _ := planner.Schedule(got, planner.Options{NoTrail: true})
	if len(p.Nodes) != 2 || !p.Nodes[0].Online {
		t.Errorf("the live status is not read: %+v", p.Nodes)
	}
}

// TestOpOnCloneInstance: an operation may name a clone's instance
// ("db:0"), as crm_simulate -i finds instances: recorded under that name
// with its primitive's agent (issue 21, item 18).
func TestOpOnCloneInstance(t *testing.T) {
	cib := &ir.CIB{Config: &ir.Config{
		Nodes: []*ir.Node{{ID: "1", Uname: "n1"}},
		Resources: []ir.Resource{&ir.Clone{ID: "db-clone", Child: &ir.Primitive{ID: "db",
			Agent: ir.Agent{Class: "ocf", Provider: "pacemaker", Type: "Stateful"}}}},
	}}
	in, err := scenario.ParseOp("db:0_monitor_10000@n1=7")
	if err != nil {
		t.Fatal(err)
	}
	out, err := scenario.Apply(cib, scenario.Scenario{Injections: []ir.Injection{in}})
	if err != nil {
		t.Fatalf("an instance's operation is refused: %v", err)
	}
	var found bool
	for _, ns := range out.Status.Nodes {
		for _, h := range ns.Resources {
			found = found || (h.ID == "db:0" && h.Type == "Stateful")
		}
	}
	if !found {
		t.Errorf("no history of db:0 with its primitive's agent: %+v", out.Status)
	}
	if _, err := scenario.ParseOp("db:x_monitor_0@n1=7"); err == nil {
		if _, err := scenario.Apply(cib, scenario.Scenario{Injections: []ir.Injection{{Kind: ir.InjectOp, Resource: "db:x", Operation: "monitor", Node: "n1", RC: 7}}}); err == nil {
			t.Errorf("db:x is no instance, yet accepted")
		}
	}
}
