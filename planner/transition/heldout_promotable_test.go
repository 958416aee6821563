package transition_test

import (
	"flag"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"text/template"

	"pcl/emit/dot"
	"pcl/emit/plantext"
	"pcl/importer"
	"pcl/internal/testenv"
	"pcl/pcmk"
	"pcl/planner"
)

// The held-out promotable generator: written apart from
// synth.PromotableCIB (no shared code, other shapes and odds) so that the
// planner is not only right on the configurations its own generator
// draws. It builds the database pattern admins write: a promotable
// database (a primitive or a group, under <clone> or <master>) with
// promotion scores an agent would set (the Promoted node higher), a VIP
// and an application colocated with the Promoted role and ordered after
// promote, role preferences as rules and resource sets with roles and
// actions; the status has a Promoted instance, Unpromoted ones, a stopped
// one, or a lost or failed primary.

var heldoutSeeds = flag.Int64("heldout-seeds", 40, "number of held-out promotable configurations TestHeldoutPromotable compares")

// heldoutCIB is the data the template renders.
type heldoutCIB struct {
	Nodes     []heldoutNode
	Legacy    bool   // <master> rather than <clone promotable=true>
	DB        string // the promotable clone's id
	Child     string // its primitive or group
	Members   []string
	Meta      [][2]string
	Promoted  string // the role names the CIB uses
	Unpromote string
	OnFail    string
	Sticky    string
	Extras    []string // primitives beside the database
	Cons      []string
	Cluster   [][2]string
}

type heldoutNode struct {
	ID, Name  string
	Zone      string
	Online    bool
	Attrs     [][2]string
	Resources []heldoutHistory
}

type heldoutHistory struct {
	ID, Type string
	Ops      []heldoutOp
}

type heldoutOp struct {
	ID, Key, Task      string
	Interval, RC, Want int
	Call               int
	Digest             string
}

