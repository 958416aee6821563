package cibxml_test

import (
	"bytes"
	"os"
	"path/filepath"
	"pcl/internal/testenv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"pcl/emit/cibxml"
	"pcl/importer"
	"pcl/internal/xmlcompare"
	"pcl/ir"
)

// TestGolden imports each testdata/*.txtar input.xml, writes it and
// compares the bytes with output.xml. Outputs must also read back to the
// same document.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test files: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var input []byte
			outIdx := -1
			for i, f := range ar.Files {
				switch f.Name {
				case "input.xml":
					input = f.Data
				case "output.xml":
					outIdx = i
				}
			}
			if input == nil || outIdx < 0 {
				t.Fatal("need input.xml and output.xml sections")
			}
			cib, diags := importer.Read("input.xml", input)
			if diags.HasErrors() {
				t.Fatal(diags.Error())
			}
			got := write(t, cib)
			if testenv.Update() {
				ar.Files[outIdx].Data = got
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if want := ar.Files[outIdx].Data; !bytes.Equal(got, want) {
				t.Errorf("output differs (run with -update to accept):\ngot:\n%s\nwant:\n%s", got, want)
			}
			// Writing what was read back gives the same bytes.
			again, diags := importer.Read("output.xml", got)
			if diags.HasErrors() {
				t.Fatal(diags.Error())
			}
			if second := write(t, again); !bytes.Equal(second, got) {
				t.Errorf("writing the output read back differs:\n%s", second)
			}
			if ok, diff := xmlcompare.EqualStatus(input, got); !ok {
				t.Errorf("status differs from the input:\n%s", diff)
			}
		})
	}
}

func write(t *testing.T, cib *ir.CIB) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := cibxml.Write(&b, cib); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestWriteBuiltIR writes IR built without source text, as the compiler
// may: typed values are spelled canonically, sections default to schema
// order, and status records are written from their typed fields.
func TestWriteBuiltIR(t *testing.T) {
	val := "1"
	cib := &ir.CIB{
		Attrs: []ir.Attr{{Name: "validate-with", Value: "pacemaker-3.7"}},
		Config: &ir.Config{
			Resources: []ir.Resource{&ir.Primitive{
				ID:    "web",
				Agent: ir.Agent{Class: "ocf", Provider: "heartbeat", Type: "apache"},
				Operations: &ir.Operations{Ops: []*ir.Op{{
					ID: "web-monitor-30s", Name: "monitor", Interval: ir.Duration{Ms: 30000},
					Timeout: &ir.Duration{Ms: 20000}, Enabled: ir.NewBool(false),
				}}},
			}},
			Constraints: []ir.Constraint{&ir.Location{ID: "l1", Resource: "web", Node: "n1", Score: ir.NewScore(-ir.Infinity)}},
			OpDefaults:  []*ir.NVSet{{Kind: ir.MetaAttributes, ID: "op-options", Pairs: []*ir.NVPair{{ID: "op-options-timeout", Name: "timeout", Value: &val}}}},
		},
		Status: &ir.Status{
			Nodes: []*ir.NodeState{{ID: "1", Uname: "n1", InCCM: "true", Crmd: "online", Join: "member", Expected: "member",
				LRMID: "1", Resources: []*ir.ResourceHistory{{ID: "web", Class: "ocf", Provider: "heartbeat", Type: "apache",
					Ops: []*ir.OpRecord{{ID: "web_last_0", Operation: "start", OperationKey: "web_start_0", CallID: 5, RCCode: 7, LastRCChange: 1700000000}}}}}},
			Tickets: []*ir.TicketState{{ID: "t1", Granted: true}},
		},
	}
	want := `<cib validate-with="pacemaker-3.7">
  <configuration>
    <crm_config></crm_config>
    <nodes></nodes>
    <resources>
      <primitive id="web" class="ocf" provider="heartbeat" type="apache">
        <operations>
          <op id="web-monitor-30s" name="monitor" interval="30000ms" timeout="20000ms" enabled="false"></op>
        </operations>
      </primitive>
    </resources>
    <constraints>
      <rsc_location id="l1" rsc="web" node="n1" score="-INFINITY"></rsc_location>
    </constraints>
    <op_defaults>
      <meta_attributes id="op-options">
        <nvpair id="op-options-timeout" name="timeout" value="1"></nvpair>
      </meta_attributes>
    </op_defaults>
  </configuration>
  <status>
    <tickets>
      <ticket_state id="t1" granted="true"></ticket_state>
    </tickets>
    <node_state id="1" uname="n1" in_ccm="true" crmd="online" join="member" expected="member">
      <lrm id="1">
        <lrm_resources>
          <lrm_resource id="web" type="apache" class="ocf" provider="heartbeat">
            <lrm_rsc_op id="web_last_0" operation_key="web_start_0" operation="start" call-id="5" rc-code="7" op-status="0" interval="0" last-rc-change="1700000000" exec-time="0" queue-time="0"></lrm_rsc_op>
          </lrm_resource>
        </lrm_resources>
      </lrm>
    </node_state>
  </status>
</cib>
`
	if got := string(write(t, cib)); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
