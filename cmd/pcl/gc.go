package main

import (
	"os"
	"runtime/debug"
)

// softMemoryLimit is the heap size the collector works to stay under. At
// 768 MiB, its former value, a batch or a large plan whose live heap came
// near it spent a third to a half of its CPU collecting; at 2 GiB the
// every-node-pair batch of a 1000 x 16 cluster takes 40 % less time for
// 0.6 GB more, and medium clusters' plans peak as before
// (docs/performance.md, "The collector's soft limit").
const softMemoryLimit = 2 << 30

// tuneGC sets the collector for a short-lived command rather than a server:
// collect when the heap has grown fivefold (GOGC=400) instead of doubled,
// but more eagerly again as it nears softMemoryLimit. GOGC and GOMEMLIMIT
// in the environment win.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(softMemoryLimit)
	}
}
