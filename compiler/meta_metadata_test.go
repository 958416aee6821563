package compiler

import (
	"encoding/xml"
	"os"
	"strings"
	"testing"
)

// TestPrimitiveMetaAgainst30 checks the compiler's resource meta-attribute
// knowledge against Pacemaker 3.0.0's own metadata, as its daemons print
// it (`crm_resource --list-options=primitive --all --output-as=xml`, saved
// in testdata/pacemaker-3.0 from the Debian 13 chroot; 2.1.5 prints no
// such list): every attribute it lists is known, a boolean is checked as
// one, and a select's values are the ones accepted.
func TestPrimitiveMetaAgainst30(t *testing.T) {
	data, err := os.ReadFile("testdata/pacemaker-3.0/primitive-meta.xml")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Parameters []struct {
			Name    string `xml:"name,attr"`
			Content struct {
				Type    string `xml:"type,attr"`
				Options []struct {
					Value string `xml:"value,attr"`
				} `xml:"option"`
			} `xml:"content"`
		} `xml:"resource-agent>parameters>parameter"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Parameters) == 0 {
		t.Fatal("no parameters in the saved metadata")
	}
	for _, p := range doc.Parameters {
		if !knownMeta[p.Name] {
			t.Errorf("3.0 lists the primitive meta attribute %q, which the compiler does not know", p.Name)
		}
		switch p.Content.Type {
		case "boolean":
			if _, ok := metaBooleans[p.Name]; !ok {
				t.Errorf("3.0 reads %q as a boolean; the compiler does not check it as one", p.Name)
			}
		case "select":
			accepted := map[string]bool{}
			for _, v := range metaEnums[p.Name] {
				accepted[strings.ToLower(v)] = true
			}
			for _, o := range p.Content.Options {
				if !accepted[strings.ToLower(o.Value)] {
					t.Errorf("3.0 accepts %s=%q, which the compiler does not", p.Name, o.Value)
				}
			}
		}
	}
}
