package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// capacityCIB: placement-strategy=utilization; big (cpu 2) runs on n1
// (cpu 2), which is full; small (cpu 2) ran on n1 too and n2 has only 1
// cpu, so small has nowhere to go; mid (cpu 1) runs on n1 but fits only on
// n2 now, so it moves.
const capacityCIB = `<cib validate-with="pacemaker-3.7" epoch="1" num_updates="0" admin_epoch="0" have-quorum="1" dc-uuid="1" execution-date="1700000000">
  <configuration>
    <crm_config>
      <cluster_property_set id="opts">
        <nvpair id="opts-stonith" name="stonith-enabled" value="false"/>
        <nvpair id="opts-strategy" name="placement-strategy" value="utilization"/>
      </cluster_property_set>
    </crm_config>
    <nodes>
      <node id="1" uname="n1"><utilization id="n1-u"><nvpair id="n1-cpu" name="cpu" value="2"/></utilization></node>
      <node id="2" uname="n2"><utilization id="n2-u"><nvpair id="n2-cpu" name="cpu" value="1"/></utilization></node>
    </nodes>
    <resources>
      <primitive id="big" class="ocf" provider="pacemaker" type="Dummy">
        <meta_attributes id="big-m"><nvpair id="big-prio" name="priority" value="10"/></meta_attributes>
        <utilization id="big-u"><nvpair id="big-cpu" name="cpu" value="2"/></utilization>
      </primitive>
      <primitive id="small" class="ocf" provider="pacemaker" type="Dummy">
        <utilization id="small-u"><nvpair id="small-cpu" name="cpu" value="2"/></utilization>
      </primitive>
    </resources>
    <constraints>
      <rsc_location id="big-on-n1" rsc="big" node="n1" score="100"/>
    </constraints>
  </configuration>
  <status>
    <node_state id="1" uname="n1" in_ccm="true" crmd="online" join="member" expected="member">
      <lrm id="1">
        <lrm_resources>
          <lrm_resource id="small" class="ocf" provider="pacemaker" type="Dummy">
            <lrm_rsc_op id="small_last_0" operation_key="small_start_0" operation="start" transition-key="1:1:0:x" transition-magic="0:0;1:1:0:x" call-id="2" rc-code="0" op-status="0" interval="0" op-digest="f2317cad3d54cec5d7d7aa7d0bf35cf8"/>
          </lrm_resource>
        </lrm_resources>
      </lrm>
    </node_state>
    <node_state id="2" uname="n2" in_ccm="true" crmd="online" join="member" expected="member"/>
  </status>
</cib>
`

