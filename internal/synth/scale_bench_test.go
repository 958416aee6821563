package synth_test

// Scale benchmarks for the whole pipeline on synthetic clusters (issue 7):
// compile (.pcl -> IR), import (CIB XML -> IR), scores (placement) and
// plan (placement + transition), at 100x8, 1000x16, 2000x32 and 10000x64.
// Inputs are generated into a temporary directory by the benchmark itself
// (synth + emit/cibxml + emit/pclgen), exactly what cmd/pcl-gen writes.
//
//	go test ./internal/synth -run '^$' -bench . -benchmem
//	go test ./internal/synth -run '^$' -bench 'Plan/10000x64' -cpuprofile cpu.out
//
// -short skips 10000x64. BenchmarkClones plans clusters where a fifth of
// the top-level resources are clones (synth.Params.CloneFraction).

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"pcl/compiler"
	"pcl/emit/cibxml"
	"pcl/emit/pclgen"
	"pcl/importer"
	"pcl/internal/synth"
	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner"
)

type scale struct{ resources, nodes int }

func (s scale) String() string { return fmt.Sprintf("%dx%d", s.resources, s.nodes) }

var scales = []scale{{100, 8}, {1000, 16}, {2000, 32}, {10000, 64}}

// fixture is one generated cluster on disk.
type fixture struct {
	xmlPath, pclPath string
	xml              []byte
}

// generate writes cluster.xml and cluster.pcl for s into a temporary
// directory, as cmd/pcl-gen does (the policy carries no status).
func generate(b *testing.B, s scale) fixture {
	b.Helper()
	return generateParams(b, synth.Params{Resources: s.resources, Nodes: s.nodes, Seed: 1})
}

// generateParams writes the cluster of p as generate does.
func generateParams(b *testing.B, p synth.Params) fixture {
	b.Helper()
	cib := synth.Generate(p)
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
	f := fixture{xmlPath: filepath.Join(dir, "cluster.xml"), pclPath: filepath.Join(dir, "cluster.pcl"), xml: xml.Bytes()}
	if err := os.WriteFile(f.xmlPath, f.xml, 0o644); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(f.pclPath, src, 0o644); err != nil {
		b.Fatal(err)
	}
	return f
}

// eachScale runs fn as a sub-benchmark per size, skipping the largest
// under -short.
func eachScale(b *testing.B, fn func(b *testing.B, f fixture)) {
	for _, s := range scales {
		b.Run(s.String(), func(b *testing.B) {
			if testing.Short() && s.resources > 2000 {
				b.Skip("10000x64 skipped under -short")
			}
			f := generate(b, s)
			b.ReportAllocs()
			b.ResetTimer()
			fn(b, f)
		})
	}
}

func importCIB(b *testing.B, f fixture) *ir.CIB {
	cib, diags := importer.Read(f.xmlPath, f.xml)
	if diags.HasErrors() {
		b.Fatal(diags.Error())
	}
	return cib
}

func BenchmarkCompile(b *testing.B) {
	eachScale(b, func(b *testing.B, f fixture) {
		for i := 0; i < b.N; i++ {
			if _, _, diags := compiler.Compile([]string{f.pclPath}, compiler.Options{}); diags.HasErrors() {
				b.Fatal(diags.Error())
			}
		}
	})
}

func BenchmarkImport(b *testing.B) {
	eachScale(b, func(b *testing.B, f fixture) {
		for i := 0; i < b.N; i++ {
			importCIB(b, f)
		}
	})
}

// BenchmarkScores is placement with explanation trails, as `pcl scores`
// computes it, from an imported CIB.
func BenchmarkScores(b *testing.B) {
	eachScale(b, func(b *testing.B, f fixture) {
		cib := importCIB(b, f)
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			planner.Schedule(cib, planner.Options{})
		}
	})
}

// BenchmarkPlan is placement then the transition, as `pcl plan` computes
// it, from an imported CIB.
func BenchmarkPlan(b *testing.B) {
	eachScale(b, func(b *testing.B, f fixture) {
		cib := importCIB(b, f)
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			planner.Schedule(cib, planner.Options{Transition: true})
		}
	})
}