var heldoutTemplate = template.Must(template.New("cib").Parse(`<cib crm_feature_set="3.16.1" validate-with="pacemaker-3.8" epoch="7" num_updates="3" admin_epoch="0" have-quorum="1" dc-uuid="{{(index .Nodes 0).ID}}" execution-date="1710000000">
  <configuration>
    <crm_config>
      <cluster_property_set id="cib-bootstrap-options">
{{- range .Cluster}}
        <nvpair id="cib-bootstrap-options-{{index . 0}}" name="{{index . 0}}" value="{{index . 1}}"/>
{{- end}}
      </cluster_property_set>
    </crm_config>
    <nodes>
{{- range .Nodes}}
      <node id="{{.ID}}" uname="{{.Name}}">
        <instance_attributes id="nodes-{{.ID}}"><nvpair id="nodes-{{.ID}}-zone" name="zone" value="{{.Zone}}"/></instance_attributes>
      </node>
{{- end}}
    </nodes>
    <resources>
{{- $cib := .}}
      <{{if .Legacy}}master{{else}}clone{{end}} id="{{.DB}}">
        <meta_attributes id="{{.DB}}-meta_attributes">
{{- range .Meta}}
          <nvpair id="{{$cib.DB}}-meta_attributes-{{index . 0}}" name="{{index . 0}}" value="{{index . 1}}"/>
{{- end}}
        </meta_attributes>
{{- if gt (len .Members) 1}}
        <group id="{{.Child}}">
{{- range .Members}}
          <primitive id="{{.}}" class="ocf" provider="heartbeat" type="pgsql">
            <operations>
              <op id="{{.}}-monitor-interval-15s" name="monitor" interval="15s" role="{{$cib.Promoted}}" timeout="20s"{{$cib.OnFail}}/>
              <op id="{{.}}-monitor-interval-16s" name="monitor" interval="16s" role="{{$cib.Unpromote}}" timeout="20s"/>
            </operations>
          </primitive>
{{- end}}
        </group>
{{- else}}
        <primitive id="{{.Child}}" class="ocf" provider="heartbeat" type="pgsql">
          <operations>
            <op id="{{.Child}}-monitor-interval-15s" name="monitor" interval="15s" role="{{.Promoted}}" timeout="20s"{{.OnFail}}/>
            <op id="{{.Child}}-monitor-interval-16s" name="monitor" interval="16s" role="{{.Unpromote}}" timeout="20s"/>
          </operations>
        </primitive>
{{- end}}
      </{{if .Legacy}}master{{else}}clone{{end}}>
{{- range .Extras}}
      <primitive id="{{.}}" class="ocf" provider="heartbeat" type="IPaddr2">
        <operations><op id="{{.}}-monitor-interval-30s" name="monitor" interval="30s" timeout="20s"/></operations>
      </primitive>
{{- end}}
    </resources>
    <constraints>
{{- range .Cons}}
      {{.}}
{{- end}}
    </constraints>
{{- if .Sticky}}
    <rsc_defaults><meta_attributes id="rsc_defaults-options"><nvpair id="rsc_defaults-options-resource-stickiness" name="resource-stickiness" value="{{.Sticky}}"/></meta_attributes></rsc_defaults>
{{- end}}
  </configuration>
  <status>
{{- range .Nodes}}
    <node_state id="{{.ID}}" uname="{{.Name}}" {{if .Online}}in_ccm="true" crmd="online" join="member" expected="member"{{else}}in_ccm="false" crmd="offline" join="down" expected="down"{{end}} crm-debug-origin="heldout">
{{- if .Attrs}}
      <transient_attributes id="{{.ID}}">
        <instance_attributes id="status-{{.ID}}">
{{- $n := .}}
{{- range .Attrs}}
          <nvpair id="status-{{$n.ID}}-{{index . 0}}" name="{{index . 0}}" value="{{index . 1}}"/>
{{- end}}
        </instance_attributes>
      </transient_attributes>
{{- end}}
      <lrm id="{{.ID}}">
        <lrm_resources>
{{- $node := .}}
{{- range .Resources}}
          <lrm_resource id="{{.ID}}" type="{{.Type}}" class="ocf" provider="heartbeat">
{{- range .Ops}}
            <lrm_rsc_op id="{{.ID}}" operation_key="{{.Key}}" operation="{{.Task}}" crm-debug-origin="heldout" crm_feature_set="3.16.1" transition-key="{{.Call}}:3:{{.Want}}:11111111-2222-3333-4444-555555555555" transition-magic="0:{{.RC}};{{.Call}}:3:{{.Want}}:11111111-2222-3333-4444-555555555555" exit-reason="" on_node="{{$node.Name}}" call-id="{{.Call}}" rc-code="{{.RC}}" op-status="0" interval="{{.Interval}}" last-rc-change="1709990000" exec-time="20" queue-time="0" op-digest="{{.Digest}}"/>
{{- end}}
          </lrm_resource>
{{- end}}
        </lrm_resources>
      </lrm>
    </node_state>
{{- end}}
  </status>
</cib>
`))

// heldoutGen draws one configuration.
type heldoutGen struct {
	rnd  *rand.Rand
	cib  heldoutCIB
	call int
}

func (h *heldoutGen) chance(p float64) bool { return h.rnd.Float64() < p }

func (h *heldoutGen) oneOf(xs ...string) string { return xs[h.rnd.Intn(len(xs))] }

// Digests Pacemaker computes for these definitions: no parameters (start,
// promote, probes) and a monitor's 20 s timeout.
const (
	heldoutEmpty   = "f2317cad3d54cec5d7d7aa7d0bf35cf8"
	heldoutMonitor = "4811cef7f7f94e3a35a70be7916cb2fd"
)

// op records one operation of rsc, with the next call id.
func (h *heldoutGen) op(rsc, task string, intervalMs, rc, want int) heldoutOp {
	h.call += 3
	key := fmt.Sprintf("%s_%s_%d", rsc, task, intervalMs)
	o := heldoutOp{ID: key, Key: key, Task: task, Interval: intervalMs, RC: rc, Want: want, Call: h.call, Digest: heldoutMonitor}
	if intervalMs == 0 {
		o.ID, o.Digest = rsc+"_last_0", heldoutEmpty
	}
	return o
}

