package planner

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"pcl/importer"
	"pcl/internal/testenv"
)

// TestBundleChildOrphanHistory checks that a bundle child's history on a
// node hosting none of its replicas (here a probe on a cluster node, read
// before the guest nodes' histories) makes an orphan of the history id
// that owns the later entries of that id too, on the replicas' nodes: the
// bundle's instances are then stopped everywhere, as crm_simulate shows
// them ("base ORPHANED Promoted [ base-bundle-1 base-bundle-0 ]"), for
// both releases.
func TestBundleChildOrphanHistory(t *testing.T) {
	c := testenv.CorpusOf(t, "3.0")
	src, err := os.ReadFile(filepath.Join(c.Dir, "xml", "bundle-promoted-location-1.xml"))
	if err != nil {
		t.Fatal(err)
	}
	node1 := regexp.MustCompile(`(?s)<node_state id="1" uname="node1".*?<lrm_resources>`)
	loc := node1.FindIndex(src)
	if loc == nil {
		t.Fatal("no lrm_resources for node1")
	}
	probe := `<lrm_resource id="base" class="ocf" provider="pacemaker" type="Stateful">` +
		`<lrm_rsc_op id="base_last_0" operation_key="base_monitor_0" operation="monitor" crm_feature_set="3.17.4" ` +
		`transition-key="1:1:7:aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa" transition-magic="0:7;1:1:7:aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa" ` +
		`on_node="node1" call-id="1" rc-code="7" op-status="0" interval="0" last-rc-change="1687217818" exec-time="1" queue-time="0" op-digest="x"/>` +
		`</lrm_resource>`
	changed := string(src[:loc[1]]) + probe + string(src[loc[1]:])
	for _, target := range []string{"2.1.5", "3.0"} {
		cib, diags := importer.Read("orphan.xml", []byte(changed))
		if diags.HasErrors() || cib == nil {
			t.Fatalf("import: %v", diags)
		}
		p, _ := compute(cib, Options{Target: testenv.CorpusOf(t, target).Target})
		clone := p.byID["base-bundle-clone"]
		if clone == nil {
			t.Fatal("no base-bundle-clone")
		}
		for _, inst := range clone.Children {
			if len(inst.RunningOn) > 0 {
				t.Errorf("%s: %s runs on %v; the orphan base owns that history", target, inst.ID, inst.RunningOn)
			}
		}
	}
}
