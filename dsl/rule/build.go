package rule

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/hashicorp/hcl/v2"
)

// builder turns participle's loose parse tree into the AST, reading each
// term's atoms and reporting what was expected where.
type builder struct {
	src   *source
	diags hcl.Diagnostics
}

func (b *builder) errorf(rng hcl.Range, summary, format string, args ...any) {
	b.diags = append(b.diags, &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  summary,
		Detail:   fmt.Sprintf(format, args...),
		Subject:  rng.Ptr(),
	})
}

func (b *builder) tokensRange(toks []lexer.Token) hcl.Range {
	first, last := -1, -1
	for i, t := range toks {
		if t.Type == whitespaceType {
			continue
		}
		if first < 0 {
			first = i
		}
		last = i
	}
	if first < 0 {
		return b.src.rangeOf(0, 0)
	}
	return b.src.rangeOf(toks[first].Pos.Offset, toks[last].Pos.Offset+len(toks[last].Value))
}

func (b *builder) expr(p *pExpr) *Expr {
	e := &Expr{Options: b.options(p.Options), Root: b.or(p.Or)}
	e.Range = b.src.rangeOf(0, len(b.src.text))
	for _, o := range e.Options {
		if o.Name != "boolean-op" {
			b.errorf(o.NameRange, "Option not allowed here",
				"Only boolean-op can lead the whole rule expression; set %s as an attribute of the rule block instead.", o.Name)
		}
	}
	return e
}

func (b *builder) options(ps []*pOption) []Option {
	var out []Option
	seen := map[string]hcl.Range{}
	for _, p := range ps {
		name, nameRng := b.text(p.Name)
		value, valueRng := b.text(p.Value)
		if !isOneOf(name, groupOptions) {
			b.errorf(nameRng, "Unknown rule option",
				"%q is not a rule option: expected one of %s.", name, strings.Join(groupOptions, ", "))
			continue
		}
		name = strings.ToLower(name)
		if first, dup := seen[name]; dup {
			b.errorf(nameRng, "Duplicate rule option",
				"The option %s is already set at %s.", name, posString(first))
			continue
		}
		seen[name] = nameRng
		out = append(out, Option{Name: name, Value: value, NameRange: nameRng, ValueRange: valueRng})
	}
	return out
}

func (b *builder) or(p *pOr) Node {
	if len(p.Terms) == 1 {
		return b.and(p.Terms[0])
	}
	c := &Chain{Op: "or", Range: b.tokensRange(p.Tokens)}
	for _, t := range p.Terms {
		c.Operands = append(c.Operands, b.and(t))
	}
	return c
}

func (b *builder) and(p *pAnd) Node {
	if len(p.Terms) == 1 {
		return b.unary(p.Terms[0])
	}
	c := &Chain{Op: "and", Range: b.tokensRange(p.Tokens)}
	for _, t := range p.Terms {
		c.Operands = append(c.Operands, b.unary(t))
	}
	return c
}

func (b *builder) unary(p *pUnary) Node {
	switch {
	case p.Not != nil:
		off := firstOffset(p.Tokens)
		kw := b.src.rangeOf(off, off+len("not"))
		return &Not{Operand: b.unary(p.Not), KeywordRange: kw, Range: b.tokensRange(p.Tokens)}
	case p.Group != nil:
		return &Group{
			Options: b.options(p.Group.Options),
			Inner:   b.or(p.Group.Inner),
			Range:   b.tokensRange(p.Group.Tokens),
		}
	default:
		return b.term(p.Primary)
	}
}

// atom is a pAtom with its text decoded.
type atom struct {
	key       string
	quoted    bool // key was a quoted string
	keyRange  hcl.Range
	keyOff    int     // text offset of the key
	brace     *string // {name}
	assign    *string // =value
	valRange  hcl.Range
	valQuoted bool
	rng       hcl.Range
}

func (b *builder) atoms(ps []*pAtom) []atom {
	out := make([]atom, 0, len(ps))
	for _, p := range ps {
		a := atom{rng: b.tokensRange(p.Tokens)}
		a.key, a.keyRange = b.text(p.Key)
		a.quoted = p.Key.Str != nil
		a.keyOff = firstOffset(p.Key.Tokens)
		if p.Brace != nil {
			v, r := b.text(p.Brace)
			a.brace, a.valRange, a.valQuoted = &v, r, p.Brace.Str != nil
		}
		if p.Assign != nil {
			v, r := b.text(p.Assign)
			a.assign, a.valRange, a.valQuoted = &v, r, p.Assign.Str != nil
		}
		out = append(out, a)
	}
	return out
}

