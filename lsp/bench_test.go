package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"
	"time"

	"pcl/emit/pclgen"
	"pcl/internal/synth"
)

// largePolicy writes a 1,000-resource policy (groups, locations, rules,
// colocations, orders) into dir and returns its text.
func largePolicy(tb testing.TB, dir string) string {
	tb.Helper()
	cib := synth.Generate(synth.Params{Resources: 1000, Nodes: 16, Seed: 1}.Defaults())
	cib.Status = nil
	src, err := pclgen.Write(cib)
	if err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "policy.pcl"), src, 0o644); err != nil {
		tb.Fatal(err)
	}
	return string(src)
}

// BenchmarkDiagnosticsAfterEdit measures, for a 1,000-resource policy,
// the time from an edit (an incremental didChange, as editors send) to
// its diagnostics published: the
// whole policy compiled again with the buffer overlaid (the debounce set
// to nothing, so the time is the server's own). The plan that follows
// runs on its own goroutine and delays nothing.
func BenchmarkDiagnosticsAfterEdit(b *testing.B) {
	dir, _ := filepath.EvalSymlinks(b.TempDir())
	text := largePolicy(b, dir)
	c := newClient(b, dir, Options{Debounce: time.Nanosecond, PlanDelay: 500 * time.Millisecond})
	c.open("policy.pcl", text)
	c.waitPublished("policy.pcl")
	defer debug.SetGCPercent(debug.SetGCPercent(400)) // as pcl lsp runs (cmd/pcl's tuneGC)
	b.ReportMetric(float64(len(text)), "policy-bytes")
	cpu0 := cpuTime()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.insert("policy.pcl", 0, 0, fmt.Sprintf("# edit %d\n", i))
		c.waitPublished("policy.pcl")
	}
	b.StopTimer()
	// The machine may be shared: the CPU time the process spent per edit
	// says what an edit costs when the wall clock includes waiting.
	b.ReportMetric(float64((cpuTime()-cpu0).Milliseconds())/float64(b.N), "cpu-ms/op")
}

// cpuTime is the CPU time (user and system) of the process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkDiagnosticsAfterEditSplit is BenchmarkDiagnosticsAfterEdit
// with the policy in ten files, as a policy that large is written: the
// files not edited are not parsed again.
func BenchmarkDiagnosticsAfterEditSplit(b *testing.B) {
	dir, _ := filepath.EvalSymlinks(b.TempDir())
	text := largePolicy(b, dir)
	os.Remove(filepath.Join(dir, "policy.pcl"))
	parts := splitPolicy(text, 10)
	for i, part := range parts {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("part%02d.pcl", i)), []byte(part), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	c := newClient(b, dir, Options{Debounce: time.Nanosecond, PlanDelay: 500 * time.Millisecond})
	c.open("part05.pcl", parts[5])
	c.waitPublished("part05.pcl")
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	cpu0 := cpuTime()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.insert("part05.pcl", 0, 0, fmt.Sprintf("# edit %d\n", i))
		c.waitPublished("part05.pcl")
	}
	b.StopTimer()
	b.ReportMetric(float64((cpuTime()-cpu0).Milliseconds())/float64(b.N), "cpu-ms/op")
}

// splitPolicy cuts a policy into n parts of about the same size, between
// top-level items (lines that begin with a letter).
func splitPolicy(text string, n int) []string {
	var parts []string
	size := len(text)/n + 1
	start := 0
	for i := 0; i < len(text); {
		j := strings.IndexByte(text[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		if i-start >= size && i < len(text) && ('a' <= text[i] && text[i] <= 'z') {
			parts = append(parts, text[start:i])
			start = i
		}
	}
	return append(parts, text[start:])
}

// TestLargePolicyEdit checks, on the benchmark's policy, that an edit
// making an error is reported and hover answers while the plan runs.
func TestLargePolicyEdit(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	dir, _ := filepath.EvalSymlinks(t.TempDir())
	text := largePolicy(t, dir)
	c := newClient(t, dir, Options{Debounce: time.Nanosecond, PlanWait: time.Millisecond})
	c.open("policy.pcl", text)
	c.waitPublished("policy.pcl")
	broken := strings.Replace(text, "primitive \"", "primitiv \"", 1)
	c.change("policy.pcl", broken)
	c.waitPublished("policy.pcl")
	c.mu.Lock()
	got := string(c.diags[c.uri("policy.pcl")])
	c.mu.Unlock()
	if !strings.Contains(got, "primitiv") {
		t.Errorf("the edit's error is not reported: %s", got)
	}
}

// BenchmarkCompletionLargePolicy measures a completion request (a
// reference, which lists the policy's names) on the 1,000-resource
// policy while it is being edited: the index of the edited file is made
// again, the others' are kept.
func BenchmarkCompletionLargePolicy(b *testing.B) {
	dir, _ := filepath.EvalSymlinks(b.TempDir())
	text := largePolicy(b, dir)
	c := newClient(b, dir, Options{Debounce: time.Hour})
	c.open("policy.pcl", text+"\nlocation \"bench\" {\n  resource = \n}\n")
	line := strings.Count(text, "\n") + 2
	params := map[string]any{"textDocument": map[string]any{"uri": c.uri("policy.pcl")},
		"position": map[string]any{"line": line, "character": 13}}
	var res any
	c.call("textDocument/completion", params, &res) // the index made once
	cpu0 := cpuTime()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.call("textDocument/completion", params, &res)
	}
	b.StopTimer()
	b.ReportMetric(float64((cpuTime()-cpu0).Milliseconds())/float64(b.N), "cpu-ms/op")
}
