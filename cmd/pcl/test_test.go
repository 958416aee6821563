package main

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTestExamples: every example that carries assertions passes `pcl
// test`, in each format.
func TestTestExamples(t *testing.T) {
	dirs, _ := filepath.Glob("../../examples/*")
	tested := 0
	for _, dir := range dirs {
		if !hasAssertions(t, dir) {
			continue
		}
		tested++
		for _, format := range []string{"text", "junit", "markdown"} {
			code, out, errs := runPCL(t, "test", dir, "--format", format)
			if code != exitOK {
				t.Errorf("pcl test %s --format %s: exit %d\n%s%s", dir, format, code, out, errs)
			}
			if format == "junit" {
				var doc struct{}
				if err := xml.Unmarshal([]byte(out), &doc); err != nil {
					t.Errorf("pcl test %s --format junit: not XML: %v", dir, err)
				}
			}
		}
	}
	if tested == 0 {
		t.Fatal("no example carries assertions")
	}
	// Against a running cluster's status, the healthy cluster's
	// assertions are kept with the scenarios'.
	code, out, errs := runPCL(t, "test", failoverExample, "--state", failoverLive)
	if code != exitOK || !strings.Contains(out, "healthy cluster: db-on-n3") {
		t.Errorf("pcl test --state: exit %d\n%s%s", code, out, errs)
	}
	// All of them at once, each a policy of its own.
	code, out, errs = runPCL(t, "test", "../../examples/...")
	if code != exitOK || !strings.Contains(out, "all passed") || !strings.Contains(out, "examples/failover/") || !strings.Contains(out, "examples/database/") {
		t.Errorf("pcl test examples/...: exit %d\n%s%s", code, out, errs)
	}
	if code, _, errs := runPCL(t, "test", filepath.Join(t.TempDir(), "...")); code != exitUsage || !strings.Contains(errs, "no directory") {
		t.Errorf("pcl test EMPTY/...: exit %d\n%s", code, errs)
	}
}

func hasAssertions(t *testing.T, dir string) bool {
	files, _ := filepath.Glob(filepath.Join(dir, "*.pcl"))
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(src), "\nassert \"") || strings.Contains(string(src), "  assert \"") {
			return true
		}
	}
	return false
}

// TestTestFails: a failing assertion exits 1 and points at its line;
// diagnostics go to stderr when the report goes to a file.
func TestTestFails(t *testing.T) {
	dir := t.TempDir()
	policy := filepath.Join(dir, "p.pcl")
	src := `properties {
  values = { stonith-enabled = false }
}
node "n1" {}
node "n2" {}
primitive "db" {
  agent = "ocf:heartbeat:Dummy"
}
location "db-on-n1" {
  resource = "db"
  node     = "n1"
  score    = 100
}
assert "db-on-n2" {
  resource = "db"
  runs_on  = ["n2"]
}
`
	if err := os.WriteFile(policy, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runPCL(t, "test", policy)
	if code != exitDiags || !strings.Contains(out, "p.pcl:16:14: runs_on: db is active on n1; expected only on n2") {
		t.Errorf("pcl test: exit %d, want %d, and the failure at p.pcl:16:14:\n%s", code, exitDiags, out)
	}
	report := filepath.Join(dir, "report.xml")
	code, _, errs := runPCL(t, "test", policy, "--format", "junit", "-o", report)
	if code != exitDiags || !strings.Contains(errs, "Assertion failed") {
		t.Errorf("pcl test -o: exit %d, and stderr should hold the failure as a diagnostic:\n%s", code, errs)
	}
	if data, err := os.ReadFile(report); err != nil || !strings.Contains(string(data), `failures="1"`) {
		t.Errorf("report.xml: %v\n%s", err, data)
	}
	if code, _, errs := runPCL(t, "test", policy, "--format", "html"); code != exitUsage || !strings.Contains(errs, "--format") {
		t.Errorf("pcl test --format html: exit %d\n%s", code, errs)
	}
}

// TestPlanOperatorFlags: the operator what-if flags change the plan as
// crm_resource would, and a malformed one is a usage error.
func TestPlanOperatorFlags(t *testing.T) {
	policy := filepath.Join(t.TempDir(), "p.pcl")
	src := `properties {
  values = { stonith-enabled = false }
}
node "n1" {}
node "n2" {}
primitive "db" {
  agent = "ocf:heartbeat:Dummy"
}
location "db-on-n1" {
  resource = "db"
  node     = "n1"
  score    = 100
}
`
	if err := os.WriteFile(policy, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		flags []string
		want  string
	}{
		{[]string{"--move", "db@n2"}, "db"},
		{[]string{"--ban", "db@n1"}, "n2"},
		{[]string{"--disable", "db"}, "No changes"},
		{[]string{"--cluster-maintenance"}, ""},
	} {
		code, out, errs := runPCL(t, append([]string{"plan", policy}, tc.flags...)...)
		if code != exitOK || !strings.Contains(out, tc.want) {
			t.Errorf("pcl plan %s: exit %d\n%s%s", strings.Join(tc.flags, " "), code, out, errs)
		}
	}
	if code, _, errs := runPCL(t, "plan", policy, "--move", "db@"); code != exitUsage || !strings.Contains(errs, "--move") {
		t.Errorf("pcl plan --move db@: exit %d\n%s", code, errs)
	}
	if code, _, errs := runPCL(t, "plan", policy, "--move", "nope@n2"); code != exitUsage || !strings.Contains(errs, "unknown resource") {
		t.Errorf("pcl plan --move nope@n2: exit %d\n%s", code, errs)
	}
}
