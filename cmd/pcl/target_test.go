package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"pcl/internal/testenv"
	"sort"
	"strings"
	"testing"
)

// spareCIB is a promotable clone with one instance more than nodes, on a
// cluster whose dc-version is 2.1.5: the spare instance's promotion score
// line is one of the things 2.1.8 changed.
const spareCIB = "testdata/promotable-spare.xml"

// TestTargetFromDCVersion: a CIB is planned for the release its
// dc-version names, and every format says so.
func TestTargetFromDCVersion(t *testing.T) {
	code, out, errs := runPCL(t, "plan", spareCIB, "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var doc struct {
		Pacemaker struct {
			Version, Asked, Source string
			Exact                  bool
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if p := doc.Pacemaker; p.Version != "2.1.5" || p.Source != "dc-version" || !p.Exact {
		t.Errorf("plan json pacemaker = %+v", p)
	}
	_, out, _ = runPCL(t, "scores", spareCIB)
	if !strings.HasPrefix(out, "Planned for Pacemaker 2.1.5 (the version the CIB's dc-version names).\n") {
		t.Errorf("scores table does not name the release:\n%s", out)
	}
	_, out, errs = runPCL(t, "scores", spareCIB, "--format", "crm_simulate")
	if !strings.Contains(out, "db:2 promotion score on none: 0") || !strings.Contains(errs, "Planned for Pacemaker 2.1.5") {
		t.Errorf("crm_simulate format for 2.1.5:\n%s\nstderr:\n%s", out, errs)
	}
}

// TestPacemakerFlag: --pacemaker overrides the CIB, changes what is
// planned, and a release pcl does not model exactly says so.
func TestPacemakerFlag(t *testing.T) {
	_, out, errs := runPCL(t, "scores", spareCIB, "--format", "crm_simulate", "--pacemaker", "3.0.1")
	if !strings.Contains(out, "db:2 promotion score (inactive): -INFINITY") || !strings.Contains(out, "pcmk__clone_assign: db-clone") ||
		!strings.Contains(errs, "Planned for Pacemaker 3.0.1 (as --pacemaker asks).") {
		t.Errorf("crm_simulate format for 3.0.1:\n%s\nstderr:\n%s", out, errs)
	}
	_, out, _ = runPCL(t, "plan", spareCIB, "--pacemaker", "1.1.12")
	first, _, _ := strings.Cut(out, "\n")
	for _, want := range []string{"Planned for Pacemaker 2.1.5, the nearest release pcl reproduces exactly to 1.1.12", "may differ"} {
		if !strings.Contains(first, want) {
			t.Errorf("plan for 1.1.12 does not say %q:\n%s", want, first)
		}
	}
	if code, _, errs := runPCL(t, "plan", spareCIB, "--pacemaker", "latest"); code != exitUsage || !strings.Contains(errs, "--pacemaker") {
		t.Errorf("--pacemaker latest: exit %d, %s", code, errs)
	}
}

// TestUpgradeCheck plans the CIB for its release and for 3.0.1 and
// reports the promotion score 2.1.8 changed, with its cause.
func TestUpgradeCheck(t *testing.T) {
	code, out, errs := runPCL(t, "upgrade-check", spareCIB, "--to", "3.0.1")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"Upgrade check of " + spareCIB + ": Pacemaker 2.1.5 -> Pacemaker 3.0.1",
		"nothing in it is removed or renamed",
		"db:2 promotion score: 0 -> -INFINITY",
		"the instance is placed nowhere, which since 2.1.8",
		"2.1.8 changed promotion priority.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("upgrade-check text lacks %q:\n%s", want, out)
		}
	}
	_, out, _ = runPCL(t, "upgrade-check", spareCIB, "--to", "3.0.1", "--format", "json")
	var doc struct {
		Blocking, Differs bool
		Scores            []struct{ Resource, From, To string }
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Blocking || !doc.Differs || len(doc.Scores) != 1 || doc.Scores[0].Resource != "db:2" {
		t.Errorf("upgrade-check json: %s", out)
	}
	if code, _, _ := runPCL(t, "upgrade-check", spareCIB); code != exitUsage {
		t.Errorf("upgrade-check without --to: exit %d", code)
	}
}

// TestNextUnderQuorumLoss: with two of three nodes lost, the cluster
// stops what runs on the node left (no quorum) and cannot fence the lost
// ones, so what runs there stays there (crm_simulate -f n2 -f n3 -q 0
// says Stop a, and Stop b, c blocked). "next" is where each resource runs
// once the transition ran, not where placement put it (issue 21, item 6).
func TestNextUnderQuorumLoss(t *testing.T) {
	code, out, errs := runPCL(t, "plan", "testdata/three-nodes-settled.xml", "--node-fail", "n2", "--node-fail", "n3", "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var doc struct {
		Placement []struct{ Resource, Next, Reason string }
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"fence": "", "a": "", "b": "n2", "c": "n3"}
	for _, p := range doc.Placement {
		if p.Next != want[p.Resource] {
			t.Errorf("%s: next %q, want %q", p.Resource, p.Next, want[p.Resource])
		}
		if p.Next == "" && !strings.Contains(p.Reason, "no quorum") {
			t.Errorf("%s: reason %q does not say it stops for lack of quorum", p.Resource, p.Reason)
		}
	}
}

// TestScoresAndGraphWhatIf: pcl scores and pcl graph transition take the
// what-if flags, as crm_simulate takes its injections: the same lines as
// crm_simulate -f n2 (issue 21, item 19).
func TestScoresAndGraphWhatIf(t *testing.T) {
	sim := testenv.Tool(t, "crm_simulate")
	const cib = "testdata/three-nodes-settled.xml"
	_, out, errs := runPCL(t, "scores", cib, "--node-fail", "n2", "--keep-quorum", "--format", "crm_simulate")
	raw, err := exec.Command(sim, "-x", cib, "-f", "n2", "-sQ").Output()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := sortedLines(out), sortedLines(string(raw)); got != want {
		t.Errorf("scores --node-fail n2:\n%s\nwant (crm_simulate -f n2):\n%s\nstderr: %s", got, want, errs)
	}
	dotPath := filepath.Join(t.TempDir(), "want.dot")
	if err := exec.Command(sim, "-x", cib, "-f", "n2", "-D", dotPath, "-Q").Run(); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(dotPath)
	if err != nil {
		t.Fatal(err)
	}
	_, got, _ := runPCL(t, "graph", "transition", cib, "--node-fail", "n2", "--keep-quorum")
	if sortedLines(got) != sortedLines(string(want)) {
		t.Errorf("graph transition --node-fail n2:\n%s\nwant:\n%s", got, want)
	}
}

// sortedLines is the text's non-blank lines, sorted and without
// duplicates (dot's body is compared so).
func sortedLines(s string) string {
	set := map[string]bool{}
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" {
			set[l] = true
		}
	}
	var out []string
	for l := range set {
		out = append(out, l)
	}
	sort.Strings(out)
	return strings.Join(out, "\n")
}

