package scenario

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"pcl/ir"
	"pcl/planner/ruleeval"
)

// ParseNode reads the argument of a node flag (--node-down NODE, ...).
func ParseNode(kind ir.InjectionKind, text string) (ir.Injection, error) {
	in := ir.Injection{Kind: kind, Node: strings.TrimSpace(text)}
	if err := check(in); err != nil {
		return ir.Injection{}, fmt.Errorf("--%s %q: %v; give a node name such as node1", KindFlag(kind), text, err)
	}
	return in, nil
}

// ParseTicket reads the argument of a ticket flag (--ticket-grant TICKET, ...).
func ParseTicket(kind ir.InjectionKind, text string) (ir.Injection, error) {
	in := ir.Injection{Kind: kind, Ticket: strings.TrimSpace(text)}
	if err := check(in); err != nil {
		return ir.Injection{}, fmt.Errorf("--%s %q: %v; give a ticket name such as ticketA", KindFlag(kind), text, err)
	}
	return in, nil
}

// opSyntax is what every operation error message ends with.
const opSyntax = "write RESOURCE_OPERATION_INTERVAL@NODE=RC[xCOUNT], the interval in milliseconds, e.g. web_monitor_10000@node1=7 or web_start_0@node2=1x3"

// migrateNotifyKey is parse_op_key's pattern for keys whose operation has
// underscores in it.
var migrateNotifyKey = regexp.MustCompile(`^(.*)_(migrate_(?:from|to)|(?:pre|post)_notify_(?:[a-z]+|migrate_(?:from|to)))_([0-9]+)$`)

// ParseOp reads an operation injection in crm_simulate's --op-inject
// syntax, rsc_op_interval@node=rc, extended with an optional xCOUNT suffix
// for an operation that fails COUNT times (as many -i flags would):
//
//	web_monitor_10000@node1=7     the 10s monitor of web finds it stopped on node1
//	web_start_0@node2=1x3         web failed to start on node2 three times
//
// RC is an OCF exit code: 0 success, 1 generic error, 2 invalid argument,
// 3 unimplemented, 5 not installed, 6 not configured, 7 not running,
// 8 running promoted, 9 failed promoted.
func ParseOp(text string) (ir.Injection, error) {
	in, err := ParseOpSpec(text)
	if err != nil {
		return ir.Injection{}, fmt.Errorf("--op-fail %q: %v", text, err)
	}
	return in, nil
}

// ParseOpSpec is ParseOp without the flag's name in its errors, for
// specs written elsewhere (a scenario block's op_fail list).
func ParseOpSpec(text string) (ir.Injection, error) {
	fail := func(format string, args ...any) (ir.Injection, error) {
		return ir.Injection{}, fmt.Errorf("%s; %s", fmt.Sprintf(format, args...), opSyntax)
	}
	spec := strings.TrimSpace(text)
	key, rest, ok := strings.Cut(spec, "@")
	if !ok {
		return fail("there is no @NODE")
	}
	node, result, ok := strings.Cut(rest, "=")
	if !ok {
		return fail("there is no =RC after the node")
	}
	if key == "" {
		return fail("the operation key before @ is empty")
	}
	if node == "" {
		return fail("the node name between @ and = is empty")
	}
	in := ir.Injection{Kind: ir.InjectOp, Node: node, Count: 1}
	rcText, countText, hasCount := strings.Cut(strings.ToLower(result), "x")
	rc, err := strconv.Atoi(rcText)
	if err != nil || rc < 0 || rc > 255 {
		return fail("the result %q is not an exit code (0-255)", rcText)
	}
	in.RC = rc
	if hasCount {
		n, err := strconv.Atoi(countText)
		if err != nil || n < 1 {
			return fail("the count %q after x is not a positive integer", countText)
		}
		in.Count = n
	}
	rsc, op, interval, err := splitOpKey(key)
	if err != nil {
		return fail("%v", err)
	}
	in.Resource, in.Operation, in.IntervalMs = rsc, op, interval
	if err := check(in); err != nil {
		return fail("%v", err)
	}
	return in, nil
}

// splitOpKey splits an operation key as Pacemaker's parse_op_key does:
// the interval after the last underscore, the operation the word before
// it (or a migrate/notify operation), the resource everything before.
func splitOpKey(key string) (rsc, op string, intervalMs int64, err error) {
	if m := migrateNotifyKey.FindStringSubmatch(key); m != nil {
		n, _ := strconv.ParseInt(m[3], 10, 64)
		return m[1], m[2], n, nil
	}
	i := strings.LastIndexByte(key, '_')
	if i < 0 {
		return "", "", 0, fmt.Errorf("the operation key %q has no _OPERATION_INTERVAL", key)
	}
	ivl := key[i+1:]
	n, perr := strconv.ParseInt(ivl, 10, 64)
	if perr != nil || n < 0 {
		if _, derr := ir.ParseDuration(ivl); derr == nil && ivl != "" {
			return "", "", 0, fmt.Errorf("the interval %q of operation key %q must be in milliseconds", ivl, key)
		}
		return "", "", 0, fmt.Errorf("the operation key %q does not end with an interval in milliseconds", key)
	}
	j := strings.LastIndexByte(key[:i], '_')
	if j <= 0 {
		return "", "", 0, fmt.Errorf("the operation key %q has no RESOURCE_OPERATION before its interval", key)
	}
	return key[:j], key[j+1 : i], n, nil
}

// ParseTime reads an effective time in the forms crm_simulate -t takes
// (2024-05-01, 2024-122, 2024-W18-3, each optionally with a time such as
// T12:30:00Z).
func ParseTime(text string) (time.Time, error) {
	t, err := ruleeval.ParseTime(strings.TrimSpace(text))
	if err != nil {
		return time.Time{}, fmt.Errorf("%q is not an ISO 8601 date and time (such as 2024-05-01, 2024-122 or 2024-05-01T12:30:00Z): %v", text, err)
	}
	return t, nil
}
