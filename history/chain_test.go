package history_test

import (
	"testing"
	"time"

	"pcl/history"
	"pcl/internal/chain"
)

// chainStart is when the first input of a chain was scheduled.
var chainStart = time.Date(2026, 11, 26, 3, 0, 0, 0, time.UTC)

// failoverChain is the inputs of chain.Failover, pe-input-40 to 40+n:
// the first n events.
func failoverChain(t testing.TB, n int) []history.File {
	t.Helper()
	base, err := chain.FailoverBase()
	if err != nil {
		t.Fatal(err)
	}
	files, err := chain.Build(base, chain.Failover()[:n], chainStart, 40)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]history.File, len(files))
	for i, f := range files {
		out[i] = history.File{Name: f.Name, Source: f.Source}
	}
	return out
}
