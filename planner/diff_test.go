package planner

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"pcl/internal/testenv"
	"pcl/planner/model"
)

// genCIB writes a random CIB of primitives and groups with status: running
// resources, failures with fail counts, standby and offline nodes,
// locations with scores and rules, colocations (pairs and sets), stickiness,
// target-role and is-managed.
func genCIB(seed int64) string {
	rng := rand.New(rand.NewSource(seed))
	var b strings.Builder
	pick := func(xs ...string) string { return xs[rng.Intn(len(xs))] }
	score := func() string {
		return pick("INFINITY", "-INFINITY", "100", "-100", "50", "200", "1", "-1", "1000", "-500", "0", "5000")
	}
	nNodes := 2 + rng.Intn(4)
	nodes := make([]string, nNodes)
	for i := range nodes {
		nodes[i] = fmt.Sprintf("node%d", i+1)
	}
	fmt.Fprintf(&b, `<cib crm_feature_set="3.16.1" validate-with="pacemaker-3.9" epoch="1" num_updates="1" admin_epoch="0" have-quorum="1" dc-uuid="1" execution-date="1700000000">
  <configuration>
    <crm_config>
      <cluster_property_set id="cib-bootstrap-options">
        <nvpair id="opt-quorum" name="no-quorum-policy" value="ignore"/>
`)
	stonith := rng.Intn(4) == 0
	fmt.Fprintf(&b, "        <nvpair id=\"opt-stonith\" name=\"stonith-enabled\" value=\"%v\"/>\n", stonith)
	if rng.Intn(5) == 0 {
		fmt.Fprintf(&b, "        <nvpair id=\"opt-sym\" name=\"symmetric-cluster\" value=\"false\"/>\n")
	}
	strategy := pick("default", "default", "utilization", "minimal", "balanced")
	fmt.Fprintf(&b, "        <nvpair id=\"opt-ps\" name=\"placement-strategy\" value=\"%s\"/>\n", strategy)
	fmt.Fprintf(&b, "      </cluster_property_set>\n    </crm_config>\n    <nodes>\n")
	for i, n := range nodes {
		nodeScore := ""
		if rng.Intn(8) == 0 {
			nodeScore = fmt.Sprintf(" score=\"%s\"", pick("10", "-10", "100"))
		}
		fmt.Fprintf(&b, "      <node id=\"%d\" uname=\"%s\"%s>\n", i+1, n, nodeScore)
		fmt.Fprintf(&b, "        <instance_attributes id=\"%s-attrs\">\n", n)
		fmt.Fprintf(&b, "          <nvpair id=\"%s-rack\" name=\"rack\" value=\"r%d\"/>\n", n, rng.Intn(2))
		fmt.Fprintf(&b, "          <nvpair id=\"%s-weight\" name=\"weight\" value=\"%d\"/>\n", n, rng.Intn(300))
		fmt.Fprintf(&b, "        </instance_attributes>\n")
		fmt.Fprintf(&b, "        <utilization id=\"%s-util\"><nvpair id=\"%s-cpu\" name=\"cpu\" value=\"%d\"/></utilization>\n", n, n, 1+rng.Intn(4))
		fmt.Fprintf(&b, "      </node>\n")
	}
	fmt.Fprintf(&b, "    </nodes>\n    <resources>\n")
	var prims []string
	var tops []string
	nRes := 2 + rng.Intn(5)
	meta := func(id string) {
		var pairs []string
		if rng.Intn(3) == 0 {
			pairs = append(pairs, fmt.Sprintf(`<nvpair id="%s-stick" name="resource-stickiness" value="%s"/>`, id, pick("0", "50", "100", "INFINITY", "1")))
		}
		if rng.Intn(8) == 0 {
			pairs = append(pairs, fmt.Sprintf(`<nvpair id="%s-tr" name="target-role" value="Stopped"/>`, id))
		}
		if rng.Intn(10) == 0 {
			pairs = append(pairs, fmt.Sprintf(`<nvpair id="%s-managed" name="is-managed" value="false"/>`, id))
		}
		if rng.Intn(4) == 0 {
			pairs = append(pairs, fmt.Sprintf(`<nvpair id="%s-mt" name="migration-threshold" value="%s"/>`, id, pick("1", "2", "3", "0")))
		}
		if rng.Intn(5) == 0 {
			pairs = append(pairs, fmt.Sprintf(`<nvpair id="%s-prio" name="priority" value="%d"/>`, id, rng.Intn(10)))
		}
		if rng.Intn(8) == 0 {
			pairs = append(pairs, fmt.Sprintf(`<nvpair id="%s-ft" name="failure-timeout" value="%s"/>`, id, pick("60s", "10000s")))
		}
		if rng.Intn(10) == 0 {
			pairs = append(pairs, fmt.Sprintf(`<nvpair id="%s-crit" name="critical" value="false"/>`, id))
		}
		if rng.Intn(12) == 0 {
			pairs = append(pairs, fmt.Sprintf(`<nvpair id="%s-ma" name="multiple-active" value="%s"/>`, id, pick("stop_only", "block", "stop_start")))
		}
		if len(pairs) > 0 {
			fmt.Fprintf(&b, "        <meta_attributes id=\"%s-meta\">%s</meta_attributes>\n", id, strings.Join(pairs, ""))
		}
	}
	prim := func(id, indent string) {
		fmt.Fprintf(&b, "%s<primitive id=\"%s\" class=\"ocf\" provider=\"pacemaker\" type=\"Dummy\">\n", indent, id)
		meta(id)
		fmt.Fprintf(&b, "%s  <utilization id=\"%s-util\"><nvpair id=\"%s-cpu\" name=\"cpu\" value=\"%d\"/></utilization>\n", indent, id, id, rng.Intn(3))
		onFail := ""
		if rng.Intn(5) == 0 {
			onFail = fmt.Sprintf(" on-fail=\"%s\"", pick("block", "stop", "ignore", "standby", "restart", "fence"))
		}
		fmt.Fprintf(&b, "%s  <operations><op id=\"%s-mon\" name=\"monitor\" interval=\"10s\"%s/></operations>\n", indent, id, onFail)
		fmt.Fprintf(&b, "%s</primitive>\n", indent)
		prims = append(prims, id)
	}
	if stonith {
		fmt.Fprintf(&b, "      <primitive id=\"fencer\" class=\"stonith\" type=\"fence_dummy\"/>\n")
	}
	for i := 0; i < nRes; i++ {
		if rng.Intn(3) == 0 {
			g := fmt.Sprintf("grp%d", i)
			fmt.Fprintf(&b, "      <group id=\"%s\">\n", g)
			meta(g)
			for k := 0; k < 2+rng.Intn(2); k++ {
				prim(fmt.Sprintf("%s-m%d", g, k), "        ")
			}
			fmt.Fprintf(&b, "      </group>\n")
			tops = append(tops, g)
		} else {
			id := fmt.Sprintf("rsc%d", i)
			prim(id, "      ")
			tops = append(tops, id)
		}
	}
	if rng.Intn(3) == 0 {
		fmt.Fprintf(&b, "    </resources>\n    <rsc_defaults><meta_attributes id=\"rsc-defaults\"><nvpair id=\"def-stick\" name=\"resource-stickiness\" value=\"%s\"/></meta_attributes></rsc_defaults>\n    <constraints>\n", pick("1", "100", "INFINITY"))
	} else {
		fmt.Fprintf(&b, "    </resources>\n    <constraints>\n")
	}
	all := append(append([]string(nil), tops...), prims...)
	nLoc := rng.Intn(7)
	for i := 0; i < nLoc; i++ {
		r := all[rng.Intn(len(all))]
		if rng.Intn(3) == 0 {
			fmt.Fprintf(&b, "      <rsc_location id=\"loc%d\" rsc=\"%s\"><rule id=\"loc%d-rule\" %s><expression id=\"loc%d-e\" attribute=\"%s\" operation=\"%s\" value=\"%s\"/></rule></rsc_location>\n",
				i, r, i, pick(`score="`+score()+`"`, `score-attribute="weight"`), i, pick("rack", "#uname", "weight"), pick("eq", "ne", "gt", "lt"), pick("r0", "r1", "node1", "100"))
		} else {
			fmt.Fprintf(&b, "      <rsc_location id=\"loc%d\" rsc=\"%s\" node=\"%s\" score=\"%s\"/>\n", i, r, nodes[rng.Intn(nNodes)], score())
		}
	}
	if rng.Intn(4) == 0 {
		fmt.Fprintf(&b, "      <rsc_location id=\"locpat\" rsc-pattern=\"%s\" node=\"%s\" score=\"%s\"/>\n", pick("^rsc[0-3]$", "^grp", "m1$"), nodes[rng.Intn(nNodes)], score())
	}
	nCol := rng.Intn(8)
	for i := 0; i < nCol; i++ {
		a, c := all[rng.Intn(len(all))], tops[rng.Intn(len(tops))]
		if a == c {
			continue
		}
		attr := ""
		if rng.Intn(5) == 0 {
			attr = ` node-attribute="rack"`
		}
		if rng.Intn(6) == 0 {
			attr += pick(` influence="false"`, ` influence="true"`)
		}
		fmt.Fprintf(&b, "      <rsc_colocation id=\"col%d\" rsc=\"%s\" with-rsc=\"%s\" score=\"%s\"%s/>\n", i, a, c, score(), attr)
	}
	if rng.Intn(4) == 0 && len(tops) >= 3 {
		fmt.Fprintf(&b, "      <rsc_colocation id=\"colset\" score=\"%s\"><resource_set id=\"colset-1\"%s>", score(), pick("", ` sequential="false"`))
		for _, r := range tops[:2] {
			fmt.Fprintf(&b, "<resource_ref id=\"%s\"/>", r)
		}
		fmt.Fprintf(&b, "</resource_set><resource_set id=\"colset-2\"><resource_ref id=\"%s\"/></resource_set></rsc_colocation>\n", tops[2])
	}
	ticketState := ""
	if rng.Intn(5) == 0 {
		fmt.Fprintf(&b, "      <rsc_ticket id=\"tk\" ticket=\"T\" rsc=\"%s\" loss-policy=\"%s\"/>\n", all[rng.Intn(len(all))], pick("stop", "freeze", "demote", "fence"))
		if rng.Intn(3) != 0 {
			ticketState = fmt.Sprintf("    <tickets><ticket_state id=\"T\" granted=\"%s\" standby=\"%s\"/></tickets>\n", pick("true", "false"), pick("true", "false", "false"))
		}
	}
	fmt.Fprintf(&b, "    </constraints>\n  </configuration>\n  <status>\n%s", ticketState)
	call := 10
	for i, n := range nodes {
		online := rng.Intn(6) != 0
		if online {
			fmt.Fprintf(&b, "    <node_state id=\"%d\" uname=\"%s\" in_ccm=\"true\" crmd=\"online\" join=\"member\" expected=\"member\">\n", i+1, n)
		} else {
			fmt.Fprintf(&b, "    <node_state id=\"%d\" uname=\"%s\" in_ccm=\"false\" crmd=\"offline\" join=\"down\" expected=\"down\">\n", i+1, n)
		}
		var attrs []string
		if rng.Intn(6) == 0 {
			attrs = append(attrs, fmt.Sprintf(`<nvpair id="st-%s-standby" name="standby" value="on"/>`, n))
		}
		var lrm strings.Builder
		for _, r := range prims {
			switch rng.Intn(7) {
			case 0, 1:
				call++
				fmt.Fprintf(&lrm, `<lrm_resource id="%s" class="ocf" provider="pacemaker" type="Dummy"><lrm_rsc_op id="%s_last_0" operation_key="%s_start_0" operation="start" transition-key="1:1:0:aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee" transition-magic="0:0;1:1:0:aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee" call-id="%d" rc-code="0" op-status="0" interval="0" last-rc-change="1699990000" exec-time="0" queue-time="0" on_node="%s"/></lrm_resource>`, r, r, r, call, n)
			case 2:
				call++
				fc := 1 + rng.Intn(3)
				attrs = append(attrs, fmt.Sprintf(`<nvpair id="st-%s-fc-%s" name="fail-count-%s#monitor_10000" value="%d"/><nvpair id="st-%s-lf-%s" name="last-failure-%s#monitor_10000" value="1699995000"/>`, n, r, r, fc, n, r, r))
				fmt.Fprintf(&lrm, `<lrm_resource id="%s" class="ocf" provider="pacemaker" type="Dummy"><lrm_rsc_op id="%s_last_0" operation_key="%s_start_0" operation="start" transition-key="1:1:0:aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee" transition-magic="0:0;1:1:0:aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee" call-id="%d" rc-code="0" op-status="0" interval="0" last-rc-change="1699990000" exec-time="0" queue-time="0" on_node="%s"/><lrm_rsc_op id="%s_last_failure_0" operation_key="%s_monitor_10000" operation="monitor" transition-key="2:1:0:aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee" transition-magic="0:1;2:1:0:aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee" call-id="%d" rc-code="1" op-status="0" interval="10000" last-rc-change="1699995000" exec-time="0" queue-time="0" on_node="%s"/></lrm_resource>`, r, r, r, call, n, r, r, call+1, n)
				call++
			}
		}
		if len(attrs) > 0 {
			fmt.Fprintf(&b, "      <transient_attributes id=\"%d\"><instance_attributes id=\"status-%d\">%s</instance_attributes></transient_attributes>\n", i+1, i+1, strings.Join(attrs, ""))
		}
		fmt.Fprintf(&b, "      <lrm id=\"%d\"><lrm_resources>%s</lrm_resources></lrm>\n    </node_state>\n", i+1, lrm.String())
	}
	fmt.Fprintf(&b, "  </status>\n</cib>\n")
	return b.String()
}

