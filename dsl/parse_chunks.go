package dsl

import (
	"bytes"
	"hash/fnv"
	"sort"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// An edit in pcl lsp changes a few lines of a file, yet the file was
// parsed again whole: for a 1,000-resource policy that was most of the
// time from keystroke to diagnostics. reparse parses again only the
// chunks of the file that changed and takes the rest from the previous
// parse, moved to where they now are.
//
// A chunk is a run of top-level items. Chunks begin at lines that begin
// with a letter, chosen by the content of that line (content-defined
// chunking), so an edit leaves the boundaries elsewhere where they were
// and the chunks around it byte-identical. As parseConfig argues for its
// halves, a chunk that parses without any diagnostic ends at the end of an
// item, so its items are those the whole parse has; when a chunk does not
// (an unindented line inside a block, a heredoc), or the chunks define one
// attribute twice, the whole source is parsed as before, diagnostics and
// all. The first and the last chunk are always parsed again: they give
// the body's range as the whole parse would.

// Chunk sizes (variables for the tests, which cut small sources).
var (
	chunkMin  = 2 << 10    // no boundary closer than this to the previous one
	chunkMax  = 32 << 10   // a boundary at the first candidate past this
	chunkMask = uint32(31) // about one candidate line in 32 is a boundary
)

// chunk is one chunk's text, where it began, and the top-level items
// parsed from it, in source order.
type chunk struct {
	start  hcl.Pos
	attrs  []*hclsyntax.Attribute
	blocks []*hclsyntax.Block
	body   *hclsyntax.Body // of a chunk just parsed; nil for one taken from the index
}

// chunkIndex maps the text of each chunk of a file's last clean parse to
// its items.
type chunkIndex map[string]chunk

// chunkBounds cuts src into chunks and returns their start offsets (the
// first is 0).
func chunkBounds(src []byte) []int {
	bounds := []int{0}
	last := 0
	for i := 0; i < len(src); {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		if i >= len(src) || i-last < chunkMin {
			continue
		}
		if c := src[i] | 0x20; c < 'a' || 'z' < c {
			continue
		}
		end := bytes.IndexByte(src[i:], '\n')
		if end < 0 {
			end = len(src) - i
		}
		h := fnv.New32a()
		h.Write(src[i : i+end])
		if h.Sum32()&chunkMask == 0 || i-last >= chunkMax {
			bounds = append(bounds, i)
			last = i
		}
	}
	return bounds
}

// reparse parses src, taking unchanged chunks from prev (nil for none),
// and returns the parse and the index of its chunks (nil when the source
// did not parse cleanly).
func reparse(src []byte, filename string, prev chunkIndex) (*hcl.File, chunkIndex, hcl.Diagnostics) {
	bounds := chunkBounds(src)
	if len(bounds) < 3 || prev == nil {
		hf, diags := parseConfig(src, filename)
		if diags.HasErrors() {
			return hf, nil, diags
		}
		return hf, indexChunks(src, bounds, hf), diags
	}
	chunks := make([]chunk, len(bounds))
	for i, start := range chunkStarts(src, bounds) {
		text := src[start.Byte:chunkEnd(src, bounds, i)]
		if old, ok := prev[string(text)]; ok && i > 0 && i < len(bounds)-1 {
			if moved, ok := old.movedTo(start); ok {
				chunks[i] = moved
				continue
			}
		}
		c, ok := parseChunk(text, filename, start)
		if !ok {
			hf, diags := parseConfig(src, filename)
			return hf, nil, diags
		}
		chunks[i] = c
	}
	hf, ok := joinChunks(src, filename, chunks)
	if !ok {
		hf, diags := parseConfig(src, filename)
		return hf, nil, diags
	}
	return hf, byText(src, bounds, chunks), nil
}

// chunkStarts is where each chunk begins: line, column 1, byte.
func chunkStarts(src []byte, bounds []int) []hcl.Pos {
	starts := make([]hcl.Pos, len(bounds))
	line := 1
	for i, at := range bounds {
		if i > 0 {
			line += bytes.Count(src[bounds[i-1]:at], []byte{'\n'})
		}
		starts[i] = hcl.Pos{Line: line, Column: 1, Byte: at}
	}
	return starts
}

// byText indexes chunks by their text.
func byText(src []byte, bounds []int, chunks []chunk) chunkIndex {
	index := chunkIndex{}
	for i, c := range chunks {
		index[string(src[bounds[i]:chunkEnd(src, bounds, i)])] = c
	}
	return index
}

func chunkEnd(src []byte, bounds []int, i int) int {
	if i+1 < len(bounds) {
		return bounds[i+1]
	}
	return len(src)
}

// parseChunk parses one chunk where it lies in the file; ok is false when
// that gives any diagnostic. The first and last chunks keep their body's
// range too: see joinChunks.
func parseChunk(text []byte, filename string, start hcl.Pos) (chunk, bool) {
	hf, diags := hclsyntax.ParseConfig(text, filename, start)
	if len(diags) > 0 {
		return chunk{}, false
	}
	body := hf.Body.(*hclsyntax.Body)
	return chunk{start: start, attrs: sortedAttrs(body.Attributes), blocks: body.Blocks, body: body}, true
}

// joinChunks makes the file whose body holds every chunk's items, as the
// whole parse would; ok is false when two chunks define one attribute.
func joinChunks(src []byte, filename string, chunks []chunk) (*hcl.File, bool) {
	// An empty parse gives a file whose navigation points at its body,
	// which is then filled.
	hf, _ := hclsyntax.ParseConfig(nil, filename, hcl.InitialPos)
	body := hf.Body.(*hclsyntax.Body)
	body.Attributes = hclsyntax.Attributes{}
	for _, c := range chunks {
		for _, a := range c.attrs {
			if _, dup := body.Attributes[a.Name]; dup {
				return nil, false
			}
			body.Attributes[a.Name] = a
		}
		body.Blocks = append(body.Blocks, c.blocks...)
	}
	first, last := chunks[0].body, chunks[len(chunks)-1].body
	body.SrcRange = hcl.Range{Filename: filename, Start: first.SrcRange.Start, End: last.SrcRange.End}
	body.EndRange = last.EndRange
	hf.Bytes = src
	return hf, true
}

// indexChunks files the items of a whole parse under the chunks they lie
// in; nil when an item crosses a chunk boundary (the chunks were not cut
// between items).
func indexChunks(src []byte, bounds []int, hf *hcl.File) chunkIndex {
	body, ok := hf.Body.(*hclsyntax.Body)
	if !ok {
		return nil
	}
	chunks := make([]chunk, len(bounds))
	for i, start := range chunkStarts(src, bounds) {
		chunks[i].start = start
	}
	// in returns the chunk holding r whole, or -1.
	in := func(r hcl.Range) int {
		i := sort.SearchInts(bounds, r.Start.Byte+1) - 1
		if i < 0 || r.End.Byte > chunkEnd(src, bounds, i) {
			return -1
		}
		return i
	}
	for _, a := range sortedAttrs(body.Attributes) {
		i := in(a.SrcRange)
		if i < 0 {
			return nil
		}
		chunks[i].attrs = append(chunks[i].attrs, a)
	}
	for _, b := range body.Blocks {
		i := in(hcl.RangeBetween(b.TypeRange, b.CloseBraceRange))
		if i < 0 {
			return nil
		}
		chunks[i].blocks = append(chunks[i].blocks, b)
	}
	return byText(src, bounds, chunks)
}

func sortedAttrs(attrs hclsyntax.Attributes) []*hclsyntax.Attribute {
	out := make([]*hclsyntax.Attribute, 0, len(attrs))
	for _, a := range attrs {
		out = append(out, a)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].SrcRange.Start.Byte < out[j].SrcRange.Start.Byte })
	return out
}
