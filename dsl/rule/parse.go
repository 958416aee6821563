package rule

import (
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2"
	"github.com/hashicorp/hcl/v2"
)

var whitespaceType = ruleLexer.Symbols()["Whitespace"]

// source maps byte offsets of the rule text to positions in the file it
// came from.
type source struct {
	text     string
	filename string
	pos      []hcl.Pos  // pos[i] is where byte i of text is; pos[len(text)] is the end
	whole    *hcl.Range // set when no offset maps to a place of its own
}

// contiguousSource is for text that appears in the file exactly as given,
// starting at start.
func contiguousSource(text string, start hcl.Pos, filename string) *source {
	s := &source{text: text, filename: filename, pos: make([]hcl.Pos, len(text)+1)}
	p := start
	for i := 0; i < len(text); {
		_, size := utf8.DecodeRuneInString(text[i:])
		for j := 0; j < size; j++ {
			s.pos[i+j] = hcl.Pos{Line: p.Line, Column: p.Column, Byte: p.Byte + j}
		}
		if text[i] == '\n' {
			p.Line++
			p.Column = 1
		} else {
			p.Column++
		}
		p.Byte += size
		i += size
	}
	s.pos[len(text)] = p
	return s
}

// rangeOf is the source range of text[start:end].
func (s *source) rangeOf(start, end int) hcl.Range {
	if s.whole != nil {
		return *s.whole
	}
	start = clamp(start, 0, len(s.text))
	end = clamp(end, start, len(s.text))
	return hcl.Range{Filename: s.filename, Start: s.pos[start], End: s.pos[end]}
}

func clamp(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// Parse parses a rule expression that appears verbatim in filename at
// start. Diagnostics point into the text by line and column.
func Parse(text string, start hcl.Pos, filename string) (*Expr, hcl.Diagnostics) {
	if start.Line == 0 {
		start = hcl.InitialPos
	}
	return parseSource(contiguousSource(text, start, filename))
}

func parseSource(src *source) (*Expr, hcl.Diagnostics) {
	if strings.TrimSpace(src.text) == "" {
		return nil, hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "Empty rule",
			Detail:   "The rule expression is empty; write a condition such as \"#uname eq node1\".",
			Subject:  src.rangeOf(0, len(src.text)).Ptr(),
		}}
	}
	p, err := ruleParser.ParseString(src.filename, src.text)
	if err != nil {
		return nil, hcl.Diagnostics{syntaxDiagnostic(src, err)}
	}
	b := &builder{src: src}
	e := b.expr(p)
	if b.diags.HasErrors() {
		return nil, b.diags
	}
	return e, b.diags
}

// syntaxDiagnostic rewords participle's errors, which name tokens, into
// the terms of the rule language.
func syntaxDiagnostic(src *source, err error) *hcl.Diagnostic {
	off := len(src.text)
	msg := err.Error()
	var perr participle.Error
	if errors.As(err, &perr) {
		off = perr.Position().Offset
		msg = perr.Message()
	}
	off = clamp(off, 0, len(src.text))
	d := &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Invalid rule expression"}
	rest := src.text[off:]
	end := off
	if rest != "" {
		_, size := utf8.DecodeRuneInString(rest)
		end = off + size
	}
	d.Subject = src.rangeOf(off, end).Ptr()
	switch {
	case rest != "" && (rest[0] == '"' || rest[0] == '\''):
		d.Summary = "Unterminated quoted string"
		d.Detail = "This quoted string has no closing quote."
	case strings.HasPrefix(msg, "unexpected token \"<EOF>\""):
		d.Summary = "Unexpected end of rule"
		d.Detail = "The rule expression ends early: " + expectation(msg, src, off) + "."
	case strings.HasPrefix(msg, "unexpected token"):
		d.Detail = "Unexpected " + tokenName(rest) + ": " + expectation(msg, src, off) + "."
	default:
		d.Detail = "The rule expression cannot be read here: " + msg + "."
	}
	return d
}

// expectation says what could have come at off, in words.
func expectation(msg string, src *source, off int) string {
	depth := 0
	for _, tok := range lexTokens(src.text[:off]) {
		switch tok {
		case "(":
			depth++
		case ")":
			depth--
		}
	}
	before := strings.TrimSpace(src.text[:off])
	switch {
	case strings.HasSuffix(before, "(") || strings.HasSuffix(before, "and") || strings.HasSuffix(before, "or") || strings.HasSuffix(before, "not") || before == "":
		return "expected a condition such as \"#uname eq node1\" or a parenthesized group"
	case strings.HasSuffix(before, "{"):
		return "expected a name and a closing brace, as in param{name}"
	case strings.HasSuffix(before, "="):
		return "expected a value after \"=\""
	case strings.HasSuffix(before, "["):
		return "expected options such as [boolean-op=and] and a closing bracket"
	case strings.Contains(msg, "\"}\""):
		return "expected a closing brace"
	case strings.Contains(msg, "\"]\"") || strings.Contains(msg, "\"=\""):
		return "expected name=value options and a closing bracket"
	case depth > 0:
		return "expected \"and\", \"or\" or a closing parenthesis"
	}
	return "expected \"and\", \"or\" or the end of the rule"
}

func tokenName(rest string) string {
	toks := lexTokens(rest)
	if len(toks) == 0 {
		return "end of rule"
	}
	return "\"" + toks[0] + "\""
}

// lexTokens returns the non-space token texts of s, as far as it lexes.
func lexTokens(s string) []string {
	lx, err := ruleLexer.LexString("", s)
	if err != nil {
		return nil
	}
	var out []string
	for {
		t, err := lx.Next()
		if err != nil || t.EOF() {
			return out
		}
		if t.Type != whitespaceType {
			out = append(out, t.Value)
		}
	}
}