// TestDifferential compares the planner with crm_simulate on random
// configurations, scores and placement: a few dozen by default. Locally,
// PCL_DIFF_N=3000 runs more, PCL_DIFF_SEED picks the first seed and
// PCL_DIFF_KEEP=DIR keeps the CIBs that disagree.
func TestDifferential(t *testing.T) {
	runDifferential(t, "gen", genCIB, func(t *testing.T, path string, want []string, out string) (missing, extra []string) {
		p, _ := compute(readCIB(t, path), Options{})
		missing, extra = testenv.MultisetDiff(want, scoreLines(p))
		if bad := placementDiff(p, out); bad != "" {
			extra = append(extra, "placement: "+bad)
		}
		return missing, extra
	})
}

// runDifferential compares, for the configurations gen makes (named
// prefix-SEED), crm_simulate's allocation score lines and output with
// what compare makes of them: the lines only crm_simulate has (missing)
// and only the planner has (extra). PCL_DIFF_N (default 40), PCL_DIFF_SEED
// (first seed, default 1) and PCL_DIFF_KEEP=DIR (keep the CIBs that
// disagree) choose the seeds.
func runDifferential(t *testing.T, prefix string, gen func(seed int64) string, compare func(t *testing.T, path string, want []string, out string) (missing, extra []string)) {
	n, base := differentialRange()
	failed := differentialSeeds(t, n, base, prefix, gen, simulate215(t), compare)
	if len(failed) > 0 {
		t.Errorf("seeds that disagree (reproduce with PCL_DIFF_SEED=SEED PCL_DIFF_N=1): %s", strings.Join(failed, " "))
	}
}

