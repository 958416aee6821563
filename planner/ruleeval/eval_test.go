package ruleeval

import (
	"testing"
	"time"

	"pcl/ir"
)

// TestDocExamples checks the date examples of Pacemaker's rules
// documentation (rules.adoc.txt, "Date/Time Expressions" examples).
func TestDocExamples(t *testing.T) {
	date := func(d *ir.DateExpression) *ir.Rule { return &ir.Rule{Terms: []ir.RuleTerm{d}} }
	spec := func(s ir.DateSpec) *ir.DateExpression { return &ir.DateExpression{Operation: "date_spec", Spec: &s} }
	// "Equivalent expressions": all of 2005.
	all2005 := []*ir.Rule{
		date(&ir.DateExpression{Operation: "in_range", Start: "2005-001", End: "2005-365"}),
		date(&ir.DateExpression{Operation: "in_range", Start: "2005-001", Duration: &ir.DateSpec{Years: "1"}}),
		date(spec(ir.DateSpec{Years: "2005"})),
	}
	// 9am-5pm Monday-Friday, or 9am-5pm weekdays plus Saturdays, or
	// 9am-5pm and 9pm-12am Monday-Friday.
	workHours := date(spec(ir.DateSpec{Hours: "9-16", Weekdays: "1-5"}))
	plusSaturday := &ir.Rule{BooleanOp: "or", Terms: []ir.RuleTerm{
		spec(ir.DateSpec{Hours: "9-16", Weekdays: "1-5"}), spec(ir.DateSpec{Weekdays: "6"})}}
	evenings := &ir.Rule{Terms: []ir.RuleTerm{
		&ir.Rule{BooleanOp: "or", Terms: []ir.RuleTerm{spec(ir.DateSpec{Hours: "9-16"}), spec(ir.DateSpec{Hours: "21-23"})}},
		spec(ir.DateSpec{Weekdays: "1-5"})}}
	// Mondays in March 2005, and full moons on Friday the 13th.
	marchMondays := date(spec(ir.DateSpec{Weekdays: "1", Months: "3", Years: "2005"}))
	fullMoonFriday13 := date(spec(ir.DateSpec{Weekdays: "5", Monthdays: "13", Moon: "4"}))
	tests := []struct {
		name string
		rule *ir.Rule
		now  string
		want bool
	}{
		{"2005 start", all2005[0], "2005-001", true},
		{"2005 late", all2005[0], "2005-365T00:00:00Z", true},
		{"2005 end (range ends at midnight)", all2005[0], "2005-365T00:00:01Z", false},
		{"2005 by duration", all2005[1], "2005-365T23:59:59Z", true},
		{"2005 by duration end", all2005[1], "2006-001T00:00:01Z", false},
		{"2005 by spec", all2005[2], "2005-365T23:59:59Z", true},
		{"2005 by spec, 2006", all2005[2], "2006-001", false},
		{"work hours Thursday", workHours, "2005-020T16:59:59Z", true},
		{"work hours Thursday 17:00", workHours, "2005-020T17:00:00Z", false},
		{"work hours Saturday", workHours, "2005-022T10:00:00Z", false},
		{"plus Saturday", plusSaturday, "2005-022T03:00:00Z", true},
		{"plus Saturday, Sunday", plusSaturday, "2005-023T10:00:00Z", false},
		{"evenings", evenings, "2005-020T22:00:00Z", true},
		{"evenings 8pm", evenings, "2005-020T20:00:00Z", false},
		{"March Monday", marchMondays, "2005-03-07", true},
		{"March Tuesday", marchMondays, "2005-03-08", false},
		{"full moon Friday 13th", fullMoonFriday13, "2015-11-13", false},
		{"not a Friday 13th", fullMoonFriday13, "2005-05-13", false},
	}
	for _, tt := range tests {
		now, err := ParseTime(tt.now)
		if err != nil {
			t.Fatal(err)
		}
		if got := Eval(tt.rule, &Context{Now: now}); got != tt.want {
			t.Errorf("%s at %s: Eval = %v, want %v", tt.name, tt.now, got, tt.want)
		}
	}
}

func TestEvalNext(t *testing.T) {
	now, _ := ParseTime("2005-020T12:00:00Z")
	r := &ir.Rule{BooleanOp: "or", Terms: []ir.RuleTerm{
		&ir.DateExpression{Operation: "gt", Start: "2005-021"},
		&ir.DateExpression{Operation: "in_range", Start: "2005-001", End: "2005-020T18:00:00Z"},
	}}
	ok, next := EvalNext(r, &Context{Now: now})
	if !ok || next.Format(time.RFC3339) != "2005-01-20T18:00:01Z" {
		t.Errorf("EvalNext = %v, %s; want true, 2005-01-20T18:00:01Z", ok, next.Format(time.RFC3339))
	}
	ok, next = EvalNext(&ir.Rule{Terms: []ir.RuleTerm{&ir.DateExpression{Operation: "gt", Start: "2005-021"}}}, &Context{Now: now})
	if ok || next.Format(time.RFC3339) != "2005-01-21T00:00:01Z" {
		t.Errorf("EvalNext = %v, %s; want false, 2005-01-21T00:00:01Z", ok, next.Format(time.RFC3339))
	}
}

