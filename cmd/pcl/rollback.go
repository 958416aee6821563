package main

import (
	"fmt"
	"os"

	"github.com/hashicorp/hcl/v2"
	"github.com/spf13/pflag"

	"pcl/cibdiff"
	"pcl/emit/cibxml"
	"pcl/ir"
)

func init() {
	register(command{
		name:    "rollback",
		usage:   "[POLICY...] [--save-dir DIR] [--to FILE] [--list] [--yes] [--wait[=DURATION]]",
		summary: "put back a configuration pcl apply replaced: show the diff and the plan, then write it as apply does",
		setup: func(fs *pflag.FlagSet) func(*env, []string) int {
			yes := fs.Bool("yes", false, "roll back without asking")
			wait := fs.Duration("wait", 0, "after rolling back, wait up to `DURATION` (default 5m) for the cluster to settle and compare what runs with the plan")
			fs.Lookup("wait").NoOptDefVal = "5m"
			saveDir := fs.String("save-dir", "", "the state directory `DIR` apply saved into (default: "+savedDirName+" beside POLICY)")
			to := fs.String("to", "", "put back the saved configuration `FILE` (default: the newest one apply replaced that differs from the live configuration)")
			list := fs.Bool("list", false, "list the saved configurations, newest first, and exit")
			version := pacemakerFlag(fs)
			return func(e *env, args []string) int {
				dir := savedDir(*saveDir, args)
				if dir == "" && *to == "" {
					fmt.Fprintln(e.stderr, "pcl rollback: expected the POLICY apply was given (its state directory, "+savedDirName+", holds what apply replaced), --save-dir DIR or --to FILE")
					return exitUsage
				}
				v, err := parsePacemakerFlag(*version)
				if err != nil {
					fmt.Fprintf(e.stderr, "pcl rollback: --pacemaker: %v\n", err)
					return exitUsage
				}
				if *list {
					return listRollbacks(e, dir)
				}
				return runRollback(e, dir, *to, applyOptions{yes: *yes, wait: *wait, version: v, saveDir: dir, by: "rollback"})
			}
		},
	})
}

func listRollbacks(e *env, dir string) int {
	saved, err := listSaved(dir)
	if err != nil {
		fmt.Fprintf(e.stderr, "pcl rollback: %v\n", err)
		return exitDiags
	}
	if len(saved) == 0 {
		fmt.Fprintf(e.stdout, "%s holds no saved configuration.\n", dir)
		return exitOK
	}
	for _, s := range saved {
		fmt.Fprintf(e.stdout, "%s (replaced by %s)\n", s.Path, s.By)
	}
	return exitOK
}

// runRollback puts a saved configuration back through apply's path. By
// default it is the newest one apply replaced whose configuration is not
// the live one: rolling back twice goes two applies back, and what a
// rollback replaced is saved too (as "rollback", which --to can put
// back).
func runRollback(e *env, dir, to string, o applyOptions) int {
	path := to
	if path == "" {
		var err error
		if path, err = newestRollback(dir); err != nil {
			fmt.Fprintf(e.stderr, "pcl rollback: %v\n", err)
			return exitDiags
		}
	}
	cib, src, err := readSaved(path)
	if err != nil {
		files := map[string]*hcl.File{path: {Bytes: src}}
		if diags, ok := err.(hcl.Diagnostics); ok {
			printDiags(e.stderr, files, diags)
		} else {
			fmt.Fprintf(e.stderr, "pcl rollback: %v\n", err)
		}
		return exitDiags
	}
	fmt.Fprintf(e.stdout, "Rolling back to %s (version %s).\n\n", path, cibdiff.VersionOf(cib))
	saved := &ir.CIB{Attrs: cib.Attrs, Config: cib.Config}
	return applyConfig(e, saved, path, map[string]*hcl.File{path: {Bytes: src}}, nil, o)
}

// newestRollback is the newest configuration apply saved in dir whose
// configuration differs from the live one.
func newestRollback(dir string) (string, error) {
	saved, err := listSaved(dir)
	if err != nil {
		if os.IsNotExist(err) {
			return "", fmt.Errorf("%s does not exist: pcl apply saves there the configuration it replaces (or pass --save-dir DIR or --to FILE)", dir)
		}
		return "", err
	}
	live, _, _, ld := readLive()
	if ld.HasErrors() {
		return "", ld
	}
	for _, s := range saved {
		if s.By != "apply" {
			continue
		}
		cib, _, err := readSaved(s.Path)
		if err != nil {
			return "", err
		}
		objs, err := cibdiff.Config(live, forLive(live, cib), cibxml.WriteConfig)
		if err != nil {
			return "", err
		}
		if len(objs) > 0 {
			return s.Path, nil
		}
	}
	return "", fmt.Errorf("%s holds no configuration replaced by pcl apply that differs from the live one", dir)
}
