package rule

import (
	"os"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// ParseAttr evaluates an HCL attribute expression to a string and parses it
// as a rule. When the expression is a literal string (quoted, with escapes,
// or a heredoc) diagnostics point at the exact line and column inside it;
// for a string built by interpolation or functions they point at the
// expression. The source text needed to account for escapes is read from
// the file named by the expression's range, only when an error needs it.
func ParseAttr(expr hcl.Expression, ctx *hcl.EvalContext) (*Expr, hcl.Diagnostics) {
	return ParseAttrSource(expr, ctx, readFile)
}

// ParseAttrSource is ParseAttr with the file contents supplied by the
// caller (for example from the hcl.File map of a compilation); src may
// return nil for unknown files.
func ParseAttrSource(expr hcl.Expression, ctx *hcl.EvalContext, src func(filename string) []byte) (*Expr, hcl.Diagnostics) {
	text, diags := evalString(expr, ctx)
	if diags.HasErrors() {
		return nil, diags
	}
	s := literalSource(expr, text, src)
	if s == nil {
		s = wholeRangeSource(text, expr.Range())
	}
	e, pdiags := parseSource(s)
	return e, append(diags, pdiags...)
}

func readFile(filename string) []byte {
	b, err := os.ReadFile(filename)
	if err != nil {
		return nil
	}
	return b
}

func evalString(expr hcl.Expression, ctx *hcl.EvalContext) (string, hcl.Diagnostics) {
	v, diags := expr.Value(ctx)
	if diags.HasErrors() {
		return "", diags
	}
	rng := expr.Range()
	bad := func(detail string) (string, hcl.Diagnostics) {
		return "", append(diags, &hcl.Diagnostic{
			Severity:    hcl.DiagError,
			Summary:     "Invalid rule",
			Detail:      detail,
			Subject:     rng.Ptr(),
			Expression:  expr,
			EvalContext: ctx,
		})
	}
	if v.IsNull() {
		return bad("A rule must be a string, such as \"#uname eq node1\"; this expression is null.")
	}
	if !v.IsWhollyKnown() {
		return bad("A rule must be known when the policy is compiled; this expression depends on a value that is not.")
	}
	sv, err := convert.Convert(v, cty.String)
	if err != nil {
		return bad("A rule must be a string, such as \"#uname eq node1\"; this expression is " + v.Type().FriendlyName() + ".")
	}
	return sv.AsString(), diags
}

// wholeRangeSource maps every offset to the expression's range, for
// strings whose characters do not come from one place in the file.
func wholeRangeSource(text string, rng hcl.Range) *source {
	s := &source{text: text, filename: rng.Filename, pos: make([]hcl.Pos, len(text)+1)}
	for i := range s.pos {
		s.pos[i] = rng.Start
	}
	s.pos[len(text)] = rng.End
	// rangeOf(a, b) with b == len(text) ends at rng.End; make every range
	// cover the whole expression, which is the most precise honest answer.
	s.whole = &rng
	return s
}

// literalSource maps the text of a template made only of literal parts
// (a quoted string or heredoc without interpolation) back to the file.
func literalSource(expr hcl.Expression, text string, src func(string) []byte) *source {
	tmpl, ok := expr.(*hclsyntax.TemplateExpr)
	if !ok {
		return nil
	}
	var file []byte
	s := &source{text: text, filename: expr.Range().Filename, pos: make([]hcl.Pos, 0, len(text)+1)}
	for _, part := range tmpl.Parts {
		lit, ok := part.(*hclsyntax.LiteralValueExpr)
		if !ok || lit.Val.Type() != cty.String || lit.Val.IsNull() {
			return nil
		}
		val := lit.Val.AsString()
		rng := lit.SrcRange
		if rng.End.Byte-rng.Start.Byte == len(val) {
			// No escapes: the part is in the file as it is.
			s.pos = append(s.pos, contiguousSource(val, rng.Start, rng.Filename).pos[:len(val)]...)
			continue
		}
		if file == nil && src != nil {
			file = src(rng.Filename)
		}
		if rng.End.Byte > len(file) || rng.Start.Byte > rng.End.Byte {
			return nil
		}
		pos := escapedPositions(file[rng.Start.Byte:rng.End.Byte], val, rng.Start)
		if pos == nil {
			return nil
		}
		s.pos = append(s.pos, pos...)
	}
	if len(s.pos) != len(text) {
		return nil
	}
	s.pos = append(s.pos, tmpl.SrcRange.End)
	if n := len(tmpl.Parts); n > 0 {
		s.pos[len(text)] = tmpl.Parts[n-1].Range().End
	}
	return s
}

// escapedPositions gives the file position of each byte of val, which HCL
// decoded from raw. It decodes growing prefixes of raw with HCL's own
// literal decoder, so every escape HCL knows is accounted for; a prefix
// cut inside an escape fails to decode and is skipped. Leading text that
// HCL trimmed (indented heredocs) is skipped too.
func escapedPositions(raw []byte, val string, start hcl.Pos) []hcl.Pos {
	rawPos := contiguousSource(string(raw), start, "").pos
	decode := func(b []byte, typ hclsyntax.TokenType) (string, bool) {
		s, d := hclsyntax.ParseStringLiteralToken(hclsyntax.Token{Type: typ, Bytes: b})
		return s, !d.HasErrors()
	}
	typ := hclsyntax.TokenQuotedLit
	full, ok := decode(raw, typ)
	if !ok || !strings.HasSuffix(full, val) {
		typ = hclsyntax.TokenStringLit
		full, ok = decode(raw, typ)
		if !ok || !strings.HasSuffix(full, val) {
			return alignTrimmed(raw, val, rawPos)
		}
	}
	skip := len(full) - len(val)
	pos := make([]hcl.Pos, len(val))
	filled, from := 0, 0
	for i := 0; i <= len(raw) && filled < len(val); {
		next := i + 1
		if i < len(raw) {
			_, size := utf8.DecodeRune(raw[i:])
			next = i + size
		}
		dec, ok := decode(raw[:min(next, len(raw))], typ)
		if ok {
			for filled+skip < len(dec) && filled < len(val) {
				pos[filled] = rawPos[from]
				filled++
			}
			from = min(next, len(raw))
		}
		if i == len(raw) {
			break
		}
		i = next
	}
	if filled != len(val) {
		return nil
	}
	return pos
}

// alignTrimmed maps val onto raw where HCL removed the indentation of each
// line (an indented heredoc, whose lines it merges into one part).
func alignTrimmed(raw []byte, val string, rawPos []hcl.Pos) []hcl.Pos {
	pos := make([]hcl.Pos, len(val))
	j, lineStart := 0, true
	for i := 0; i < len(val); i++ {
		for j < len(raw) && raw[j] != val[i] && lineStart && (raw[j] == ' ' || raw[j] == '\t') {
			j++
		}
		if j >= len(raw) || raw[j] != val[i] {
			return nil
		}
		pos[i] = rawPos[j]
		lineStart = raw[j] == '\n'
		j++
	}
	return pos
}
