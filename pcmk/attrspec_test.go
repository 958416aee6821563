package pcmk

import (
	"strings"
	"testing"
)

func TestParseAttrSpec(t *testing.T) {
	for _, c := range []struct {
		text string
		del  bool
		want AttrSpec
		err  string
	}{
		{text: "node1:pingd=100", want: AttrSpec{Node: "node1", Name: "pingd", Value: "100"}},
		{text: " n1:master-db:0=5 ", want: AttrSpec{Node: "n1", Name: "master-db:0", Value: "5"}},
		{text: "n1:a=b=c", want: AttrSpec{Node: "n1", Name: "a", Value: "b=c"}},
		{text: "n1:pingd", del: true, want: AttrSpec{Node: "n1", Name: "pingd", Delete: true}},
		{text: "n1:pingd=", err: "the value after = is empty"},
		{text: "n1:pingd", err: "there is no =VALUE"},
		{text: "pingd=1", err: "there is no NODE:"},
		{text: ":pingd=1", err: "the node name is empty"},
		{text: "n1:=1", err: "the attribute name is empty"},
		{text: "n1:pingd=1", del: true, err: "a deletion takes no value"},
		{text: "n 1:pingd=1", err: "contains white space"},
	} {
		got, err := ParseAttrSpec(c.text, c.del)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) || !strings.Contains(err.Error(), "write NODE:NAME") {
				t.Errorf("ParseAttrSpec(%q, %v) error %v, want one saying %q and the syntax", c.text, c.del, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("ParseAttrSpec(%q, %v) = %+v, %v; want %+v", c.text, c.del, got, err, c.want)
		}
	}
}
