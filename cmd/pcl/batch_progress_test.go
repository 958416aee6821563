package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pcl/internal/synth"
	"pcl/planner/batch"
	"pcl/planner/scenario"
)

func TestProgressBar(t *testing.T) {
	base := synth.Generate(synth.Params{Resources: 10, Nodes: 3, Seed: 1})
	var buf bytes.Buffer
	bar := newProgressBar(&buf, time.Nanosecond)
	batch.Run(base, batch.EachNodeDown(base), batch.Options{Workers: 1, Progress: bar.update})
	bar.finish()
	out := buf.String()
	if !strings.Contains(out, "planning [") || !strings.Contains(out, "4/4 scenarios") || !strings.HasSuffix(out, "\r") {
		t.Errorf("progress output %q", out)
	}
	buf.Reset()
	bar = newProgressBar(&buf, 0)
	batch.Run(base, []scenario.Scenario{{Name: "x"}}, batch.Options{Progress: bar.update})
	bar.finish()
	if buf.Len() != 0 {
		t.Errorf("a quick batch draws a progress bar: %q", buf.String())
	}
}

func TestTerminalProgress(t *testing.T) {
	if bar := terminalProgress(&bytes.Buffer{}, 0); bar != nil {
		t.Error("a progress bar on a buffer")
	}
	file, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	if bar := terminalProgress(file, 0); bar != nil {
		t.Error("a progress bar on a regular file")
	}
}
