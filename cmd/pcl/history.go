package main

import (
	"fmt"
	"time"

	"github.com/spf13/pflag"

	"pcl/emit/cibxml"
	"pcl/emit/historytext"
	"pcl/history"
	"pcl/ir"
	"pcl/pcmk"
)

func init() {
	register(command{
		name:    "history",
		usage:   "DIR|FILE|TARBALL... [--resource RSC] [--since DATE] [--until DATE] [--format text|json] [--pacemaker VERSION] [-o FILE]",
		summary: "explain a cluster's past transitions from the scheduler's saved inputs (pe-input-N.bz2, a directory of them, a crm_report tarball)",
		setup: func(fs *pflag.FlagSet) func(*env, []string) int {
			format := fs.String("format", "text", "output `FORMAT`: text or json")
			rsc := fs.String("resource", "", "show only the transitions that changed `RSC` (and its clone instances), and only its changes")
			since := fs.String("since", "", "show only the transitions computed at or after `DATE` (ISO 8601, UTC unless it says)")
			until := fs.String("until", "", "show only the transitions computed at or before `DATE` (ISO 8601)")
			out := fs.StringP("output", "o", "", "write to `FILE` (atomically) instead of stdout")
			version := pacemakerFlag(fs)
			return func(e *env, args []string) int {
				if len(args) == 0 {
					fmt.Fprintln(e.stderr, "pcl history: expected scheduler inputs: pe-input-N.bz2 files, a directory of them (/var/lib/pacemaker/pengine) or a crm_report tarball")
					return exitUsage
				}
				if *format != "text" && *format != "json" {
					fmt.Fprintf(e.stderr, "pcl history: --format: %q is not text or json\n", *format)
					return exitUsage
				}
				v, err := parsePacemakerFlag(*version)
				if err != nil {
					fmt.Fprintf(e.stderr, "pcl history: --pacemaker: %v\n", err)
					return exitUsage
				}
				from, err := parseNowFlag(*since)
				if err != nil {
					fmt.Fprintf(e.stderr, "pcl history: --since: %v\n", err)
					return exitUsage
				}
				to, err := parseNowFlag(*until)
				if err != nil {
					fmt.Fprintf(e.stderr, "pcl history: --until: %v\n", err)
					return exitUsage
				}
				return runHistory(e, args, historyOptions{format: *format, rsc: *rsc, out: *out, version: v, from: from, to: to})
			}
		},
	})
}

type historyOptions struct {
	format, rsc, out string
	version          pcmk.Version
	from, to         time.Time
}

func runHistory(e *env, args []string, o historyOptions) int {
	format, rsc, out, version := o.format, o.rsc, o.out, o.version
	files, err := historyFiles(args)
	if err != nil {
		fmt.Fprintf(e.stderr, "pcl history: %v\n", err)
		return exitDiags
	}
	inputs := history.Read(files)
	rep, err := history.Explain(inputs, history.Options{
		Target: func(cib *ir.CIB) pcmk.Target { return targetFor(version, cib) },
		Write:  cibxml.WriteConfig,
	})
	if err != nil {
		fmt.Fprintf(e.stderr, "pcl history: %v\n", err)
		return exitDiags
	}
	rep = rep.Between(o.from, o.to)
	if rsc != "" {
		rep = rep.About(rsc)
	}
	var data []byte
	if format == "json" {
		if data, err = historytext.JSON(rep); err != nil {
			fmt.Fprintf(e.stderr, "pcl history: %v\n", err)
			return exitDiags
		}
	} else {
		data = historytext.Text(rep)
	}
	if err := writeOutput(e, out, data); err != nil {
		fmt.Fprintf(e.stderr, "pcl history: %v\n", err)
		return exitDiags
	}
	for _, t := range rep.Transitions {
		if t.Error != "" {
			return exitDiags
		}
	}
	return exitOK
}
