package pclgen

import (
	"reflect"
	"strings"
	"testing"

	"pcl/ir"
)

func strp(s string) *string { return &s }

func TestFormatRule(t *testing.T) {
	x := func(id, attr, op, value string) *ir.Expression {
		e := &ir.Expression{ID: id, Attribute: attr, Operation: op}
		if value != "-" {
			e.Value = strp(value)
		}
		return e
	}
	tests := []struct {
		name string
		rule *ir.Rule
		want string
		ids  []string
	}{
		{"single", &ir.Rule{ID: "l-rule", Terms: []ir.RuleTerm{x("l-rule-expr", "#uname", "eq", "node1")}},
			"#uname eq node1", nil},
		{"explicit and on one term", &ir.Rule{ID: "l-rule", BooleanOp: "and", Terms: []ir.RuleTerm{x("l-rule-expr", "a", "defined", "-")}},
			"[boolean-op=and] defined a", nil},
		{"no boolean-op on two terms", &ir.Rule{ID: "r", Terms: []ir.RuleTerm{x("r-expr", "a", "eq", "1"), x("r-expr-1", "b", "eq", "2")}},
			"[boolean-op=''] a eq 1 and b eq 2", nil},
		{"or chain with custom ids", &ir.Rule{ID: "r", BooleanOp: "or", Terms: []ir.RuleTerm{x("e1", "a", "lt", "0010"), x("r-expr-1", "b", "ne", "two words")}},
			"a lt 0010 or b ne 'two words'", []string{"e1", ""}},
		{"quoting", &ir.Rule{ID: "r", Terms: []ir.RuleTerm{x("r-expr", "date", "eq", "it's (x)")}},
			`'date' eq "it's (x)"`, nil},
		{"typed and sourced", &ir.Rule{ID: "r", BooleanOp: "and", Terms: []ir.RuleTerm{
			&ir.Expression{ID: "r-expr", Attribute: "ram", Operation: "gte", Value: strp("64"), Type: "integer"},
			&ir.Expression{ID: "r-expr-1", Attribute: "my attr", Operation: "eq", Value: strp("vip"), Type: "string", ValueSource: "param"}}},
			"integer:ram gte 64 and string:'my attr' eq param{vip}", nil},
		{"dates", &ir.Rule{ID: "r", BooleanOp: "or", Terms: []ir.RuleTerm{
			&ir.DateExpression{ID: "r-expr", Operation: "gt", Start: "2019-09-23 15:00:00 -05:00"},
			&ir.DateExpression{ID: "r-expr-1", Operation: "lt", End: "2005-001"},
			&ir.DateExpression{ID: "r-expr-2", Operation: "in_range", Start: "2005-001", Duration: &ir.DateSpec{ID: "d", Years: "1", Hours: "2"}},
			&ir.DateExpression{ID: "r-expr-3", Operation: "date_spec", Spec: &ir.DateSpec{ID: "r-expr-3-spec", Hours: "9-16", Weekdays: "1-5"}}}},
			"date gt '2019-09-23 15:00:00 -05:00' or date lt 2005-001 or date in start=2005-001 years=1 hours=2 or date spec weekdays=1-5 hours=9-16",
			[]string{"", "", "", "d", "", ""}},
		{"nested with options", &ir.Rule{ID: "r", BooleanOp: "and", Terms: []ir.RuleTerm{
			x("r-expr", "#uname", "eq", "n1"),
			&ir.Rule{ID: "r-rule", Score: &ir.ScoreValue{Value: ir.Infinity, Text: "INFINITY"}, Terms: []ir.RuleTerm{
				&ir.DateExpression{ID: "r-rule-expr", Operation: "in_range", Start: "2019-09-23", End: "2019-09-24"}}}}},
			"#uname eq n1 and ([score=INFINITY] date in start=2019-09-23 end=2019-09-24)", nil},
		{"agents", &ir.Rule{ID: "r", BooleanOp: "or", Terms: []ir.RuleTerm{
			&ir.ResourceExpression{ID: "r-expr", Class: "ocf", Provider: "pacemaker", Type: "Dummy"},
			&ir.ResourceExpression{ID: "r-expr-1", Class: "ocf", Provider: "pacemaker"},
			&ir.ResourceExpression{ID: "r-expr-2", Class: "systemd", Type: "httpd"},
			&ir.OpExpression{ID: "r-expr-3", Name: "monitor", Interval: "10s"}}},
			"resource ocf:pacemaker:Dummy or resource ocf:pacemaker: or resource systemd:httpd or op monitor interval=10s", nil},
	}
	for _, tt := range tests {
		got, ids, err := FormatRule(tt.rule)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if got != tt.want || !reflect.DeepEqual(ids, tt.ids) {
			t.Errorf("%s:\n got %s %q\nwant %s %q", tt.name, got, ids, tt.want, tt.ids)
		}
	}
}

func TestFormatRuleErrors(t *testing.T) {
	tests := []struct {
		name string
		rule *ir.Rule
		want string
	}{
		{"reference", &ir.Rule{IDRef: "other"}, "reference"},
		{"empty", &ir.Rule{ID: "r"}, "no expressions"},
		{"bad type", &ir.Rule{ID: "r", Terms: []ir.RuleTerm{&ir.Expression{ID: "e", Attribute: "a", Operation: "eq", Value: strp("1"), Type: "float"}}}, "type"},
		{"no value", &ir.Rule{ID: "r", Terms: []ir.RuleTerm{&ir.Expression{ID: "e", Attribute: "a", Operation: "eq"}}}, "no value"},
		{"spec with start", &ir.Rule{ID: "r", Terms: []ir.RuleTerm{&ir.DateExpression{ID: "e", Operation: "date_spec", Start: "2005-001", Spec: &ir.DateSpec{Hours: "1"}}}}, "date_spec"},
		{"gt without start", &ir.Rule{ID: "r", Terms: []ir.RuleTerm{&ir.DateExpression{ID: "e", Operation: "gt", End: "2005-001"}}}, "start or end"},
	}
	for _, tt := range tests {
		_, _, err := FormatRule(tt.rule)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one mentioning %q", tt.name, err, tt.want)
		}
	}
}
