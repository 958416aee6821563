package xmlcompare

import (
	"strings"
	"testing"
)

func TestEqualConfig(t *testing.T) {
	base := `<cib a="1"><configuration>
  <resources><primitive id="p" class="ocf" type="D"/></resources>
  <!-- a comment --><constraints/>
</configuration><status><node_state id="1"/></status></cib>`
	cases := []struct {
		name, other string
		ok          bool
		diff        string
	}{
		{"same", base, true, ""},
		{"attribute order and empty-element form and whitespace",
			`<cib a="2"><configuration><resources>
			<primitive type="D" class="ocf" id="p"></primitive></resources><constraints></constraints></configuration></cib>`, true, ""},
		{"bare configuration root",
			`<configuration><resources><primitive id="p" class="ocf" type="D"/></resources><constraints/></configuration>`, true, ""},
		{"attribute value",
			`<cib><configuration><resources><primitive id="p" class="lsb" type="D"/></resources><constraints/></configuration></cib>`,
			false, `/configuration/resources/primitive[@id="p"] (line 2): attribute class="ocf", the other (line 1) has "lsb"`},
		{"missing attribute",
			`<cib><configuration><resources><primitive id="p" type="D"/></resources><constraints/></configuration></cib>`,
			false, `attribute class="ocf" missing from the other`},
		{"child order",
			`<cib><configuration><constraints/><resources><primitive id="p" class="ocf" type="D"/></resources></configuration></cib>`,
			false, `element <resources> where the other has <constraints>`},
		{"extra child",
			`<cib><configuration><resources><primitive id="p" class="ocf" type="D"/></resources><constraints/><tags/></configuration></cib>`,
			false, `the other has extra child tags`},
		{"text", `<cib><configuration><resources>x<primitive id="p" class="ocf" type="D"/></resources><constraints/></configuration></cib>`,
			false, `text "", the other (line 1) has "x"`},
	}
	for _, c := range cases {
		ok, diff := EqualConfig([]byte(base), []byte(c.other))
		if ok != c.ok || !strings.Contains(diff, c.diff) {
			t.Errorf("%s: got %v %q, want %v containing %q", c.name, ok, diff, c.ok, c.diff)
		}
	}
	if ok, diff := EqualConfig([]byte(base), []byte("<cib><configuration>")); ok || !strings.Contains(diff, "second document") {
		t.Errorf("malformed: got %v %q", ok, diff)
	}
}

func TestEqualStatus(t *testing.T) {
	a := `<cib><configuration/><status><node_state id="1" uname="n1"/></status></cib>`
	if ok, diff := EqualStatus([]byte(a), []byte(`<cib><status><node_state uname="n1" id="1"></node_state></status></cib>`)); !ok {
		t.Error(diff)
	}
	if ok, _ := EqualStatus([]byte(`<cib><configuration/></cib>`), []byte(`<cib><status/></cib>`)); !ok {
		t.Error("a missing status should equal an empty one")
	}
	if ok, _ := EqualStatus([]byte(a), []byte(`<cib><status/></cib>`)); ok {
		t.Error("a node_state went missing unnoticed")
	}
}
