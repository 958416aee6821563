package dsl

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// HCL reports an unterminated string, heredoc or comment where the file or
// line ends, far from what is missing. anchorUnterminated finds the opening
// token of the construct that is never closed, with HCL's own lexer, and
// moves those diagnostics there.

// unterminatedSummaries are the summaries HCL gives an unterminated string
// or heredoc.
var unterminatedSummaries = map[string]bool{
	"Unterminated template string": true,
	"Invalid multi-line string":    true,
	"Unterminated heredoc":         true,
}

func anchorUnterminated(src []byte, filename string, diags hcl.Diagnostics) hcl.Diagnostics {
	if !diags.HasErrors() {
		return diags
	}
	toks, _ := hclsyntax.LexConfig(src, filename, hcl.InitialPos)
	open, what := unclosed(toks)
	if open == nil {
		return diags
	}
	if what == "comment" {
		return hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "Unterminated comment",
			Detail:   "This /* comment has no closing */, so the rest of the file is part of it.",
			Subject:  open.Range.Ptr(),
		}}
	}
	var out hcl.Diagnostics
	moved := false
	for _, d := range diags {
		if !unterminatedSummaries[d.Summary] || d.Subject == nil || d.Subject.Start.Byte < open.Range.Start.Byte {
			out = append(out, d)
			continue
		}
		if moved {
			continue // one construct, one diagnostic
		}
		moved = true
		c := *d
		rng := open.Range
		if open.Type == hclsyntax.TokenOHeredoc {
			// The token holds its newline; point at "<<EOT" alone.
			n := len(strings.TrimRight(string(open.Bytes), "\r\n"))
			rng.End = hcl.Pos{Line: rng.Start.Line, Column: rng.Start.Column + n, Byte: rng.Start.Byte + n}
			c.Summary = "Unterminated heredoc"
		} else if open.Type == hclsyntax.TokenOQuote {
			c.Summary = "Unterminated string"
		}
		c.Subject = rng.Ptr()
		c.Detail = what
		out = append(out, &c)
	}
	return out
}

// unclosed returns the opening token of the first construct the tokens
// never close, and a sentence saying what is missing ("comment" for an
// unterminated /*, which HCL lexes as a slash and a star).
func unclosed(toks hclsyntax.Tokens) (*hclsyntax.Token, string) {
	var stack []*hclsyntax.Token
	for i := range toks {
		t := &toks[i]
		switch t.Type {
		case hclsyntax.TokenOQuote, hclsyntax.TokenOHeredoc, hclsyntax.TokenTemplateInterp, hclsyntax.TokenTemplateControl:
			stack = append(stack, t)
		case hclsyntax.TokenCQuote, hclsyntax.TokenCHeredoc, hclsyntax.TokenTemplateSeqEnd:
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case hclsyntax.TokenQuotedNewline:
			for j := len(stack) - 1; j >= 0; j-- {
				if stack[j].Type == hclsyntax.TokenOQuote {
					return stack[j], "This string has no closing quote on its line; a quoted string ends on the line it starts (use \\n or a heredoc for several lines)."
				}
			}
		case hclsyntax.TokenStar:
			if i > 0 && toks[i-1].Type == hclsyntax.TokenSlash && toks[i-1].Range.End.Byte == t.Range.Start.Byte && len(stack) == 0 {
				slash := toks[i-1]
				slash.Range.End = t.Range.End
				return &slash, "comment"
			}
		case hclsyntax.TokenEOF:
			if len(stack) == 0 {
				return nil, ""
			}
			first := stack[0]
			switch first.Type {
			case hclsyntax.TokenOHeredoc:
				marker := strings.TrimSpace(strings.TrimLeft(string(first.Bytes), "<-"))
				return first, fmt.Sprintf("This heredoc is never closed: no line holding only %s follows it.", marker)
			case hclsyntax.TokenOQuote:
				return first, "This string has no closing quote."
			default:
				return first, "This interpolation or directive is never closed with }."
			}
		}
	}
	return nil, ""
}
