package main

import (
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"pcl/ir"
	"pcl/pcmk"
)

// pacemakerFlag declares --pacemaker on a command's flags.
func pacemakerFlag(fs *pflag.FlagSet) *string {
	return fs.String("pacemaker", "", "plan and compile for Pacemaker `VERSION` (2.1.5, 3.0.1, ...) instead of the one the input names")
}

// parsePacemakerFlag reads --pacemaker: the zero Version when not given.
func parsePacemakerFlag(s string) (pcmk.Version, error) {
	if s == "" {
		return pcmk.Version{}, nil
	}
	return pcmk.ParseVersion(s)
}

// flagTarget is the target --pacemaker asks for, zero when it was not
// given: the compiler then compiles for the release the policy names.
func flagTarget(flag pcmk.Version) pcmk.Target {
	if flag.IsZero() {
		return pcmk.Target{}
	}
	return pcmk.NewTarget(flag, pcmk.FromFlag)
}

// targetFor decides the Pacemaker release a run plans for: --pacemaker
// (flag, when given), else what the cluster runs (the dc-version property
// of the first of cibs that has one: a CIB dump, the live cluster, the
// --state of a plan), else the release the policy names (the cib block's
// pacemaker setting), else pcmk.DefaultVersion.
func targetFor(flag pcmk.Version, cibs ...*ir.CIB) pcmk.Target {
	if !flag.IsZero() {
		return pcmk.NewTarget(flag, pcmk.FromFlag)
	}
	for _, cib := range cibs {
		if v, ok := dcVersion(cib); ok {
			return pcmk.NewTarget(v, pcmk.FromCIB)
		}
	}
	for _, cib := range cibs {
		if cib != nil && !cib.Pacemaker.IsZero() {
			return pcmk.NewTarget(cib.Pacemaker, pcmk.FromPolicy)
		}
	}
	return pcmk.DefaultTarget()
}

// dcVersion is the release the CIB's dc-version property names (the
// controller writes it: what the cluster's DC runs).
func dcVersion(cib *ir.CIB) (pcmk.Version, bool) {
	if cib == nil || cib.Config == nil {
		return pcmk.Version{}, false
	}
	for _, set := range cib.Config.Properties {
		for _, pair := range set.Pairs {
			if pair.Name == "dc-version" && pair.Value != nil {
				if v, err := pcmk.ParseVersion(*pair.Value); err == nil {
					return v, true
				}
			}
		}
	}
	return pcmk.Version{}, false
}

// noteTarget names the release planned for on stderr, for the formats
// that keep Pacemaker's own layout (crm_simulate, dot) and so cannot say
// it themselves.
func noteTarget(w io.Writer, t pcmk.Target) {
	fmt.Fprintf(w, "pcl: %s\n", t.Describe())
}
