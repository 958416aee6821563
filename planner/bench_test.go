package planner

import (
	"fmt"
	"math/rand"
	"path/filepath"
	"strings"
	"testing"

	"pcl/importer"
	"pcl/internal/synth"
	"pcl/internal/testenv"
	"pcl/planner/transition"
)

// bigCIB is a synthetic cluster: nodes nodes, groups groups of three
// members and prims primitives, with locations, colocations and every
// resource running somewhere.
func bigCIB(nodes, groups, prims int) string {
	rng := rand.New(rand.NewSource(1))
	var b strings.Builder
	b.WriteString(`<cib crm_feature_set="3.16.1" validate-with="pacemaker-3.9" epoch="1" num_updates="0" admin_epoch="0" have-quorum="1"><configuration><crm_config><cluster_property_set id="o"><nvpair id="o1" name="stonith-enabled" value="false"/></cluster_property_set></crm_config><nodes>`)
	for i := 1; i <= nodes; i++ {
		fmt.Fprintf(&b, `<node id="%d" uname="node%d"><instance_attributes id="n%d"><nvpair id="n%d-r" name="rack" value="r%d"/></instance_attributes></node>`, i, i, i, i, i%4)
	}
	b.WriteString(`</nodes><resources>`)
	var all []string
	for g := 0; g < groups; g++ {
		fmt.Fprintf(&b, `<group id="g%d">`, g)
		for m := 0; m < 3; m++ {
			fmt.Fprintf(&b, `<primitive id="g%d-m%d" class="ocf" provider="pacemaker" type="Dummy"/>`, g, m)
			all = append(all, fmt.Sprintf("g%d-m%d", g, m))
		}
		b.WriteString(`</group>`)
	}
	for r := 0; r < prims; r++ {
		fmt.Fprintf(&b, `<primitive id="p%d" class="ocf" provider="pacemaker" type="Dummy"><meta_attributes id="p%d-m"><nvpair id="p%d-s" name="resource-stickiness" value="100"/></meta_attributes></primitive>`, r, r, r)
		all = append(all, fmt.Sprintf("p%d", r))
	}
	b.WriteString(`</resources><constraints>`)
	for r := 0; r < prims; r++ {
		fmt.Fprintf(&b, `<rsc_location id="l%d" rsc="p%d" node="node%d" score="%d"/>`, r, r, 1+rng.Intn(nodes), rng.Intn(500))
		if r > 0 && r%3 == 0 {
			fmt.Fprintf(&b, `<rsc_colocation id="c%d" rsc="p%d" with-rsc="p%d" score="%d"/>`, r, r, rng.Intn(r), rng.Intn(2000)-1000)
		}
		if r%7 == 0 && groups > 0 {
			fmt.Fprintf(&b, `<rsc_colocation id="cg%d" rsc="p%d" with-rsc="g%d" score="INFINITY" node-attribute="rack"/>`, r, r, rng.Intn(groups))
		}
	}
	b.WriteString(`</constraints></configuration><status>`)
	for i := 1; i <= nodes; i++ {
		fmt.Fprintf(&b, `<node_state id="%d" uname="node%d" in_ccm="true" crmd="online" join="member" expected="member"><lrm id="%d"><lrm_resources>`, i, i, i)
		for k, id := range all {
			if k%nodes != i-1 {
				continue
			}
			fmt.Fprintf(&b, `<lrm_resource id="%s" class="ocf" provider="pacemaker" type="Dummy"><lrm_rsc_op id="%s_last_0" operation_key="%s_start_0" operation="start" transition-key="1:1:0:x" transition-magic="0:0;1:1:0:x" call-id="%d" rc-code="0" op-status="0" interval="0"/></lrm_resource>`, id, id, id, k+2)
		}
		b.WriteString(`</lrm_resources></lrm></node_state>`)
	}
	b.WriteString(`</status></cib>`)
	return b.String()
}

func BenchmarkComputeLarge(b *testing.B) {
	cib, diags := importer.Read("big.xml", []byte(bigCIB(32, 100, 700)))
	if diags.HasErrors() {
		b.Fatal(diags)
	}
	for _, trail := range []bool{true, false} {
		b.Run(fmt.Sprintf("trail=%v", trail), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				compute(cib, Options{NoTrail: !trail})
			}
		})
	}
}

func BenchmarkComputeCorpus(b *testing.B) {
	dir := testenv.CorpusDir(b)
	cib := readCIB(b, filepath.Join(dir, "xml", "bug-lf-2613.xml"))
	for i := 0; i < b.N; i++ {
		compute(cib, Options{})
	}
}

// BenchmarkTransition is the transition alone (actions and orderings after
// placement, the larger part of `pcl plan`) on synthetic clusters, from a
// model completed once.
func BenchmarkTransition(b *testing.B) {
	for _, s := range []struct{ resources, nodes int }{{100, 8}, {1000, 16}, {2000, 32}, {10000, 64}} {
		b.Run(fmt.Sprintf("%dx%d", s.resources, s.nodes), func(b *testing.B) {
			cib := synth.Generate(synth.Params{Resources: s.resources, Nodes: s.nodes, Seed: 1})
			p, _ := compute(cib, Options{})
			in := p.forTransition()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				transition.Compute(in)
			}
		})
	}
}
