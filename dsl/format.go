package dsl

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
)

// Format lays a .pcl source out canonically (pcl fmt, and pcl lsp's
// formatting). A source that does not parse is refused with its
// diagnostics: hclwrite formats token streams even when they do not
// parse, and formatting must never rewrite a broken file.
func Format(src []byte, filename string) ([]byte, *hcl.File, hcl.Diagnostics) {
	hf, diags := hclsyntax.ParseConfig(src, filename, hcl.InitialPos)
	if diags.HasErrors() {
		return nil, hf, diags
	}
	return hclwrite.Format(src), hf, nil
}
