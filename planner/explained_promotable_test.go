package planner

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"pcl/importer"
	"pcl/internal/testenv"
)

// The master-score (promotion score) examples of
// ../shared/pacemaker-docs/scores-explained.txt, and the Promoted-role ban
// of operations.txt, checked against Pacemaker 2.1.5: a promotable clone
// ms-drbd1 of drbd1 (two instances) on ace, king and queen. Each case is
// compared line for line with crm_simulate, its promotion scores and
// promoted instances are checked, and its explanation must name the
// sources the document names.
//
// What still holds in 2.1.5:
//   - a role=master rule on the clone's id makes the instance on that node
//     the one promoted (its promotion score is the rule's 100 on top of the
//     default -1: 99);
//   - a location on the clone's id raises both the instances' allocation
//     scores and the promotion score on that node, when the instance there
//     has a promotion score of its own (master-drbd1);
//   - a location on the primitive's id (drbd1) has no effect at all;
//   - the promotion score gets no resource-stickiness;
//   - a resource colocated with the Promoted role raises the clone's
//     scores and the promotion score by its own scores (its stickiness):
//     in 2.1.5 the promotion score gets them twice, once through the
//     clone's allocation score and once more when instances are sorted;
//   - operations.txt: a role=Promoted -INFINITY rule on a fail-count
//     attribute bans the Promoted role from that node.
//
// What does not hold in 2.1.5 (the document describes heartbeat 2.1.3 /
// pacemaker 0.6):
//   - "by default the master score is 0 and the cluster chooses where to
//     promote": an instance with no promotion score and no Promoted-role
//     constraint gets -1 and none is promoted (test "default");
//   - a location on the clone's id raises the promotion score only where
//     the instance has a promotion score: without master-drbd1 the
//     instance's -1 keeps it out of the sum (test "clone location, no
//     master score");
//   - a location on an instance id (drbd1:0): the CIB schema rejects it
//     (rsc is an IDREF and drbd1:0 is no element's id), so crm_simulate
//     refuses the whole CIB; not a test;
//   - "a master/slave resource does not receive any resource_stickiness":
//     its instances' allocation scores do (only the promotion score does
//     not) (test "stickiness");
//   - resource_failure_stickiness and default-resource-failure-stickiness
//     no longer exist (migration-threshold replaced them); not a test.

// promotableCIB is the document's master/slave setup: ms-drbd1 with two
// Stateful instances, node attributes (transient) per node, instances
// running Unpromoted or Promoted, and optionally fs0.
type promotableCIB struct {
	constraints string
	attrs       map[string]map[string]string // node -> name -> value
	unpromoted  map[string]string            // instance -> node
	promoted    map[string]string            // instance -> node
	stickiness  string                       // rsc_defaults resource-stickiness
	fs0         string                       // fs0's node, "" for no fs0
}

