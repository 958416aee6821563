package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
)

// Environment variables that profile one run of pcl, for an admin whose
// cluster plans slowly to send along with the report (read with `go tool
// pprof`). They are environment variables rather than flags so that every
// subcommand has them without declaring them.
const (
	envCPUProfile = "PCL_CPUPROFILE"
	envMemProfile = "PCL_MEMPROFILE"
)

// startProfiles starts the CPU profile PCL_CPUPROFILE names, if any, and
// returns what stops it and writes the heap profile PCL_MEMPROFILE names.
// A profile that cannot be written is reported on stderr and does not
// change the command's outcome.
func startProfiles(stderr io.Writer) (stop func()) {
	var cpu *os.File
	if path := os.Getenv(envCPUProfile); path != "" {
		f, err := os.Create(path)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintf(stderr, "pcl: %s: %v\n", envCPUProfile, err)
		} else {
			cpu = f
		}
	}
	return func() {
		if cpu != nil {
			pprof.StopCPUProfile()
			if err := cpu.Close(); err != nil {
				fmt.Fprintf(stderr, "pcl: %s: %v\n", envCPUProfile, err)
			}
		}
		if path := os.Getenv(envMemProfile); path != "" {
			if err := writeHeapProfile(path); err != nil {
				fmt.Fprintf(stderr, "pcl: %s: %v\n", envMemProfile, err)
			}
		}
	}
}

// writeHeapProfile writes the allocations of the whole run (pprof's
// alloc_space and inuse_space views both come from it).
func writeHeapProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	runtime.GC() // the live heap as of the end of the run
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
