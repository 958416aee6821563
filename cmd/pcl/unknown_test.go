package main

import (
	"encoding/json"
	"path/filepath"
	"pcl/internal/testenv"
	"regexp"
	"strings"
	"testing"
)

// The golden CIB of emit/plantext (and emit/matrix): a ping clone running
// on both nodes, web colocated with it, db on its own.
const cloneArchive = "../../emit/plantext/testdata/clone.txtar"

// The CIB of testdata/bundle.txtar: a bundle's container active on a
// lost node that cannot be fenced (no quorum), web colocated with the
// bundle, db and a fence device on their own.
const bundleArchive = "testdata/bundle.txtar"

// checkUnknownWarning checks the stderr of a run on the promotable CIB: a
// warning naming every unknown resource and its construct.
func checkUnknownWarning(t *testing.T, what, stderr string) {
	t.Helper()
	wants := []string{"Warning: Not computed: 8 resources (promotable clone)", "- db0:0 (promotable clone):", "- db1-clone (promotable clone):", "- web (promotable clone):"}
	for _, want := range wants {
		if !strings.Contains(stderr, want) {
			t.Errorf("%s: stderr lacks %q:\n%s", what, want, stderr)
		}
	}
}

// jsonUnknown is what every JSON output says of unknowns.
type jsonUnknown struct {
	Unknown []struct {
		Resource, Construct, Detail string
	} `json:"unknown"`
}

func (d jsonUnknown) names() string {
	var out []string
	for _, u := range d.Unknown {
		out = append(out, u.Resource+"/"+u.Construct)
	}
	return strings.Join(out, " ")
}

func TestScoresClone(t *testing.T) {
	// The planner places clones: their scores and those of what is tied
	// to them are exact, and nothing is reported unknown.
	cib := txtarCIB(t, cloneArchive)
	code, out, errs := runScoresCmd("scores", cib)
	if code != exitOK {
		t.Fatalf("table: exit %d: %s", code, errs)
	}
	for _, re := range []string{`(?m)^ping-clone +50 +0 +2/2 n1 n2$`, `(?m)^  ping:0 +\*1 +0 +n1$`, `(?m)^web +\*50 +0 +n1$`, `(?m)^db +0 +\*100 +n2$`} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("table does not match %s:\n%s", re, out)
		}
	}
	if strings.Contains(errs, "Not computed") {
		t.Errorf("scores of a clone reported unknown:\n%s", errs)
	}
}

// The CIB of testdata/promotable.txtar: instances db0:0 and db0:1 of a
// promotable clone, unmanaged and active where they cannot be assigned,
// whose promotion the planner does not compute exactly; db1-clone and
// web tied to their clone by constraints, unknown with them; db on its
// own, starting on node3.
const promotableArchive = "testdata/promotable.txtar"

// promotableUnknowns is what JSON outputs list as unknown of the
// promotable CIB, resource/construct.
const promotableUnknowns = "db0:0/promotable clone db0:1/promotable clone db1-clone/promotable clone db1:0/promotable clone db1:1/promotable clone db1:2/promotable clone db1:3/promotable clone web/promotable clone"

func TestScoresUnknown(t *testing.T) {
	// Unmanaged promotable instances active where they cannot be
	// assigned are not placed exactly: they are unknown in every format.
	cib := txtarCIB(t, promotableArchive)
	code, out, errs := runScoresCmd("scores", cib)
	if code != exitOK {
		t.Fatalf("table: exit %d: %s", code, errs)
	}
	for _, re := range []string{`(?m)^  db0:0( +\?)+ +unknown$`, `(?m)^  db0:1( +\?)+ +unknown$`, `(?m)^unknown: db0:0 is unmanaged and active on node1 but cannot be assigned there`} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("table does not match %s:\n%s", re, out)
		}
	}
	for _, format := range []string{"table", "json", "crm_simulate"} {
		code, out, errs = runScoresCmd("scores", "--format", format, cib)
		if code != exitOK || !strings.Contains(errs, "Warning: Not computed:") || !strings.Contains(errs, "- db0:0 (promotable clone):") {
			t.Errorf("%s: exit %d, no warning naming the instance:\n%s", format, code, errs)
		}
		if format == "json" {
			var doc jsonUnknown
			if err := json.Unmarshal([]byte(out), &doc); err != nil || doc.names() != promotableUnknowns {
				t.Errorf("json unknown: %v %s", err, doc.names())
			}
		}
	}
	code, out, _ = runScoresCmd("scores", "--explain", "db0:0", cib)
	if code != exitOK || !strings.Contains(out, "\ndb0:0 is unknown:") {
		t.Errorf("explain: exit %d:\n%s", code, out)
	}
}

