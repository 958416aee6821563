package dsl

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// Load reads the policy made of paths: .pcl files, and directories whose
// *.pcl files are read in file-name order. files holds every source read,
// for diagnostic excerpts, even when diags has errors.
func Load(paths []string) (*Policy, map[string]*hcl.File, hcl.Diagnostics) {
	return LoadOverlay(paths, nil, nil)
}

// LoadOverlay is Load reading a file's source from overlay (by its path
// as Load names it: a path given, or a directory joined with the file's
// name) where it has one, and from the disk otherwise: an editor's unsaved
// buffers. A directory's *.pcl files include the overlay's files in it
// that are not yet on the disk. Diagnostics name the paths, as Load's do.
// A non-nil cache keeps each file's parse while its source stays the same
// (an editor's session compiles a policy after every edit of one file).
func LoadOverlay(paths []string, overlay map[string][]byte, cache *ParseCache) (*Policy, map[string]*hcl.File, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	files := map[string]*hcl.File{}
	pol := &Policy{}
	var names []string
	for _, p := range paths {
		if _, ok := overlay[p]; ok {
			names = append(names, p)
			continue
		}
		st, err := os.Stat(p)
		if err != nil {
			diags = append(diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Cannot read input",
				Detail:   fmt.Sprintf("The input %s could not be read: %v.", p, err),
			})
			continue
		}
		if !st.IsDir() {
			names = append(names, p)
			continue
		}
		matches, err := filepath.Glob(filepath.Join(p, "*.pcl"))
		matches = withOverlaid(matches, p, overlay)
		if err == nil && len(matches) == 0 {
			diags = append(diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "No policy files",
				Detail:   fmt.Sprintf("The directory %s holds no *.pcl files.", p),
			})
		}
		sort.Strings(matches)
		names = append(names, matches...)
	}
	seen := map[string]bool{}
	for _, name := range names {
		if seen[name] {
			continue
		}
		seen[name] = true
		src, ok := overlay[name]
		var err error
		if !ok {
			src, err = os.ReadFile(name)
		}
		if err != nil {
			diags = append(diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Cannot read input",
				Detail:   fmt.Sprintf("The file %s could not be read: %v.", name, err),
			})
			continue
		}
		f, fdiags := cache.parse(src, name)
		diags = append(diags, fdiags...)
		if f.HCL != nil {
			files[name] = f.HCL
		} else {
			files[name] = &hcl.File{Bytes: src}
		}
		pol.Files = append(pol.Files, f)
	}
	return pol, files, diags
}

// withOverlaid adds to a directory's *.pcl files those of the overlay
// that are in it and not on the disk.
func withOverlaid(matches []string, dir string, overlay map[string][]byte) []string {
	have := map[string]bool{}
	for _, m := range matches {
		have[m] = true
	}
	for name := range overlay {
		if !have[name] && filepath.Dir(name) == filepath.Clean(dir) && filepath.Ext(name) == ".pcl" {
			matches = append(matches, name)
		}
	}
	return matches
}

// Parse parses one .pcl source and decodes its top-level blocks. The
// blocks' bodies are checked against their schemas statically here (so
// that `pcl check` reports structural mistakes even in blocks the
// compiler's for_each would expand to nothing) but are decoded into Block
// trees only by Decode.
func Parse(src []byte, filename string) (*File, hcl.Diagnostics) {
	hf, diags := parseConfig(src, filename)
	return topLevel(src, filename, hf, diags)
}

// topLevel makes the File of a parse of src: its top-level blocks.
func topLevel(src []byte, filename string, hf *hcl.File, diags hcl.Diagnostics) (*File, hcl.Diagnostics) {
	diags = anchorUnterminated(src, filename, diags)
	f := &File{Name: filename, HCL: hf}
	if diags.HasErrors() || hf == nil {
		return f, diags
	}
	content, cdiags := hf.Body.Content(Schemas["file"].BodySchema())
	diags = append(diags, cdiags...)
	for _, hb := range content.Blocks {
		b := shallow(hb)
		f.Blocks = append(f.Blocks, b)
	}
	sort.SliceStable(f.Blocks, func(i, j int) bool { return before(f.Blocks[i].DefRange, f.Blocks[j].DefRange) })
	return f, diags
}

