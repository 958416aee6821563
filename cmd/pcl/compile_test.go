package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pcl/internal/testenv"
)

func runPCL(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, &env{stdout: &out, stderr: &errb})
	return code, out.String(), errb.String()
}

// noFencing lets a test policy without a fencing device compile: pcl
// compile refuses one with fencing enabled, as crm_verify does.
const noFencing = `
properties {
  values = { stonith-enabled = false }
}
`

const goodPolicy = `primitive "web" {
  agent = "ocf:heartbeat:apache"
}
` + noFencing

func TestCompileWritesAtomically(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.pcl")
	bad := filepath.Join(dir, "bad.pcl")
	out := filepath.Join(dir, "cib.xml")
	os.WriteFile(good, []byte(goodPolicy), 0o644)
	os.WriteFile(bad, []byte("primitive \"web\" {\n  agent = 42\n}\n"), 0o644)

	if code, _, stderr := runPCL(t, "compile", good, "-o", out); code != exitOK {
		t.Fatalf("compile good: exit %d\n%s", code, stderr)
	}
	first, _ := os.ReadFile(out)
	if !bytes.Contains(first, []byte(`<primitive id="web"`)) {
		t.Fatalf("unexpected output:\n%s", first)
	}
	code, _, stderr := runPCL(t, "compile", bad, "-o", out)
	if code != exitDiags || !strings.Contains(stderr, "Invalid agent") {
		t.Fatalf("compile bad: exit %d\n%s", code, stderr)
	}
	after, _ := os.ReadFile(out)
	if !bytes.Equal(first, after) {
		t.Error("a failed compile changed the output file")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 3 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

func TestCompileVar(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "p.pcl")
	os.WriteFile(p, []byte(`variable "ip" {}
primitive "vip" {
  agent  = "ocf:heartbeat:IPaddr2"
  params = { ip = var.ip }
}
`+noFencing), 0o644)
	code, stdout, stderr := runPCL(t, "compile", p, "--var", "ip=192.0.2.7")
	if code != exitOK || !strings.Contains(stdout, `value="192.0.2.7"`) {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	if code, _, _ := runPCL(t, "compile", p); code != exitDiags {
		t.Errorf("a variable without value should fail, got exit %d", code)
	}
	if code, _, _ := runPCL(t, "compile", p, "--var", "novalue"); code != exitUsage {
		t.Errorf("--var without = should be a usage error, got exit %d", code)
	}
}

// TestCompileRequiresFencing checks that compile and check refuse what
// crm_verify refuses for want of a fencing device, and that a stonith
// agent satisfies them.
func TestCompileRequiresFencing(t *testing.T) {
	dir := t.TempDir()
	bare := filepath.Join(dir, "bare.pcl")
	os.WriteFile(bare, []byte("node \"n1\" {}\nprimitive \"web\" {\n  agent = \"ocf:heartbeat:apache\"\n}\n"), 0o644)
	for _, cmd := range []string{"compile", "check"} {
		code, _, stderr := runPCL(t, cmd, bare)
		if code != exitDiags || !strings.Contains(stderr, "bare.pcl:2:11: No fencing device") {
			t.Errorf("pcl %s without a fencing device: exit %d\n%s", cmd, code, stderr)
		}
	}
	fenced := filepath.Join(t.TempDir(), "fenced.pcl")
	os.WriteFile(fenced, []byte("node \"n1\" {}\nprimitive \"fence\" {\n  agent = \"stonith:fence_xvm\"\n}\n"), 0o644)
	if code, _, stderr := runPCL(t, "compile", fenced); code != exitOK {
		t.Errorf("pcl compile with a fencing device: exit %d\n%s", code, stderr)
	}
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "p.pcl")
	os.WriteFile(p, []byte(`primitive "web" {
  agent = "ocf:heartbeat:apache"
  meta  = { target-rol = "Started" }
}
`+noFencing), 0o644)
	code, _, stderr := runPCL(t, "check", p)
	if code != exitOK || !strings.Contains(stderr, `did you mean "target-role"`) {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	os.WriteFile(p, []byte("location \"x\" {\n  resource = \"nope\"\n  node = \"n\"\n  score = 1\n}\n"), 0o644)
	if code, _, stderr := runPCL(t, "check", p); code != exitDiags || !strings.Contains(stderr, "Unknown resource") {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
}

// TestCheckSavesAgentMetadata checks that pcl check, where the agents are
// installed, saves their metadata with --agent-metadata, and that the
// saved metadata alone then checks the policy.
func TestCheckSavesAgentMetadata(t *testing.T) {
	testenv.Tool(t, "crm_resource")
	if _, err := os.Stat("/usr/lib/ocf/resource.d/heartbeat/IPaddr2"); err != nil {
		t.Skip("resource-agents is not installed")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "p.pcl")
	os.WriteFile(p, []byte(`primitive "vip" {
  agent  = "ocf:heartbeat:IPaddr2"
  params = { ipp = "192.0.2.1" }
}
`+noFencing), 0o644)
	saved := filepath.Join(dir, "agents")
	// The agents installed here may not be the cluster's: a missing
	// required parameter is a warning, an error with --strict-agents.
	code, _, stderr := runPCL(t, "check", "--agent-metadata", saved, p)
	if code != exitOK || !strings.Contains(stderr, `did you mean "ip"?`) || !strings.Contains(stderr, "Warning: "+p+":1:1: Missing agent parameter") {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	code, _, stderr = runPCL(t, "check", "--strict-agents", "--agent-metadata", saved, p)
	if code != exitDiags || !strings.Contains(stderr, "Error: "+p+":1:1: Missing agent parameter") {
		t.Fatalf("--strict-agents: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(saved, "ocf_heartbeat_IPaddr2.xml")); err != nil {
		t.Errorf("metadata not saved: %v", err)
	}
}

// TestIntervalWithSpelledUnits: Pacemaker reads "10 secs" and "1 minute"
// by how their units start (crm_get_msec), as 10 s and 60 s; pcl compiles
// them without a word and derives an id without the space (issue 21,
// item 10).
func TestIntervalWithSpelledUnits(t *testing.T) {
	policy := filepath.Join(t.TempDir(), "p.pcl")
	src := `primitive "web" {
  agent = "ocf:pacemaker:Dummy"
  op "monitor" {
    interval = "10 secs"
    timeout  = "1 minute"
  }
}
` + noFencing
	if err := os.WriteFile(policy, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runPCL(t, "compile", policy)
	if code != exitOK || errs != "" || !strings.Contains(out, `id="web-monitor-10secs"`) {
		t.Errorf("exit %d, stderr %q:\n%s", code, errs, out)
	}
}