func TestPlanClone(t *testing.T) {
	// The planner places clones and schedules their actions: the plan
	// shows the instances' restarts (their definition changed) and web's
	// move, as crm_simulate does, and nothing is unknown.
	cib := txtarCIB(t, cloneArchive)
	code, out, errs := runPCL(t, "plan", cib)
	if code != exitOK {
		t.Fatalf("text: exit %d: %s", code, errs)
	}
	for _, want := range []string{"ping:0: restart on n1: due to resource definition change", "ping:1: restart on n2: due to resource definition change", "web: move n2 -> n1", "db: start on n2"} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Unknown") || strings.Contains(errs, "Not computed") {
		t.Errorf("a clone's plan reported unknown:\n%s\n%s", out, errs)
	}

	code, out, errs = runPCL(t, "plan", cib, "--format", "json")
	var doc struct {
		jsonUnknown
		Changes []struct {
			Resource string `json:"resource"`
		} `json:"changes"`
	}
	if err := json.Unmarshal([]byte(out), &doc); code != exitOK || err != nil {
		t.Fatalf("json: exit %d, %v: %s", code, err, errs)
	}
	if got := doc.names(); got != "" {
		t.Errorf("json unknown: %s", got)
	}
	var changed []string
	for _, c := range doc.Changes {
		changed = append(changed, c.Resource)
	}
	if got := strings.Join(changed, " "); got != "ping:0 ping:1 web db" {
		t.Errorf("json changes: %s", got)
	}

	code, out, errs = runPCL(t, "plan", cib, "--format", "crm_simulate")
	if code != exitOK {
		t.Fatalf("crm_simulate: exit %d: %s", code, errs)
	}
	want := `Transition Summary:
  * Restart    ping:0     (       n1 )  due to resource definition change
  * Restart    ping:1     (       n2 )  due to resource definition change
  * Move       web        ( n2 -> n1 )
  * Start      db         (       n2 )

Executing Cluster Transition:
  * Pseudo action:   ping-clone_stop_0
  * Resource action: web             stop on n2
  * Resource action: web             monitor on n1
  * Resource action: db              monitor on n2
  * Resource action: db              monitor on n1
  * Resource action: ping            stop on n1
  * Resource action: ping            stop on n2
  * Pseudo action:   ping-clone_stopped_0
  * Pseudo action:   ping-clone_start_0
  * Resource action: web             start on n1
  * Resource action: db              start on n2
  * Resource action: ping            start on n1
  * Resource action: ping            start on n2
  * Pseudo action:   ping-clone_running_0
`
	if out != want {
		t.Errorf("crm_simulate summary:\n%s\nwant:\n%s", out, want)
	}
}

func TestPlanUnknown(t *testing.T) {
	cib := txtarCIB(t, promotableArchive)
	code, out, errs := runPCL(t, "plan", cib)
	if code != exitOK {
		t.Fatalf("text: exit %d: %s", code, errs)
	}
	// db1:0 is stopped and web probed in the transition: neither may be
	// shown.
	if !strings.HasPrefix(out, defaultTargetLine+"db: start on node3: node3 scores 0\n\nUnknown:") {
		t.Errorf("text shows what is not computed:\n%s", out)
	}
	for _, want := range []string{"Unknown: the planner cannot compute 8 resources yet (promotable clone)", "  web: web is tied by constraints to db0-clone, whose instance db0:0's promotion is not computed exactly"} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
	checkUnknownWarning(t, "text", errs)

	code, out, errs = runPCL(t, "plan", cib, "--format", "json")
	var doc struct {
		jsonUnknown
		Placement []struct {
			Resource string `json:"resource"`
			Next     string `json:"next"`
			Unknown  bool   `json:"unknown"`
		} `json:"placement"`
		Changes []struct {
			Resource string `json:"resource"`
		} `json:"changes"`
		Actions []struct {
			Resource string `json:"resource"`
			Unknown  bool   `json:"unknown"`
		} `json:"actions"`
	}
	if err := json.Unmarshal([]byte(out), &doc); code != exitOK || err != nil {
		t.Fatalf("json: exit %d, %v: %s", code, err, errs)
	}
	if got := doc.names(); got != promotableUnknowns {
		t.Errorf("json unknown: %s", got)
	}
	for _, p := range doc.Placement {
		// db0:2 and db0:3 are exact: stopped, as their clone is disabled.
		exact := p.Resource == "db" || p.Resource == "db0:2" || p.Resource == "db0:3"
		if p.Unknown == exact || (!exact && p.Next != "") {
			t.Errorf("json placement %+v", p)
		}
	}
	if len(doc.Changes) != 1 || doc.Changes[0].Resource != "db" {
		t.Errorf("json changes %+v, want db's start alone", doc.Changes)
	}
	for _, a := range doc.Actions {
		if a.Unknown != (a.Resource != "db") {
			t.Errorf("json action %+v", a)
		}
	}

	code, out, errs = runPCL(t, "plan", cib, "--format", "crm_simulate")
	if code != exitOK {
		t.Fatalf("crm_simulate: exit %d: %s", code, errs)
	}
	summary := regexp.MustCompile(`^  \* \S+ +\S+ +\( .* \)( .*)?$`)
	executed := regexp.MustCompile(`^  \* (Resource action: \S+ +\S+ on \S+|Pseudo action: +\S+)$`)
	sections := strings.Split(strings.TrimSuffix(out, "\n"), "\n\n")
	lines := strings.Split(sections[0], "\n")
	if lines[0] != "Transition Summary:" || len(sections) != 2 || !strings.HasPrefix(sections[1], "Executing Cluster Transition:\n") {
		t.Errorf("crm_simulate format: %q", out)
	}
	for _, l := range lines[1:] {
		if !summary.MatchString(l) {
			t.Errorf("crm_simulate format: %q is not a summary line", l)
		}
	}
	for _, l := range strings.Split(sections[len(sections)-1], "\n")[1:] {
		if !executed.MatchString(l) {
			t.Errorf("crm_simulate format: %q is not an executed action", l)
		}
	}
	checkUnknownWarning(t, "crm_simulate", errs)
}

