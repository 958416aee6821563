package lsp

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// document is an open buffer.
type document struct {
	uri     string
	path    string
	text    string
	version int32
}

// pathOf is the file path of a file: URI ("" for other schemes).
func pathOf(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return ""
	}
	return filepath.Clean(u.Path)
}

// uriOf is the file: URI of a path.
func uriOf(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}

// textOf is the text of path: the open buffer's, else the file's on the
// disk ("" when it cannot be read).
func (s *Server) textOf(path string) string {
	s.mu.Lock()
	d := s.docs[path]
	s.mu.Unlock()
	if d != nil {
		return d.text
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	return string(b)
}

// position is the LSP position (UTF-16 code units, as LSP counts by
// default) of the byte offset off of text.
func position(text string, off int) protocol.Position {
	if off > len(text) {
		off = len(text)
	}
	if off < 0 {
		off = 0
	}
	line := strings.Count(text[:off], "\n")
	start := strings.LastIndexByte(text[:off], '\n') + 1
	return protocol.Position{Line: protocol.UInteger(line), Character: protocol.UInteger(utf16Len(text[start:off]))}
}

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += len(utf16.Encode([]rune{r}))
	}
	return n
}

// offset is the byte offset of an LSP position in text, clamped to the
// line's end and the text's.
func offset(text string, p protocol.Position) int {
	off := 0
	for i := 0; i < int(p.Line); i++ {
		j := strings.IndexByte(text[off:], '\n')
		if j < 0 {
			return len(text)
		}
		off += j + 1
	}
	units := int(p.Character)
	for units > 0 && off < len(text) && text[off] != '\n' {
		r, size := utf8.DecodeRuneInString(text[off:])
		units -= len(utf16.Encode([]rune{r}))
		off += size
	}
	return off
}

// rangeOf is the LSP range of an HCL range in text, by its byte offsets.
func rangeOf(text string, r hcl.Range) protocol.Range {
	return protocol.Range{Start: position(text, r.Start.Byte), End: position(text, r.End.Byte)}
}

// byteAt is the byte offset of an HCL line and column (columns count
// characters) in text, for positions written out as file:line:col.
func byteAt(text string, line, col int) int {
	off := 0
	for i := 1; i < line; i++ {
		j := strings.IndexByte(text[off:], '\n')
		if j < 0 {
			return len(text)
		}
		off += j + 1
	}
	for c := 1; c < col && off < len(text) && text[off] != '\n'; c++ {
		_, size := utf8.DecodeRuneInString(text[off:])
		off += size
	}
	return off
}