// text decodes a word or quoted string.
func (b *builder) text(p *pText) (string, hcl.Range) {
	rng := b.tokensRange(p.Tokens)
	if p.Word != nil {
		return *p.Word, rng
	}
	raw := *p.Str
	if raw[0] == '\'' {
		return raw[1 : len(raw)-1], rng
	}
	s, err := strconv.Unquote(raw)
	if err != nil {
		b.errorf(rng, "Invalid quoted string",
			"The string %s has an invalid escape sequence: use \\\" for a double quote and \\\\ for a backslash, or single quotes for text without escapes.", raw)
		return raw[1 : len(raw)-1], rng
	}
	return s, rng
}

func firstOffset(toks []lexer.Token) int {
	for _, t := range toks {
		if t.Type != whitespaceType {
			return t.Pos.Offset
		}
	}
	return 0
}

// describe names an atom for messages.
func (a atom) describe() string {
	switch {
	case a.brace != nil:
		return fmt.Sprintf("%q", a.key+"{"+*a.brace+"}")
	case a.assign != nil:
		return fmt.Sprintf("%q", a.key+"="+*a.assign)
	}
	return fmt.Sprintf("%q", a.key)
}

func (a atom) plain() bool { return a.brace == nil && a.assign == nil }

func (b *builder) term(p *pPrimary) Node {
	as := b.atoms(p.Atoms)
	rng := b.tokensRange(p.Tokens)
	first := as[0]
	if !first.quoted && first.plain() {
		switch strings.ToLower(first.key) {
		case "date":
			return b.date(as, rng)
		case "resource":
			return b.resource(as, rng)
		case "op":
			return b.operation(as, rng)
		case "defined", "not_defined":
			return b.defined(as, rng)
		}
	}
	return b.compare(as, rng)
}

// extra reports atoms after a complete term.
func (b *builder) extra(as []atom, what string) {
	if len(as) == 0 {
		return
	}
	b.errorf(as[0].rng, "Unexpected text after "+what,
		"Expected \"and\", \"or\", \")\" or the end of the rule after %s, found %s.", what, as[0].describe())
}

// attribute reads a node attribute name with an optional type prefix,
// returning how many atoms it used (0 on error).
func (b *builder) attribute(as []atom, after string) (c Compare, used int) {
	if len(as) == 0 {
		return c, 0
	}
	a := as[0]
	if !a.plain() {
		b.errorf(a.rng, "Invalid attribute name",
			"Expected a node attribute name %s, found %s; quote a name that holds spaces, parentheses, braces or \"=\".", after, a.describe())
		return c, 0
	}
	c.AttributeRange = a.keyRange
	if a.quoted {
		c.Attribute = a.key
		return c, 1
	}
	if i := strings.IndexByte(a.key, ':'); i > 0 && isOneOf(a.key[:i], typeNames) {
		c.Type = a.key[:i]
		rest := a.key[i+1:]
		if rest != "" {
			c.Attribute = rest
			c.AttributeRange = b.src.rangeOf(a.keyOff+i+1, a.keyOff+len(a.key))
			return c, 1
		}
		if len(as) > 1 && as[1].quoted && as[1].plain() {
			c.Attribute = as[1].key
			c.AttributeRange = as[1].keyRange
			return c, 2
		}
		b.errorf(a.rng, "Missing attribute name",
			"Expected a node attribute name after the type prefix %q, as in \"integer:ram gte 64\".", a.key)
		return c, 0
	}
	c.Attribute = a.key
	return c, 1
}

func (b *builder) defined(as []atom, rng hcl.Range) Node {
	op := as[0]
	if len(as) == 1 {
		b.errorf(op.rng, "Missing attribute name",
			"Expected a node attribute name after %q, as in \"%s pingd\".", op.key, strings.ToLower(op.key))
		return nil
	}
	c, used := b.attribute(as[1:], "after "+strconv.Quote(op.key))
	if used == 0 {
		return nil
	}
	c.Op, c.OpRange, c.Range = op.key, op.keyRange, rng
	b.extra(as[1+used:], fmt.Sprintf("\"%s %s\"", op.key, c.Attribute))
	return &c
}

