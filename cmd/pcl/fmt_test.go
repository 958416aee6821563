package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFmt(t *testing.T) {
	dir := t.TempDir()
	ugly := filepath.Join(dir, "a.pcl")
	os.WriteFile(ugly, []byte("primitive \"web\" {\nagent=\"ocf:heartbeat:apache\"\n    params = { a = 1 }\n}\n"), 0o644)

	code, stdout, _ := runPCL(t, "fmt", "--check", dir)
	if code != exitDiags || strings.TrimSpace(stdout) != ugly {
		t.Fatalf("--check: exit %d, listed %q", code, stdout)
	}
	if code, _, stderr := runPCL(t, "fmt", "-w", dir); code != exitOK {
		t.Fatalf("-w: exit %d\n%s", code, stderr)
	}
	once, _ := os.ReadFile(ugly)
	if !strings.Contains(string(once), "  agent  = \"ocf:heartbeat:apache\"\n") {
		t.Errorf("not formatted:\n%s", once)
	}
	if code, stdout, _ := runPCL(t, "fmt", "--check", dir); code != exitOK || stdout != "" {
		t.Errorf("formatted file still listed: exit %d %q", code, stdout)
	}
	// Idempotent: formatting formatted text changes nothing.
	code, stdout, _ = runPCL(t, "fmt", ugly)
	if code != exitOK || stdout != string(once) {
		t.Errorf("fmt is not idempotent:\n%s\nthen\n%s", once, stdout)
	}
}

func TestFmtRefusesSyntaxErrors(t *testing.T) {
	dir := t.TempDir()
	broken := filepath.Join(dir, "broken.pcl")
	src := "primitive \"web\" {\n  agent = \n"
	os.WriteFile(broken, []byte(src), 0o644)
	code, _, stderr := runPCL(t, "fmt", "-w", broken)
	if code != exitDiags || !strings.Contains(stderr, "broken.pcl") {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if after, _ := os.ReadFile(broken); string(after) != src {
		t.Error("fmt rewrote a file with syntax errors")
	}
}