// Finding: "When utilization made a node full, the explanation said the
// best node had -INFINITY, never that it was full". Every explanation of
// a resource a placement strategy leaves without a node (scores
// --explain, the plan's reason, the batch's reason for a stopped
// resource) says which capacity fell short, what the resource needs and
// what is left; and the plan is crm_simulate's.
func TestCapacityExplained(t *testing.T) {
	cib := filepath.Join(t.TempDir(), "cib.xml")
	if err := os.WriteFile(cib, []byte(capacityCIB), 0o644); err != nil {
		t.Fatal(err)
	}
	const n1 = "on n1, cpu: needs 2, 0 left of 2"
	const n2 = "on n2, cpu: needs 2, 1 left of 1"

	code, out, errs := runPCL(t, "scores", cib, "--explain", "small")
	if code != exitOK {
		t.Fatalf("scores: exit %d\n%s", code, errs)
	}
	for _, want := range []string{
		"has -INFINITY); not enough capacity (placement-strategy=utilization) " + n1 + "; " + n2,
		"then banned (-INFINITY) at assignment, not enough capacity: cpu: needs 2, 0 left of 2",
		"then banned (-INFINITY) at assignment, not enough capacity: cpu: needs 2, 1 left of 1",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("scores --explain lacks %q:\n%s", want, out)
		}
	}

	code, out, errs = runPCL(t, "plan", cib)
	if code != exitOK {
		t.Fatalf("plan: exit %d\n%s", code, errs)
	}
	if !regexp.MustCompile(`(?m)^small: stop on n1: .*not enough capacity \(placement-strategy=utilization\) ` + n1 + "; " + n2 + "$").MatchString(out) {
		t.Errorf("the plan does not say why small stops:\n%s", out)
	}

	// With room on n2, small moves there, and the plan says why.
	roomy := filepath.Join(t.TempDir(), "roomy.xml")
	if err := os.WriteFile(roomy, []byte(strings.Replace(capacityCIB, `id="n2-cpu" name="cpu" value="1"`, `id="n2-cpu" name="cpu" value="2"`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errs = runPCL(t, "plan", roomy); code != exitOK || !strings.Contains(out, "small: move n1 -> n2: n1 has not enough capacity left for it (cpu: needs 2, 0 left of 2)") {
		t.Errorf("the plan does not say why small moves (exit %d):\n%s%s", code, out, errs)
	}

	// In a batch: two nodes of 2 cpus each run big and small; when
	// either goes down, the other is full.
	dir := writePolicy(t, map[string]string{"policy.pcl": `properties {
  values = {
    stonith-enabled    = false
    placement-strategy = "utilization"
  }
}
node "n1" { utilization = { cpu = 2 } }
node "n2" { utilization = { cpu = 2 } }
primitive "big" {
  agent       = "ocf:pacemaker:Dummy"
  meta        = { priority = 10 }
  utilization = { cpu = 2 }
}
primitive "small" {
  agent       = "ocf:pacemaker:Dummy"
  utilization = { cpu = 2 }
}
`})
	code, out, errs = runPCL(t, "plan", dir, "--each-node-down", "--two-node")
	if code != exitOK {
		t.Fatalf("batch: exit %d\n%s", code, errs)
	}
	for _, re := range []string{
		`(?m)^small +n2 +STOPPED +STOPPED$`,
		`(?m)^    n1 down: .*; not enough capacity \(placement-strategy=utilization\) on n2, cpu: needs 2, 0 left of 2$`,
		`(?m)^    n2 down: .*; not enough capacity \(placement-strategy=utilization\) on n1, cpu: needs 2, 0 left of 2$`,
	} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("the batch report does not match %s:\n%s", re, out)
		}
	}

	for _, input := range []string{cib, roomy} {
		code, out, errs = runPCL(t, "plan", input, "--format", "json")
		if code != exitOK {
			t.Fatalf("plan json: exit %d\n%s", code, errs)
		}
		got := pclActions(t, out)
		want := simulateActions(t, input)
		if !equalLines(got, want) {
			t.Errorf("%s: actions differ from crm_simulate\npcl:\n  %s\ncrm_simulate:\n  %s", filepath.Base(input), strings.Join(got, "\n  "), strings.Join(want, "\n  "))
		}
	}
}

// Issue 21, item 19: pcl scores --utilization prints the utilization
// report of crm_simulate -U: in crm_simulate format the lines of
// crm_simulate -sUQ (compared with the oracle on the corpus in
// emit/scores), in the table a section, in JSON an object.
func TestScoresUtilization(t *testing.T) {
	cib := filepath.Join(t.TempDir(), "cib.xml")
	if err := os.WriteFile(cib, []byte(capacityCIB), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runPCL(t, "scores", cib, "--utilization", "--format", "crm_simulate")
	if code != exitOK {
		t.Fatalf("scores: exit %d\n%s", code, errs)
	}
	for _, want := range []string{
		"Original: n1 capacity: cpu=2\n",
		"pcmk__finalize_assignment: big utilization on n1: cpu=2\n",
		"Remaining: n1 capacity: cpu=0\nRemaining: n2 capacity: cpu=1\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("scores --utilization --format crm_simulate lacks %q:\n%s", want, out)
		}
	}
	code, out, errs = runPCL(t, "scores", cib, "--utilization")
	if code != exitOK || !regexp.MustCompile(`(?m)^n1 +cpu=2 +cpu=0$`).MatchString(out) || !regexp.MustCompile(`(?m)^big +n1 +cpu=2$`).MatchString(out) {
		t.Errorf("scores --utilization table (exit %d):\n%s%s", code, out, errs)
	}
	code, out, errs = runPCL(t, "scores", cib, "--utilization", "--format", "json")
	if code != exitOK || !strings.Contains(out, `"utilization": {`) || !strings.Contains(out, `"remaining": [`) {
		t.Errorf("scores --utilization JSON (exit %d):\n%s%s", code, out, errs)
	}
	// Without the flag, the report is not there.
	if _, out, _ = runPCL(t, "scores", cib, "--format", "crm_simulate"); strings.Contains(out, "capacity:") {
		t.Errorf("scores without --utilization shows the report:\n%s", out)
	}
}
