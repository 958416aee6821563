package dsl

import (
	"bytes"
	"sync"

	"github.com/hashicorp/hcl/v2"
)

// ParseCache keeps the parse of each file, by path, for as long as its
// source stays the same, and when it changes parses again only the chunks
// of it that changed (reparse): pcl lsp compiles a policy after every
// edit of one of its files, and parsing is most of compiling. Only parses without
// diagnostics are kept (the compiler may rewrite diagnostics it reports);
// a parsed File is never modified by the compiler (it decodes copies of
// its blocks), so one File serves every compilation. The zero value is
// ready; a nil cache parses every time.
type ParseCache struct {
	mu    sync.Mutex
	files map[string]cachedParse
}

type cachedParse struct {
	src    []byte
	file   *File      // nil when the last parse had diagnostics
	chunks chunkIndex // of the last clean parse
}

func (c *ParseCache) parse(src []byte, name string) (*File, hcl.Diagnostics) {
	if c == nil {
		return Parse(src, name)
	}
	c.mu.Lock()
	hit, ok := c.files[name]
	c.mu.Unlock()
	if ok && hit.file != nil && bytes.Equal(hit.src, src) {
		return hit.file, nil
	}
	hf, chunks, diags := reparse(src, name, hit.chunks)
	f, diags := topLevel(src, name, hf, diags)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.files == nil {
		c.files = map[string]cachedParse{}
	}
	if len(diags) == 0 {
		c.files[name] = cachedParse{src: bytes.Clone(src), file: f, chunks: chunks}
	} else {
		// The chunks of the last clean parse serve the edit that mends
		// this one.
		c.files[name] = cachedParse{chunks: hit.chunks}
	}
	return f, diags
}
