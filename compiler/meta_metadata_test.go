package compiler

import (
	"strings"
	"testing"
)

// TestPrimitiveMetaAgainst30 checks the compiler's resource meta-attribute
// knowledge against Pacemaker 3.0.0's own metadata (primitiveMeta30,
// generated from `crm_resource --list-options=primitive --all
// --output-as=xml` as saved from the Debian 13 chroot; 2.1.5 prints no
// such list): a boolean is checked as one, and a select's values are the
// ones accepted.
func TestPrimitiveMetaAgainst30(t *testing.T) {
	if len(primitiveMeta30) == 0 {
		t.Fatal("no primitive meta attributes generated for 3.0.0")
	}
	for name, spec := range primitiveMeta30 {
		switch spec.Type {
		case "boolean":
			if _, ok := metaBooleans[name]; !ok {
				t.Errorf("3.0 reads %q as a boolean; the compiler does not check it as one", name)
			}
		case "select":
			accepted := map[string]bool{}
			for _, v := range metaEnums[name] {
				accepted[strings.ToLower(v)] = true
			}
			for _, v := range spec.Values {
				if !accepted[strings.ToLower(v)] {
					t.Errorf("3.0 accepts %s=%q, which the compiler does not", name, v)
				}
			}
		}
	}
}
