// Package ruleeval evaluates CIB rules (ir.Rule) exactly as Pacemaker
// 2.1.5's scheduler does (lib/pengine/rules.c, lib/common/iso8601.c):
// attribute expressions with their typing rules, #role, date expressions
// with durations and date_spec, rsc_expression and op_expression, nested
// rules and id-refs. Dates are read and computed with package pcmk's
// crm_time (pcmk.ParseCRMTime, pcmk.CRMTime).
//
// API:
//
//	Eval(r, ctx) bool                  does rule r pass in ctx?
//	EvalNext(r, ctx) (bool, time.Time) and when may the result next change
//	ParseTime(s) (time.Time, error)    what `crm_simulate -t s` means by now
//
// Context carries what a rule can test: the time, the node's attributes
// (nil: no node, so attribute tests fail), the role, the resource's params,
// meta and rsc-pattern submatches (nil: value-source is ignored), the agent
// and the operation. Callers map their own structures onto it; the package
// keeps no state.
//
// The 2.1.5 behaviours worth knowing, all reproduced:
//   - Without a type, lt/lte/gt/gte compare as numbers when either value
//     has a ".", else as integers; eq/ne compare as strings. Strings
//     compare without regard to case. A value that does not parse as the
//     type makes the comparison a string comparison; "12abc" is the
//     integer 12, "-0" is not a number. An unknown type compares equal.
//   - eq and ne treat two missing values as equal; the orderings are false
//     when either value is missing. An empty value from a rule evaluated
//     for a resource (value="" or a param{} that is not set) is missing.
//   - Dates: a date alone is at midnight UTC; a time without an offset is
//     in the local zone. Adding a duration's years keeps the day of the
//     year; adding months keeps the day of the month, clamped.
//   - date_spec fields that are not numbers or ranges are ignored.
//
// It does not decide where rules apply or what their scores do (package
// planner), and it does not parse rule strings (package dsl/rule).
package ruleeval
