package pcmk

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// OpSpec is an operation result to inject, in the syntax crm_simulate's
// -i (--op-inject) and -F (--op-fail) take: RESOURCE_TASK_INTERVAL@NODE=RC,
// the interval in milliseconds, which pcl extends with an optional xCOUNT
// for a result that happens COUNT times (as many -i flags would):
//
//	web_monitor_10000@node1=7     the 10s monitor of web finds it stopped on node1
//	web_start_0@node2=1x3         web failed to start on node2 three times
type OpSpec struct {
	// Resource is the primitive the operation ran on.
	Resource string
	// Task is the operation, as its key spells it: a plain task, or a
	// notification such as pre_notify_start.
	Task Task
	// IntervalMs is the operation's interval in milliseconds, 0 for
	// operations that are not recurring.
	IntervalMs int64
	// Node is the node the operation ran on.
	Node string
	// RC is the agent's exit code, 0 to 255.
	RC OCFRC
	// Count is how many times the result happens, at least 1.
	Count int
}

// String writes the spec in the syntax ParseOpSpec reads, with xCOUNT
// only when Count is more than 1.
func (o OpSpec) String() string {
	s := fmt.Sprintf("%s_%s_%d@%s=%d", o.Resource, o.Task, o.IntervalMs, o.Node, int(o.RC))
	if o.Count > 1 {
		s += "x" + strconv.Itoa(o.Count)
	}
	return s
}

// opSyntax is what every operation error message ends with.
const opSyntax = "write RESOURCE_OPERATION_INTERVAL@NODE=RC[xCOUNT], the interval in milliseconds, e.g. web_monitor_10000@node1=7 or web_start_0@node2=1x3"

// migrateNotifyKey is parse_op_key's pattern for keys whose operation has
// underscores in it.
var migrateNotifyKey = regexp.MustCompile(`^(.*)_(migrate_(?:from|to)|(?:pre|post)_notify_(?:[a-z]+|migrate_(?:from|to)))_([0-9]+)$`)

// ParseOpSpec reads an operation spec (see OpSpec), ignoring surrounding
// white space. RC may be any exit code from 0 to 255; the names must be
// non-empty and hold no white space. Errors say what is wrong and show
// the syntax.
func ParseOpSpec(text string) (OpSpec, error) {
	fail := func(format string, args ...any) (OpSpec, error) {
		return OpSpec{}, fmt.Errorf("%s; %s", fmt.Sprintf(format, args...), opSyntax)
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
	o := OpSpec{Node: node, Count: 1}
	rcText, countText, hasCount := strings.Cut(strings.ToLower(result), "x")
	rc, err := strconv.Atoi(rcText)
	if err != nil || rc < 0 || rc > 255 {
		return fail("the result %q is not an exit code (0-255)", rcText)
	}
	o.RC = OCFRC(rc)
	if hasCount {
		n, err := strconv.Atoi(countText)
		if err != nil || n < 1 {
			return fail("the count %q after x is not a positive integer", countText)
		}
		o.Count = n
	}
	rsc, task, interval, err := splitOpKey(key)
	if err != nil {
		return fail("%v", err)
	}
	o.Resource, o.Task, o.IntervalMs = rsc, task, interval
	for _, name := range []struct{ what, name string }{{"node", o.Node}, {"resource", o.Resource}, {"operation", string(o.Task)}} {
		if err := checkName(name.what, name.name); err != nil {
			return fail("%v", err)
		}
	}
	return o, nil
}

// splitOpKey splits an operation key as Pacemaker's parse_op_key does:
// the interval after the last underscore, the operation the word before
// it (or a migrate/notify operation), the resource everything before.
func splitOpKey(key string) (rsc string, task Task, intervalMs int64, err error) {
	if m := migrateNotifyKey.FindStringSubmatch(key); m != nil {
		n, _ := strconv.ParseInt(m[3], 10, 64)
		return m[1], Task(m[2]), n, nil
	}
	i := strings.LastIndexByte(key, '_')
	if i < 0 {
		return "", "", 0, fmt.Errorf("the operation key %q has no _OPERATION_INTERVAL", key)
	}
	ivl := key[i+1:]
	n, perr := strconv.ParseInt(ivl, 10, 64)
	if perr != nil || n < 0 {
		if _, derr := ParseInterval(ivl); derr == nil && ivl != "" {
			return "", "", 0, fmt.Errorf("the interval %q of operation key %q must be in milliseconds", ivl, key)
		}
		return "", "", 0, fmt.Errorf("the operation key %q does not end with an interval in milliseconds", key)
	}
	j := strings.LastIndexByte(key[:i], '_')
	if j <= 0 {
		return "", "", 0, fmt.Errorf("the operation key %q has no RESOURCE_OPERATION before its interval", key)
	}
	return key[:j], Task(key[j+1 : i]), n, nil
}

// checkName rejects a name an operation spec cannot carry.
func checkName(what, s string) error {
	if s == "" {
		return fmt.Errorf("the %s name is empty", what)
	}
	if strings.ContainsAny(s, " \t\r\n") {
		return fmt.Errorf("the %s name %q contains white space", what, s)
	}
	return nil
}
