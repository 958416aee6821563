package ruleeval

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"pcl/importer"
	"pcl/internal/testenv"
	"pcl/ir"
)

// oracleNodes are the nodes of the generated CIB and their attributes.
var oracleNodes = []struct {
	id, uname string
	attrs     [][2]string
}{
	{"1", "node1", [][2]string{{"int", "10"}, {"dbl", "3.5"}, {"str", "Alpha"}, {"ver", "1.10.2"},
		{"neg", "-0"}, {"big", "99999999999999999999"}, {"mixed", "12abc"}, {"empty", ""}, {"site", "east"},
		{"fail-count-rsc#monitor_10000", "3"}, {"exp", "1e3"}, {"sp", " 7"}}},
	{"2", "node2", [][2]string{{"int", "9"}, {"dbl", "10.25"}, {"str", "beta"}, {"ver", "1.9"},
		{"neg", "0"}, {"mixed", "12"}, {"site", "west"}, {"exp", "999.5"}, {"sp", "8"}}},
	{"3", "node3", nil},
}

// oracleRules are rule bodies (the children of <rule>, with the rule's own
// extra attributes before a "|"); each goes into its own location
// constraint of score 7 on its own resource.
var oracleRules = []string{
	`<expression attribute="int" operation="gt" value="9"/>`,
	`<expression attribute="int" operation="gt" value="9.5"/>`,
	`<expression attribute="int" operation="lt" value="10"/>`,
	`<expression attribute="int" operation="lte" value="10"/>`,
	`<expression attribute="int" operation="gte" value="10.0"/>`,
	`<expression attribute="int" operation="eq" value="010"/>`,
	`<expression attribute="int" operation="eq" value="010" type="integer"/>`,
	`<expression attribute="dbl" operation="gt" value="3.4"/>`,
	`<expression attribute="dbl" operation="lt" value="10" type="integer"/>`,
	`<expression attribute="dbl" operation="gt" value="10.2" type="string"/>`,
	`<expression attribute="str" operation="eq" value="alpha"/>`,
	`<expression attribute="str" operation="lt" value="b"/>`,
	`<expression attribute="str" operation="ne" value="BETA"/>`,
	`<expression attribute="ver" operation="gt" value="1.9" type="version"/>`,
	`<expression attribute="ver" operation="eq" value="1.9.0" type="version"/>`,
	`<expression attribute="ver" operation="lt" value="1.10"/>`,
	`<expression attribute="neg" operation="eq" value="0" type="number"/>`,
	`<expression attribute="neg" operation="lt" value="1" type="number"/>`,
	`<expression attribute="big" operation="gt" value="5" type="integer"/>`,
	`<expression attribute="big" operation="gt" value="5"/>`,
	`<expression attribute="mixed" operation="gt" value="11"/>`,
	`<expression attribute="mixed" operation="eq" value="12" type="integer"/>`,
	`<expression attribute="exp" operation="gt" value="999.9"/>`,
	`<expression attribute="exp" operation="gt" value="999" type="number"/>`,
	`<expression attribute="sp" operation="lt" value="8"/>`,
	`<expression attribute="empty" operation="eq" value=""/>`,
	`<expression attribute="empty" operation="defined"/>`,
	`<expression attribute="empty" operation="not_defined"/>`,
	`<expression attribute="missing" operation="ne" value="x"/>`,
	`<expression attribute="missing" operation="lt" value="5"/>`,
	`<expression attribute="#uname" operation="eq" value="node1"/>`,
	`<expression attribute="#id" operation="eq" value="2"/>`,
	`<expression attribute="#kind" operation="eq" value="cluster"/>`,
	`<expression attribute="#role" operation="eq" value="Started"/>`,
	`<expression attribute="fail-count-rsc#monitor_10000" operation="gte" value="3"/>`,
	`<expression attribute="site" operation="eq" value="rsite" value-source="param"/>`,
	`<expression attribute="site" operation="eq" value="msite" value-source="meta"/>`,
	`<expression attribute="site" operation="ne" value="nosuch" value-source="param"/>`,
	`<expression attribute="missing" operation="eq" value="nosuch" value-source="param"/>`,
	`boolean-op="or"|<expression attribute="int" operation="eq" value="9"/><expression attribute="str" operation="eq" value="alpha"/>`,
	`boolean-op="and"|<expression attribute="int" operation="defined"/><rule boolean-op="or"><expression attribute="int" operation="lt" value="10"/><expression attribute="dbl" operation="lt" value="3"/></rule>`,
	`<date_expression operation="in_range" start="2005-001" end="2005-020"/>`,
	`<date_expression operation="in_range" start="2005-020"/>`,
	`<date_expression operation="in_range" end="2005-020"/>`,
	`<date_expression operation="in_range" start="2005-001"><duration years="1"/></date_expression>`,
	`<date_expression operation="in_range" start="2004-366"><duration years="1"/></date_expression>`,
	`<date_expression operation="in_range" start="2004-12-31"><duration months="1"/></date_expression>`,
	`<date_expression operation="in_range" start="2005-01-19T12:00:00Z"><duration hours="12" minutes="30"/></date_expression>`,
	`<date_expression operation="in_range" start="2005-01-18"><duration days="2" seconds="-1"/></date_expression>`,
	`<date_expression operation="in_range" start="2004-12-31"><duration weeks="3"/></date_expression>`,
	`<date_expression operation="gt" start="2005-020"/>`,
	`<date_expression operation="gt" start="2005-019T23:59:59"/>`,
	`<date_expression operation="lt" end="2005-020T12:30:01"/>`,
	`<date_expression operation="lt" end="2005-W03-4"/>`,
	`<date_expression operation="gt" start="2005-W03-3"/>`,
	`<date_expression operation="gt" start="20050119"/>`,
	`<date_expression operation="gt" start="2005-020 07:00:00 +05:00"/>`,
	`<date_expression operation="lt" end="2005-019 20:00:00 -05:00"/>`,
	`<date_expression operation="gt" start="epoch"/>`,
	`<date_expression operation="gt" start="garbage"/>`,
	`<date_expression operation="lt" end="2005-13-01"/>`,
	`<date_expression operation="in_range" start="2005-020T24:00:00"/>`,
	`<date_expression operation="date_spec"><date_spec hours="9-16"/></date_expression>`,
	`<date_expression operation="date_spec"><date_spec hours="12" minutes="30"/></date_expression>`,
	`<date_expression operation="date_spec"><date_spec hours="12-"/></date_expression>`,
	`<date_expression operation="date_spec"><date_spec hours="-11"/></date_expression>`,
	`<date_expression operation="date_spec"><date_spec weekdays="1-5"/></date_expression>`,
	`<date_expression operation="date_spec"><date_spec weekdays="4"/></date_expression>`,
	`<date_expression operation="date_spec"><date_spec yeardays="20"/></date_expression>`,
	`<date_expression operation="date_spec"><date_spec monthdays="20" months="1"/></date_expression>`,
	`<date_expression operation="date_spec"><date_spec weeks="3" weekyears="2005"/></date_expression>`,
	`<date_expression operation="date_spec"><date_spec weeks="53" weekyears="2004"/></date_expression>`,
	`<date_expression operation="date_spec"><date_spec years="2005"/></date_expression>`,
	`<date_expression operation="date_spec"><date_spec moon="0-3"/></date_expression>`,
	`<date_expression operation="date_spec"><date_spec moon="4"/></date_expression>`,
	`<date_expression operation="date_spec"><date_spec hours="x"/></date_expression>`,
	`<date_expression operation="date_spec"><date_spec seconds="0-29"/></date_expression>`,
	`boolean-op="or"|<date_expression operation="date_spec"><date_spec hours="9-16" weekdays="1-5"/></date_expression><date_expression operation="date_spec"><date_spec weekdays="6"/></date_expression>`,
}

