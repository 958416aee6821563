package ruleeval

import (
	"strings"
	"time"

	"pcl/ir"
	"pcl/pcmk"
)

// Context is what a rule is evaluated against. The zero value evaluates
// every node attribute, role, resource and operation test as false, as
// Pacemaker does where it has no such data.
type Context struct {
	// Now is the time date expressions compare with; its location's offset
	// decides the clock fields date_spec tests (crm_simulate -t gives the
	// offset written, or UTC for a date alone; see ParseTime).
	Now time.Time
	// Node holds the node's attributes (#uname, #id, #kind and the
	// configured and transient ones); nil when the rule is not evaluated
	// for a node, which makes every attribute expression false.
	Node map[string]string
	// Role is the resource role for #role expressions; "" (unknown) makes
	// them false.
	Role ir.Role
	// Match is the resource a location rule is evaluated for: its params
	// and meta attributes for value-source, and the rsc-pattern submatches
	// for %0..%9 in attribute names. nil means no resource, and then
	// value-source is ignored (the value is literal), as in Pacemaker.
	Match *Match
	// Agent is the resource's agent for rsc_expression; nil makes them false.
	Agent *ir.Agent
	// Op is the operation for op_expression; nil makes them false.
	Op *Op
	// RuleByID resolves rules given by id-ref; nil, or nil returned, makes
	// such a rule false.
	RuleByID func(id string) *ir.Rule
}

// Match is the resource context of a location rule.
type Match struct {
	Params, Meta map[string]string
	// Submatches are the rsc-pattern's submatches, whole match first; ""
	// for a group that did not match. nil when the constraint has no
	// pattern.
	Submatches []string
}

// Op is the operation an op_defaults rule is evaluated for.
type Op struct {
	Name       string
	IntervalMs int64
}

// Eval reports whether r passes in ctx, as Pacemaker 2.1.5 evaluates it.
func Eval(r *ir.Rule, ctx *Context) bool {
	e := evaluator{ctx: ctx, now: pcmk.CRMTimeOf(ctx.Now)}
	return e.rule(r, 0)
}

// EvalNext is Eval that also says when the result may next change because
// of a date expression: the earliest such time after Now, or the zero
// time when none is known (date_spec does not contribute, as in
// Pacemaker, which uses this to schedule its recheck).
func EvalNext(r *ir.Rule, ctx *Context) (bool, time.Time) {
	e := evaluator{ctx: ctx, now: pcmk.CRMTimeOf(ctx.Now), trackNext: true}
	ok := e.rule(r, 0)
	if !e.hasNext {
		return ok, time.Time{}
	}
	return ok, e.next.Time()
}

type evaluator struct {
	ctx       *Context
	now       pcmk.CRMTime
	trackNext bool
	hasNext   bool
	next      pcmk.CRMTime
}

// maxRefDepth bounds id-ref chains, which a broken CIB can make circular.
const maxRefDepth = 32

func (e *evaluator) rule(r *ir.Rule, depth int) bool {
	if r == nil {
		return false
	}
	if r.IDRef != "" {
		if e.ctx.RuleByID == nil || depth > maxRefDepth {
			return false
		}
		return e.rule(e.ctx.RuleByID(r.IDRef), depth+1)
	}
	and := !strings.EqualFold(r.BooleanOp, "or")
	for _, t := range r.Terms {
		ok := e.term(t, depth)
		if ok && !and {
			return true
		}
		if !ok && and {
			return false
		}
	}
	return and
}

func (e *evaluator) term(t ir.RuleTerm, depth int) bool {
	switch t := t.(type) {
	case *ir.Rule:
		return e.rule(t, depth)
	case *ir.Expression:
		if t.Attribute == "#role" {
			return e.role(t)
		}
		return e.attribute(t)
	case *ir.DateExpression:
		return e.date(t)
	case *ir.ResourceExpression:
		return e.resource(t)
	case *ir.OpExpression:
		return e.operation(t)
	}
	return false
}