func (c promotableCIB) xml() string {
	var b strings.Builder
	b.WriteString(`<cib crm_feature_set="3.16.1" validate-with="pacemaker-3.9" epoch="1" num_updates="0" admin_epoch="0" have-quorum="1" execution-date="1700000000"><configuration><crm_config><cluster_property_set id="opts"><nvpair id="o1" name="stonith-enabled" value="false"/></cluster_property_set></crm_config>`)
	b.WriteString("<nodes>" + explainedNodes + "</nodes>")
	b.WriteString(`<resources><clone id="ms-drbd1"><meta_attributes id="ms-meta"><nvpair id="ms-p" name="promotable" value="true"/><nvpair id="ms-cm" name="clone-max" value="2"/></meta_attributes><primitive id="drbd1" class="ocf" provider="pacemaker" type="Stateful"/></clone>`)
	if c.fs0 != "" {
		b.WriteString(`<primitive id="fs0" class="ocf" provider="heartbeat" type="Dummy"/>`)
	}
	b.WriteString("</resources>")
	if c.stickiness != "" {
		fmt.Fprintf(&b, `<rsc_defaults><meta_attributes id="rd"><nvpair id="rd-stick" name="resource-stickiness" value="%s"/></meta_attributes></rsc_defaults>`, c.stickiness)
	}
	b.WriteString("<constraints>" + c.constraints + "</constraints></configuration><status>")
	op := func(rsc, agent, task string, call int, node string) string {
		return fmt.Sprintf(`<lrm_resource id="%s" %s><lrm_rsc_op id="%s_last_0" operation_key="%s_%s_0" operation="%s" transition-key="1:1:0:aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee" transition-magic="0:0;1:1:0:aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee" call-id="%d" rc-code="0" op-status="0" interval="0" op-digest="f2317cad3d54cec5d7d7aa7d0bf35cf8" on_node="%s"/></lrm_resource>`,
			rsc, agent, rsc, rsc, task, task, call, node)
	}
	for i, n := range []string{"ace", "king", "queen"} {
		fmt.Fprintf(&b, `<node_state id="%d" uname="%s" in_ccm="true" crmd="online" join="member" expected="member">`, i+1, n)
		if attrs := c.attrs[n]; len(attrs) > 0 {
			fmt.Fprintf(&b, `<transient_attributes id="%d"><instance_attributes id="st-%d">`, i+1, i+1)
			names := make([]string, 0, len(attrs))
			for name := range attrs {
				names = append(names, name)
			}
			sort.Strings(names)
			for j, name := range names {
				fmt.Fprintf(&b, `<nvpair id="st-%d-%d" name="%s" value="%s"/>`, i+1, j, name, attrs[name])
			}
			b.WriteString(`</instance_attributes></transient_attributes>`)
		}
		fmt.Fprintf(&b, `<lrm id="%d"><lrm_resources>`, i+1)
		stateful := `class="ocf" provider="pacemaker" type="Stateful"`
		for _, inst := range []string{"drbd1:0", "drbd1:1"} {
			if c.unpromoted[inst] == n {
				b.WriteString(op(inst, stateful, "start", 2, n))
			}
			if c.promoted[inst] == n {
				b.WriteString(op(inst, stateful, "promote", 3, n))
			}
		}
		if c.fs0 == n {
			b.WriteString(op("fs0", `class="ocf" provider="heartbeat" type="Dummy"`, "start", 4, n))
		}
		b.WriteString(`</lrm_resources></lrm></node_state>`)
	}
	b.WriteString("</status></cib>")
	return b.String()
}

func ruleOnAce(id, rsc, role string) string {
	if role != "" {
		role = ` role="` + role + `"`
	}
	return fmt.Sprintf(`<rsc_location id="%s" rsc="%s"><rule id="%s-rule"%s score="100"><expression id="%s-expr" attribute="#uname" operation="eq" value="ace"/></rule></rsc_location>`, id, rsc, id, role, id)
}

