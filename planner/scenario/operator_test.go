package scenario_test

import (
	"bytes"
	"strings"
	"testing"

	"pcl/emit/cibxml"
	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/scenario"
)

const operatorCIB = `<cib validate-with="pacemaker-3.0" epoch="1" num_updates="0" admin_epoch="0" execution-date="1700000000">
  <configuration>
    <crm_config>
      <cluster_property_set id="cib-bootstrap-options">
        <nvpair id="opt-stonith" name="stonith-enabled" value="false"/>
      </cluster_property_set>
    </crm_config>
    <nodes>
      <node id="1" uname="n1"/>
      <node id="2" uname="n2"/>
    </nodes>
    <resources>
      <primitive id="web" class="ocf" provider="heartbeat" type="Dummy"/>
      <primitive id="r1" class="ocf" provider="pacemaker" type="remote"/>
      <group id="g">
        <primitive id="ip" class="ocf" provider="heartbeat" type="IPaddr2">
          <meta_attributes id="ip-meta">
            <nvpair id="ip-meta-target-role" name="target-role" value="Started"/>
          </meta_attributes>
        </primitive>
        <primitive id="app" class="ocf" provider="heartbeat" type="Dummy"/>
      </group>
      <clone id="c">
        <meta_attributes id="c-meta"/>
        <primitive id="cp" class="ocf" provider="heartbeat" type="Dummy"/>
      </clone>
    </resources>
    <constraints>
      <rsc_location id="cli-prefer-web" rsc="web" role="Started" node="n1" score="INFINITY"/>
      <rsc_location id="cli-ban-web-on-n2" rsc="web" role="Started" node="n2" score="-INFINITY"/>
    </constraints>
  </configuration>
  <status>
    <node_state id="1" uname="n1" in_ccm="true" crmd="online" join="member" expected="member">
      <transient_attributes id="1">
        <instance_attributes id="status-1">
          <nvpair id="status-1-fail-count-web.start_0" name="fail-count-web#start_0" value="2"/>
          <nvpair id="status-1-last-failure-web.start_0" name="last-failure-web#start_0" value="1699999999"/>
        </instance_attributes>
      </transient_attributes>
      <lrm id="1">
        <lrm_resources>
          <lrm_resource id="web" class="ocf" provider="heartbeat" type="Dummy">
            <lrm_rsc_op id="web_last_failure_0" operation_key="web_start_0" operation="start" transition-key="1:1:0:xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx" call-id="4" rc-code="1" op-status="0" interval="0" op-digest="abc"/>
          </lrm_resource>
        </lrm_resources>
      </lrm>
    </node_state>
  </status>
</cib>`

