package lsp

import (
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"pcl/dsl"
)

// formatting lays the document out as pcl fmt does: one edit replacing
// the whole text, none when it is formatted or does not parse (pcl fmt
// refuses to rewrite a broken file, and so does this).
func (s *Server) formatting(_ *glsp.Context, p *protocol.DocumentFormattingParams) ([]protocol.TextEdit, error) {
	path := pathOf(p.TextDocument.URI)
	if path == "" {
		return nil, nil
	}
	text := s.textOf(path)
	out, _, diags := dsl.Format([]byte(text), path)
	if diags.HasErrors() || string(out) == text {
		return []protocol.TextEdit{}, nil
	}
	return []protocol.TextEdit{{
		Range:   protocol.Range{Start: protocol.Position{}, End: position(text, len(text))},
		NewText: string(out),
	}}, nil
}
