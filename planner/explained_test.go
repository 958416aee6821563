package planner

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"pcl/importer"
	"pcl/internal/testenv"
)

// The worked score tables of ../shared/pacemaker-docs/scores-explained.txt
// that still hold in Pacemaker 2.1.5. The examples that rely on
// resource-failure-stickiness (removed long ago) or on the old way group
// members were scored are left out.

const explainedNodes = `<node id="1" uname="ace"/><node id="2" uname="king"/><node id="3" uname="queen"/>`

const explainedLocation = `<rsc_location id="rscloc-webserver" rsc="webserver">
<rule id="rscloc-webserver-rule-1" score="200"><expression id="e1" attribute="#uname" operation="eq" value="ace"/></rule>
<rule id="rscloc-webserver-rule-2" score="150"><expression id="e2" attribute="#uname" operation="eq" value="king"/></rule>
<rule id="rscloc-webserver-rule-3" score="-100"><expression id="e3" attribute="#uname" operation="eq" value="queen"/></rule>
</rsc_location>`

func explainedCIB(resources, constraints, rscDefaults string, running map[string]string, attrs map[string]string) string {
	var b strings.Builder
	b.WriteString(`<cib crm_feature_set="3.16.1" validate-with="pacemaker-3.9" epoch="1" num_updates="0" admin_epoch="0" have-quorum="1" execution-date="1700000000"><configuration><crm_config><cluster_property_set id="opts"><nvpair id="o1" name="stonith-enabled" value="false"/></cluster_property_set></crm_config>`)
	b.WriteString("<nodes>" + explainedNodes + "</nodes><resources>" + resources + "</resources>")
	if rscDefaults != "" {
		fmt.Fprintf(&b, `<rsc_defaults><meta_attributes id="rd"><nvpair id="rd-stick" name="resource-stickiness" value="%s"/></meta_attributes></rsc_defaults>`, rscDefaults)
	}
	b.WriteString("<constraints>" + constraints + "</constraints></configuration><status>")
	for i, n := range []string{"ace", "king", "queen"} {
		fmt.Fprintf(&b, `<node_state id="%d" uname="%s" in_ccm="true" crmd="online" join="member" expected="member">`, i+1, n)
		if v, ok := attrs[n]; ok {
			fmt.Fprintf(&b, `<transient_attributes id="%d"><instance_attributes id="st-%d"><nvpair id="st-%d-pingd" name="pingd" value="%s"/></instance_attributes></transient_attributes>`, i+1, i+1, i+1, v)
		}
		fmt.Fprintf(&b, `<lrm id="%d"><lrm_resources>`, i+1)
		call := 1
		for rsc, node := range running {
			if node != n {
				continue
			}
			call++
			fmt.Fprintf(&b, `<lrm_resource id="%s" class="ocf" provider="heartbeat" type="apache"><lrm_rsc_op id="%s_last_0" operation_key="%s_start_0" operation="start" transition-key="1:1:0:aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee" transition-magic="0:0;1:1:0:aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee" call-id="%d" rc-code="0" op-status="0" interval="0" on_node="%s"/></lrm_resource>`, rsc, rsc, rsc, call, n)
		}
		b.WriteString(`</lrm_resources></lrm></node_state>`)
	}
	b.WriteString("</status></cib>")
	return b.String()
}

const webserver = `<primitive class="ocf" provider="heartbeat" type="apache" id="webserver"/>`
const webGroup = `<group id="webserver"><primitive class="ocf" provider="heartbeat" type="apache" id="nfsmount"/><primitive class="ocf" provider="heartbeat" type="apache" id="ipaddress"/><primitive class="ocf" provider="heartbeat" type="apache" id="apache"/></group>`

