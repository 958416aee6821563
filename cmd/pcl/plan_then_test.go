package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPlanThen: --then cuts the what-if flags into steps, each planned
// from the cluster the step before leaves, and the report says whether
// what the first step moved goes back.
func TestPlanThen(t *testing.T) {
	policy := filepath.Join(t.TempDir(), "p.pcl")
	src := `properties {
  values = { stonith-enabled = false }
}
node "n1" {}
node "n2" {}
primitive "db" {
  agent = "ocf:heartbeat:Dummy"
}
primitive "web" {
  agent = "ocf:heartbeat:Dummy"
  meta  = { resource-stickiness = 200 }
}
location "db-on-n1" {
  resource = "db"
  node     = "n1"
  score    = 100
}
location "web-on-n1" {
  resource = "web"
  node     = "n1"
  score    = 100
}
`
	if err := os.WriteFile(policy, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runPCL(t, "plan", policy, "--move", "db@n2", "--move", "web@n2", "--then", "--clear", "db", "--clear", "web")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	for _, want := range []string{
		`Scenario "clear db, clear web" (after "move db to n2, move web to n2")`,
		"move db n2 -> n1",
		"=> db moves back to n1",
		"=> web does not move back to n1: it stays on n2",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
	for _, bad := range []struct {
		args []string
		want string
	}{
		{[]string{"--move", "db@n2", "--then"}, "step 2 of --then has no injection"},
		{[]string{"--then", "--clear", "db"}, "step 1 of --then has no injection"},
		{[]string{"--then=false", "--clear", "db"}, "--then takes no value"},
	} {
		code, _, errs := runPCL(t, append([]string{"plan", policy}, bad.args...)...)
		if code == exitOK || !strings.Contains(errs, bad.want) {
			t.Errorf("pcl plan %s: exit %d, want an error saying %q:\n%s", strings.Join(bad.args, " "), code, bad.want, errs)
		}
	}
}

// TestPlanLifetimePromoted: --lifetime and --promoted qualify the moves
// and bans, and are refused alone or malformed.
func TestPlanLifetimePromoted(t *testing.T) {
	policy := filepath.Join(t.TempDir(), "p.pcl")
	src := `properties {
  values = { stonith-enabled = false }
}
node "n1" {}
node "n2" {}
primitive "db" {
  agent = "ocf:heartbeat:Dummy"
}
`
	if err := os.WriteFile(policy, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runPCL(t, "plan", policy, "--ban", "db@n1", "--lifetime", "PT1H", "--format", "crm_simulate")
	if code != exitOK || !strings.Contains(out, "db") {
		t.Errorf("--ban db@n1 --lifetime PT1H: exit %d\n%s%s", code, out, errs)
	}
	for _, bad := range []struct {
		args []string
		want string
	}{
		{[]string{"--lifetime", "PT1H", "--clear", "db"}, "there is none"},
		{[]string{"--ban", "db@n1", "--lifetime", "P1M"}, "months"},
		{[]string{"--ban", "db@n1", "--lifetime", "1h"}, "ISO 8601"},
	} {
		code, _, errs := runPCL(t, append([]string{"plan", policy}, bad.args...)...)
		if code == exitOK || !strings.Contains(errs, bad.want) {
			t.Errorf("pcl plan %s: exit %d, want an error saying %q:\n%s", strings.Join(bad.args, " "), code, bad.want, errs)
		}
	}
}
