package lsp

import (
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// Positions count UTF-16 code units, as LSP does by default: é is one,
// 𝄞 (outside the BMP) two, and each is several bytes.
func TestPositions(t *testing.T) {
	text := "a = \"é\"\nb = \"𝄞x\"\n"
	for _, c := range []struct {
		off  int
		line int
		char int
	}{
		{0, 0, 0},
		{5, 0, 5},  // é
		{7, 0, 6},  // after é (2 bytes)
		{14, 1, 5}, // 𝄞
		{18, 1, 7}, // x, after 𝄞 (4 bytes, 2 units)
		{len(text), 2, 0},
	} {
		p := position(text, c.off)
		if int(p.Line) != c.line || int(p.Character) != c.char {
			t.Errorf("position(%d) = %d:%d, want %d:%d", c.off, p.Line, p.Character, c.line, c.char)
		}
		if back := offset(text, p); back != c.off {
			t.Errorf("offset(%d:%d) = %d, want %d", p.Line, p.Character, back, c.off)
		}
	}
	// Past a line's end: the end of the line.
	if off := offset(text, protocol.Position{Line: 0, Character: 99}); off != 8 {
		t.Errorf("past the end of line 0: %d", off)
	}
	if got := byteAt(text, 2, 6); got != 14 {
		t.Errorf("byteAt(2, 6) = %d, want 14", got)
	}
}

func TestURIs(t *testing.T) {
	if p := pathOf(uriOf("/tmp/a b/c.pcl")); p != "/tmp/a b/c.pcl" {
		t.Errorf("round trip: %q", p)
	}
	if p := pathOf("untitled:Untitled-1"); p != "" {
		t.Errorf("untitled: %q", p)
	}
}