func (b *builder) compare(as []atom, rng hcl.Range) Node {
	c, used := b.attribute(as, "at the start of the term")
	if used == 0 {
		return nil
	}
	if len(as) == used {
		b.errorf(as[used-1].rng, "Missing comparison operator",
			"Expected a comparison operator (lt, gt, lte, gte, eq, ne) after attribute %q, found the end of the term.", c.Attribute)
		return nil
	}
	op := as[used]
	if op.quoted || !op.plain() || !isOneOf(op.key, compareOps) {
		detail := fmt.Sprintf("Expected a comparison operator (lt, gt, lte, gte, eq, ne) after attribute %q, found %s.", c.Attribute, op.describe())
		if isOneOf(op.key, []string{"defined", "not_defined"}) {
			detail += fmt.Sprintf(" Write \"%s %s\" to test whether the attribute is set.", strings.ToLower(op.key), c.Attribute)
		}
		b.errorf(op.rng, "Missing comparison operator", "%s", detail)
		return nil
	}
	c.Op, c.OpRange = op.key, op.keyRange
	if len(as) == used+1 {
		b.errorf(op.rng, "Missing value",
			"Expected a value after \"%s %s\", such as a number, a word, a quoted string or param{name}.", c.Attribute, op.key)
		return nil
	}
	v := as[used+1]
	switch {
	case v.assign != nil:
		b.errorf(v.rng, "Invalid value",
			"Expected a value after \"%s %s\", found %s; quote a value that holds \"=\".", c.Attribute, op.key, v.describe())
		return nil
	case v.brace != nil:
		if v.quoted || !isOneOf(v.key, valueSources) {
			b.errorf(v.keyRange, "Unknown value source",
				"%q is not a value source: expected param{name}, meta{name} or literal{value}.", v.key)
			return nil
		}
		c.Value = &Value{Text: *v.brace, Source: v.key, Range: v.rng}
	default:
		c.Value = &Value{Text: v.key, Range: v.rng}
	}
	c.Range = rng
	b.extra(as[used+2:], "the comparison")
	return &c
}

func (b *builder) resource(as []atom, rng hcl.Range) Node {
	if len(as) < 2 || !as[1].plain() {
		at := as[0].rng
		if len(as) > 1 {
			at = as[1].rng
		}
		b.errorf(at, "Missing resource agent",
			"Expected a resource agent after \"resource\" as class:provider:type or class:type, such as ocf:heartbeat:IPaddr2; leave a part empty to match any (\"ocf::\").")
		return nil
	}
	a := as[1]
	parts := strings.Split(a.key, ":")
	r := &Resource{Range: rng}
	switch len(parts) {
	case 2:
		r.Class, r.Type = parts[0], parts[1]
	case 3:
		r.Class, r.Provider, r.Type = parts[0], parts[1], parts[2]
	default:
		b.errorf(a.rng, "Invalid resource agent",
			"Expected a resource agent as class:provider:type or class:type, such as ocf:heartbeat:IPaddr2, found %q.", a.key)
		return nil
	}
	b.extra(as[2:], "the resource agent")
	return r
}

func (b *builder) operation(as []atom, rng hcl.Range) Node {
	if len(as) < 2 || !as[1].plain() {
		at := as[0].rng
		if len(as) > 1 {
			at = as[1].rng
		}
		b.errorf(at, "Missing operation name",
			"Expected an operation name after \"op\", as in \"op monitor interval=10s\".")
		return nil
	}
	o := &Operation{Name: as[1].key, Range: rng}
	rest := as[2:]
	if len(rest) > 0 && rest[0].assign != nil && !rest[0].quoted && strings.EqualFold(rest[0].key, "interval") {
		o.Interval = &Field{Name: "interval", Value: *rest[0].assign, NameRange: rest[0].keyRange, ValueRange: rest[0].valRange}
		rest = rest[1:]
	}
	if len(rest) > 0 && rest[0].assign != nil {
		b.errorf(rest[0].keyRange, "Unknown operation field",
			"An operation test takes only interval=DURATION after the name, found %s.", rest[0].describe())
		return nil
	}
	b.extra(rest, "the operation")
	return o
}

