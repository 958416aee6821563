package pclgen

import (
	"strconv"

	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"

	"pcl/ir"
)

// The helpers here choose how a CIB text is spelled in .pcl. A value is
// written in its most readable form only when the compiler turns that form
// back into exactly the same text; otherwise it stays a quoted string.

// str is a quoted string literal.
func str(s string) hclwrite.Tokens { return hclwrite.TokensForValue(cty.StringVal(s)) }

// ident is a bare identifier (inf, true, null, ...).
func ident(s string) hclwrite.Tokens { return hclwrite.TokensForIdentifier(s) }

// canonicalInt reports whether text is an integer spelled the way the
// compiler spells a number it writes as text: no sign but a leading minus,
// no leading zeros, no spaces.
func canonicalInt(text string) (int64, bool) {
	v, err := strconv.ParseInt(text, 10, 64)
	if err != nil || strconv.FormatInt(v, 10) != text {
		return 0, false
	}
	return v, true
}

// number is a numeric literal; negative numbers become a unary minus, which
// is what the HCL parser makes of them anyway.
func number(v int64) hclwrite.Tokens {
	return hclwrite.TokensForValue(cty.NumberIntVal(v))
}

// plainValue spells the value of a name/value pair or of a bundle
// attribute: canonical integers as numbers, "true"/"false" as bools, null
// for a missing value, anything else as a string.
func plainValue(text *string) hclwrite.Tokens {
	if text == nil {
		return ident("null")
	}
	t := *text
	if v, ok := canonicalInt(t); ok {
		return number(v)
	}
	if t == "true" || t == "false" {
		return ident(t)
	}
	return str(t)
}

// scoreValue spells a score: inf and -inf for the canonical INFINITY
// spellings, integers when canonical and finite, else the text as a
// string (which the compiler keeps verbatim: "+INFINITY", "1000000", "007").
func scoreValue(s *ir.ScoreValue) hclwrite.Tokens {
	switch s.Text {
	case "INFINITY":
		return ident("inf")
	case "-INFINITY":
		return hclwrite.Tokens{
			{Type: hclsyntax.TokenMinus, Bytes: []byte("-")},
			{Type: hclsyntax.TokenIdent, Bytes: []byte("inf")},
		}
	}
	if v, ok := canonicalInt(s.Text); ok && v > -int64(ir.Infinity) && v < int64(ir.Infinity) {
		return number(v)
	}
	return str(s.Text)
}

// boolValue spells a boolean: true/false when written so, else the text as
// a string ("yes", "1", or an invalid value kept for the compiler to judge).
func boolValue(b *ir.Bool) hclwrite.Tokens {
	if b.Text == "true" || b.Text == "false" {
		return ident(b.Text)
	}
	return str(b.Text)
}

// stringList is a list of quoted strings on one line.
func stringList(items []string) hclwrite.Tokens {
	elems := make([]hclwrite.Tokens, len(items))
	for i, s := range items {
		elems[i] = str(s)
	}
	return hclwrite.TokensForTuple(elems)
}

// objectKey spells a key of an object constructor: a bare name when HCL
// reads it as that name, else a quoted string. Keywords that would start
// another expression (for, null, true, false) are quoted too.
func objectKey(name string) hclwrite.Tokens {
	switch name {
	case "for", "null", "true", "false", "if", "in", "else", "endif", "endfor":
		return str(name)
	}
	if hclsyntax.ValidIdentifier(name) {
		return ident(name)
	}
	return str(name)
}

// kv is one entry of an ordered object constructor.
type kv struct {
	key   string
	value hclwrite.Tokens
}

// Objects of at most inlineEntries entries and inlineWidth bytes of text
// are written on one line: `{ cpu = 8, memory = 16384 }`.
const (
	inlineEntries = 3
	inlineWidth   = 60
)

// object is an object constructor with its entries in the given order
// (hclwrite's cty-based builder would sort the keys, and the order of
// name/value pairs is part of the CIB): on one line when short, else one
// entry per line.
func object(entries []kv) hclwrite.Tokens {
	if len(entries) > 0 && len(entries) <= inlineEntries {
		toks := hclwrite.Tokens{{Type: hclsyntax.TokenOBrace, Bytes: []byte("{")}}
		width := 0
		for i, e := range entries {
			if i > 0 {
				toks = append(toks, &hclwrite.Token{Type: hclsyntax.TokenComma, Bytes: []byte(",")})
			}
			key := objectKey(e.key)
			toks = append(toks, key...)
			toks = append(toks, &hclwrite.Token{Type: hclsyntax.TokenEqual, Bytes: []byte("=")})
			toks = append(toks, e.value...)
			width += len(key.Bytes()) + len(e.value.Bytes()) + 5
		}
		toks = append(toks, &hclwrite.Token{Type: hclsyntax.TokenCBrace, Bytes: []byte("}")})
		if width <= inlineWidth {
			return toks
		}
	}
	attrs := make([]hclwrite.ObjectAttrTokens, len(entries))
	for i, e := range entries {
		attrs[i] = hclwrite.ObjectAttrTokens{Name: objectKey(e.key), Value: e.value}
	}
	return hclwrite.TokensForObject(attrs)
}