// genHeldoutCIB renders the configuration of seed.
func genHeldoutCIB(seed int64) string {
	h := &heldoutGen{rnd: rand.New(rand.NewSource(seed ^ 0x5eed0fdb)), call: 40}
	c := &h.cib
	c.Cluster = [][2]string{{"stonith-enabled", "false"}, {"no-quorum-policy", h.oneOf("ignore", "stop")}, {"cluster-name", "heldout"}}
	names := []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot"}
	n := 3 + h.rnd.Intn(4)
	for i := 0; i < n; i++ {
		c.Nodes = append(c.Nodes, heldoutNode{ID: fmt.Sprint(101 + i), Name: names[i], Zone: fmt.Sprintf("z%d", i%3), Online: true})
	}
	c.Legacy = h.chance(0.4)
	c.Promoted, c.Unpromote = "Promoted", "Unpromoted"
	if c.Legacy {
		c.Promoted, c.Unpromote = "Master", "Slave"
	}
	if h.chance(0.3) {
		c.Child = "dbstack"
		c.Members = []string{"dbfs", "pgsql"}
	} else {
		c.Child = "pgsql"
		c.Members = []string{"pgsql"}
	}
	c.DB = c.Child + "-ha"
	maxKey, nodeMaxKey := "promoted-max", "promoted-node-max"
	if c.Legacy {
		maxKey, nodeMaxKey = "master-max", "master-node-max"
	} else {
		c.Meta = append(c.Meta, [2]string{"promotable", "true"})
	}
	promotedMax := 1
	if h.chance(0.3) {
		promotedMax = 2
		c.Meta = append(c.Meta, [2]string{maxKey, "2"})
	} else if h.chance(0.3) {
		c.Meta = append(c.Meta, [2]string{maxKey, "1"})
	}
	if h.chance(0.2) {
		c.Meta = append(c.Meta, [2]string{nodeMaxKey, "1"})
	}
	cloneMax := n
	if h.chance(0.35) {
		cloneMax = 2 + h.rnd.Intn(n-1)
		c.Meta = append(c.Meta, [2]string{"clone-max", fmt.Sprint(cloneMax)})
	}
	c.Meta = append(c.Meta, [2]string{"clone-node-max", "1"})
	if h.chance(0.5) {
		c.Meta = append(c.Meta, [2]string{"notify", "true"})
	}
	if h.chance(0.2) {
		c.Meta = append(c.Meta, [2]string{"resource-stickiness", h.oneOf("50", "200")})
	}
	if h.chance(0.1) {
		c.Meta = append(c.Meta, [2]string{"target-role", c.Unpromote})
	}
	if h.chance(0.3) {
		c.OnFail = ` on-fail="demote"`
	}
	if h.chance(0.6) {
		c.Sticky = h.oneOf("1", "100", "1000")
	}
	for i := 0; i < h.rnd.Intn(3); i++ {
		c.Extras = append(c.Extras, []string{"vip", "app"}[i])
	}
	h.status(cloneMax, promotedMax)
	h.constraints()
	var b strings.Builder
	if err := heldoutTemplate.Execute(&b, c); err != nil {
		panic(err)
	}
	return b.String()
}