func TestAttributeTyping(t *testing.T) {
	node := map[string]string{"a": "10", "f": "3.5", "s": "Alpha", "v": "1.10", "z": "-0", "x": "12abc"}
	str := func(s string) *string { return &s }
	tests := []struct {
		attr, op, value, typ string
		want                 bool
	}{
		{"a", "gt", "9", "", true},
		{"a", "gt", "9.5", "", true},
		{"a", "eq", "010", "", false},
		{"a", "eq", "010", "integer", true},
		{"f", "lt", "4", "integer", true},
		{"s", "eq", "ALPHA", "", true},
		{"s", "lt", "b", "", true},
		{"v", "gt", "1.9", "version", true},
		{"v", "gt", "1.9", "", false},
		{"v", "eq", "1.10.0", "version", true},
		{"z", "eq", "0", "number", false},
		{"x", "eq", "12", "integer", true},
		{"missing", "ne", "1", "", true},
		{"missing", "lt", "1", "", false},
		{"a", "eq", "1", "bogus", true},
	}
	for _, tt := range tests {
		x := &ir.Expression{Attribute: tt.attr, Operation: tt.op, Value: str(tt.value), Type: tt.typ}
		r := &ir.Rule{Terms: []ir.RuleTerm{x}}
		if got := Eval(r, &Context{Node: node}); got != tt.want {
			t.Errorf("%s %s %s (type %q): %v, want %v", tt.attr, tt.op, tt.value, tt.typ, got, tt.want)
		}
	}
	if Eval(&ir.Rule{Terms: []ir.RuleTerm{&ir.Expression{Attribute: "a", Operation: "defined"}}}, &Context{}) {
		t.Error("an attribute expression passed without a node")
	}
}

func TestResourceAndOp(t *testing.T) {
	agent := &ir.Agent{Class: "ocf", Provider: "heartbeat", Type: "IPaddr2"}
	ctx := &Context{Agent: agent, Op: &Op{Name: "monitor", IntervalMs: 10000}}
	tests := []struct {
		term ir.RuleTerm
		want bool
	}{
		{&ir.ResourceExpression{Class: "ocf", Provider: "heartbeat", Type: "IPaddr2"}, true},
		{&ir.ResourceExpression{Class: "ocf", Provider: "heartbeat"}, true},
		{&ir.ResourceExpression{Class: "ocf", Type: "IPaddr2"}, false}, // provider must match, even absent
		{&ir.ResourceExpression{Class: "stonith"}, false},
		{&ir.OpExpression{Name: "monitor"}, true},
		{&ir.OpExpression{Name: "monitor", Interval: "10s"}, true},
		{&ir.OpExpression{Name: "monitor", Interval: "PT10S"}, true},
		{&ir.OpExpression{Name: "monitor", Interval: "20s"}, false},
		{&ir.OpExpression{Name: "start"}, false},
	}
	for i, tt := range tests {
		if got := Eval(&ir.Rule{Terms: []ir.RuleTerm{tt.term}}, ctx); got != tt.want {
			t.Errorf("case %d (%+v): %v, want %v", i, tt.term, got, tt.want)
		}
	}
}

func TestRoleAndSubmatches(t *testing.T) {
	one := func(x *ir.Expression) *ir.Rule { return &ir.Rule{Terms: []ir.RuleTerm{x}} }
	role := func(op, v string) *ir.Rule { return one(&ir.Expression{Attribute: "#role", Operation: op, Value: &v}) }
	for _, tt := range []struct {
		rule *ir.Rule
		role ir.Role
		want bool
	}{
		{role("eq", "Promoted"), "Master", true},
		{role("eq", "Started"), "Started", true},
		{role("eq", "Started"), "", false},
		{role("ne", "Promoted"), "Started", false}, // ne is tested only for promotable roles
		{role("ne", "Promoted"), "Unpromoted", true},
		{role("defined", ""), "Unpromoted", true},
		{role("not_defined", ""), "Started", true},
	} {
		if got := Eval(tt.rule, &Context{Role: tt.role}); got != tt.want {
			t.Errorf("#role %s %s with role %q: %v, want %v", tt.rule.Terms[0].(*ir.Expression).Operation,
				*tt.rule.Terms[0].(*ir.Expression).Value, tt.role, got, tt.want)
		}
	}
	v := "yes"
	r := one(&ir.Expression{Attribute: "%1-ok", Operation: "eq", Value: &v})
	ctx := &Context{Node: map[string]string{"web-ok": "yes"}, Match: &Match{Submatches: []string{"rsc-web", "web"}}}
	if !Eval(r, ctx) {
		t.Error("%1 was not replaced by the submatch")
	}
	ctx.Match.Submatches = []string{"rsc-web"}
	ctx.Node = map[string]string{"-ok": "yes"}
	if !Eval(r, ctx) {
		t.Error("a missing submatch should expand to nothing")
	}
}
