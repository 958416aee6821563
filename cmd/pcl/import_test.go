package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const importSample = `<cib validate-with="pacemaker-3.7" epoch="1" num_updates="0" admin_epoch="0">
  <configuration>
    <crm_config>
      <cluster_property_set id="cib-bootstrap-options">
        <nvpair id="cib-bootstrap-options-stonith-enabled" name="stonith-enabled" value="false"/>
      </cluster_property_set>
    </crm_config>
    <nodes>
      <node id="1" uname="node1"/>
    </nodes>
    <resources>
      <primitive id="web" class="ocf" provider="heartbeat" type="apache">
        <operations>
          <op id="web-monitor-30s" name="monitor" interval="30s"/>
        </operations>
      </primitive>
    </resources>
    <constraints>
      <rsc_location id="web-prefers-node1" rsc="web" node="node1" score="INFINITY"/>
    </constraints>
  </configuration>
  <status/>
</cib>
`

func runPCLForImport(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, &env{stdout: &out, stderr: &errOut})
	return code, out.String(), errOut.String()
}

func TestImportCommand(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "cluster.xml")
	if err := os.WriteFile(in, []byte(importSample), 0o644); err != nil {
		t.Fatal(err)
	}

	code, out, errOut := runPCLForImport("import", in)
	if code != exitOK {
		t.Fatalf("import exited %d: %s", code, errOut)
	}
	for _, want := range []string{
		"# Imported from cluster.xml by pcl import.",
		`node "node1" {`,
		`agent = "ocf:heartbeat:apache"`,
		`op "monitor" {`,
		`score    = inf`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}

	// -o writes the same text to a file and nothing to stdout.
	target := filepath.Join(dir, "cluster.pcl")
	code, out2, errOut := runPCLForImport("import", in, "-o", target)
	if code != exitOK || out2 != "" {
		t.Fatalf("import -o exited %d, stdout %q: %s", code, out2, errOut)
	}
	if data, err := os.ReadFile(target); err != nil || string(data) != out {
		t.Errorf("-o wrote %q (%v), want the stdout output", data, err)
	}

	// The written policy compiles.
	if code, _, errOut := runPCLForImport("compile", target); code != exitOK {
		t.Errorf("compiling the imported policy exited %d: %s", code, errOut)
	}
}

func TestImportErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.xml")
	if err := os.WriteFile(bad, []byte("<cib><configuration>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(dir, "keep.pcl")
	if err := os.WriteFile(target, []byte("# untouched\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runPCLForImport("import", bad, "-o", target)
	if code != exitDiags || !strings.Contains(errOut, "bad.xml") {
		t.Errorf("malformed XML: exit %d, stderr %q; want exit %d naming the file", code, errOut, exitDiags)
	}
	if data, _ := os.ReadFile(target); string(data) != "# untouched\n" {
		t.Errorf("a failed import changed the -o file: %q", data)
	}
	if code, _, _ := runPCLForImport("import", filepath.Join(dir, "missing.xml")); code != exitDiags {
		t.Errorf("missing file: exit %d, want %d", code, exitDiags)
	}
	if code, _, _ := runPCLForImport("import"); code != exitUsage {
		t.Errorf("no argument: exit %d, want %d", code, exitUsage)
	}
	if code, _, _ := runPCLForImport("import", "a.xml", "b.xml"); code != exitUsage {
		t.Errorf("two arguments: exit %d, want %d", code, exitUsage)
	}
}

// A CIB the language cannot express fails the import, with the diagnostic
// at the element that cannot be written.
func TestImportInexpressible(t *testing.T) {
	src := `<cib validate-with="pacemaker-3.7" epoch="1" num_updates="0" admin_epoch="0">
  <configuration>
    <crm_config/>
    <nodes/>
    <resources>
      <primitive id="r" class="ocf" provider="pacemaker" type="Dummy">
        <meta_attributes id="r-meta_attributes">
          <nvpair id="r-meta_attributes-a" name="a" value="1"/>
          <rule id="r-meta_attributes-rule" score="0">
            <expression id="r-meta_attributes-rule-expr" attribute="#uname" operation="eq" value="n1"/>
          </rule>
          <nvpair id="r-meta_attributes-b" name="b" value="2"/>
        </meta_attributes>
      </primitive>
    </resources>
    <constraints/>
  </configuration>
</cib>
`
	dir := t.TempDir()
	in := filepath.Join(dir, "gap.xml")
	if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runPCLForImport("import", in)
	if code != exitDiags || out != "" {
		t.Fatalf("exit %d, stdout %q; want exit %d and no output", code, out, exitDiags)
	}
	for _, want := range []string{"Not expressible in pcl", "gap.xml line 7", "rules between its"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
}

// TestImportKeepsCIBAttributes checks that import → compile keeps every
// <cib> attribute, so that cibadmin --replace does not refuse the compiled
// CIB as older than the cluster's.
func TestImportKeepsCIBAttributes(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "cib.xml")
	os.WriteFile(src, []byte(`<cib validate-with="pacemaker-3.9" epoch="417" num_updates="12" admin_epoch="3" have-quorum="1" dc-uuid="1">
  <configuration><crm_config/><nodes/><resources/><constraints/></configuration>
</cib>
`), 0o644)
	policy := filepath.Join(dir, "cib.pcl")
	if code, _, stderr := runPCL(t, "import", src, "-o", policy); code != exitOK {
		t.Fatalf("import: exit %d\n%s", code, stderr)
	}
	code, out, stderr := runPCL(t, "compile", policy)
	if code != exitOK {
		t.Fatalf("compile: exit %d\n%s", code, stderr)
	}
	// crm_feature_set was absent: it stays so (null in the .pcl).
	want := `<cib validate-with="pacemaker-3.9" epoch="417" num_updates="12" admin_epoch="3" have-quorum="1" dc-uuid="1">`
	if !strings.Contains(out, want) {
		t.Errorf("the compiled <cib> lost attributes; want %s in\n%s", want, out)
	}
}