// status draws where the database runs and in which role, the promotion
// scores its agent set, node loss and standby, and the extras' histories.
func (h *heldoutGen) status(cloneMax, promotedMax int) {
	c := &h.cib
	order := h.rnd.Perm(len(c.Nodes))
	running := 1 + h.rnd.Intn(cloneMax)
	promoted := h.rnd.Intn(promotedMax + 1)
	for rank, ni := range order {
		node := &c.Nodes[ni]
		role := "stopped"
		switch {
		case rank < promoted:
			role = "promoted"
		case rank < running:
			role = "unpromoted"
		}
		if role != "stopped" && h.chance(0.12) {
			role = "failed-" + role
		}
		for k, m := range c.Members {
			id := m
			if h.chance(0.3) {
				id = fmt.Sprintf("%s:%d", m, rank)
			}
			var ops []heldoutOp
			switch role {
			case "stopped":
				if h.chance(0.3) {
					continue
				}
				ops = append(ops, h.op(id, "monitor", 0, 7, 7))
			case "unpromoted":
				ops = append(ops, h.op(id, "start", 0, 0, 0), h.op(id, "monitor", 16000, 0, 0))
			case "promoted":
				ops = append(ops, h.op(id, "promote", 0, 0, 0), h.op(id, "monitor", 15000, 8, 8))
			case "failed-unpromoted":
				ops = append(ops, h.op(id, "start", 0, 0, 0), h.op(id, "monitor", 16000, 7, 0))
			case "failed-promoted":
				ops = append(ops, h.op(id, "promote", 0, 0, 0), h.op(id, "monitor", 15000, h.rnd.Intn(2)*7+1, 8))
			}
			if last := ops[len(ops)-1]; last.RC != last.Want && last.Interval > 0 {
				ops = append(ops, last)
				ops[len(ops)-1].ID = id + "_last_failure_0"
				node.Attrs = append(node.Attrs, [2]string{fmt.Sprintf("fail-count-%s#monitor_%d", m, last.Interval), "1"},
					[2]string{fmt.Sprintf("last-failure-%s#monitor_%d", m, last.Interval), "1709995000"})
			}
			node.Resources = append(node.Resources, heldoutHistory{ID: id, Type: "pgsql", Ops: ops})
			// The agent's promotion score: high where Promoted, lower where
			// Unpromoted, sometimes none or a veto.
			if k == len(c.Members)-1 || h.chance(0.5) {
				score := ""
				switch {
				case h.chance(0.08):
					score = "-INFINITY"
				case strings.HasSuffix(role, "promoted") && !strings.Contains(role, "unpromoted"):
					score = h.oneOf("1000", "100", "10")
				case role != "stopped":
					score = h.oneOf("5", "50", "1")
				case h.chance(0.5):
					score = h.oneOf("1", "2")
				}
				if score != "" {
					node.Attrs = append(node.Attrs, [2]string{"master-" + m, score})
				}
			}
		}
	}
	for _, x := range c.Extras {
		at := h.rnd.Intn(len(c.Nodes) + 1)
		for i := range c.Nodes {
			switch {
			case i == at:
				c.Nodes[i].Resources = append(c.Nodes[i].Resources, heldoutHistory{ID: x, Type: "IPaddr2",
					Ops: []heldoutOp{h.op(x, "start", 0, 0, 0), h.op(x, "monitor", 30000, 0, 0)}})
			case h.chance(0.6):
				c.Nodes[i].Resources = append(c.Nodes[i].Resources, heldoutHistory{ID: x, Type: "IPaddr2",
					Ops: []heldoutOp{h.op(x, "monitor", 0, 7, 7)}})
			}
		}
	}
	for i := range c.Nodes {
		node := &c.Nodes[i]
		switch {
		case h.chance(0.1):
			node.Online = false
		case h.chance(0.1):
			node.Attrs = append(node.Attrs, [2]string{"standby", "on"})
		}
	}
}

