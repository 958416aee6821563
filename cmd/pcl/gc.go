package main

import (
	"os"
	"runtime/debug"
)

// softMemoryLimit is the heap size the collector works to stay under. At
// 768 MiB, an earlier value, a batch or a large plan whose live heap came
// near it spent a third to a half of its CPU collecting. Now that a plan
// lets go of its scheduler and its unused explanations, the every-node-pair
// batch of a 1000 x 16 cluster peaks at about 1.5 GB and the 10000 x 64
// clone cluster's plan at 1.84 GB with 1.75 GiB (2.13 GB with 2 GiB, for
// 0.4 s less); medium clusters never reach it (docs/performance.md, "The
// collector's soft limit" and "One placement").
const softMemoryLimit = 1792 << 20

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