// TestOperatorWrites: each operator action writes what crm_resource and
// crm_attribute write (the differential test, planner/batch
// TestOperatorActions, compares with the tools themselves), and never
// changes its input.
func TestOperatorWrites(t *testing.T) {
	for _, tc := range []struct {
		in         ir.Injection
		want, gone []string
	}{
		{ir.Injection{Kind: ir.InjectMove, Resource: "web", Node: "n2"},
			[]string{`<rsc_location id="cli-prefer-web" rsc="web" role="Started" node="n2" score="INFINITY">`},
			[]string{`cli-ban-web-on-n2`, `node="n1" score="INFINITY"`}},
		{ir.Injection{Kind: ir.InjectBan, Resource: "g", Node: "n1"},
			[]string{`<rsc_location id="cli-ban-g-on-n1" rsc="g" role="Started" node="n1" score="-INFINITY">`}, nil},
		// --lifetime: a rule that ends an hour after the CIB's
		// execution-date (1700000000).
		{ir.Injection{Kind: ir.InjectMove, Resource: "web", Node: "n2", Lifetime: "PT1H"},
			[]string{`<rsc_location id="cli-prefer-web" rsc="web" role="Started">`,
				`<rule id="cli-prefer-rule-web" score="INFINITY" boolean-op="and">`,
				`<expression id="cli-prefer-expr-web" attribute="#uname" operation="eq" value="n2" type="string">`,
				`<date_expression id="cli-prefer-lifetime-end-web" operation="lt" end="2023-11-14 23:13:20Z">`},
			[]string{`cli-ban-web-on-n2`}},
		{ir.Injection{Kind: ir.InjectBan, Resource: "g", Node: "n1", Lifetime: "P1D"},
			[]string{`<rsc_location id="cli-ban-g-on-n1" rsc="g" role="Started">`,
				`<rule id="cli-ban-g-on-n1-rule" score="-INFINITY" boolean-op="and">`,
				`<expression id="cli-ban-g-on-n1-expr" attribute="#uname" operation="eq" value="n1" type="string">`,
				`<date_expression id="cli-ban-g-on-n1-lifetime" operation="lt" end="2023-11-15 22:13:20Z">`}, nil},
		// --promoted of what is not promotable: a move ignores it.
		{ir.Injection{Kind: ir.InjectMove, Resource: "web", Node: "n2", Promoted: true},
			[]string{`<rsc_location id="cli-prefer-web" rsc="web" role="Started" node="n2" score="INFINITY">`}, nil},
		{ir.Injection{Kind: ir.InjectClear, Resource: "web"}, nil, []string{"cli-prefer-web", "cli-ban-web-on-n2"}},
		{ir.Injection{Kind: ir.InjectClear, Resource: "web", Node: "n2"}, []string{"cli-prefer-web"}, []string{"cli-ban-web-on-n2"}},
		// A group updates its members that set the attribute, then itself.
		{ir.Injection{Kind: ir.InjectDisable, Resource: "g"},
			[]string{`<nvpair id="ip-meta-target-role" name="target-role" value="Stopped">`,
				`<meta_attributes id="g-meta_attributes">`, `<nvpair id="g-meta_attributes-target-role" name="target-role" value="Stopped">`}, nil},
		// A clone's child that does not set it updates the clone.
		{ir.Injection{Kind: ir.InjectUnmanage, Resource: "cp"},
			[]string{`<nvpair id="c-meta_attributes-is-managed" name="is-managed" value="false">`}, []string{"cp-meta_attributes"}},
		{ir.Injection{Kind: ir.InjectEnable, Resource: "ip"}, nil, []string{"ip-meta-target-role"}},
		{ir.Injection{Kind: ir.InjectNodeMaintenance, Node: "n2"},
			[]string{`<instance_attributes id="nodes-2">`, `<nvpair id="nodes-2-maintenance" name="maintenance" value="on">`}, nil},
		// A remote node gets its <node> entry, as crm_attribute and
		// crm_standby add it.
		{ir.Injection{Kind: ir.InjectNodeMaintenance, Node: "r1"},
			[]string{`<node id="r1" uname="r1" type="remote">`, `<instance_attributes id="nodes-r1">`,
				`<nvpair id="nodes-r1-maintenance" name="maintenance" value="on">`}, nil},
		{ir.Injection{Kind: ir.InjectNodeStandby, Node: "r1"},
			[]string{`<node id="r1" uname="r1" type="remote">`, `<nvpair id="nodes-r1-standby" name="standby" value="on">`}, nil},
		{ir.Injection{Kind: ir.InjectClusterMaintenance},
			[]string{`<nvpair id="cib-bootstrap-options-maintenance-mode" name="maintenance-mode" value="true">`}, nil},
		{ir.Injection{Kind: ir.InjectCleanup, Resource: "web"}, nil,
			[]string{"fail-count-web", "last-failure-web", `lrm_resource id="web"`}},
	} {
		cib := readCIB(t, operatorCIB)
		before := writeCIB(t, cib)
		out, err := scenario.Apply(cib, scenario.Scenario{Injections: []ir.Injection{tc.in}})
		if err != nil {
			t.Errorf("%s: %v", scenario.Describe(tc.in), err)
			continue
		}
		if after := writeCIB(t, cib); after != before {
			t.Errorf("%s changed its input", scenario.Describe(tc.in))
		}
		got := writeCIB(t, out)
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: the CIB lacks %s:\n%s", scenario.Describe(tc.in), w, got)
			}
		}
		for _, g := range tc.gone {
			if strings.Contains(got, g) {
				t.Errorf("%s: the CIB still has %s", scenario.Describe(tc.in), g)
			}
		}
	}
}