// shallow makes a Block of an hcl.Block without decoding its body.
func shallow(hb *hcl.Block) *Block {
	b := &Block{
		Type:        hb.Type,
		Labels:      hb.Labels,
		LabelRanges: hb.LabelRanges,
		Body:        hb.Body,
		DefRange:    hb.DefRange,
		TypeRange:   hb.TypeRange,
		Range:       hb.DefRange,
	}
	if sb, ok := hb.Body.(*hclsyntax.Body); ok {
		b.Range = hcl.RangeBetween(hb.DefRange, sb.SrcRange)
	}
	return b
}

// Decode decodes body as the body of a block of type typ, recursively,
// filling b's Attrs and Blocks. Unknown attributes and blocks are errors
// with a "did you mean" suggestion from HCL.
func Decode(b *Block) hcl.Diagnostics {
	s, ok := Schemas[b.Type]
	if !ok {
		panic("dsl: no schema for block type " + b.Type)
	}
	if s.AnyAttrs {
		attrs, diags := b.Body.JustAttributes()
		b.Attrs = sortAttrs(attrs)
		return diags
	}
	content, diags := b.Body.Content(s.BodySchema())
	if content == nil {
		return diags
	}
	b.Attrs = sortAttrs(content.Attributes)
	b.Blocks = nil
	for _, hb := range content.Blocks {
		c := shallow(hb)
		if !Deferred[c.Type] {
			diags = append(diags, Decode(c)...)
		}
		b.Blocks = append(b.Blocks, c)
	}
	sort.SliceStable(b.Blocks, func(i, j int) bool { return before(b.Blocks[i].DefRange, b.Blocks[j].DefRange) })
	return diags
}

// Deferred lists the nested block types that Decode leaves undecoded:
// they may have for_each of their own, so the compiler decodes each
// instance with its own each.key and each.value (see SourceBody).
var Deferred = map[string]bool{"primitive": true, "group": true}

// SourceBody finds, in the parsed file of b's declaration, the body of the
// block of b's type and labels declared at b.DefRange, as written (before
// any dynamic block expansion). It returns nil for blocks that have no
// source of their own (those made by dynamic blocks).
func SourceBody(files map[string]*hcl.File, b *Block) hcl.Body {
	f, ok := files[b.DefRange.Filename]
	if !ok || f == nil {
		return nil
	}
	body, ok := f.Body.(*hclsyntax.Body)
	if !ok {
		return nil
	}
	if found := findBlock(body, b); found != nil {
		return found
	}
	return nil
}

func findBlock(body *hclsyntax.Body, b *Block) *hclsyntax.Body {
	// Blocks are in source order and do not overlap, so only the last one
	// starting at or before b can be b or hold it: a binary search per
	// level instead of a walk of the whole file for every block looked up.
	at := b.DefRange.Start.Byte
	i := sort.Search(len(body.Blocks), func(i int) bool { return body.Blocks[i].TypeRange.Start.Byte > at }) - 1
	if i < 0 {
		return nil
	}
	blk := body.Blocks[i]
	def := blk.DefRange()
	if blk.Type == b.Type && def.Start.Byte == at && def.End.Byte == b.DefRange.End.Byte &&
		len(blk.Labels) == len(b.Labels) {
		return blk.Body
	}
	if at >= blk.Range().End.Byte {
		return nil
	}
	return findBlock(blk.Body, b)
}

// Expansion returns a named block's for_each and name attributes, read
// without decoding the rest of the body (their values decide how many
// instances of the body there are).
func Expansion(b *Block) (forEach, name *hcl.Attribute) {
	content, _, _ := b.Body.PartialContent(&hcl.BodySchema{Attributes: []hcl.AttributeSchema{
		{Name: "for_each"}, {Name: "name"},
	}})
	if content == nil {
		return nil, nil
	}
	return content.Attributes["for_each"], content.Attributes["name"]
}

// IsPolicyFile tells whether name is a .pcl file.
func IsPolicyFile(name string) bool { return strings.HasSuffix(name, ".pcl") }
