package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func TestProfilesWritten(t *testing.T) {
	dir := t.TempDir()
	cpu, mem := filepath.Join(dir, "cpu.out"), filepath.Join(dir, "mem.out")
	t.Setenv(envCPUProfile, cpu)
	t.Setenv(envMemProfile, mem)
	var stderr bytes.Buffer
	stop := startProfiles(&stderr)
	run([]string{"version"}, &env{stdout: &bytes.Buffer{}, stderr: &stderr})
	stop()
	if stderr.Len() != 0 {
		t.Fatalf("stderr: %s", stderr.String())
	}
	for _, path := range []string{cpu, mem} {
		if fi, err := os.Stat(path); err != nil || fi.Size() == 0 {
			t.Errorf("%s: not written (%v)", path, err)
		}
	}
}

func TestProfileUnwritable(t *testing.T) {
	t.Setenv(envCPUProfile, filepath.Join(t.TempDir(), "missing", "cpu.out"))
	var stderr bytes.Buffer
	startProfiles(&stderr)()
	if !bytes.Contains(stderr.Bytes(), []byte(envCPUProfile)) {
		t.Fatalf("stderr does not name %s: %q", envCPUProfile, stderr.String())
	}
}