func TestPlanBatchClone(t *testing.T) {
	cib := txtarCIB(t, cloneArchive)
	code, out, errs := runPCL(t, "plan", cib, "--batch", "--each-node-down", "--two-node") // two nodes: quorate with one (corosync two_node)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, re := range []string{`(?m)^ping-clone +2/2 n1 n2 +1/2 n2 +1/2 n1$`, `(?m)^web +n1 +n2 +n1$`, `(?m)^db +n2 +n2 +n1$`,
		`(?m)^  restart ping:0 on n1 due to resource definition change$`, `(?m)^  move web n2 -> n1$`} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("the report does not match %s:\n%s", re, out)
		}
	}
	if strings.Contains(out, "UNKNOWN") || strings.Contains(out, "actions unknown") {
		t.Errorf("the report shows a clone's actions as unknown:\n%s", out)
	}
}

func TestPlanBatchUnknown(t *testing.T) {
	cib := txtarCIB(t, promotableArchive)
	code, out, errs := runPCL(t, "plan", cib, "--batch", "--each-node-down")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	// db0-clone, whose instances db0:0 and db0:1 are unknown, is unknown
	// as a whole.
	for _, re := range []string{`(?m)^db0-clone( +UNKNOWN){5}$`, `(?m)^db1-clone( +UNKNOWN){5}$`, `(?m)^web( +UNKNOWN){5}$`, `(?m)^db +node3 +node3 +node3 +STOPPED +node3$`,
		`(?m)^UNKNOWN: not computed`, `(?m)^Unknown: the planner cannot compute 8 resources yet \(promotable clone\)`,
		`(?m)^  start db on node3$`, `(?m)^  actions unknown: db0-clone, db1-clone, web$`, `(?m)^  3 resources could not be assessed \(UNKNOWN above\): db0-clone, db1-clone, web\.$`} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("the report does not match %s:\n%s", re, out)
		}
	}
	if strings.Contains(out, "web on") || strings.Contains(out, "Promoted node2") {
		t.Errorf("the report shows actions or roles of unknown resources:\n%s", out)
	}
}

func TestPlanBundleUnfenceable(t *testing.T) {
	// A bundle's container active on a lost node that cannot be fenced:
	// the actions blocked and those that run are exact (crm_simulate
	// 2.1.5's), nothing is unknown.
	cib := txtarCIB(t, bundleArchive)
	code, out, errs := runPCL(t, "plan", cib)
	want := defaultTargetLine + `httpd-bundle-docker-0: stop on n3: due to no quorum; blocked: the action cannot run
httpd-bundle-docker-1: start on n2: due to no quorum; blocked: the action cannot run; n2 scores 0
fence: start on n1: due to no quorum; blocked: the action cannot run; n1 scores 0
web: stop on n1: due to no quorum
db: stop on n2: due to no quorum
`
	if code != exitOK || out != want || strings.Contains(errs, "Not computed") {
		t.Errorf("exit %d:\n%s\nwant:\n%s\nstderr:\n%s", code, out, want, errs)
	}
}

func TestPlanPromotableScheduled(t *testing.T) {
	// A promotable clone's promotions are scheduled: the plan shows them,
	// and nothing of the clone is unknown.
	cib := filepath.Join(testenv.CorpusDir(t), "xml", "promoted-1.xml")
	code, out, errs := runPCL(t, "plan", cib)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "child_rsc1:1: promote on node2") {
		t.Errorf("plan lacks the promotion:\n%s", out)
	}
	if strings.Contains(out, "promotable clone") {
		t.Errorf("plan reports the promotable clone as unknown:\n%s", out)
	}
}

// defaultTargetLine is the first line of the text reports of a run that
// names no Pacemaker release.
const defaultTargetLine = "Planned for Pacemaker 2.1.5 (pcl's default: nothing names the release).\n"
