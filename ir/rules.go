package ir

import "github.com/hashicorp/hcl/v2"

// Rule is a <rule>: a boolean combination of expressions, possibly nested.
type Rule struct {
	ID             string
	IDRef          string
	Score          *ScoreValue // location rules: the score the rule gives
	ScoreAttribute string      // location rules: take the score from this node attribute
	Role           Role
	BooleanOp      string // "and" (default when ""), "or"
	Terms          []RuleTerm

	DeclRange hcl.Range
}

// RuleTerm is one child of a rule: *Expression, *DateExpression,
// *ResourceExpression, *OpExpression or a nested *Rule.
type RuleTerm interface{ ruleTerm() }

// Expression compares a node attribute (<expression>).
type Expression struct {
	ID          string
	Attribute   string
	Operation   string  // lt gt lte gte eq ne defined not_defined
	Value       *string // nil for defined/not_defined
	Type        string  // string, integer, number, version; "" when not written
	ValueSource string  // literal (default), param, meta

	DeclRange hcl.Range
}

// DateExpression tests the current time (<date_expression>).
type DateExpression struct {
	ID        string
	Operation string // gt, lt, in_range, date_spec
	Start     string // ISO 8601, as written
	End       string
	Duration  *DateSpec // <duration>, for in_range without end
	Spec      *DateSpec // <date_spec>, for date_spec

	DeclRange hcl.Range
}

// DateSpec is a <date_spec> or <duration>: each field is a value or range
// as written ("9-16", "1-5"), "" when not given. Durations use the
// Years..Seconds fields only.
type DateSpec struct {
	ID        string
	Seconds   string
	Minutes   string
	Hours     string
	Days      string // durations only
	Monthdays string
	Weekdays  string
	Yeardays  string
	Months    string
	Weeks     string
	Years     string
	Weekyears string
	Moon      string
}

// ResourceExpression matches a resource's agent (<rsc_expression>), for
// rsc_defaults and op_defaults rules.
type ResourceExpression struct {
	ID       string
	Class    string
	Provider string
	Type     string

	DeclRange hcl.Range
}

// OpExpression matches an operation (<op_expression>), for op_defaults rules.
type OpExpression struct {
	ID       string
	Name     string
	Interval string // as written; "" when not given

	DeclRange hcl.Range
}

func (*Rule) ruleTerm()               {}
func (*Expression) ruleTerm()         {}
func (*DateExpression) ruleTerm()     {}
func (*ResourceExpression) ruleTerm() {}
func (*OpExpression) ruleTerm()       {}
