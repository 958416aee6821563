package pcmk

import (
	"fmt"
	"strings"
)

// AttrSpec is a transient node attribute to set or delete, in the syntax
// of pcl's --attr and --attr-delete flags: NODE:NAME=VALUE sets NAME to
// VALUE on NODE, as `crm_attribute -N NODE -l reboot -n NAME -v VALUE`
// would; NODE:NAME (Delete) deletes it, as `crm_attribute ... -D` would.
// The node is everything before the first colon (node names have none);
// the name everything up to the first equals sign, so per-instance
// promotion attributes such as master-db:0 can be written.
type AttrSpec struct {
	Node   string
	Name   string
	Value  string
	Delete bool
}

// String writes the spec in the syntax ParseAttrSpec reads.
func (a AttrSpec) String() string {
	if a.Delete {
		return a.Node + ":" + a.Name
	}
	return a.Node + ":" + a.Name + "=" + a.Value
}

const (
	attrSetSyntax    = "write NODE:NAME=VALUE, e.g. node1:pingd=100"
	attrDeleteSyntax = "write NODE:NAME, e.g. node1:pingd"
)

// ParseAttrSpec reads a spec to set an attribute (NODE:NAME=VALUE) or,
// with del, to delete one (NODE:NAME). Surrounding white space is
// ignored. The value must not be empty: an admin who writes NODE:NAME=
// may mean to delete the attribute or to set it empty, and pcl does not
// guess; deleting has its own form. Errors say what is wrong and show the
// syntax.
func ParseAttrSpec(text string, del bool) (AttrSpec, error) {
	syntax := attrSetSyntax
	if del {
		syntax = attrDeleteSyntax
	}
	fail := func(format string, args ...any) (AttrSpec, error) {
		return AttrSpec{}, fmt.Errorf("%s; %s", fmt.Sprintf(format, args...), syntax)
	}
	spec := strings.TrimSpace(text)
	node, rest, ok := strings.Cut(spec, ":")
	if !ok {
		return fail("there is no NODE: before the attribute name")
	}
	a := AttrSpec{Node: node, Name: rest, Delete: del}
	if name, value, hasValue := strings.Cut(rest, "="); hasValue {
		if del {
			return fail("a deletion takes no value (%q)", value)
		}
		a.Name, a.Value = name, value
		if value == "" {
			return fail("the value after = is empty (to delete the attribute, use --attr-delete NODE:NAME, or attr_delete in a scenario)")
		}
	} else if !del {
		return fail("there is no =VALUE after the attribute name")
	}
	for _, n := range []struct{ what, name string }{{"node", a.Node}, {"attribute", a.Name}} {
		if err := checkName(n.what, n.name); err != nil {
			return fail("%v", err)
		}
	}
	return a, nil
}
