package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/hcl/v2"

	"pcl/compiler"
)

// TestPrintDiagsLikeHCL checks that printDiags writes what HCL's writer
// writes (with file:line:col leading the summary) for ordinary excerpts.
func TestPrintDiagsLikeHCL(t *testing.T) {
	paths, _ := filepath.Glob("../../compiler/testdata/errors/*.pcl")
	if len(paths) == 0 {
		t.Fatal("no compiler/testdata/errors")
	}
	for _, path := range paths {
		_, files, diags := compiler.Compile([]string{path}, compiler.Options{})
		var got, want bytes.Buffer
		printDiags(&got, files, diags)
		wr := hcl.NewDiagnosticTextWriter(&want, files, diagWidth, false)
		for _, d := range diags {
			located := *d
			if r := d.Subject; r != nil {
				located.Summary = fmt.Sprintf("%s:%d:%d: %s", r.Filename, r.Start.Line, r.Start.Column, d.Summary)
			}
			_ = wr.WriteDiagnostic(&located)
		}
		if got.String() != want.String() {
			t.Errorf("%s: printDiags differs from HCL's writer:\n%s\nwant:\n%s", path, got.String(), want.String())
		}
	}
}

// TestPrintDiagsScales checks that excerpts are cut to a window around the
// column and that 4,000 diagnostics in one file print in linear time
// (HCL's writer took minutes).
func TestPrintDiagsScales(t *testing.T) {
	dir := t.TempDir()
	var src strings.Builder
	src.WriteString("node \"n1\" {}\nprimitive \"big\" {\n  agent = \"" + strings.Repeat("x", 1<<20) + "\"\n}\ngroup \"g\" {\n  members = [\n")
	for i := 0; i < 4000; i++ {
		fmt.Fprintf(&src, "    \"missing%d\",\n", i)
	}
	src.WriteString("  ]\n}\n")
	path := filepath.Join(dir, "gen.pcl")
	if err := os.WriteFile(path, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	_, files, diags := compiler.Compile([]string{path}, compiler.Options{})
	if len(diags) < 4001 {
		t.Fatalf("expected 4,001 diagnostics, got %d", len(diags))
	}
	start := time.Now()
	var out bytes.Buffer
	printDiags(&out, files, diags)
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("printing %d diagnostics took %v", len(diags), d)
	}
	for _, line := range strings.Split(out.String(), "\n") {
		if len(line) > 4*excerptWidth {
			t.Fatalf("a line of %d bytes was printed: %.100s...", len(line), line)
		}
	}
	if n := strings.Count(out.String(), "Unknown resource"); n != 4000 {
		t.Errorf("%d Unknown resource errors printed, want 4000", n)
	}
}
