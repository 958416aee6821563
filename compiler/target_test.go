package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pcl/pcmk"
)

func writePolicy(t *testing.T, src string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "p.pcl")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestTargetChoice: the flag wins over the policy's pacemaker setting,
// which wins over the default; the result says what was asked and what
// was compiled for, and the <cib> attributes follow the release.
func TestTargetChoice(t *testing.T) {
	with30 := writePolicy(t, "cib {\n  pacemaker = \"3.0.1\"\n}\nnode \"n1\" {}\n")
	plain := writePolicy(t, "node \"n1\" {}\n")
	flag215 := pcmk.NewTarget(pcmk.V2_1_5, pcmk.FromFlag)
	for _, c := range []struct {
		name       string
		path       string
		given      pcmk.Target
		wantTarget pcmk.Version
		wantSource pcmk.VersionSource
		wantAsked  pcmk.Version
		wantSchema string
	}{
		{"default", plain, pcmk.Target{}, pcmk.V2_1_5, pcmk.FromDefault, pcmk.Version{}, "pacemaker-3.7"},
		{"policy", with30, pcmk.Target{}, pcmk.Version{Major: 3, Minor: 0, Patch: 1}, pcmk.FromPolicy, pcmk.Version{Major: 3, Minor: 0, Patch: 1}, "pacemaker-4.0"},
		{"default yields", with30, pcmk.DefaultTarget(), pcmk.Version{Major: 3, Minor: 0, Patch: 1}, pcmk.FromPolicy, pcmk.Version{Major: 3, Minor: 0, Patch: 1}, "pacemaker-4.0"},
		{"flag wins", with30, flag215, pcmk.V2_1_5, pcmk.FromFlag, pcmk.Version{Major: 3, Minor: 0, Patch: 1}, "pacemaker-3.7"},
		{"flag alone", plain, pcmk.NewTarget(pcmk.V3_0_0, pcmk.FromFlag), pcmk.V3_0_0, pcmk.FromFlag, pcmk.Version{}, "pacemaker-4.0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cib, _, diags := Compile([]string{c.path}, Options{Target: c.given})
			if diags.HasErrors() {
				t.Fatal(diags.Error())
			}
			if cib.Target.Version != c.wantTarget || cib.Target.Source != c.wantSource {
				t.Errorf("target %+v, want %s from %s", cib.Target, c.wantTarget, c.wantSource)
			}
			if cib.Pacemaker != c.wantAsked {
				t.Errorf("policy asks %s, want %s", cib.Pacemaker, c.wantAsked)
			}
			if got := attrValue(cib.Attrs, "validate-with"); got != c.wantSchema {
				t.Errorf("validate-with %q, want %q", got, c.wantSchema)
			}
			if !c.wantAsked.IsZero() && cib.PacemakerRange.Start.Line != 2 {
				t.Errorf("pacemaker range %v, want line 2", cib.PacemakerRange)
			}
		})
	}
}

// TestUpgradeCheck lists the removed forms of a policy written for 2.1.5
// when it moves to 3.0, in source order, whatever the policy asks.
func TestUpgradeCheck(t *testing.T) {
	path := writePolicy(t, `cib {
  pacemaker = "2.1.5"
}
node "n1" {}
properties {
  values = { crmd-transition-delay = "5s" }
}
primitive "a" {
  agent = "upstart:job"
}
location "l" {
  resource = "a"
  node     = "n1"
  role     = "Slave"
  score    = 10
}
`)
	if _, _, diags := Compile([]string{path}, Options{}); diags.HasErrors() {
		t.Fatalf("compiles for 2.1.5: %s", diags.Error())
	}
	removals, _, diags := UpgradeCheck([]string{path}, Options{}, pcmk.NewTarget(pcmk.V3_0_0, pcmk.FromFlag))
	if diags.HasErrors() {
		t.Fatal(diags.Error())
	}
	var got []string
	for _, r := range removals {
		got = append(got, r.Form+"@"+r.Since.String())
		if r.Diagnostic.Subject == nil || !strings.HasSuffix(r.Diagnostic.Detail, ".") {
			t.Errorf("%s: no range or no sentence: %+v", r.Form, r.Diagnostic)
		}
	}
	want := "removed cluster option@3.0.0 nagios or upstart agent class@3.0.0 legacy role name@3.0.0"
	if strings.Join(got, " ") != want {
		t.Errorf("removals %q, want %q", strings.Join(got, " "), want)
	}
}

// TestNoQuorumFence: no-quorum-policy = "fence" is refused before 2.1.9
// and taken from it, whatever table the release's options come from.
func TestNoQuorumFence(t *testing.T) {
	for _, c := range []struct {
		release string
		ok      bool
	}{{"2.1.5", false}, {"2.1.8", false}, {"2.1.9", true}, {"3.0.0", true}} {
		path := writePolicy(t, "cib {\n  pacemaker = \""+c.release+"\"\n}\nnode \"n1\" {}\nproperties {\n  values = { no-quorum-policy = \"fence\" }\n}\n")
		_, _, diags := Compile([]string{path}, Options{})
		if diags.HasErrors() == c.ok {
			t.Errorf("%s: errors %v, want ok=%v", c.release, diags, c.ok)
		}
	}
}

// TestDeprecatedFencingNameChecked: from 3.0.2 an old stonith-* name is
// deprecated, and its value is still checked (as the new name's).
func TestDeprecatedFencingNameChecked(t *testing.T) {
	path := writePolicy(t, "cib {\n  pacemaker = \"3.0.2\"\n}\nnode \"n1\" {}\nproperties {\n  values = { stonith-action = \"Off\" }\n}\n")
	_, _, diags := Compile([]string{path}, Options{})
	var got []string
	for _, d := range diags {
		got = append(got, d.Summary)
	}
	if strings.Join(got, "; ") != "Deprecated cluster option; Invalid cluster option" && strings.Join(got, "; ") != "Invalid cluster option; Deprecated cluster option" {
		t.Errorf("diagnostics %q, want a deprecation and an invalid value", got)
	}
}
