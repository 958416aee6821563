package main

// End-to-end benchmarks of the commands scripts/bench-vs-crm-simulate
// times (input read, computation and output rendering included), on the
// synthetic clusters of cmd/pcl-gen. See docs/performance.md.
//
//	go test ./cmd/pcl -run '^$' -bench 'CLI' -benchmem

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"pcl/emit/cibxml"
	"pcl/emit/pclgen"
	"pcl/internal/synth"
)

func writeSynth(b *testing.B, r, n int) (xmlPath, pclPath string) {
	b.Helper()
	cib := synth.Generate(synth.Params{Resources: r, Nodes: n, Seed: 1})
	var xml bytes.Buffer
	if err := cibxml.Write(&xml, cib); err != nil {
		b.Fatal(err)
	}
	policy := *cib
	policy.Status = nil
	src, err := pclgen.Write(&policy)
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	xmlPath, pclPath = filepath.Join(dir, "cluster.xml"), filepath.Join(dir, "cluster.pcl")
	if err := os.WriteFile(xmlPath, xml.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(pclPath, src, 0o644); err != nil {
		b.Fatal(err)
	}
	return xmlPath, pclPath
}

func BenchmarkCLI(b *testing.B) {
	for _, s := range []struct{ r, n int }{{100, 8}, {1000, 16}, {2000, 32}, {10000, 64}} {
		size := fmt.Sprintf("%dx%d", s.r, s.n)
		if testing.Short() && s.r > 2000 {
			continue
		}
		xmlPath, pclPath := writeSynth(b, s.r, s.n)
		for _, c := range []struct {
			name string
			args []string
		}{
			{"compile", []string{"compile", pclPath}},
			{"scores", []string{"scores", "--format", "crm_simulate", xmlPath}},
			{"plan", []string{"plan", xmlPath}},
			{"plan-json", []string{"plan", "--format", "json", xmlPath}},
		} {
			b.Run(c.name+"/"+size, func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					if code := run(c.args, &env{stdout: io.Discard, stderr: io.Discard}); code != 0 {
						b.Fatalf("pcl %v: exit %d", c.args, code)
					}
				}
			})
		}
	}
}
