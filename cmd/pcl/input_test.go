package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A scheduler input (pe-input-N.bz2) is read as the CIB it compresses, by
// every command, and never as .pcl.
func TestSchedulerInputIsACIB(t *testing.T) {
	plain := filepath.Join("testdata", "three-nodes-settled.xml")
	packed := filepath.Join("testdata", "pe-input-7.bz2")
	for _, args := range [][]string{
		{"scores"},
		{"plan"},
		{"import"},
		{"check"},
	} {
		wantCode, want, _ := runPCLForImport(append(args, plain)...)
		code, got, errOut := runPCLForImport(append(args, packed)...)
		if code != wantCode {
			t.Errorf("pcl %s pe-input-7.bz2 exited %d, the .xml %d: %s", args[0], code, wantCode, errOut)
			continue
		}
		if args[0] == "import" {
			// The import names its source.
			got = strings.ReplaceAll(got, "pe-input-7.bz2", "three-nodes-settled.xml")
		}
		if got != want {
			t.Errorf("pcl %s: the .bz2 input gives\n%s\nthe .xml\n%s", args[0], got, want)
		}
	}
}

func TestSchedulerInputRaw(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join("testdata", "three-nodes-settled.xml"))
	if err != nil {
		t.Fatal(err)
	}
	// A raw input (compression off) has no .xml suffix either.
	raw := filepath.Join(dir, "pe-warn-3")
	if err := os.WriteFile(raw, src, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runPCLForImport("scores", raw); code != exitOK {
		t.Errorf("pcl scores pe-warn-3 exited %d: %s", code, errOut)
	}
}

// A CIB given with policy files is refused as such, not parsed as .pcl.
func TestCIBAmongPolicyFiles(t *testing.T) {
	policy := onePolicy(t, emptyPolicy)
	for _, cib := range []string{filepath.Join("testdata", "pe-input-7.bz2"), filepath.Join("testdata", "three-nodes-settled.xml")} {
		code, _, errOut := runPCLForImport("check", policy, cib)
		if code != exitDiags || !strings.Contains(errOut, "A CIB among policy files") || strings.Contains(errOut, "Unsupported operator") {
			t.Errorf("pcl check POLICY %s: exit %d\n%s", cib, code, errOut)
		}
	}
}
