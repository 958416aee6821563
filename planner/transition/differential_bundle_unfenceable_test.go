package transition_test

import (
	"flag"
	"strings"
	"testing"

	"pcl/internal/synth"
	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/scenario"
)

var unfenceableSeeds = flag.Int64("unfenceable-seeds", 20, "number of generated bundle configurations TestDifferentialBundleUnfenceable compares")

// unfenceableGen is synth.BundleCIB's clusters without quorum and with
// no-quorum-policy=stop, where a node that fails cannot be fenced: the
// replicas' containers on it stay active on an unclean node, which is
// what blocks the actions on their guest nodes (the corpus's
// guest-host-not-fenceable). Each case is a cluster node that is up
// failing (crm_simulate -f).
var unfenceableGen = differentialGen{prefix: "unfenceable", gen: unfenceableCIB, cases: nodeFailCases}

func unfenceableCIB(seed uint64) string {
	src := strings.Replace(synth.BundleCIB(seed), `name="stonith-enabled" value="false"`, `name="stonith-enabled" value="true"`, 1)
	src = strings.Replace(src, `name="no-quorum-policy" value="ignore"`, `name="no-quorum-policy" value="stop"`, 1)
	return strings.Replace(src, `have-quorum="1"`, `have-quorum="0"`, 1)
}

func nodeFailCases(name string, cib *ir.CIB) []remoteCase {
	var out []remoteCase
	for _, ns := range cib.Status.Nodes {
		if ns.InCCM == "true" && ns.Crmd == "online" {
			out = append(out, remoteCase{name: name + "-fail-" + ns.Uname,
				sc:    scenario.Scenario{Injections: []ir.Injection{{Kind: ir.InjectNodeFail, Node: ns.Uname}}},
				flags: []string{"-f", ns.Uname}})
		}
	}
	return out
}

// TestDifferentialBundleUnfenceable compares pcl's transition graph and
// summary with crm_simulate 2.1.5's when a node that runs bundle replicas
// fails and cannot be fenced (testdata/ratchet/2.1.5/differential-bundle-unfenceable.txt).
func TestDifferentialBundleUnfenceable(t *testing.T) {
	g := unfenceableGen
	g.seeds = *unfenceableSeeds
	runRemoteDifferential(t, pcmk.Target{}, "2.1.5/differential-bundle-unfenceable", g, oracle215(t))
}

// TestDifferentialBundleUnfenceable30 is the same planned for 3.0.0, with
// 3.0.0's crm_simulate as the oracle.
func TestDifferentialBundleUnfenceable30(t *testing.T) {
	g := unfenceableGen
	g.seeds = *unfenceableSeeds
	runRemoteDifferential(t, pcmk.NewTarget(pcmk.V3_0_0, pcmk.FromFlag), "3.0/differential-bundle-unfenceable", g, oracle30(t))
}
