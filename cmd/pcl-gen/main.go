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
	fs.Float64Var(&p.CloneFraction, "clones", 0, "fraction of top-level resources that are clones (0: none, the cluster of earlier versions)")
	fs.Float64Var(&p.UniqueCloneFraction, "unique-clones", 0, "fraction of clones that are globally-unique (0: the default, 0.25)")
	fs.Float64Var(&p.ClonedGroupFraction, "cloned-groups", 0, "fraction of clones whose child is a group (0: the default, 0.25)")
	fs.Float64Var(&p.InterleaveFraction, "interleave", 0, "fraction of clones with interleave=true (0: the default, 0.5)")
	fs.Float64Var(&p.CloneLinkFraction, "clone-links", 0, "fraction of clones colocated with and ordered after an earlier clone (0: the default, 0.3)")
	fs.IntVar(&p.RemoteNodes, "remote-nodes", 0, "Pacemaker Remote nodes besides the cluster nodes, with their connections running and some resources on them")
	out := fs.StringP("out", "o", ".", "directory to write cluster.xml and cluster.pcl into")
	if err := fs.Parse(os.Args[1:]); err != nil {
		if err == pflag.ErrHelp {
			os.Exit(0)
		}
		os.Exit(2)
	}
	if p.Resources < 1 || p.Nodes < 1 || fs.NArg() > 0 || !fractions(p) {
		fmt.Fprintln(os.Stderr, "usage: pcl-gen -r RESOURCES -n NODES [--seed N] [--clones FRACTION [--unique-clones F] [--cloned-groups F] [--interleave F] [--clone-links F]] [--remote-nodes N] [-o DIR]")
		os.Exit(2)
	}
	if err := write(p, *out); err != nil {
		fmt.Fprintln(os.Stderr, "pcl-gen:", err)
		os.Exit(1)
	}
}

// fractions reports whether every clone fraction is between 0 and 1.
func fractions(p synth.Params) bool {
	for _, f := range []float64{p.CloneFraction, p.UniqueCloneFraction, p.ClonedGroupFraction, p.InterleaveFraction, p.CloneLinkFraction} {
		if f < 0 || f > 1 {
			return false
		}
	}
	return true
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