// TestUpgradeCheckRemovedForms: the forms the new release removes are
// listed at their token with the replacement, for a policy and for a CIB
// (checked as the policy pcl import writes for it), and block the
// upgrade (exit 1).
func TestUpgradeCheckRemovedForms(t *testing.T) {
	code, out, errs := runPCL(t, "upgrade-check", "testdata/upgrade", "--to", "3.0.1")
	if code != exitDiags || !strings.Contains(out, "error testdata/upgrade/policy.pcl:12:25: Removed date field") ||
		!strings.Contains(out, "leave moon out") {
		t.Errorf("policy: exit %d, stderr %q:\n%s", code, errs, out)
	}
	cib := filepath.Join(t.TempDir(), "legacy.xml")
	src, err := os.ReadFile(spareCIB)
	if err != nil {
		t.Fatal(err)
	}
	legacy := strings.Replace(string(src), "<constraints/>",
		`<constraints><rsc_location id="db-master-n1" rsc="db-clone" role="Master" node="n1" score="10"/></constraints>`, 1)
	if err := os.WriteFile(cib, []byte(legacy), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runPCL(t, "upgrade-check", cib, "--to", "3.0.1", "--format", "json")
	var doc struct {
		Blocking  bool
		FormsNote string `json:"forms_note"`
		Forms     []struct{ File, Summary, Detail string }
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if code != exitDiags || !doc.Blocking || len(doc.Forms) == 0 || doc.Forms[0].Summary != "Removed role name" ||
		doc.Forms[0].File != "legacy.pcl" || doc.FormsNote == "" {
		t.Errorf("CIB: exit %d:\n%s", code, out)
	}
}

// TestDiffShowsRoleChanges: a change that only promotes an instance
// where it runs is in the diff's placement list (issue 21, item 19).
func TestDiffShowsRoleChanges(t *testing.T) {
	src, err := os.ReadFile(spareCIB)
	if err != nil {
		t.Fatal(err)
	}
	newCIB := filepath.Join(t.TempDir(), "new.xml")
	promoted := strings.Replace(string(src), "<constraints/>",
		`<constraints><rsc_location id="db-promoted-n2" rsc="db-clone" role="Promoted" node="n2" score="100"/></constraints>`, 1)
	if err := os.WriteFile(newCIB, []byte(promoted), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runPCL(t, "diff", spareCIB, newCIB)
	if code != exitOK || !strings.Contains(out, "db:1: Unpromoted n2 -> Promoted n2") {
		t.Errorf("exit %d, stderr %q:\n%s", code, errs, out)
	}
}

// TestExplainInheritedColocation: planned for 3.0, an instance takes its
// clone's colocation (2.1.7), and the explanation says whose it is.
func TestExplainInheritedColocation(t *testing.T) {
	_, out, errs := runPCL(t, "scores", "testdata/clone-colocated.xml", "--pacemaker", "3.0.1", "--explain", "db:0")
	if !strings.Contains(out, "+100         colocation db-with-vip with vip (db-clone's, which its instances take since 2.1.7)") {
		t.Errorf("stderr %q:\n%s", errs, out)
	}
}
