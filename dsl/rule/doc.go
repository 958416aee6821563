// Package rule parses pcl's rule expressions: the strings of `rule = "..."`
// that become a CIB <rule>. It owns the grammar, the AST with source
// positions and the quoting of words; it does not lower rules to IR
// (compiler/rule_lower.go), print them from IR (emit/pclgen/rule.go) or
// evaluate them (planner/ruleeval).
//
// Grammar (crmsh-compatible, extended with parentheses, mixed and/or, not
// and options):
//
//	expr     = [ options ] or
//	or       = and { "or" and }
//	and      = unary { "and" unary }                 // and binds tighter
//	unary    = "not" unary | "(" [ options ] or ")" | term
//	options  = "[" { name "=" value } "]"            // boolean-op score score-attribute role
//	term     = attr OP value                         // OP: lt gt lte gte eq ne
//	         | ("defined" | "not_defined") attr
//	         | "date" ("gt" | "lt") DATE             // start / end
//	         | "date" ("gt" | "lt") { field "=" value }
//	         | "date" ("in" | "in_range") { field "=" value }  // start end years months weeks days hours minutes seconds
//	         | "date" ("spec" | "date_spec") { field "=" value } // seconds minutes hours monthdays weekdays yeardays months weeks years weekyears moon
//	         | "resource" class ":" [provider] ":" type | "resource" class ":" type
//	         | "op" name [ "interval" "=" duration ]
//	attr     = [ type ":" ] word | [ type ":" ] string          // type: string integer number version
//	value    = word | string | ("param" | "meta" | "literal") "{" (word | string) "}"
//
// A word is any run of characters other than white space, parentheses,
// brackets, braces, "=" and quotes: #uname, fail-count-rsc#monitor_10000,
// 2005-001, 9-16 and ocf:heartbeat:IPaddr2 are words. Anything else is
// quoted, in single quotes (no escapes) or double quotes (Go escapes).
// Keywords are matched without regard to case; the AST keeps them as
// written and the compiler lowers them to the lower case the CIB schema
// requires (values are kept exactly as written). A node
// attribute named like a keyword (date, resource, op, defined,
// not_defined, and, or, not) or like a typed attribute ("integer:x") is
// quoted.
//
// Parentheses always make a nested <rule>; a chain of one operator is the
// rule's terms; "a and b or c" nests the "and" chain. Options inside a
// group set the nested rule's own attributes; options leading the whole
// expression may only set boolean-op (the rest belong to the rule block).
// By default a rule of several terms gets boolean-op from its operator
// and a rule of one term gets none; [boolean-op=...] writes one anyway.
package rule