// constraints draws the database pattern's constraints and a few others.
func (h *heldoutGen) constraints() {
	c := &h.cib
	add := func(format string, args ...any) { c.Cons = append(c.Cons, fmt.Sprintf(format, args...)) }
	node := func() string { return c.Nodes[h.rnd.Intn(len(c.Nodes))].Name }
	if h.chance(0.6) {
		add(`<rsc_location id="prefer-primary" rsc="%s" role="%s" node="%s" score="%s"/>`, c.DB, c.Promoted, node(), h.oneOf("50", "100", "INFINITY", "-INFINITY"))
	}
	if h.chance(0.3) {
		add(`<rsc_location id="zone-rule" rsc="%s"><rule id="zone-rule-r" role="%s" score="%s" boolean-op="or"><expression id="zone-rule-e1" attribute="zone" operation="eq" value="z0"/><expression id="zone-rule-e2" attribute="#uname" operation="eq" value="%s"/></rule></rsc_location>`,
			c.DB, h.oneOf(c.Promoted, c.Unpromote), h.oneOf("-200", "30", "-INFINITY"), node())
	}
	if h.chance(0.2) {
		add(`<rsc_location id="avoid" rsc="%s" node="%s" score="-INFINITY"/>`, c.DB, node())
	}
	for i, x := range c.Extras {
		score := h.oneOf("INFINITY", "INFINITY", "500")
		if i == 1 && h.chance(0.4) {
			// the application and the VIP as sets with the Promoted role
			add(`<rsc_colocation id="set-col" score="%s"><resource_set id="set-col-0" sequential="false"><resource_ref id="vip"/><resource_ref id="app"/></resource_set><resource_set id="set-col-1" role="%s"><resource_ref id="%s"/></resource_set></rsc_colocation>`,
				score, c.Promoted, c.DB)
			add(`<rsc_order id="set-ord" kind="%s"><resource_set id="set-ord-0" action="promote"><resource_ref id="%s"/></resource_set><resource_set id="set-ord-1" action="start"><resource_ref id="vip"/><resource_ref id="app"/></resource_set></rsc_order>`,
				h.oneOf("Mandatory", "Optional"), c.DB)
			continue
		}
		add(`<rsc_colocation id="%s-with-primary" rsc="%s" with-rsc="%s" with-rsc-role="%s" score="%s"/>`, x, x, c.DB, c.Promoted, score)
		add(`<rsc_order id="%s-after-promote" first="%s" first-action="promote" then="%s" then-action="start"%s/>`, x, c.DB, x, h.oneOf("", ` symmetrical="false"`, ` kind="Optional"`))
		if h.chance(0.3) {
			add(`<rsc_location id="%s-pref" rsc="%s" node="%s" score="%s"/>`, x, x, node(), h.oneOf("100", "-100", "2000"))
		}
	}
	if len(c.Extras) > 0 && h.chance(0.2) {
		// the database's primary follows the VIP (the other direction)
		add(`<rsc_colocation id="primary-with-vip" rsc="%s" rsc-role="%s" with-rsc="vip" score="%s"/>`, c.DB, c.Promoted, h.oneOf("100", "-100", "INFINITY"))
	}
	if h.chance(0.15) {
		add(`<rsc_location id="demote-order-ref" rsc="%s" role="%s" node="%s" score="-INFINITY"/>`, c.DB, c.Unpromote, node())
	}
}

// TestHeldoutPromotable compares the planner's allocation and promotion
// score lines, and its transition graph and summary, with crm_simulate's
// on the held-out generator's configurations (seeds 1 to -heldout-seeds),
// each kind of agreement ratcheted apart: testdata/ratchet/
// heldout-promotable-scores.txt and heldout-promotable-transition.txt.
func TestHeldoutPromotable(t *testing.T) {
	o := heldoutOracle{sim: testenv.Tool(t, "crm_simulate"), verify: testenv.Tool(t, "crm_verify")}
	if testing.Short() {
		t.Skip("slow: runs crm_simulate once per generated configuration")
	}
	heldoutPromotable(t, o, t.TempDir(), "heldout-promotable")
}

// TestHeldoutPromotable30 is TestHeldoutPromotable planned for 3.0 against
// 3.0.0's crm_simulate and crm_verify (scripts/oracle-3.0), ratcheted in
// testdata/ratchet/3.0/heldout-promotable-*.txt.
func TestHeldoutPromotable30(t *testing.T) {
	oracle := testenv.Tool30(t)
	if testing.Short() {
		t.Skip("slow: runs crm_simulate once per generated configuration")
	}
	dir := oracle.TempDir(t, "pcl-heldout-")
	o := heldoutOracle{sim: "crm_simulate", verify: "crm_verify", oracle: oracle, target: pcmk.NewTarget(pcmk.V3_0_0, pcmk.FromFlag)}
	heldoutPromotable(t, o, dir, "3.0/heldout-promotable")
}

// heldoutOracle is one release's crm_simulate and crm_verify: the host's
// (sim, verify), or the 3.0 oracle's in its chroot.
type heldoutOracle struct {
	sim, verify string
	oracle      *testenv.Oracle30
	target      pcmk.Target
}

func (o heldoutOracle) command(prog string, args ...string) *exec.Cmd {
	if o.oracle != nil {
		return o.oracle.Command(prog, args...)
	}
	return exec.Command(prog, args...)
}

