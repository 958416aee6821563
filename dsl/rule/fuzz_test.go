package rule

import (
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
)

// FuzzParse checks that no input panics, that every diagnostic has a
// subject inside the text, and that quoting round-trips. Seeds live in
// testdata/fuzz/FuzzParse.
func FuzzParse(f *testing.F) {
	f.Add("#uname eq node1 and (cpu lt 3000 or not defined pingd)")
	f.Fuzz(func(t *testing.T, text string) {
		start := hcl.Pos{Line: 3, Column: 7, Byte: 40}
		e, diags := Parse(text, start, "f.pcl")
		for _, d := range diags {
			if d.Subject == nil || d.Subject.Start.Byte < start.Byte || d.Subject.End.Byte > start.Byte+len(text) {
				t.Fatalf("diagnostic %q has subject %v outside the text", d.Summary, d.Subject)
			}
			if d.Detail == "" || d.Summary == "" {
				t.Fatalf("diagnostic without summary or detail: %+v", d)
			}
		}
		if !diags.HasErrors() && e == nil {
			t.Fatal("no expression and no error")
		}
		// Any text, quoted, reads back as itself.
		q := "x eq " + QuoteValue(text)
		e2, d2 := Parse(q, hcl.InitialPos, "q")
		if d2.HasErrors() {
			t.Fatalf("quoted value %q does not parse: %s", q, d2.Error())
		}
		c, ok := e2.Root.(*Compare)
		if !ok || c.Value == nil || c.Value.Text != text {
			t.Fatalf("quoted value %q reads back as %#v", q, e2.Root)
		}
		if strings.ContainsAny(text, "\"'") || text == "" {
			return
		}
		a := QuoteAttribute(text) + " eq 1"
		e3, d3 := Parse(a, hcl.InitialPos, "a")
		if d3.HasErrors() {
			t.Fatalf("quoted attribute %q does not parse: %s", a, d3.Error())
		}
		if c, ok := e3.Root.(*Compare); !ok || c.Attribute != text || c.Type != "" {
			t.Fatalf("quoted attribute %q reads back as %#v", a, e3.Root)
		}
	})
}
