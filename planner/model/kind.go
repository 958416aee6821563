package model

// Kind is a resource variant (Pacemaker's enum pe_obj_types). Each stage
// keeps a table of its per-kind behaviour indexed by Kind; a new kind is a
// new constant here and a file of its own in each stage.
type Kind int8

const (
	KindPrimitive Kind = iota
	KindGroup
	KindClone
	KindBundle
	NumKinds
)

// String names the kind as the CIB's element does.
func (k Kind) String() string {
	switch k {
	case KindPrimitive:
		return "primitive"
	case KindGroup:
		return "group"
	case KindClone:
		return "clone"
	case KindBundle:
		return "bundle"
	}
	return "unknown"
}
