package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUsageErrors checks that every usage error says what is wrong on
// stderr and exits 2.
func TestUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"compile", "--bogus", "x.pcl"}, []string{"unknown flag: --bogus", "usage: pcl compile", "--help"}},
		{[]string{"compile", "x.pcl", "-o"}, []string{"flag needs an argument", "usage: pcl compile"}},
		{[]string{"scores", "--format"}, []string{"flag needs an argument", "usage: pcl scores"}},
		{[]string{"graph", "pie", "x.pcl"}, []string{`"pie"`, "transition and constraints"}},
		{[]string{"graph"}, []string{"transition or constraints"}},
		{[]string{"plan", "--now", "", "x.pcl"}, []string{"--now: the date is empty"}},
		{[]string{"scores", "--now=", "x.pcl"}, []string{"--now: the date is empty"}},
		{[]string{"graph", "transition", "--now", " ", "x.pcl"}, []string{"--now: the date is empty"}},
	} {
		code, _, stderr := runPCL(t, tc.args...)
		if code != exitUsage {
			t.Errorf("pcl %s: exit %d, want %d", strings.Join(tc.args, " "), code, exitUsage)
		}
		for _, w := range tc.want {
			if !strings.Contains(stderr, w) {
				t.Errorf("pcl %s: stderr does not say %q:\n%s", strings.Join(tc.args, " "), w, stderr)
			}
		}
	}
}

// TestOutputMissingDirectory checks that -o into a missing directory names
// the directory the user gave, not a temporary file.
func TestOutputMissingDirectory(t *testing.T) {
	policy := filepath.Join(t.TempDir(), "p.pcl")
	if err := os.WriteFile(policy, []byte(goodPolicy), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "missing", "cib.xml")
	code, _, stderr := runPCL(t, "compile", policy, "-o", out)
	if code == exitOK {
		t.Fatal("compile into a missing directory succeeded")
	}
	if !strings.Contains(stderr, filepath.Dir(out)+" does not exist") || strings.Contains(stderr, ".tmp-") {
		t.Errorf("the error should name the missing directory, not a temporary file:\n%s", stderr)
	}
}

// TestHelpAndVersion: asked-for help and the version are the output, on
// stdout, with exit 0; the version names the Pacemaker releases modelled.
func TestHelpAndVersion(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"help"}, {"plan", "--help"}, {"compile", "-h"}} {
		code, out, errs := runPCL(t, args...)
		if code != exitOK || !strings.Contains(out, "usage: pcl") || errs != "" {
			t.Errorf("pcl %s: exit %d, stdout %q, stderr %q", strings.Join(args, " "), code, out, errs)
		}
	}
	code, out, _ := runPCL(t, "--version")
	if code != exitOK || !strings.HasPrefix(out, "pcl ") || !strings.Contains(out, "2.1.5 and 3.0") {
		t.Errorf("pcl --version: exit %d:\n%s", code, out)
	}
	if code, _, errs := runPCL(t); code != exitUsage || !strings.Contains(errs, "usage: pcl") {
		t.Errorf("pcl without a command: exit %d, stderr %q", code, errs)
	}
}
