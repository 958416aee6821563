package dsl

import (
	"bytes"
	"runtime"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// splitMin is the size of source from which parseConfig parses two halves
// at once.
var splitMin = 256 << 10

// parseConfig is hclsyntax.ParseConfig, with the same result, but for a
// large source it parses two halves on two processors: parsing is most of
// compiling a large policy, and it is one processor's work.
//
// The halves meet at the start of a line that begins with a letter, past
// the middle: where a top-level block or attribute begins, if the policy
// is laid out as pcl fmt lays it out. Whether it is one is not guessed:
// HCL ends every top-level item at a newline outside brackets, strings,
// heredocs and comments, so a first half that parses without any
// diagnostic ends at the end of an item, and the second half parses as it
// would have in the whole. Otherwise (or when the halves define one
// attribute twice, which only the whole parse reports) the whole source is
// parsed at once, diagnostics and all.
func parseConfig(src []byte, filename string) (*hcl.File, hcl.Diagnostics) {
	at := splitPoint(src)
	if at <= 0 || runtime.GOMAXPROCS(0) < 2 {
		return hclsyntax.ParseConfig(src, filename, hcl.InitialPos)
	}
	var (
		second      *hcl.File
		secondDiags hcl.Diagnostics
		done        = make(chan struct{})
	)
	go func() {
		defer close(done)
		start := hcl.Pos{Line: 1 + bytes.Count(src[:at], []byte{'\n'}), Column: 1, Byte: at}
		second, secondDiags = hclsyntax.ParseConfig(src[at:], filename, start)
	}()
	first, diags := hclsyntax.ParseConfig(src[:at], filename, hcl.InitialPos)
	<-done
	if len(diags) > 0 || len(secondDiags) > 0 || !merge(first, second) {
		return hclsyntax.ParseConfig(src, filename, hcl.InitialPos)
	}
	first.Bytes = src
	return first, nil
}

// splitPoint is where parseConfig splits src: the first line past the
// middle that begins with an ASCII letter, or 0 for none (or src too
// small to split).
func splitPoint(src []byte) int {
	if len(src) < splitMin {
		return 0
	}
	i := len(src) / 2
	for {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			return 0
		}
		i += j + 1
		if i >= len(src) {
			return 0
		}
		if c := src[i] | 0x20; 'a' <= c && c <= 'z' { // a letter
			return i
		}
	}
}

// merge appends the second half's top-level items to the first's body,
// keeping first's navigation (which points at that body), and reports
// whether it could: not when an attribute is in both.
func merge(first, second *hcl.File) bool {
	b1, ok1 := first.Body.(*hclsyntax.Body)
	b2, ok2 := second.Body.(*hclsyntax.Body)
	if !ok1 || !ok2 {
		return false
	}
	for name := range b2.Attributes {
		if _, dup := b1.Attributes[name]; dup {
			return false
		}
	}
	if b1.Attributes == nil {
		b1.Attributes = hclsyntax.Attributes{}
	}
	for name, a := range b2.Attributes {
		b1.Attributes[name] = a
	}
	b1.Blocks = append(b1.Blocks, b2.Blocks...)
	b1.SrcRange.End = b2.SrcRange.End
	b1.EndRange = b2.EndRange
	return true
}