// BenchmarkClones is `pcl scores` and `pcl plan` on clusters with clones
// (a fifth of the top-level resources), at 100x8 and 1000x16.
func BenchmarkClones(b *testing.B) {
	for _, s := range scales[:2] {
		f := generateParams(b, synth.Params{Resources: s.resources, Nodes: s.nodes, Seed: 1, CloneFraction: 0.2})
		for _, transition := range []bool{false, true} {
			name := "Scores/" + s.String()
			if transition {
				name = "Plan/" + s.String()
			}
			b.Run(name, func(b *testing.B) {
				cib := importCIB(b, f)
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					planner.Schedule(cib, planner.Options{Transition: transition})
				}
			})
		}
	}
}

// BenchmarkReleases is `pcl plan` on the same clusters planned for 2.1.5
// and for 3.0 (without and with clones), so that the cost of a release's
// behaviour shows side by side.
func BenchmarkReleases(b *testing.B) {
	s := scales[1]
	for _, clones := range []float64{0, 0.2} {
		f := generateParams(b, synth.Params{Resources: s.resources, Nodes: s.nodes, Seed: 1, CloneFraction: clones})
		for _, v := range []pcmk.Version{pcmk.V2_1_5, pcmk.V3_0_0} {
			name := fmt.Sprintf("%s/clones=%v/%s", s, clones, v)
			b.Run(name, func(b *testing.B) {
				cib := importCIB(b, f)
				opts := planner.Options{Transition: true, Target: pcmk.NewTarget(v, pcmk.FromFlag)}
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					planner.Schedule(cib, opts)
				}
			})
		}
	}
}

// BenchmarkClonesAtScale is `pcl plan` on the clone-heavy cluster issue
// 23 measured: 10,000 resources on 64 nodes, 30 % of the top-level
// resources clones (anonymous, unique and promotable), for 2.1.5 and 3.0.
// Skipped under -short.
//
//	go test ./internal/synth -run '^$' -bench ClonesAtScale -benchtime 1x -cpuprofile cpu.out -memprofile mem.out
func BenchmarkClonesAtScale(b *testing.B) {
	if testing.Short() {
		b.Skip("10000x64 skipped under -short")
	}
	f := generateParams(b, synth.Params{Resources: 10000, Nodes: 64, Seed: 1, CloneFraction: 0.3})
	cib := importCIB(b, f)
	for _, v := range []pcmk.Version{pcmk.V2_1_5, pcmk.V3_0_0} {
		b.Run("Plan/"+v.String(), func(b *testing.B) {
			opts := planner.Options{Transition: true, Target: pcmk.NewTarget(v, pcmk.FromFlag)}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				planner.Schedule(cib, opts)
			}
		})
		// As `pcl plan --format json` and `pcl graph` plan: no score
		// lines and no explanations, which neither prints.
		b.Run("PlanNoScores/"+v.String(), func(b *testing.B) {
			opts := planner.Options{Transition: true, NoScores: true, NoTrail: true, Target: pcmk.NewTarget(v, pcmk.FromFlag)}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				planner.Schedule(cib, opts)
			}
		})
	}
}

// BenchmarkRemoteAtScale is `pcl plan` (placement and transition) of the
// cluster issue 22 sizes: 2,000 resources on 32 cluster nodes and 100
// Pacemaker Remote nodes (synth.Params.RemoteNodes), for 2.1.5 and 3.0,
// end to end: the CIB read from its XML, then scheduled with the
// transition. It reports the process's CPU time per run (cpu-ms/op, the
// garbage collector's included), which a shared machine's wall clock
// does not tell. docs/performance.md has it side by side with
// crm_simulate (`pcl-gen -r 2000 -n 32 --remote-nodes 100` writes the
// same CIB).
//
//	go test ./internal/synth -run '^$' -bench RemoteAtScale -benchtime 4x -cpuprofile cpu.out
func BenchmarkRemoteAtScale(b *testing.B) {
	f := generateParams(b, synth.Params{Resources: 2000, Nodes: 32, RemoteNodes: 100, Seed: 1})
	for _, v := range []pcmk.Version{pcmk.V2_1_5, pcmk.V3_0_0} {
		b.Run("Plan/"+v.String(), func(b *testing.B) {
			opts := planner.Options{Transition: true, Target: pcmk.NewTarget(v, pcmk.FromFlag)}
			b.ReportAllocs()
			b.ResetTimer()
			cpu0 := cpuTime()
			for i := 0; i < b.N; i++ {
				planner.Schedule(importCIB(b, f), opts)
			}
			b.ReportMetric(float64((cpuTime()-cpu0).Milliseconds())/float64(b.N), "cpu-ms/op")
		})
	}
}

// cpuTime is the CPU time (user and system) the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