// simulate215 runs crm_simulate 2.1.5 -s on the CIB at a path.
func simulate215(t *testing.T) func(path string) ([]byte, error) {
	sim := testenv.Tool(t, "crm_simulate")
	return func(path string) ([]byte, error) { return exec.Command(sim, "-x", path, "-s").Output() }
}

// differentialSeeds runs the comparison of runDifferential with simulate
// as the oracle and returns the seeds that disagree without the planner
// reporting Unknown.
func differentialSeeds(t *testing.T, n int, base int64, prefix string, gen func(seed int64) string, simulate func(path string) ([]byte, error),
	compare func(t *testing.T, path string, want []string, out string) (missing, extra []string)) (failed []string) {
	dir := t.TempDir()
	agree, accepted := 0, 0
	var unknown []string
	for i := 0; i < n; i++ {
		seed := base + int64(i)
		src := gen(seed)
		path := filepath.Join(dir, fmt.Sprintf("%s-%d.xml", prefix, seed))
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := simulate(path)
		if err != nil {
			t.Logf("seed %d: crm_simulate failed: %v", seed, err)
			continue
		}
		accepted++
		var want []string
		for _, l := range strings.Split(string(out), "\n") {
			if strings.Contains(l, " allocation score on ") {
				want = append(want, l)
			}
		}
		missing, extra := compare(t, path, want, string(out))
		if len(missing) == 0 && len(extra) == 0 {
			agree++
			continue
		}
		if len(extra) == 1 && strings.HasPrefix(extra[0], reportsUnknown) {
			// Not silently wrong: the planner says it does not know.
			unknown = append(unknown, strconv.FormatInt(seed, 10))
			continue
		}
		failed = append(failed, strconv.FormatInt(seed, 10))
		if keep := os.Getenv("PCL_DIFF_KEEP"); keep != "" {
			_ = os.WriteFile(filepath.Join(keep, filepath.Base(path)), []byte(src), 0o644)
		}
		if len(failed) <= 3 {
			t.Logf("seed %d disagrees:\n  - %s\n  + %s", seed, strings.Join(first(missing, 5), "\n  - "), strings.Join(first(extra, 5), "\n  + "))
		}
	}
	t.Logf("differential (%s): crm_simulate accepts %d of %d generated configurations; %d agree", prefix, accepted, n, agree)
	if len(unknown) > 0 {
		t.Logf("differential (%s): %d disagree where the planner reports Unknown: %s", prefix, len(unknown), strings.Join(unknown, " "))
	}
	return failed
}

