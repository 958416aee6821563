package dsl

import (
	"strings"
	"testing"
)

func TestLoadDirectoryInNameOrder(t *testing.T) {
	pol, files, diags := Load([]string{"testdata/policy"})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if len(pol.Files) != 2 || len(files) != 2 {
		t.Fatalf("want the two .pcl files, got %d", len(pol.Files))
	}
	var labels []string
	for _, f := range pol.Files {
		for _, b := range f.Blocks {
			labels = append(labels, b.Label())
		}
	}
	if strings.Join(labels, ",") != "first,second" {
		t.Errorf("blocks in order %v", labels)
	}
}

func TestItemsInSourceOrder(t *testing.T) {
	pol, _, _ := Load([]string{"testdata/policy/a.pcl"})
	b := pol.Files[0].Blocks[0]
	if diags := Decode(b); diags.HasErrors() {
		t.Fatal(diags)
	}
	var names []string
	for _, it := range b.Items() {
		names = append(names, it.Name())
	}
	if got := strings.Join(names, ","); got != "params,op,meta,agent" {
		t.Errorf("items in order %s", got)
	}
}

func TestDecodeSuggests(t *testing.T) {
	f, diags := Parse([]byte("primitive \"a\" {\n  agnet = \"x\"\n}\n"), "x.pcl")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	diags = Decode(f.Blocks[0])
	if !diags.HasErrors() || !strings.Contains(diags.Error(), `Did you mean "agent"?`) {
		t.Errorf("want a suggestion, got %v", diags)
	}
}

func TestLoadMissing(t *testing.T) {
	_, _, diags := Load([]string{"testdata/nope.pcl"})
	if !diags.HasErrors() || diags[0].Summary != "Cannot read input" {
		t.Errorf("got %v", diags)
	}
}

func TestEverySchemaBlockIsDeclared(t *testing.T) {
	for name, s := range Schemas {
		for _, b := range s.Blocks {
			if Schemas[b] == nil {
				t.Errorf("%s allows block %q, which has no schema", name, b)
			}
		}
	}
}

// A scenario's op_fail is both a list attribute and a block type: HCL
// keeps the two apart, in source order.
func TestScenarioOpFailAttributeAndBlocks(t *testing.T) {
	src := `scenario "s" {
  op_fail = ["web_monitor_10000@n1=7"]
  op_fail {
    resource = "web"
  }
  op_fail {
    resource = "db"
  }
}
`
	f, diags := Parse([]byte(src), "s.pcl")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	b := f.Blocks[0]
	if diags := Decode(b); diags.HasErrors() {
		t.Fatal(diags)
	}
	var items []string
	for _, it := range b.Items() {
		kind := "attr"
		if it.Block != nil {
			kind = "block"
		}
		items = append(items, it.Name()+":"+kind)
	}
	if got := strings.Join(items, ","); got != "op_fail:attr,op_fail:block,op_fail:block" {
		t.Errorf("items %s", got)
	}
}
