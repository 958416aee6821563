package compiler

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hashicorp/hcl/v2"
	"golang.org/x/tools/txtar"

	"pcl/dsl"
	"pcl/emit/cibxml"
)

// FuzzCompile runs every pass on arbitrary source: bad input must give
// diagnostics, never a panic, and a CIB that compiles must be writable.
// Seeds: testdata/fuzz/FuzzCompile plus every example and golden policy.
func FuzzCompile(f *testing.F) {
	seeds, _ := filepath.Glob("../examples/*/*.pcl")
	errs, _ := filepath.Glob("testdata/errors/*.pcl")
	for _, p := range append(seeds, errs...) {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src)
		}
	}
	goldens, _ := filepath.Glob("testdata/golden/*.txtar")
	for _, p := range goldens {
		if ar, err := txtar.ParseFile(p); err == nil {
			for _, file := range ar.Files {
				if filepath.Ext(file.Name) == ".pcl" {
					f.Add(file.Data)
				}
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		// A hang is a failure too: report the input instead of stalling.
		done := make(chan struct{})
		defer close(done)
		go func() {
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				panic(fmt.Sprintf("compiling took more than 5s:\n%s", src))
			}
		}()
		file, diags := dsl.Parse(src, "fuzz.pcl")
		if diags.HasErrors() {
			return
		}
		files := map[string]*hcl.File{"fuzz.pcl": file.HCL}
		cib, cdiags := compilePolicy(&dsl.Policy{Files: []*dsl.File{file}}, files, Options{})
		if cdiags.HasErrors() != (cib == nil) {
			t.Fatalf("cib is nil: %v, errors: %v", cib == nil, cdiags.HasErrors())
		}
		for _, d := range cdiags {
			if d.Subject == nil {
				t.Fatalf("diagnostic without range: %s: %s", d.Summary, d.Detail)
			}
		}
		if cib != nil {
			var buf bytes.Buffer
			if err := cibxml.Write(&buf, cib); err != nil {
				t.Fatalf("cannot write compiled CIB: %v", err)
			}
		}
	})
}