func (b *builder) date(as []atom, rng hcl.Range) Node {
	if len(as) < 2 || !as[1].plain() || as[1].quoted {
		at := as[0].rng
		if len(as) > 1 {
			at = as[1].rng
		}
		b.errorf(at, "Missing date operator",
			"Expected gt, lt, in (in_range) or spec (date_spec) after \"date\"; to compare a node attribute named \"date\", quote its name.")
		return nil
	}
	opAtom := as[1]
	d := &Date{OpRange: opAtom.keyRange, Range: rng}
	switch strings.ToLower(opAtom.key) {
	case "gt", "lt", "in_range", "date_spec":
		d.Op = opAtom.key
	case "in":
		d.Op = "in_range"
	case "spec":
		d.Op = "date_spec"
	default:
		b.errorf(opAtom.rng, "Unknown date operator",
			"Expected gt, lt, in (in_range) or spec (date_spec) after \"date\", found %q.", opAtom.key)
		return nil
	}
	rest := as[2:]
	isSpec := strings.EqualFold(d.Op, "date_spec")
	// "date gt DATE" and "date lt DATE" take the date bare.
	if len(rest) > 0 && rest[0].plain() && !isSpec {
		switch strings.ToLower(d.Op) {
		case "gt":
			d.Start = &Field{Name: "start", Value: rest[0].key, NameRange: rest[0].rng, ValueRange: rest[0].rng}
			rest = rest[1:]
		case "lt":
			d.End = &Field{Name: "end", Value: rest[0].key, NameRange: rest[0].rng, ValueRange: rest[0].rng}
			rest = rest[1:]
		}
	}
	seen := map[string]hcl.Range{}
	fieldErrors := len(b.diags)
	if d.Start != nil {
		seen["start"] = d.Start.NameRange
	}
	if d.End != nil {
		seen["end"] = d.End.NameRange
	}
	for i, a := range rest {
		if a.assign == nil || a.quoted {
			b.extra(rest[i:], "the date expression")
			break
		}
		name := strings.ToLower(a.key)
		f := Field{Name: name, Value: *a.assign, NameRange: a.keyRange, ValueRange: a.valRange}
		var known bool
		switch {
		case isSpec:
			known = isOneOf(name, specFields)
		default:
			known = name == "start" || name == "end" || isOneOf(name, durationFields)
		}
		if !known {
			var expected string
			if isSpec {
				expected = strings.Join(specFields, ", ")
			} else {
				expected = "start, end, " + strings.Join(durationFields, ", ")
			}
			b.errorf(a.keyRange, "Unknown date field",
				"%q is not a field of \"date %s\": expected one of %s.", a.key, strings.ToLower(opAtom.key), expected)
			continue
		}
		if first, dup := seen[name]; dup {
			b.errorf(a.keyRange, "Duplicate date field",
				"The field %s is already set at %s.", name, posString(first))
			continue
		}
		seen[name] = a.keyRange
		switch {
		case isSpec:
			d.Spec = append(d.Spec, f)
		case name == "start":
			d.Start = &f
		case name == "end":
			d.End = &f
		default:
			d.Duration = append(d.Duration, f)
		}
	}
	if len(b.diags) > fieldErrors {
		return d
	}
	switch strings.ToLower(d.Op) {
	case "gt":
		if d.Start == nil {
			b.errorf(opAtom.rng, "Missing date", "Expected a date after \"date gt\", as in \"date gt 2023-01-01\".")
		}
	case "lt":
		if d.End == nil {
			b.errorf(opAtom.rng, "Missing date", "Expected a date after \"date lt\", as in \"date lt 2023-01-01\".")
		}
	case "in_range":
		if d.Start == nil && d.End == nil {
			b.errorf(opAtom.rng, "Missing date range",
				"Expected start=DATE and end=DATE (or a duration such as days=1) after \"date %s\"; at least one of start and end is needed.", opAtom.key)
		}
	case "date_spec":
		if len(d.Spec) == 0 {
			b.errorf(opAtom.rng, "Missing date_spec fields",
				"Expected at least one field after \"date %s\", as in \"date spec hours=9-16 weekdays=1-5\".", opAtom.key)
		}
	}
	return d
}

// posString names where something is, for "already set at" messages.
func posString(r hcl.Range) string {
	return fmt.Sprintf("%s:%d:%d", r.Filename, r.Start.Line, r.Start.Column)
}
