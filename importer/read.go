package importer

import (
	"github.com/hashicorp/hcl/v2"

	"pcl/ir"
)

// Read parses a CIB XML document (configuration, optionally with status)
// into IR. filename is used in diagnostics only. cib is nil when diags has
// errors.
func Read(filename string, src []byte) (cib *ir.CIB, diags hcl.Diagnostics) {
	panic("TODO: importer.Read")
}
