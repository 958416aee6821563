// Command pcl-gen writes a synthetic Pacemaker cluster of R resources on N
// nodes, as CIB XML (configuration and status) and as a .pcl policy, for
// benchmarks and for comparing pcl with crm_simulate at scale. The cluster
// is deterministic for a seed; see package pcl/internal/synth for what it
// contains.
//
//	go run ./cmd/pcl-gen -r 1000 -n 16 -o /tmp/c1000x16
//
// writes /tmp/c1000x16/cluster.xml and /tmp/c1000x16/cluster.pcl.
//
// Flags: -r/--resources R (primitives, group members included; default
// 100), -n/--nodes N (default 8), --seed S (default 1), -o/--out DIR
// (default "."). cluster.xml is a whole CIB (configuration and status: some
// resources running, some with fail counts); cluster.pcl is the same
// configuration as a policy, without status. crm_verify accepts the CIB and
// crm_simulate -x cluster.xml -sQ runs on it, which is what
// scripts/bench-vs-crm-simulate does; docs/performance.md has the figures.
package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/pflag"

	"pcl/emit/cibxml"
	"pcl/emit/pclgen"
	"pcl/internal/synth"
)

func main() {
	fs := pflag.NewFlagSet("pcl-gen", pflag.ContinueOnError)
	var p synth.Params
	fs.IntVarP(&p.Resources, "resources", "r", 100, "number of primitives (group members included)")
	fs.IntVarP(&p.Nodes, "nodes", "n", 8, "number of nodes")
	fs.Uint64Var(&p.Seed, "seed", 1, "random seed; the same seed gives the same cluster")
	out := fs.StringP("out", "o", ".", "directory to write cluster.xml and cluster.pcl into")
	if err := fs.Parse(os.Args[1:]); err != nil {
		if err == pflag.ErrHelp {
			os.Exit(0)
		}
		os.Exit(2)
	}
	if p.Resources < 1 || p.Nodes < 1 || fs.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: pcl-gen -r RESOURCES -n NODES [--seed N] [-o DIR]")
		os.Exit(2)
	}
	if err := write(p, *out); err != nil {
		fmt.Fprintln(os.Stderr, "pcl-gen:", err)
		os.Exit(1)
	}
}

func write(p synth.Params, dir string) error {
	cib := synth.Generate(p)
	var xml bytes.Buffer
	if err := cibxml.Write(&xml, cib); err != nil {
		return err
	}
	// The policy carries the configuration only: status is the cluster's, not the policy's.
	policy := *cib
	policy.Status = nil
	src, err := pclgen.Write(&policy)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "cluster.xml"), xml.Bytes(), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "cluster.pcl"), src, 0o644)
}