// TestOperatorErrors: what crm_resource refuses is an error.
func TestOperatorErrors(t *testing.T) {
	cib := readCIB(t, operatorCIB)
	for _, tc := range []struct {
		in   ir.Injection
		want string
	}{
		{ir.Injection{Kind: ir.InjectMove, Resource: "nope", Node: "n2"}, `unknown resource "nope"`},
		{ir.Injection{Kind: ir.InjectMove, Resource: "web", Node: "n9"}, `unknown node "n9"`},
		{ir.Injection{Kind: ir.InjectBan, Resource: "web"}, "name a node"},
		{ir.Injection{Kind: ir.InjectDisable, Resource: "nope"}, `unknown resource "nope"`},
		{ir.Injection{Kind: ir.InjectNodeMaintenance, Node: "n9"}, `unknown node "n9"`},
	} {
		_, err := scenario.Apply(cib, scenario.Scenario{Injections: []ir.Injection{tc.in}})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", scenario.Describe(tc.in), err, tc.want)
		}
	}
	// --promoted in a CIB whose schema (pacemaker-3.0) predates the
	// name Promoted: 2.1.5's crm_resource fails, 3.0's writes Master.
	ban := ir.Injection{Kind: ir.InjectBan, Resource: "g", Node: "n1", Promoted: true}
	if _, err := scenario.Apply(cib, scenario.Scenario{Injections: []ir.Injection{ban}}); err == nil || !strings.Contains(err.Error(), "does not accept") {
		t.Errorf("ban --promoted for 2.1.5 in a pacemaker-3.0 CIB: %v", err)
	}
	out30, err := scenario.Apply(cib, scenario.Scenario{Injections: []ir.Injection{ban}, Target: pcmk.NewTarget(pcmk.V3_0_0, pcmk.FromFlag)})
	if err != nil || !strings.Contains(writeCIB(t, out30), `<rsc_location id="cli-ban-g-on-n1" rsc="g" role="Master" node="n1" score="-INFINITY">`) {
		t.Errorf("ban --promoted for 3.0 in a pacemaker-3.0 CIB: %v", err)
	}
	// With where resources run known, a move without a node bans the
	// resource from there, and a move where it runs is refused.
	locate := func(string) ([]string, bool) { return []string{"n1"}, true }
	out, err := scenario.ApplyAt(cib, scenario.Scenario{Injections: []ir.Injection{{Kind: ir.InjectMove, Resource: "web"}}}, locate)
	if err != nil || !strings.Contains(writeCIB(t, out), `id="cli-ban-web-on-n1"`) {
		t.Errorf("move web away: %v", err)
	}
	if _, err := scenario.ApplyAt(cib, scenario.Scenario{Injections: []ir.Injection{{Kind: ir.InjectMove, Resource: "web", Node: "n1"}}}, locate); err == nil || !strings.Contains(err.Error(), "already active on n1") {
		t.Errorf("move web to where it runs: %v", err)
	}
}

// TestParseResource reads the operator flags' RESOURCE[@NODE].
func TestParseResource(t *testing.T) {
	in, err := scenario.ParseResource(ir.InjectMove, "db@n2")
	if err != nil || in.Resource != "db" || in.Node != "n2" {
		t.Errorf("--move db@n2: %+v %v", in, err)
	}
	in, err = scenario.ParseResource(ir.InjectDisable, "db")
	if err != nil || in.Resource != "db" || in.Node != "" {
		t.Errorf("--disable db: %+v %v", in, err)
	}
	for _, bad := range []string{"db@", "", "d b"} {
		if _, err := scenario.ParseResource(ir.InjectBan, bad); err == nil {
			t.Errorf("--ban %q: no error", bad)
		}
	}
}

func writeCIB(t *testing.T, cib *ir.CIB) string {
	t.Helper()
	var buf bytes.Buffer
	if err := cibxml.Write(&buf, cib); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}
