package main

import (
	"os"
	"runtime/debug"
)

// tuneGC sets the collector for a short-lived command rather than a server:
// collect when the heap has grown fivefold (GOGC=400) instead of doubled,
// but more eagerly again as it nears 768 MiB, so that a large cluster stays
// well under a gibibyte. GOGC and GOMEMLIMIT in the environment win.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(768 << 20)
	}
}