func TestScoresExplainedPromotable(t *testing.T) {
	running := map[string]string{"drbd1:0": "ace", "drbd1:1": "king"}
	master5 := map[string]map[string]string{"ace": {"master-drbd1": "5"}, "king": {"master-drbd1": "5"}}
	cases := []struct {
		name string
		cib  promotableCIB
		// promotion: instance -> "node score" as crm_simulate prints it;
		// promoted: the instances promoted.
		promotion map[string]string
		promoted  []string
		// allocation: "instance node" -> its pcmk__primitive_assign score.
		allocation map[string]string
		// explains: texts the promotion explanation of each instance
		// must hold.
		explains map[string][]string
	}{
		{
			name:      "default: no master score, nothing promoted (does not hold)",
			cib:       promotableCIB{unpromoted: running},
			promotion: map[string]string{"drbd1:0": "ace -1", "drbd1:1": "king -1"},
			explains:  map[string][]string{"drbd1:0": {"no master-drbd1 node attribute on ace (default)"}},
		},
		{
			name:      "role=master rule on the clone id: promoted on ace",
			cib:       promotableCIB{constraints: ruleOnAce("loc-ms-drbd1_likes_ace", "ms-drbd1", "master"), unpromoted: running},
			promotion: map[string]string{"drbd1:0": "ace 99", "drbd1:1": "king -1"},
			promoted:  []string{"drbd1:0"},
			explains:  map[string][]string{"drbd1:0": {"rule loc-ms-drbd1_likes_ace-rule of loc-ms-drbd1_likes_ace (role Promoted)", "(default)"}},
		},
		{
			name:      "role=master rule on the clone id, nothing running yet",
			cib:       promotableCIB{constraints: ruleOnAce("loc-ms-drbd1_likes_ace", "ms-drbd1", "master")},
			promotion: map[string]string{"drbd1:0": "ace 99", "drbd1:1": "king -1"},
			promoted:  []string{"drbd1:0"},
		},
		{
			name:       "location on the clone id: normal and master score",
			cib:        promotableCIB{constraints: ruleOnAce("rscloc-ms-drbd1", "ms-drbd1", ""), attrs: master5, unpromoted: running},
			promotion:  map[string]string{"drbd1:0": "ace 105", "drbd1:1": "king 5"},
			promoted:   []string{"drbd1:0"},
			allocation: map[string]string{"drbd1:0 ace": "106", "drbd1:1 king": "6"},
			explains:   map[string][]string{"drbd1:0": {"ms-drbd1's allocation score on ace", "rscloc-ms-drbd1-rule", "master-drbd1 node attribute on ace"}},
		},
		{
			name:       "clone location, no master score (does not hold)",
			cib:        promotableCIB{constraints: ruleOnAce("rscloc-ms-drbd1", "ms-drbd1", ""), unpromoted: running},
			promotion:  map[string]string{"drbd1:0": "ace -1", "drbd1:1": "king -1"},
			allocation: map[string]string{"drbd1:0 ace": "101"},
		},
		{
			name:       "location on the primitive id: no effect",
			cib:        promotableCIB{constraints: ruleOnAce("rscloc-drbd1", "drbd1", ""), attrs: master5, unpromoted: running},
			promotion:  map[string]string{"drbd1:0": "ace 5", "drbd1:1": "king 5"},
			promoted:   []string{"drbd1:0"},
			allocation: map[string]string{"drbd1:0 ace": "6", "drbd1:1 king": "6"},
		},
		{
			name: "stickiness: none in the master score, some in the normal one",
			cib: promotableCIB{attrs: map[string]map[string]string{"ace": {"master-drbd1": "10"}, "king": {"master-drbd1": "5"}},
				unpromoted: map[string]string{"drbd1:1": "king"}, promoted: map[string]string{"drbd1:0": "ace"}, stickiness: "100"},
			promotion:  map[string]string{"drbd1:0": "ace 10", "drbd1:1": "king 5"},
			promoted:   []string{"drbd1:0"},
			allocation: map[string]string{"drbd1:0 ace": "110", "drbd1:1 king": "105"},
		},
		{
			name: "fs0 colocated with the master role adds its stickiness",
			cib: promotableCIB{constraints: `<rsc_colocation id="fs0_on_ms-drbd1" rsc="fs0" with-rsc="ms-drbd1" with-rsc-role="Master" score="INFINITY"/>` +
				`<rsc_order id="ms-drbd1_before_fs0" first="ms-drbd1" first-action="promote" then="fs0" then-action="start"/>`,
				attrs: master5, unpromoted: running, stickiness: "100", fs0: "king"},
			promotion:  map[string]string{"drbd1:0": "ace 5", "drbd1:1": "king 205"},
			promoted:   []string{"drbd1:1"},
			allocation: map[string]string{"drbd1:1 king": "205", "fs0 king": "305"},
			explains:   map[string][]string{"drbd1:1": {"colocation fs0_on_ms-drbd1: fs0's best score here x 1", "ms-drbd1's allocation score on king"}},
		},
		{
			name: "operations.txt: no promotion where a promote failed",
			cib: promotableCIB{constraints: `<rsc_location id="ban-promoted" rsc="ms-drbd1"><rule id="ban-promoted-rule" score="-INFINITY" role="Promoted" boolean-op="or">` +
				`<expression id="ban-e1" attribute="fail-count-drbd1#promote_0" operation="gte" value="1"/><expression id="ban-e2" attribute="fail-count-drbd1#monitor_10000" operation="gte" value="1"/></rule></rsc_location>`,
				attrs:      map[string]map[string]string{"ace": {"master-drbd1": "10", "fail-count-drbd1#promote_0": "1"}, "king": {"master-drbd1": "5"}},
				unpromoted: running},
			promotion: map[string]string{"drbd1:0": "ace -INFINITY", "drbd1:1": "king 5"},
			promoted:  []string{"drbd1:1"},
			explains:  map[string][]string{"drbd1:0": {"rule ban-promoted-rule of ban-promoted (role Promoted)"}},
		},
	}
	sim := testenv.Tool(t, "crm_simulate")
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := tc.cib.xml()
			cib, diags := importer.Read("cib.xml", []byte(src))
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			p, _ := compute(cib, Options{})
			var lines, promoted []string
			for _, l := range p.Scores.All() {
				lines = append(lines, l.String())
				if w, ok := tc.allocation[l.Resource+" "+l.Node]; ok && l.Func == "pcmk__primitive_assign" && l.Score.String() != w {
					t.Errorf("%s on %s: allocation score %s, want %s", l.Resource, l.Node, l.Score, w)
				}
			}
			for _, l := range p.Promotions {
				text, _ := l.AppendText(nil)
				lines = append(lines, string(text))
				if got, want := l.Node+" "+l.Score.String(), tc.promotion[l.Resource]; got != want {
					t.Errorf("%s: promotion score on %s, want on %s", l.Resource, got, want)
				}
				if l.Promoted {
					promoted = append(promoted, l.Resource)
				}
				if got := SumPromotionTrail(l.Trail); got != l.Score {
					t.Errorf("%s: explanation sums to %s, not %s", l.Resource, got, l.Score)
				}
				var causes []string
				for _, term := range l.Trail {
					causes = append(causes, term.Why.Text)
					for _, part := range term.Parts {
						causes = append(causes, part.Why.Text)
					}
				}
				all := strings.Join(causes, "\n")
				for _, want := range tc.explains[l.Resource] {
					if !strings.Contains(all, want) {
						t.Errorf("%s: explanation does not name %q:\n%s", l.Resource, want, all)
					}
				}
			}
			sort.Strings(promoted)
			if strings.Join(promoted, " ") != strings.Join(tc.promoted, " ") {
				t.Errorf("promoted %v, want %v", promoted, tc.promoted)
			}
			if missing, extra := testenv.MultisetDiff(simulatedScores(t, sim, src), lines); len(missing)+len(extra) > 0 {
				t.Errorf("differs from crm_simulate:\n- %s\n+ %s", strings.Join(missing, "\n- "), strings.Join(extra, "\n+ "))
			}
		})
	}
}

// simulatedScores are the allocation and promotion score lines
// crm_simulate (at sim) prints for a CIB.
func simulatedScores(t *testing.T, sim, cib string) []string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "cib.xml")
	if err := os.WriteFile(path, []byte(cib), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(sim, "-x", path, "-sQ").Output()
	if err != nil {
		t.Fatalf("crm_simulate: %v", err)
	}
	var lines []string
	for _, l := range strings.Split(string(out), "\n") {
		if strings.Contains(l, " allocation score on ") || strings.Contains(l, " promotion score on ") {
			lines = append(lines, l)
		}
	}
	return lines
}
