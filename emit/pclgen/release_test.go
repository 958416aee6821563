package pclgen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pcl/compiler"
	"pcl/importer"
	"pcl/pcmk"
)

// TestSourceRelease: an imported CIB names the release its cluster runs
// (dc-version) or, without one, the release its schema needs, so that a
// 3.0 CIB compiles back for 3.0 without --pacemaker.
func TestSourceRelease(t *testing.T) {
	const body = `<configuration><crm_config><cluster_property_set id="o">%s<nvpair id="o-s" name="stonith-enabled" value="false"/></cluster_property_set></crm_config>
<nodes><node id="1" uname="n1"/></nodes><resources/><constraints/></configuration><status/></cib>`
	dc := `<nvpair id="o-dc" name="dc-version" value="3.0.1-3.0.1-2"/>`
	for _, c := range []struct {
		name, cib, want string
		target          pcmk.Version
	}{
		{"dc-version", `<cib validate-with="pacemaker-4.0" epoch="5" num_updates="0" admin_epoch="0">` + strings.Replace(body, "%s", dc, 1), `pacemaker = "3.0.1"`, pcmk.Version{Major: 3, Minor: 0, Patch: 1}},
		{"schema", `<cib validate-with="pacemaker-4.0" epoch="5" num_updates="0" admin_epoch="0">` + strings.Replace(body, "%s", "", 1), `pacemaker = "3.0.0"`, pcmk.V3_0_0},
		{"upgraded", `<cib validate-with="pacemaker-4.0" epoch="5" num_updates="0" admin_epoch="0">` + strings.Replace(body, "%s", strings.Replace(dc, "3.0.1-3.0.1-2", "1.1.12-a14efad", 1), 1), `pacemaker = "3.0.0"`, pcmk.V3_0_0},
		{"neither", `<cib validate-with="pacemaker-3.7" epoch="5" num_updates="0" admin_epoch="0">` + strings.Replace(body, "%s", "", 1), "", pcmk.V2_1_5},
	} {
		t.Run(c.name, func(t *testing.T) {
			cib, diags := importer.Read(c.name+".xml", []byte(c.cib))
			if diags.HasErrors() {
				t.Fatal(diags.Error())
			}
			src, err := Write(cib)
			if err != nil {
				t.Fatal(err)
			}
			has := strings.Contains(string(src), "pacemaker =")
			if c.want == "" && has || c.want != "" && !strings.Contains(string(src), c.want) {
				t.Fatalf("want %q in:\n%s", c.want, src)
			}
			path := filepath.Join(t.TempDir(), "p.pcl")
			if err := os.WriteFile(path, src, 0o644); err != nil {
				t.Fatal(err)
			}
			compiled, _, diags := compiler.Compile([]string{path}, compiler.Options{})
			if diags.HasErrors() {
				t.Fatalf("%s\n%s", diags.Error(), src)
			}
			if compiled.Target.Version != c.target {
				t.Errorf("compiled for %s, want %s", compiled.Target, c.target)
			}
		})
	}
}
