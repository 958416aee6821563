package rule

import "github.com/hashicorp/hcl/v2"

// Expr is a parsed rule expression: the whole string.
type Expr struct {
	// Options are the leading [name=value ...] of the string: attributes of
	// the rule element itself that the expression cannot imply
	// (boolean-op for a single term, or an explicit one).
	Options []Option
	Root    Node
	Range   hcl.Range
}

// Node is one of *Chain, *Group, *Not, *Compare, *Date, *Resource, *Operation.
type Node interface {
	SrcRange() hcl.Range
	node()
}

// Chain is two or more operands joined by one operator: "a and b and c".
// Mixed operators nest: "a and b or c" is an "or" chain whose first operand
// is an "and" chain.
type Chain struct {
	Op       string // "and" or "or", lower case
	Operands []Node
	Range    hcl.Range
}

// Group is a parenthesized expression. A group always becomes a nested
// <rule>, so parentheses are how a policy asks for one.
type Group struct {
	Options []Option // leading [name=value ...] inside the parentheses
	Inner   Node
	Range   hcl.Range
}

// Not negates its operand.
type Not struct {
	Operand      Node
	KeywordRange hcl.Range
	Range        hcl.Range
}

// Compare is a node attribute expression (<expression>).
type Compare struct {
	Attribute      string
	AttributeRange hcl.Range
	Type           string // as written before the colon ("integer"); "" when not written
	Op             string // as written: lt gt lte gte eq ne defined not_defined
	OpRange        hcl.Range
	Value          *Value // nil for defined and not_defined
	Range          hcl.Range
}

// Value is the right-hand side of a comparison.
type Value struct {
	Text   string
	Source string // as written: "" (literal), "param", "meta" or "literal"
	Range  hcl.Range
}

// Date is a date expression (<date_expression>).
type Date struct {
	Op       string // the CIB operation: gt, lt, in_range or date_spec (as written when written so)
	OpRange  hcl.Range
	Start    *Field // nil when not given
	End      *Field
	Duration []Field // years months weeks days hours minutes seconds
	Spec     []Field // date_spec fields
	Range    hcl.Range
}

// Field is a name=value pair (or a bare date standing for start or end).
type Field struct {
	Name       string
	Value      string
	NameRange  hcl.Range
	ValueRange hcl.Range
}

// Resource is a resource agent test (<rsc_expression>): class:provider:type.
type Resource struct {
	Class, Provider, Type string // "" when not given
	Range                 hcl.Range
}

// Operation is an operation test (<op_expression>).
type Operation struct {
	Name     string
	Interval *Field // nil when not given
	Range    hcl.Range
}

// Option is a [name=value] attribute of a rule element.
type Option struct {
	Name       string
	Value      string
	NameRange  hcl.Range
	ValueRange hcl.Range
}

func (n *Chain) SrcRange() hcl.Range     { return n.Range }
func (n *Group) SrcRange() hcl.Range     { return n.Range }
func (n *Not) SrcRange() hcl.Range       { return n.Range }
func (n *Compare) SrcRange() hcl.Range   { return n.Range }
func (n *Date) SrcRange() hcl.Range      { return n.Range }
func (n *Resource) SrcRange() hcl.Range  { return n.Range }
func (n *Operation) SrcRange() hcl.Range { return n.Range }

func (*Chain) node()     {}
func (*Group) node()     {}
func (*Not) node()       {}
func (*Compare) node()   {}
func (*Date) node()      {}
func (*Resource) node()  {}
func (*Operation) node() {}
