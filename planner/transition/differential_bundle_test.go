package transition_test

import (
	"flag"
	"fmt"
	"testing"

	"pcl/internal/synth"
	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/scenario"
)

var bundleSeeds = flag.Int64("bundle-seeds", 60, "number of generated bundle configurations TestDifferentialBundle compares")

// bundleGen is synth.BundleCIB's clusters: running, mostly promotable
// bundles, with colocations that have influence=false now and then.
var bundleGen = differentialGen{prefix: "bundle", gen: synth.BundleCIB, cases: bundleCases}

// TestDifferentialBundle compares pcl's transition graph and summary with
// crm_simulate 2.1.5's on synth.BundleCIB's clusters, as they are and in
// what-ifs: each cluster node that is up going down (crm_simulate -d),
// a replica's container failing and a promoted instance failing (-i).
// The cases that agree or are declared unknown are ratcheted in
// testdata/ratchet/2.1.5/differential-bundle-transition.txt.
func TestDifferentialBundle(t *testing.T) {
	g := bundleGen
	g.seeds = *bundleSeeds
	runRemoteDifferential(t, pcmk.Target{}, "2.1.5/differential-bundle-transition", g, oracle215(t))
}

// TestDifferentialBundle30 is TestDifferentialBundle planning for 3.0.0,
// with 3.0.0's crm_simulate as the oracle
// (testdata/ratchet/3.0/differential-bundle-transition.txt).
func TestDifferentialBundle30(t *testing.T) {
	g := bundleGen
	g.seeds = *bundleSeeds
	runRemoteDifferential(t, pcmk.NewTarget(pcmk.V3_0_0, pcmk.FromFlag), "3.0/differential-bundle-transition", g, oracle30(t))
}

// bundleCases are the cases of one generated bundle cluster: as it is,
// each cluster node that is up going down, the first replica container
// the history has running failing its 60 s monitor where it runs, and
// the first promoted instance failing its 15 s monitor.
func bundleCases(name string, cib *ir.CIB) []remoteCase {
	out := []remoteCase{{name: name}}
	var container, containerHost, promoted, promotedOn string
	for _, ns := range cib.Status.Nodes {
		if ns.InCCM == "true" && ns.Crmd == "online" {
			out = append(out, remoteCase{name: name + "-down-" + ns.Uname,
				sc:    scenario.Scenario{Injections: []ir.Injection{{Kind: ir.InjectNodeDown, Node: ns.Uname}}},
				flags: []string{"-d", ns.Uname}})
		}
		for _, r := range ns.Resources {
			for _, op := range r.Ops {
				if op.Operation != pcmk.TaskMonitor || op.ID != op.OperationKey {
					continue
				}
				if container == "" && r.Type == "podman" && op.IntervalMs == 60000 && op.RCCode == pcmk.RCOK {
					container, containerHost = r.ID, ns.Uname
				}
				if promoted == "" && op.IntervalMs == 15000 && op.RCCode == pcmk.RCRunningPromoted {
					promoted, promotedOn = r.ID, ns.Uname
				}
			}
		}
	}
	fail := func(rsc, node string, intervalMs int64) remoteCase {
		return remoteCase{name: fmt.Sprintf("%s-fail-%s", name, rsc),
			sc: scenario.Scenario{Injections: []ir.Injection{{Kind: ir.InjectOp, Node: node, Resource: rsc,
				Operation: "monitor", IntervalMs: intervalMs, RC: int(pcmk.RCErrGeneric)}}},
			flags: []string{"-i", fmt.Sprintf("%s_monitor_%d@%s=1", rsc, intervalMs, node)}}
	}
	if container != "" {
		out = append(out, fail(container, containerHost, 60000))
	}
	if promoted != "" {
		out = append(out, fail(promoted, promotedOn, 15000))
	}
	return out
}