// oracleNows are the -t values the oracle runs with.
var oracleNows = []string{
	"2005-020",
	"2005-020T12:30",
	"2005-020T12:30:30",
	"2005-01-20 07:30:00 +05:00",
	"2004-366T23:59:59",
	"2004-W53-7",
	"2005-001T09:00:00Z",
	"2006-001",
	"2005-02-01",
	"2005-01-21T00:29:59",
}

func oracleCIB(rules []string) string {
	var b strings.Builder
	b.WriteString(`<cib crm_feature_set="3.4.1" validate-with="pacemaker-3.9" epoch="1" num_updates="1" admin_epoch="1" have-quorum="1" dc-uuid="1">
  <configuration>
    <crm_config>
      <cluster_property_set id="cib-bootstrap-options">
        <nvpair id="opt-stonith-enabled" name="stonith-enabled" value="false"/>
      </cluster_property_set>
    </crm_config>
    <nodes>
`)
	for _, n := range oracleNodes {
		fmt.Fprintf(&b, "      <node id=%q uname=%q>\n", n.id, n.uname)
		if len(n.attrs) > 0 {
			fmt.Fprintf(&b, "        <instance_attributes id=\"%s-attrs\">\n", n.uname)
			for i, a := range n.attrs {
				fmt.Fprintf(&b, "          <nvpair id=\"%s-a%d\" name=%q value=%q/>\n", n.uname, i, a[0], a[1])
			}
			b.WriteString("        </instance_attributes>\n")
		}
		b.WriteString("      </node>\n")
	}
	b.WriteString("    </nodes>\n    <resources>\n")
	for i := range rules {
		fmt.Fprintf(&b, `      <primitive class="ocf" id="r%d" provider="pacemaker" type="Dummy">
        <instance_attributes id="r%d-params"><nvpair id="r%d-rsite" name="rsite" value="east"/></instance_attributes>
        <meta_attributes id="r%d-meta"><nvpair id="r%d-msite" name="msite" value="west"/></meta_attributes>
      </primitive>
`, i, i, i, i, i)
	}
	b.WriteString("    </resources>\n    <constraints>\n")
	for i, body := range rules {
		attrs := ""
		if a, rest, ok := strings.Cut(body, "|"); ok {
			attrs, body = " "+a, rest
		}
		// Give every element an id, as the schema wants.
		n := 0
		body = regexp.MustCompile(`<(rule|expression|date_expression|date_spec|duration)\b`).ReplaceAllStringFunc(body, func(m string) string {
			n++
			return fmt.Sprintf(`%s id="l%d-e%d"`, m, i, n)
		})
		fmt.Fprintf(&b, "      <rsc_location id=\"l%d\" rsc=\"r%d\">\n        <rule id=\"l%d-rule\" score=\"7\"%s>%s</rule>\n      </rsc_location>\n", i, i, i, attrs, body)
	}
	b.WriteString("    </constraints>\n  </configuration>\n  <status>\n")
	for _, n := range oracleNodes {
		fmt.Fprintf(&b, "    <node_state id=%q uname=%q in_ccm=\"true\" crmd=\"online\" join=\"member\" expected=\"member\"/>\n", n.id, n.uname)
	}
	b.WriteString("  </status>\n</cib>\n")
	return b.String()
}