// reportsUnknown starts the one extra line a compare function returns for
// a configuration that differs where the planner reports it does not know.
const reportsUnknown = "planner reports Unknown: "

var summaryLine = regexp.MustCompile(`^(Start|Stop|Move|Recover|Restart|Migrate|Reload|Promote|Demote)\s+(\S+)\s+\(([^)]*)\)`)

// placementDiff compares the planner's assignment with where
// crm_simulate's transition summary leaves each primitive.
func placementDiff(p *plan, out string) string {
	dest := map[string]string{}
	skip := map[string]bool{}
	for _, l := range strings.Split(out, "\n") {
		m := summaryLine.FindStringSubmatch(strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(l), "* ")))
		if m == nil {
			continue
		}
		if m[1] == "Stop" {
			if strings.HasSuffix(strings.TrimSpace(l), "blocked") || (strings.Contains(l, "due to ") && !strings.Contains(l, "due to node availability")) {
				// stopped by ordering or blocking, not by placement: an action-level
				// effect outside this package
				skip[m[2]] = true
			}
			dest[m[2]] = ""
			continue
		}
		f := strings.Fields(m[3])
		dest[m[2]] = f[len(f)-1]
	}
	var bad []string
	for _, r := range p.Resources {
		if r.Kind != model.KindPrimitive {
			continue
		}
		want, ok := dest[r.ID]
		if skip[r.ID] {
			continue
		}
		if !ok {
			switch len(r.RunningOn) {
			case 0:
				want = ""
			case 1:
				want = p.Nodes[r.RunningOn[0]].Uname
			default:
				continue
			}
		}
		if got := assignedUname(p.Nodes, r); got != want {
			bad = append(bad, fmt.Sprintf("%s on %q, crm_simulate %q", r.ID, got, want))
		}
	}
	return strings.Join(bad, "; ")
}
