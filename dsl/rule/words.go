package rule

import (
	"strconv"
	"strings"
)

// Words with a meaning of their own. A node attribute or value spelled like
// one of them must be quoted.
var (
	// boolWords join or negate terms anywhere in an expression.
	boolWords = []string{"and", "or", "not"}
	// leadWords start a term of their own kind.
	leadWords = []string{"date", "resource", "op", "defined", "not_defined"}
	// compareOps are the binary operators of attribute expressions.
	compareOps = []string{"lt", "gt", "lte", "gte", "eq", "ne"}
	// typeNames may prefix an attribute as "integer:ram".
	typeNames = []string{"string", "integer", "number", "version"}
	// valueSources may wrap a value as "param{name}".
	valueSources = []string{"param", "meta", "literal"}
	// durationFields are the fields of <duration>, in the CIB's order.
	durationFields = []string{"years", "months", "weeks", "days", "hours", "minutes", "seconds"}
	// specFields are the fields of <date_spec>, in the CIB's order.
	specFields = []string{"seconds", "minutes", "hours", "monthdays", "weekdays", "yeardays", "months", "weeks", "years", "weekyears", "moon"}
	// groupOptions may lead a parenthesized group; the whole expression
	// takes only boolean-op (the rest are attributes of the rule block).
	groupOptions = []string{"boolean-op", "score", "score-attribute", "role"}
)

// DurationFields returns the names of duration fields in the CIB's order.
func DurationFields() []string { return append([]string(nil), durationFields...) }

// SpecFields returns the names of date_spec fields in the CIB's order.
func SpecFields() []string { return append([]string(nil), specFields...) }

func isOneOf(word string, set []string) bool {
	for _, w := range set {
		if strings.EqualFold(word, w) {
			return true
		}
	}
	return false
}

// isPlainWord reports whether s lexes as one Word token.
func isPlainWord(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		switch r {
		case '(', ')', '[', ']', '{', '}', '=', '"', '\'':
			return false
		case ' ', '\t', '\n', '\r', '\f': // the lexer's \s
			return false
		}
	}
	return true
}

// QuoteValue spells s so that it reads back as the value s: bare when it
// is one plain word that is not a keyword, else quoted.
func QuoteValue(s string) string {
	if isPlainWord(s) && !isOneOf(s, boolWords) {
		return s
	}
	return quote(s)
}

// QuoteAttribute spells a node attribute name so that it reads back as that
// name at the start of a term: like QuoteValue, and also quoted when it
// starts a term of another kind or looks like a typed attribute.
func QuoteAttribute(s string) string {
	if isPlainWord(s) && !isOneOf(s, boolWords) && !isOneOf(s, leadWords) && !hasTypePrefix(s) {
		return s
	}
	return quote(s)
}

func hasTypePrefix(s string) bool {
	i := strings.IndexByte(s, ':')
	return i > 0 && isOneOf(s[:i], typeNames)
}

// quote prefers single quotes, which need no escapes and read well inside
// an HCL string; text holding a single quote gets Go-style double quotes.
func quote(s string) string {
	if !strings.Contains(s, "'") {
		return "'" + s + "'"
	}
	return strconv.Quote(s)
}