const pingdScore = `<rsc_location id="webserver-connected" rsc="webserver"><rule id="webserver-connected-rule" score-attribute="pingd"><expression id="webserver-connected-expr" attribute="pingd" operation="defined"/></rule></rsc_location>`
const pingdStrict = `<rsc_location id="webserver-connected-strict" rsc="webserver"><rule id="webserver-strict-rule" score="-INFINITY" boolean-op="or"><expression id="ws1" attribute="pingd" operation="not_defined"/><expression id="ws2" attribute="pingd" operation="lte" value="0"/></rule></rsc_location>`

func TestScoresExplained(t *testing.T) {
	cases := []struct {
		name     string
		cib      string
		resource string
		want     map[string]string // node -> final score
	}{
		{"example 1 without stickiness", explainedCIB(webserver, explainedLocation, "", nil, nil), "webserver",
			map[string]string{"ace": "200", "king": "150", "queen": "-100"}},
		{"example 1 started on ace with stickiness 100", explainedCIB(webserver, explainedLocation, "100", map[string]string{"webserver": "ace"}, nil), "webserver",
			map[string]string{"ace": "300", "king": "150", "queen": "-100"}},
		{"group without stickiness: first member", explainedCIB(webGroup, explainedLocation, "", nil, nil), "nfsmount",
			map[string]string{"ace": "200", "king": "150", "queen": "-100"}},
		{"group started on ace: first member carries 3 x stickiness", explainedCIB(webGroup, explainedLocation, "100",
			map[string]string{"nfsmount": "ace", "ipaddress": "ace", "apache": "ace"}, nil), "nfsmount",
			map[string]string{"ace": "500", "king": "150", "queen": "-100"}},
		{"group started on king", explainedCIB(webGroup, explainedLocation, "100",
			map[string]string{"nfsmount": "king", "ipaddress": "king", "apache": "king"}, nil), "nfsmount",
			map[string]string{"ace": "200", "king": "450", "queen": "-100"}},
		{"pingd score-attribute, started on ace", explainedCIB(webserver, explainedLocation+pingdScore, "100", map[string]string{"webserver": "ace"},
			map[string]string{"ace": "200", "king": "200", "queen": "200"}), "webserver",
			map[string]string{"ace": "500", "king": "350", "queen": "100"}},
		{"pingd lost on ace, moved to king", explainedCIB(webserver, explainedLocation+pingdScore, "100", map[string]string{"webserver": "king"},
			map[string]string{"ace": "0", "king": "200", "queen": "200"}), "webserver",
			map[string]string{"ace": "200", "king": "450", "queen": "100"}},
		{"strict pingd rule, pingd undefined on ace", explainedCIB(webserver, explainedLocation+pingdScore+pingdStrict, "100", nil,
			map[string]string{"king": "200", "queen": "200"}), "webserver",
			map[string]string{"ace": "-INFINITY", "king": "350", "queen": "100"}},
	}
	sim := ""
	if p, err := exec.LookPath("crm_simulate"); err == nil {
		sim = p
	} else if _, err := os.Stat("/usr/sbin/crm_simulate"); err == nil {
		sim = "/usr/sbin/crm_simulate"
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cib, diags := importer.Read("cib.xml", []byte(tc.cib))
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			p, _ := compute(cib, Options{})
			got := map[string]string{}
			var lines []string
			for _, l := range p.Scores.All() {
				if l.Resource == tc.resource && l.Func == "pcmk__primitive_assign" {
					got[l.Node] = l.Score.String()
				}
				lines = append(lines, l.String())
			}
			for n, w := range tc.want {
				if got[n] != w {
					t.Errorf("%s on %s = %s, want %s", tc.resource, n, got[n], w)
				}
			}
			if sim == "" {
				return
			}
			if missing, extra := testenv.MultisetDiff(simulatedScores(t, sim, tc.cib), lines); len(missing)+len(extra) > 0 {
				t.Errorf("differs from crm_simulate:\n- %s\n+ %s", strings.Join(missing, "\n- "), strings.Join(extra, "\n+ "))
			}
		})
	}
}
