package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/hashicorp/hcl/v2"
	"github.com/spf13/pflag"

	"pcl/dsl"
)

func init() {
	register(command{
		name:    "fmt",
		usage:   "[-w] [--check] PATH...",
		summary: "format .pcl files canonically",
		setup: func(fs *pflag.FlagSet) func(*env, []string) int {
			write := fs.BoolP("write", "w", false, "rewrite the files in place instead of printing them")
			check := fs.Bool("check", false, "list files that are not formatted and exit 1 if any; change nothing")
			return func(e *env, args []string) int {
				if len(args) == 0 {
					fmt.Fprintln(e.stderr, "pcl fmt: expected at least one .pcl file or directory")
					return exitUsage
				}
				return runFmt(e, args, *write, *check)
			}
		},
	})
}

// fmtFiles expands directories into their *.pcl files, sorted.
func fmtFiles(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			out = append(out, p)
			continue
		}
		m, err := filepath.Glob(filepath.Join(p, "*.pcl"))
		if err != nil {
			return nil, err
		}
		sort.Strings(m)
		out = append(out, m...)
	}
	return out, nil
}

func runFmt(e *env, paths []string, write, check bool) int {
	names, err := fmtFiles(paths)
	if err != nil {
		fmt.Fprintf(e.stderr, "pcl fmt: %v\n", err)
		return exitDiags
	}
	status := exitOK
	for _, name := range names {
		src, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintf(e.stderr, "pcl fmt: %v\n", err)
			status = exitDiags
			continue
		}
		out, hf, diags := dsl.Format(src, name)
		if diags.HasErrors() {
			printDiags(e.stderr, map[string]*hcl.File{name: hf}, diags)
			status = exitDiags
			continue
		}
		switch {
		case check:
			if !bytes.Equal(out, src) {
				fmt.Fprintln(e.stdout, name)
				status = exitDiags
			}
		case write:
			if !bytes.Equal(out, src) {
				if err := writeOutput(e, name, out); err != nil {
					fmt.Fprintf(e.stderr, "pcl fmt: %v\n", err)
					status = exitDiags
				}
			}
		default:
			if _, err := e.stdout.Write(out); err != nil {
				return exitDiags
			}
		}
	}
	return status
}