func (e *evaluator) attribute(x *ir.Expression) bool {
	if e.ctx.Node == nil {
		return false
	}
	attr := x.Attribute
	var value *string
	if x.Value != nil {
		v := *x.Value
		value = &v
	}
	if m := e.ctx.Match; m != nil {
		if m.Submatches != nil {
			if expanded := expandSubmatches(attr, m.Submatches); expanded != "" {
				attr = expanded
			}
		}
		value = valueFromSource(value, x.ValueSource, m)
	}
	var have *string
	if v, ok := e.ctx.Node[attr]; ok {
		have = &v
	}
	return acceptAttr(have, value, x.Type, x.Operation)
}

// expandSubmatches replaces %0..%9 with the pattern's submatches; a
// submatch that is missing or empty replaces with nothing. "" means the
// result was empty, in which case Pacemaker keeps the name as written.
func expandSubmatches(s string, subs []string) string {
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+1 < len(s) && isDigit(s[i+1]) {
			if n := int(s[i+1] - '0'); n < len(subs) {
				sb.WriteString(subs[n])
			}
			i++
			continue
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

func valueFromSource(value *string, source string, m *Match) *string {
	if value == nil || *value == "" {
		return nil
	}
	var table map[string]string
	switch {
	case strings.EqualFold(source, "param"):
		table = m.Params
	case strings.EqualFold(source, "meta"):
		table = m.Meta
	default:
		return value
	}
	if v, ok := table[*value]; ok {
		return &v
	}
	return nil
}

// roleRank orders roles as Pacemaker's enum does.
func roleRank(r ir.Role) int {
	switch r.Normalize() {
	case ir.RoleStopped:
		return 1
	case ir.RoleStarted:
		return 2
	case ir.RoleUnpromoted:
		return 3
	case ir.RolePromoted:
		return 4
	}
	return 0
}

func (e *evaluator) role(x *ir.Expression) bool {
	have := roleRank(e.ctx.Role)
	if have == 0 {
		return false
	}
	want := 0
	if x.Value != nil {
		want = roleRank(ir.Role(*x.Value))
	}
	switch strings.ToLower(x.Operation) {
	case "defined":
		return have > 2
	case "not_defined":
		return have < 3
	case "eq":
		return want == have
	case "ne":
		// Pacemaker tests ne only for promotable roles.
		return have > 2 && want != have
	}
	return false
}

func (e *evaluator) resource(x *ir.ResourceExpression) bool {
	a := e.ctx.Agent
	if a == nil {
		return false
	}
	// An absent class or type matches any; an absent provider matches
	// only an agent without one.
	return (x.Class == "" || x.Class == a.Class) && x.Provider == a.Provider && (x.Type == "" || x.Type == a.Type)
}

func (e *evaluator) operation(x *ir.OpExpression) bool {
	op := e.ctx.Op
	if op == nil {
		return false
	}
	if x.Interval != "" {
		d, err := ir.ParseDuration(x.Interval)
		if err != nil || d.Ms != op.IntervalMs {
			return false
		}
	}
	return x.Name == op.Name
}

func (e *evaluator) setNext(t pcmk.CRMTime) {
	if !e.trackNext {
		return
	}
	if !e.hasNext || t.Compare(e.next) < 0 {
		e.next, e.hasNext = t, true
	}
}

func (e *evaluator) date(x *ir.DateExpression) bool {
	var start, end *pcmk.CRMTime
	if x.Start != "" {
		if t, err := pcmk.ParseCRMTime(x.Start, wallClock); err == nil {
			start = &t
		}
	}
	if x.End != "" {
		if t, err := pcmk.ParseCRMTime(x.End, wallClock); err == nil {
			end = &t
		}
	}
	if start != nil && end == nil && x.Duration != nil {
		t := addDuration(*start, x.Duration)
		end = &t
	}
	now := e.now
	switch strings.ToLower(x.Operation) {
	case "", "in_range":
		switch {
		case start == nil && end == nil:
			return false
		case start != nil && now.Compare(*start) < 0:
			e.setNext(*start)
			return false
		case end != nil && now.Compare(*end) > 0:
			return false
		}
		if end != nil {
			after := *end
			after.AddSeconds(1)
			e.setNext(after)
		}
		return true
	case "date_spec":
		return specSatisfied(now, x.Spec)
	case "gt":
		if start == nil {
			return false
		}
		if now.Compare(*start) > 0 {
			return true
		}
		after := *start
		after.AddSeconds(1)
		e.setNext(after)
		return false
	case "lt":
		if end == nil {
			return false
		}
		if now.Compare(*end) < 0 {
			e.setNext(*end)
			return true
		}
		return false
	}
	return false
}

// addDuration adds a <duration> the way Pacemaker does: field by field,
// years first, skipping fields that are zero or not integers.
func addDuration(t pcmk.CRMTime, d *ir.DateSpec) pcmk.CRMTime {
	field := func(s string, add func(int)) {
		v, ok := scanLL(s)
		if ok && v != 0 && v >= -1<<31 && v < 1<<31 {
			add(int(v))
		}
	}
	field(d.Years, t.AddYears)
	field(d.Months, t.AddMonths)
	field(d.Weeks, func(n int) { t.AddDays(7 * n) })
	field(d.Days, t.AddDays)
	field(d.Hours, func(n int) { t.AddSeconds(3600 * n) })
	field(d.Minutes, func(n int) { t.AddSeconds(60 * n) })
	field(d.Seconds, t.AddSeconds)
	return t
}

// specSatisfied is Pacemaker's date_spec test: every field given must
// hold; a field that is not a number or range is ignored.
func specSatisfied(now pcmk.CRMTime, s *ir.DateSpec) bool {
	if s == nil {
		return true
	}
	month, mday := now.Gregorian()
	h, m, sec := now.Seconds/3600, now.Seconds/60%60, now.Seconds%60
	wyear, week, wday := now.ISOWeek()
	checks := []struct {
		spec  string
		value int
	}{
		{s.Years, now.Year}, {s.Months, month}, {s.Monthdays, mday},
		{s.Hours, h}, {s.Minutes, m}, {s.Seconds, sec},
		{s.Yeardays, now.YearDay},
		{s.Weekyears, wyear}, {s.Weeks, week}, {s.Weekdays, wday},
		{s.Moon, -1},
	}
	for _, c := range checks {
		if c.spec == "" {
			continue
		}
		v := int64(c.value)
		if c.value == -1 {
			v = int64(now.MoonPhase())
		}
		if !inRange(c.spec, v) {
			return false
		}
	}
	return true
}

// inRange tests one date_spec field ("5", "9-16", "9-", "-16").
func inRange(spec string, v int64) bool {
	low, high, ok := parseRange(spec)
	if !ok {
		return true
	}
	switch {
	case low == high, low != -1 && high != -1:
		return v >= low && v <= high
	case low == -1:
		return v <= high
	default: // high == -1
		return v >= low
	}
}

// parseRange is pcmk__parse_ll_range: -1 stands for a missing bound.
func parseRange(s string) (low, high int64, ok bool) {
	low, high = -1, -1
	if s == "" || s == "-" {
		return low, high, false
	}
	if s[0] == '-' {
		v, rest, ok := scanLLPrefix(s[1:])
		if !ok || rest != "" {
			return -1, -1, false
		}
		return -1, v, true
	}
	v, rest, ok := scanLLPrefix(s)
	if !ok {
		return -1, -1, false
	}
	low = v
	switch {
	case rest == "":
		high = low
	case rest[0] == '-':
		if rest[1:] != "" {
			w, more, ok := scanLLPrefix(rest[1:])
			if !ok || more != "" {
				return -1, -1, false
			}
			high = w
		}
	default:
		return -1, -1, false
	}
	return low, high, true
}