var scoreLine = regexp.MustCompile(`^\S+: r(\d+) allocation score on (\S+): (\S+)$`)

// TestOracle evaluates many rules against crm_simulate: each rule adds 7
// to its resource's score on the nodes where it passes.
func TestOracle(t *testing.T) {
	sim := testenv.Tool(t, "crm_simulate")
	// crm_simulate runs with TZ=UTC; times without an offset are local.
	defer func(old func() time.Time) { wallClock = old }(wallClock)
	wallClock = func() time.Time { return time.Now().UTC() }
	cib := oracleCIB(oracleRules)
	path := filepath.Join(t.TempDir(), "rules.xml")
	if err := os.WriteFile(path, []byte(cib), 0o644); err != nil {
		t.Fatal(err)
	}
	parsed, diags := importer.Read(path, []byte(cib))
	if diags.HasErrors() {
		t.Fatalf("importer: %s", diags.Error())
	}
	rules := map[string]*ir.Rule{}
	for _, c := range parsed.Config.Constraints {
		if l, ok := c.(*ir.Location); ok {
			rules[strings.TrimPrefix(l.ID, "l")] = l.Rules[0]
		}
	}
	for _, now := range oracleNows {
		cmd := exec.Command(sim, "-x", path, "-sQ", "-t", now)
		cmd.Env = append(os.Environ(), "TZ=UTC")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("crm_simulate -t %q: %v\n%s", now, err, out)
		}
		tm, err := ParseTime(now)
		if err != nil {
			t.Fatalf("ParseTime(%q): %v", now, err)
		}
		seen, passed := 0, 0
		sc := bufio.NewScanner(bytes.NewReader(out))
		for sc.Scan() {
			m := scoreLine.FindStringSubmatch(strings.TrimSpace(sc.Text()))
			if m == nil {
				continue
			}
			seen++
			want := m[3] == "7"
			if want {
				passed++
			}
			ctx := &Context{Now: tm, Node: nodeAttrs(m[2]),
				Match: &Match{Params: map[string]string{"rsite": "east"}, Meta: map[string]string{"msite": "west"}}}
			if got := Eval(rules[m[1]], ctx); got != want {
				t.Errorf("now %q, node %s, rule %s: Eval = %v, crm_simulate says %v", now, m[2], oracleRules[atoi(m[1])], got, want)
			}
		}
		t.Logf("-t %q: %d of %d rule/node pairs pass", now, passed, seen)
		if seen != len(oracleRules)*len(oracleNodes) {
			t.Fatalf("crm_simulate -t %q printed %d scores, want %d:\n%s", now, seen, len(oracleRules)*len(oracleNodes), out)
		}
	}
}

func atoi(s string) int {
	var n int
	fmt.Sscan(s, &n)
	return n
}

func nodeAttrs(uname string) map[string]string {
	for _, n := range oracleNodes {
		if n.uname != uname {
			continue
		}
		// As the scheduler sets them; the CIB's dc-uuid is 1.
		m := map[string]string{"#uname": n.uname, "#id": n.id, "#kind": "cluster", "#is_dc": "false"}
		if n.id == "1" {
			m["#is_dc"] = "true"
		}
		for _, a := range n.attrs {
			m[a[0]] = a[1]
		}
		return m
	}
	return nil
}