// heldoutPromotable runs the comparison of TestHeldoutPromotable with o,
// in dir, and ratchets it under ratchet-scores and ratchet-transition.
func heldoutPromotable(t *testing.T, o heldoutOracle, dir, ratchet string) {
	scores, transitions := map[string]bool{}, map[string]bool{}
	var invalid []string
	for seed := int64(1); seed <= *heldoutSeeds; seed++ {
		name := fmt.Sprintf("heldout-%03d", seed)
		src := genHeldoutCIB(seed)
		path := filepath.Join(dir, name+".xml")
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		// A draw crm_verify rejects is skipped, and listed.
		if out, err := o.command(o.verify, "-x", path).CombinedOutput(); err != nil || len(out) > 0 {
			invalid = append(invalid, name)
			continue
		}
		dotPath := filepath.Join(dir, name+".dot")
		// Scores and the summary headed "Transition Summary:" come from
		// separate runs: with -s crm_simulate drops the headings.
		out, err := o.command(o.sim, "-x", path, "-D", dotPath).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: crm_simulate: %v\n%s", name, err, out)
		}
		scoreOut, err := o.command(o.sim, "-x", path, "-sQ").Output()
		if err != nil {
			t.Fatalf("%s: crm_simulate -s: %v", name, err)
		}
		wantDot, err := os.ReadFile(dotPath)
		if err != nil {
			t.Fatal(err)
		}
		cib, diags := importer.Read(name+".xml", []byte(src))
		if diags.HasErrors() {
			t.Fatalf("%s: %v", name, diags)
		}
		res, _ := planner.Schedule(cib, planner.Options{Target: o.target, NoTrail: true, Transition: true})
		var wantScores, gotScores []string
		for _, l := range strings.Split(string(scoreOut), "\n") {
			if strings.Contains(l, " allocation score on ") || strings.Contains(l, " promotion score on ") || strings.Contains(l, " promotion score (inactive): ") {
				wantScores = append(wantScores, l)
			}
		}
		for _, l := range res.Scores.All() {
			gotScores = append(gotScores, l.String())
		}
		for _, l := range res.Promotions {
			text, _ := l.AppendText(nil)
			gotScores = append(gotScores, string(text))
		}
		missing, extra := lineMultisetDiff(wantScores, gotScores)
		scores[name] = len(missing)+len(extra) == 0
		gotDot, gotSum := dotBody(string(dot.Transition(res.Transition))), summaryLines(string(plantext.CRMSimulate(res.Transition)))
		transitions[name] = strings.Join(gotDot, "\n") == strings.Join(dotBody(string(wantDot)), "\n") &&
			strings.Join(gotSum, "\n") == strings.Join(summaryLines(string(out)), "\n")
		if *keepDiff != "" && !(scores[name] && transitions[name]) {
			_ = os.WriteFile(filepath.Join(*keepDiff, name+".xml"), []byte(src), 0o644)
		}
		if testing.Verbose() && !scores[name] {
			t.Logf("%s: scores differ:\n  - %s\n  + %s", name, strings.Join(missing, "\n  - "), strings.Join(extra, "\n  + "))
		}
		if testing.Verbose() && !transitions[name] {
			t.Logf("%s: transition differs", name)
			testenv.LogLineDiff(t, gotDot, dotBody(string(wantDot)))
			testenv.LogLineDiff(t, gotSum, summaryLines(string(out)))
		}
	}
	if len(invalid) > 0 {
		t.Logf("crm_verify rejects %d of %d configurations, skipped: %s", len(invalid), *heldoutSeeds, strings.Join(invalid, " "))
	}
	testenv.Ratchet(t, ratchet+"-scores", scores)
	testenv.Ratchet(t, ratchet+"-transition", transitions)
}

// lineMultisetDiff returns the lines only in want and only in got, each
// as often as it is in excess.
func lineMultisetDiff(want, got []string) (missing, extra []string) {
	count := map[string]int{}
	for _, l := range want {
		count[l]++
	}
	for _, l := range got {
		count[l]--
	}
	for _, l := range want {
		if count[l] > 0 {
			missing = append(missing, l)
			count[l]--
		}
	}
	for _, l := range got {
		if count[l] < 0 {
			extra = append(extra, l)
			count[l]++
		}
	}
	return missing, extra
}
