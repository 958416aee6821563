package rule

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The participle grammar is deliberately loose about terms: a term is any
// run of atoms up to "and", "or" or ")". Reading the atoms of a term is done
// by build.go, which knows what each keyword expects next and can say so in
// a full sentence; participle's own messages only cover the structure
// (parentheses, brackets, braces).

var ruleLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Whitespace", Pattern: `\s+`},
	{Name: "String", Pattern: `"(\\.|[^"\\])*"|'[^']*'`},
	{Name: "Punct", Pattern: `[()\[\]{}=]`},
	{Name: "Word", Pattern: `[^\s()\[\]{}="']+`},
})

var ruleParser = participle.MustBuild[pExpr](
	participle.Lexer(ruleLexer),
	participle.Elide("Whitespace"),
	participle.CaseInsensitive("Word"),
	participle.UseLookahead(2),
)

type pExpr struct {
	Options []*pOption `parser:"( '[' @@* ']' )?"`
	Or      *pOr       `parser:"@@"`
}

type pOption struct {
	Tokens []lexer.Token
	Name   *pText `parser:"@@ '='"`
	Value  *pText `parser:"@@"`
}

type pOr struct {
	Tokens []lexer.Token
	Terms  []*pAnd `parser:"@@ ( 'or' @@ )*"`
}

type pAnd struct {
	Tokens []lexer.Token
	Terms  []*pUnary `parser:"@@ ( 'and' @@ )*"`
}

type pUnary struct {
	Tokens  []lexer.Token
	Not     *pUnary   `parser:"  'not' @@"`
	Group   *pGroup   `parser:"| @@"`
	Primary *pPrimary `parser:"| @@"`
}

type pGroup struct {
	Tokens  []lexer.Token
	Options []*pOption `parser:"'(' ( '[' @@* ']' )?"`
	Inner   *pOr       `parser:"@@ ')'"`
}

type pPrimary struct {
	Tokens []lexer.Token
	Atoms  []*pAtom `parser:"( (?! 'and' | 'or' ) @@ )+"`
}

// pAtom is one word or string of a term, with an optional {name} (value
// sources) or =value (fields) glued to it.
type pAtom struct {
	Tokens []lexer.Token
	Key    *pText `parser:"@@"`
	Brace  *pText `parser:"( '{' @@ '}'"`
	Assign *pText `parser:"| '=' @@ )?"`
}

type pText struct {
	Tokens []lexer.Token
	Word   *string `parser:"  @Word"`
	Str    *string `parser:"| @String"`
}
